import { type Kysely, sql } from 'kysely';

const events = ['insert', 'update', 'delete'] as const;

/**
 * Puts `table` in the history (migration 0016's `record_changes`): one statement-level trigger
 * per insert, update and delete, with their transition tables, each row named by its `keys`
 * (its `id`, or the columns of its primary key). Shared by the migrations that add tables to
 * the history (0030 on).
 */
export async function addHistoryTriggers(
  db: Kysely<unknown>,
  table: string,
  keys: readonly string[] = ['id'],
): Promise<void> {
  const args = sql.join(keys.map((key) => sql.lit(key)));
  for (const event of events) {
    const tables =
      event === 'insert'
        ? sql`referencing new table as new_rows`
        : event === 'update'
          ? sql`referencing old table as old_rows new table as new_rows`
          : sql`referencing old table as old_rows`;
    await sql`create trigger ${sql.id(`${table}_history_${event}`)}
      after ${sql.raw(event)} on ${sql.table(table)} ${tables}
      for each statement execute function record_changes(${args})`.execute(db);
  }
}

/** Takes `table` out of the history again (a migration's down). */
export async function dropHistoryTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  for (const event of events) {
    await sql`drop trigger if exists ${sql.id(`${table}_history_${event}`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
}
