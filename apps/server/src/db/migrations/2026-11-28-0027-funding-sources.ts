import { type Kysely, sql } from 'kysely';

// Sumber dana (issue 36): the region's list of funding sources, the source each line is paid
// from, and per sub kegiatan and year the sources it draws on, with an optional ceiling each and
// the one that fills a new line. A source used by a line or a sub kegiatan cannot be deleted
// (restrict): retire it with `active_to` instead. Changes are recorded by migration 0016's
// triggers like the rest.

/** The common national sources, by the class of revenue or financing they come from. */
const nationalSources: [code: string, name: string, group: string][] = [
  ['PAD', 'Pendapatan Asli Daerah', 'pad'],
  ['BLUD', 'Pendapatan Badan Layanan Umum Daerah', 'pad'],
  ['DAU', 'Dana Alokasi Umum', 'transfer'],
  ['DBH', 'Dana Bagi Hasil', 'transfer'],
  ['DAK-FISIK', 'Dana Alokasi Khusus Fisik', 'transfer'],
  ['DAK-NONFISIK', 'Dana Alokasi Khusus Non Fisik', 'transfer'],
  ['BOS', 'Bantuan Operasional Sekolah', 'transfer'],
  ['INSENTIF-FISKAL', 'Insentif Fiskal', 'transfer'],
  ['BANKEU-PROV', 'Bantuan Keuangan Provinsi', 'transfer'],
  ['HIBAH', 'Pendapatan Hibah', 'other'],
  ['SILPA', 'Sisa Lebih Perhitungan Anggaran', 'financing'],
  ['PINJAMAN', 'Pinjaman Daerah', 'financing'],
];

const recordedTables: Record<string, string[]> = {
  funding_source: ['id'],
  sub_action_funding: ['sub_action_id', 'year'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table funding_source (
      id uuid primary key default gen_random_uuid(),
      code text not null unique,
      name text not null,
      funding_group text not null
        check (funding_group in ('pad', 'transfer', 'other', 'financing')),
      active_from integer,
      active_to integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (active_to is null or active_from is null or active_to >= active_from)
    )`.execute(db);
  for (const [code, name, group] of nationalSources) {
    await sql`insert into funding_source (code, name, funding_group)
      values (${code}, ${name}, ${group})`.execute(db);
  }
  await sql`alter table detail_program
    add column funding_source_id uuid references funding_source (id) on delete restrict`.execute(
    db,
  );
  // What a sub kegiatan has planned from a source in a year is summed under its ceiling's lock.
  await sql`create index detail_program_funding_idx on detail_program
    (sub_action_id, year, funding_source_id) include (total_after_tax)`.execute(db);
  await sql`
    create table sub_action_funding (
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      funding_source_id uuid not null references funding_source (id) on delete restrict,
      ceiling bigint check (ceiling >= 0),
      is_default boolean not null default false,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (sub_action_id, year, funding_source_id)
    )`.execute(db);
  await sql`create unique index sub_action_funding_one_default on sub_action_funding
    (sub_action_id, year) where is_default`.execute(db);
  await sql`alter table planning_setting
    add column lines_need_funding_source boolean not null default false`.execute(db);

  for (const [table, keys] of Object.entries(recordedTables)) {
    const name = (event: string) => sql.id(`${table}_history_${event}`);
    const args = sql.join(keys.map((key) => sql.lit(key)));
    await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
      referencing new table as new_rows
      for each statement execute function record_changes(${args})`.execute(db);
    await sql`create trigger ${name('update')} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function record_changes(${args})`.execute(db);
    await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
      referencing old table as old_rows
      for each statement execute function record_changes(${args})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table planning_setting drop column if exists lines_need_funding_source`.execute(
    db,
  );
  await sql`drop table if exists sub_action_funding`.execute(db);
  await sql`alter table detail_program drop column if exists funding_source_id`.execute(db);
  await sql`drop table if exists funding_source`.execute(db);
}
