import { type Kysely, sql } from 'kysely';

// Perangkat Daerah (SKPD/OPD): the unit a programme belongs to. The same official programme
// (every unit's `X.XX.01` support programme) exists once per unit, so a programme's code is
// unique within its unit, and programmes without a unit (the region as a whole: today's data
// and the spec's client, which knows no units) count as one more unit. Budget lines reach their
// unit through their programme: moving a programme to another unit leaves its lines' chains whole.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table unit (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      code text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index unit_code_key on unit (code) where code is not null`.execute(db);
  await sql`create index unit_code_order_idx on unit (code, name, id)`.execute(db);
  await sql`create index unit_name_idx on unit (name, id)`.execute(db);

  // The kept row count (migration 0002's function), so an unfiltered list reads its total.
  for (const [event, transition] of [
    ['insert', sql`referencing new table as inserted_rows`],
    ['delete', sql`referencing old table as deleted_rows`],
    ['truncate', sql``],
  ] as const) {
    await sql`create trigger ${sql.id(`unit_count_${event}`)} after ${sql.raw(event)} on unit
      ${transition} for each statement execute function count_table_rows()`.execute(db);
  }
  await sql`insert into table_row_count (table_name, row_count) values ('unit', 0)`.execute(db);

  await sql`alter table program
    add column unit_id uuid references unit (id) on delete restrict`.execute(db);
  await sql`drop index program_code_key`.execute(db);
  await sql`create unique index program_code_key on program (unit_id, code)
    nulls not distinct where code is not null`.execute(db);
  await sql`create index program_unit_code_order_idx on program (unit_id, code, name, id)`.execute(
    db,
  );
}
