import { type Kysely, sql } from 'kysely';

// A create sent twice with one Idempotency-Key (a retry, a double click that got through, two
// processes behind a load balancer) stores one record: the first request's answer is kept here
// and given again to the others. Keys are per user and kept for a day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotent_request (
      user_id uuid not null references app_user (id) on delete cascade,
      key text not null,
      route text not null,
      fingerprint text not null,
      answer jsonb,
      created_at timestamptz not null default now(),
      primary key (user_id, key)
    )`.execute(db);
  await sql`create index idempotent_request_created_idx on idempotent_request (created_at)`.execute(
    db,
  );
}
