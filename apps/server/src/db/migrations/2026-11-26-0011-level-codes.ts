import { type Kysely, sql } from 'kysely';

// Program, Kegiatan, Sub Kegiatan (official Permendagri 90 codes), Aktivitas and Subtitle (a
// region's own) may carry a code. Records named only keep a null code, so today's data and the
// spec's client (which sends names only) keep working. A code names one record under its parent
// (a program's, one program), and lists read in code order: the codes first, then the rest by
// name.
const levels = [
  ['program', null],
  ['action', 'program_id'],
  ['sub_action', 'action_id'],
  ['activity', 'sub_action_id'],
  ['subtitle', 'activity_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, parent] of levels) {
    await sql`alter table ${sql.table(table)} add column code text`.execute(db);
    const scope = parent ? sql`${sql.ref(parent)}, ` : sql``;
    await sql`create unique index ${sql.id(`${table}_code_key`)} on ${sql.table(table)} (${scope}code) where code is not null`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_code_order_idx`)} on ${sql.table(table)} (code, name, id)`.execute(
      db,
    );
    if (parent) {
      await sql`create index ${sql.id(`${table}_parent_code_order_idx`)} on ${sql.table(table)} (${sql.ref(parent)}, code, name, id)`.execute(
        db,
      );
    }
  }
}
