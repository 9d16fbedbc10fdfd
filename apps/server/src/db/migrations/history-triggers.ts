import { type Kysely, sql } from 'kysely';

/**
 * Puts `table` in the history (migration 0016's `record_changes`): one statement-level trigger
 * per insert, update and delete, with their transition tables, each row named by its `id`.
 * Shared by the migrations that add tables to the history (0030 on).
 */
export async function addHistoryTriggers(db: Kysely<unknown>, table: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete'] as const) {
    const tables =
      event === 'insert'
        ? sql`referencing new table as new_rows`
        : event === 'update'
          ? sql`referencing old table as old_rows new table as new_rows`
          : sql`referencing old table as old_rows`;
    await sql`create trigger ${sql.id(`${table}_history_${event}`)}
      after ${sql.raw(event)} on ${sql.table(table)} ${tables}
      for each statement execute function record_changes('id')`.execute(db);
  }
}
