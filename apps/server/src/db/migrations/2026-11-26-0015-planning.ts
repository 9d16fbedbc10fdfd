import { type Kysely, sql } from 'kysely';

// Planning within a ceiling (issue 18). A line counts what each volume counts ('2 Orang x 3
// Hari') and keeps the PPN rule it was priced with; existing lines keep their single unit as the
// first volume's, and the spec's 12% of the whole total. The pagu of a sub kegiatan (and of a
// Perangkat Daerah) per year, the standard price catalogue per year, the PPN rules by date and
// who signs each RKA are new tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table detail_program
    add column first_volume_unit text,
    add column second_volume_unit text,
    add column third_volume_unit text,
    add column tax_rate numeric(5, 2) not null default 0,
    add column tax_base_numerator integer not null default 1,
    add column tax_base_denominator integer not null default 1`.execute(db);
  await sql`update detail_program set first_volume_unit = unit,
    tax_rate = case when tax > 0 then 12 else 0 end`.execute(db);

  await sql`
    create table tax_rule (
      effective_from date primary key,
      rate numeric(5, 2) not null check (rate >= 0 and rate <= 100),
      base_numerator integer not null check (base_numerator >= 1),
      base_denominator integer not null check (base_denominator >= base_numerator)
    )`.execute(db);

  await sql`
    create table price_item (
      id uuid primary key default gen_random_uuid(),
      year integer not null,
      kind text not null,
      code text not null,
      name text not null,
      specification text not null default '',
      unit text not null,
      price bigint not null check (price > 0),
      account_codes text[] not null default '{}',
      open boolean not null default false,
      search_text text generated always as (lower(code || ' ' || name || ' ' || specification)) stored,
      -- The kode rekening an item may be priced under, '*' for an item of any: one GIN-indexed
      -- overlap (usable_under && {code, '*'}) finds a rekening's items (no OR the planner
      -- cannot index).
      usable_under text[] generated always as (
        case when account_codes = '{}' then array['*'] else account_codes end) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (year, code)
    )`.execute(db);
  // A catalogue is loaded a few times a year and searched all day: its GIN indexes take each
  // row as it comes (no pending list, whose scan costs every search until a vacuum merges it).
  await sql`create index price_item_search_trgm_idx on price_item
    using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`create index price_item_usable_under_idx on price_item
    using gin (usable_under) with (fastupdate = off)`.execute(db);
  await sql`alter table detail_program
    add column price_item_id uuid references price_item (id) on delete restrict`.execute(db);
  await sql`create index detail_program_price_item_idx on detail_program (price_item_id)
    where price_item_id is not null`.execute(db);

  await sql`
    create table pagu (
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      amount bigint not null check (amount >= 0),
      allow_overrun boolean not null default false,
      overrun_reason text not null default '',
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null,
      primary key (sub_action_id, year)
    )`.execute(db);
  await sql`
    create table agency_pagu (
      agency_id uuid not null references agency (id) on delete cascade,
      year integer not null,
      amount bigint not null check (amount >= 0),
      updated_at timestamptz not null default now(),
      primary key (agency_id, year)
    )`.execute(db);
  // What a sub kegiatan has planned in a year is summed under its pagu's lock on every write.
  await sql`create index detail_program_sub_action_year_idx on detail_program
    (sub_action_id, year) include (total_after_tax)`.execute(db);

  await sql`
    create table rka_signer (
      agency_id uuid references agency (id) on delete cascade,
      place text not null,
      position text not null,
      name text not null,
      nip text not null default '',
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index rka_signer_agency_key on rka_signer (agency_id) nulls not distinct`.execute(
    db,
  );
}
