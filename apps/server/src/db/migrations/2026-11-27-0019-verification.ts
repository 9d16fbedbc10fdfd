import { type Kysely, sql } from 'kysely';

// Verification (asistensi) and scope by unit (issue 19).
// - People belong to Perangkat Daerah (`user_agency`): a user sees and edits their units' lines,
//   a verifier reads and verifies their units'. A person with no unit keeps the spec's rule: a
//   user sees their own lines, a verifier none.
// - A verifier writes notes on a line or a sub kegiatan of a year; the unit answers; the verifier
//   closes them, and marks the sub kegiatan verified once none is open.
// - Notifications inside the app, one row per person told.
// A note names its line by id without a foreign key: a deleted line restored from its history
// comes back with the same id, and its notes with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop constraint app_user_role_check`.execute(db);
  await sql`alter table app_user add constraint app_user_role_check
    check (role in ('user', 'verifier', 'admin'))`.execute(db);

  await sql`
    create table user_agency (
      user_id uuid not null references app_user (id) on delete cascade,
      agency_id uuid not null references agency (id) on delete cascade,
      primary key (user_id, agency_id)
    )`.execute(db);
  await sql`create index user_agency_agency_idx on user_agency (agency_id, user_id)`.execute(db);

  await sql`
    create table verification_note (
      id uuid primary key default gen_random_uuid(),
      year integer not null,
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      line_id uuid,
      body text not null check (length(body) between 1 and 2000),
      status text not null default 'open' check (status in ('open', 'answered', 'closed')),
      author_id uuid references app_user (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      closed_by uuid references app_user (id) on delete set null,
      closed_at timestamptz
    )`.execute(db);
  await sql`create index verification_note_place_idx
    on verification_note (year, sub_action_id, created_at desc)`.execute(db);
  await sql`create index verification_note_line_idx on verification_note (line_id)
    where line_id is not null`.execute(db);
  await sql`create index verification_note_open_idx on verification_note (year, status)
    where status <> 'closed'`.execute(db);

  await sql`
    create table verification_reply (
      id uuid primary key default gen_random_uuid(),
      note_id uuid not null references verification_note (id) on delete cascade,
      body text not null check (length(body) between 1 and 2000),
      author_id uuid references app_user (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index verification_reply_note_idx on verification_reply (note_id, created_at)`.execute(
    db,
  );

  await sql`
    create table sub_action_verification (
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      verified_by uuid references app_user (id) on delete set null,
      verified_at timestamptz not null default now(),
      primary key (sub_action_id, year)
    )`.execute(db);

  await sql`
    create table notification (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references app_user (id) on delete cascade,
      kind text not null,
      note_id uuid references verification_note (id) on delete cascade,
      sub_action_id uuid references sub_action (id) on delete cascade,
      year integer,
      line_id uuid,
      actor_id uuid references app_user (id) on delete set null,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index notification_user_idx on notification (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index notification_unread_idx on notification (user_id)
    where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'notification',
    'sub_action_verification',
    'verification_reply',
    'verification_note',
    'user_agency',
  ]) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  }
}
