import type { Writable } from 'node:stream';
import {
  type FundingGroup,
  type FundingRecap,
  type FundingRecapRow,
  formatNumberId,
  fundingGroups,
  messagesId,
  shareOf,
  shareTenths,
} from '@ranwal/core';
import type ExcelJS from 'exceljs';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { PdfWriter } from './pdf-table.js';
import { printedSheet } from './printed-sheet.js';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';
import { printedSignerOf } from './report-rka.js';

const texts = messagesId.funding.recap;
const groupNames = messagesId.funding.groups;
const noSource = messagesId.funding.line.none;

/** The printout's name: `rekap-sumber-dana-2026.xlsx`, `rekap-sumber-dana-2026.pdf`. */
export const fundingRecapName = (year: number, format: 'xlsx' | 'pdf') =>
  `rekap-sumber-dana-${year}.${format}`;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The totals by sumber dana of `year` over the sub kegiatan `where` admits (alias `p` for their
 * programme), in one statement: each sub kegiatan × source it draws on (with its ceiling) or its
 * lines name, summed per source; the units printed, for the signatory.
 */
export async function fundingRecapOf(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
): Promise<FundingRecap & { unit_ids: (string | null)[] }> {
  const { rows } = await sql<{
    funding_source_id: string | null;
    code: string | null;
    name: string | null;
    funding_group: FundingGroup | null;
    sub_action_count: number;
    ceiling: unknown;
    planned: unknown;
    remaining: unknown;
    unit_ids: (string | null)[];
  }>`
    with scoped as (
      select s.id, p.agency_id from sub_action s
      join action k on k.id = s.action_id
      join program p on p.id = k.program_id
      where ${where}),
    planned as (
      select d.sub_action_id, d.funding_source_id, sum(d.total_after_tax) as planned
      from detail_program d join scoped on scoped.id = d.sub_action_id
      where d.year = ${year}
      group by d.sub_action_id, d.funding_source_id),
    assigned as (
      select f.sub_action_id, f.funding_source_id, f.ceiling
      from sub_action_funding f join scoped on scoped.id = f.sub_action_id
      where f.year = ${year}),
    pairs as (
      select coalesce(a.sub_action_id, l.sub_action_id) as sub_action_id,
        coalesce(a.funding_source_id, l.funding_source_id) as funding_source_id,
        a.ceiling, coalesce(l.planned, 0) as planned
      from assigned a full join planned l
        on l.sub_action_id = a.sub_action_id and l.funding_source_id = a.funding_source_id)
    select x.funding_source_id, s.code, s.name, s.funding_group,
      count(distinct x.sub_action_id)::int as sub_action_count,
      sum(x.ceiling)::text as ceiling, sum(x.planned)::text as planned,
      (sum(x.ceiling - x.planned) filter (where x.ceiling is not null))::text as remaining,
      array_agg(distinct scoped.agency_id) as unit_ids
    from pairs x
    join scoped on scoped.id = x.sub_action_id
    left join funding_source s on s.id = x.funding_source_id
    group by x.funding_source_id, s.code, s.name, s.funding_group
    order by s.code nulls last`.execute(db);
  const sources: FundingRecapRow[] = rows.map((row) => ({
    funding_source_id: row.funding_source_id,
    code: row.code,
    name: row.name,
    funding_group: row.funding_group,
    sub_action_count: Number(row.sub_action_count),
    ceiling: text(row.ceiling),
    planned: text(row.planned) ?? '0',
    remaining: text(row.remaining),
  }));
  return {
    year,
    sources,
    planned_total: sources.reduce((sum, row) => sum + BigInt(row.planned), 0n).toString(),
    unit_ids: [...new Set(rows.flatMap((row) => row.unit_ids))],
  };
}

/** What the printout shows, row by row: a kelompok, its sources, its sums; the grand total. */
type PrintedRow =
  | { kind: 'group'; name: string }
  | { kind: 'source'; code: string; name: string; figures: Figures }
  | { kind: 'subtotal'; name: string; figures: Figures }
  | { kind: 'total'; figures: Figures };

interface Figures {
  sub_actions: number | null;
  ceiling: bigint | null;
  planned: bigint;
  remaining: bigint | null;
}

const addFigures = (a: Figures, b: Figures): Figures => ({
  sub_actions: null,
  ceiling: a.ceiling === null && b.ceiling === null ? null : (a.ceiling ?? 0n) + (b.ceiling ?? 0n),
  planned: a.planned + b.planned,
  remaining:
    a.remaining === null && b.remaining === null ? null : (a.remaining ?? 0n) + (b.remaining ?? 0n),
});
const noFigures: Figures = { sub_actions: null, ceiling: null, planned: 0n, remaining: null };

/** The recap's rows: sources by kelompok in the kelompok's order, lines without a source last. */
function* printedRows(recap: FundingRecap): Generator<PrintedRow> {
  const figuresOf = (row: FundingRecapRow): Figures => ({
    sub_actions: row.sub_action_count,
    ceiling: row.ceiling === null ? null : BigInt(row.ceiling),
    planned: BigInt(row.planned),
    remaining: row.remaining === null ? null : BigInt(row.remaining),
  });
  let total = noFigures;
  for (const group of [...fundingGroups, null]) {
    const members = recap.sources.filter((row) => row.funding_group === group);
    if (members.length === 0) continue;
    const name = group === null ? texts.noGroup : groupNames[group];
    yield { kind: 'group', name };
    let sums = noFigures;
    for (const row of members) {
      const figures = figuresOf(row);
      yield {
        kind: 'source',
        code: row.code ?? '',
        name: row.name ?? noSource,
        figures,
      };
      sums = addFigures(sums, figures);
    }
    yield { kind: 'subtotal', name, figures: sums };
    total = addFigures(total, sums);
  }
  yield { kind: 'total', figures: total };
}

