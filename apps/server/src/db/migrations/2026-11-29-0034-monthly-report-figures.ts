import { type Kysely, sql } from 'kysely';

// A verified (or closed) month keeps the figures it was verified on (issue 37: "a verified month
// is frozen like a stage's figures"): per sub kegiatan, its lines, the Anggaran Kas and the SP2D
// up to the month, and the progress counted for it. SP2D of that month that arrive later are
// kept (the finance system is the source), and show in the next month's running totals; the
// verified month reads as it was verified until it is sent back. Derived from rows that are in
// the history, so not in the history itself: the month's own step (verified, closed) is.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table monthly_report_figure (
      agency_id uuid not null,
      year integer not null,
      month smallint not null,
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      lines_total bigint not null,
      planned_cumulative bigint not null,
      realised_cumulative bigint not null,
      progress_tenths integer not null check (progress_tenths between 0 and 1000),
      primary key (agency_id, year, month, sub_action_id),
      foreign key (agency_id, year, month)
        references monthly_report (agency_id, year, month) on delete cascade
    )`.execute(db);
  await sql`alter table monthly_report add column figures_frozen_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table monthly_report drop column figures_frozen_at`.execute(db);
  await sql`drop table if exists monthly_report_figure`.execute(db);
}
