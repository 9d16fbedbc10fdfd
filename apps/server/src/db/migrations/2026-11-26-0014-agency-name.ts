import { type Kysely, sql } from 'kysely';

// Migration 0012 named the Perangkat Daerah `unit`, which a budget line already uses for its unit
// of measure (satuan), and issue 18 gives every volume its own unit. From here on the Perangkat
// Daerah is the `agency`: the table, the programme's column, their indexes, triggers and kept count.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table unit rename to agency`.execute(db);
  await sql`alter index unit_pkey rename to agency_pkey`.execute(db);
  await sql`alter index unit_code_key rename to agency_code_key`.execute(db);
  await sql`alter index unit_code_order_idx rename to agency_code_order_idx`.execute(db);
  await sql`alter index unit_name_idx rename to agency_name_idx`.execute(db);
  for (const event of ['insert', 'delete', 'truncate']) {
    await sql`alter trigger ${sql.id(`unit_count_${event}`)} on agency
      rename to ${sql.id(`agency_count_${event}`)}`.execute(db);
  }
  await sql`update table_row_count set table_name = 'agency' where table_name = 'unit'`.execute(db);
  await sql`alter table program rename column unit_id to agency_id`.execute(db);
  await sql`alter table program rename constraint program_unit_id_fkey to program_agency_id_fkey`.execute(
    db,
  );
  await sql`alter index program_unit_code_order_idx rename to program_agency_code_order_idx`.execute(
    db,
  );
}