const headers = [
  texts.columns.code,
  texts.columns.name,
  texts.columns.subActions,
  texts.columns.ceiling,
  texts.columns.planned,
  texts.columns.remaining,
  texts.columns.share,
];

/** The recap and the signatory of the one unit it covers (the region's for several). */
async function printed(db: Kysely<Database>, year: number, where: RawBuilder<boolean>, now: Date) {
  const recap = await fundingRecapOf(db, year, where);
  const unit = recap.unit_ids.length === 1 ? (recap.unit_ids[0] ?? null) : null;
  return { recap, signer: await printedSignerOf(db, unit, now) };
}

type Style = Partial<ExcelJS.Style>;
const bold: Style = { font: { bold: true } };
const boldRupiah: Style = { ...rupiah, font: { bold: true } };
const percent: Style = { numFmt: '0.0%' };
const boldPercent: Style = { ...percent, font: { bold: true } };

/** `part` of `whole` for a percent cell (0.0%): the share the PDF and the screen show. */
const fraction = (part: bigint, whole: bigint) => shareTenths(part, whole) / 1000;

/**
 * The recap by sumber dana as a workbook (issue 36): the title and year, the sources grouped by
 * kelompok (Pendapatan Asli Daerah, Pendapatan Transfer, …) with a 'Jumlah' row each, the grand
 * total, and the signatory. Money is a number in rupiah format, exact.
 */
export async function writeFundingRecapWorkbook(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const { recap, signer } = await printed(db, year, where, now);
  const whole = BigInt(recap.planned_total);
  const { add, close } = printedSheet(output, texts.sheet(year), {
    widths: [16, 44, 14, 22, 22, 22, 12],
    ySplit: 4,
  });
  const figureCells = (figures: Figures): ExcelJS.CellValue[] => [
    figures.sub_actions,
    figures.ceiling === null ? null : amountCell(figures.ceiling),
    amountCell(figures.planned),
    figures.remaining === null ? null : amountCell(figures.remaining),
    fraction(figures.planned, whole),
  ];
  add([texts.heading], [titleStyle]);
  add([texts.year(year)]);
  add([]);
  add(headers, Array(headers.length).fill(headerStyle));
  for (const row of printedRows(recap)) {
    if (row.kind === 'group') add([row.name], [bold]);
    else if (row.kind === 'source') {
      add(
        [row.code, row.name, ...figureCells(row.figures)],
        [undefined, undefined, undefined, rupiah, rupiah, rupiah, percent],
      );
    } else {
      const label = row.kind === 'total' ? texts.grandTotal : texts.subtotal(row.name);
      add(
        ['', label, ...figureCells(row.figures)],
        [undefined, bold, bold, boldRupiah, boldRupiah, boldRupiah, boldPercent],
      );
    }
  }
  await close(signer);
}

const pdfLayout = {
  size: 'A4',
  columns: [
    { header: texts.columns.code, points: 86 },
    { header: texts.columns.name, points: 236 },
    { header: texts.columns.subActions, points: 60 },
    { header: texts.columns.ceiling, points: 104 },
    { header: texts.columns.planned, points: 104 },
    { header: texts.columns.remaining, points: 104 },
    { header: texts.columns.share, points: 64 },
  ],
  amountColumns: new Set([2, 3, 4, 5, 6]),
  fitAmounts: true,
} as const;

/** The same recap as a PDF: A4 landscape, the signatory below the grand total. */
export async function writeFundingRecapPdf(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const { recap, signer } = await printed(db, year, where, now);
  const whole = recap.planned_total;
  const pdf = new PdfWriter(output, pdfLayout, {
    title: `${texts.heading} ${year}`,
    footer: texts.sheet(year),
  });
  const cells = (code: string, name: string, figures: Figures) => [
    code,
    name,
    figures.sub_actions === null ? '' : formatNumberId(figures.sub_actions),
    figures.ceiling === null ? texts.noCeiling : formatNumberId(figures.ceiling),
    formatNumberId(figures.planned),
    figures.remaining === null ? '' : formatNumberId(figures.remaining),
    shareOf(figures.planned, whole),
  ];
  pdf.newPage();
  pdf.title([texts.heading, texts.year(year)]);
  pdf.header();
  for (const row of printedRows(recap)) {
    if (row.kind === 'group') {
      pdf.row(['', row.name], {
        face: pdf.bold,
        gray: 0.94,
        keepLines: 1,
        span: pdfLayout.columns.length - 1,
      });
    } else if (row.kind === 'source') {
      pdf.row(cells(row.code, row.name, row.figures), { indent: 1 });
    } else if (row.kind === 'subtotal') {
      pdf.row(cells('', texts.subtotal(row.name), row.figures), { face: pdf.bold });
    } else {
      pdf.closing(cells('', texts.grandTotal, row.figures), signer);
    }
  }
  await pdf.finish();
}

/** The printed recap in a format. */
export const writeFundingRecap = {
  xlsx: writeFundingRecapWorkbook,
  pdf: writeFundingRecapPdf,
} as const;
