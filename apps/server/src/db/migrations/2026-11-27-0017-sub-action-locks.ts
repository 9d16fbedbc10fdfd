import { type Kysely, sql } from 'kysely';

// Locks (kunci, issue 19): an admin locks a sub kegiatan's lines of a budget year, and users can
// then neither create, edit nor delete them. A lock is kept as a row that is locked or not, so
// unlocking is an edit whose reason the history keeps (record_changes, migration 0016).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sub_action_lock (
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      locked boolean not null,
      reason text not null default '',
      changed_by uuid references app_user (id) on delete set null,
      changed_at timestamptz not null default now(),
      primary key (sub_action_id, year)
    )`.execute(db);
  const name = (event: string) => sql.id(`sub_action_lock_history_${event}`);
  const keys = sql`'sub_action_id', 'year'`;
  await sql`create trigger ${name('insert')} after insert on sub_action_lock
    referencing new table as new_rows
    for each statement execute function record_changes(${keys})`.execute(db);
  await sql`create trigger ${name('update')} after update on sub_action_lock
    referencing old table as old_rows new table as new_rows
    for each statement execute function record_changes(${keys})`.execute(db);
  await sql`create trigger ${name('delete')} after delete on sub_action_lock
    referencing old table as old_rows
    for each statement execute function record_changes(${keys})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sub_action_lock`.execute(db);
}
