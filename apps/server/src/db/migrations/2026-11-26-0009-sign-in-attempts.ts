import { type Kysely, sql } from 'kysely';

// Sign-in attempts counted per address and account, per address, and per account, in the
// database so that every server process on it counts the same attempts (services/sign-in-guard.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_attempt (
      key text primary key,
      attempts integer not null,
      window_ends timestamptz not null
    )`.execute(db);
  await sql`create index sign_in_attempt_window_idx on sign_in_attempt (window_ends)`.execute(db);
}
