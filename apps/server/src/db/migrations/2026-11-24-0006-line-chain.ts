import { type Kysely, sql } from 'kysely';

// A budget line names all six levels, and they must form one chain: its kegiatan under its
// program, and so on down to its account. The services check this before a write, but a move
// committed between that check and the write (two requests, two processes) could still leave a
// line whose chain disagrees with itself. Composite foreign keys make the database refuse it:
// each level is unique by (id, parent), and a line refers to each level together with the
// parent it names. Moving a level that lines refer to is refused by the same keys.

/** Each level below the program, with the column naming its parent. */
const links = [
  ['action', 'program_id'],
  ['sub_action', 'action_id'],
  ['activity', 'sub_action_id'],
  ['subtitle', 'activity_id'],
  ['account', 'subtitle_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [level, parentColumn] of links) {
    const column = `${level}_id`;
    await sql`alter table ${sql.table(level)}
      add constraint ${sql.id(`${level}_id_parent_key`)} unique (id, ${sql.ref(parentColumn)})`.execute(
      db,
    );
    await sql`alter table detail_program
      add constraint ${sql.id(`detail_program_${level}_chain_fkey`)}
      foreign key (${sql.ref(column)}, ${sql.ref(parentColumn)})
      references ${sql.table(level)} (id, ${sql.ref(parentColumn)}) on delete restrict`.execute(db);
    // The composite key says all the single one said.
    await sql`alter table detail_program drop constraint ${sql.id(`detail_program_${column}_fkey`)}`.execute(
      db,
    );
  }
}
