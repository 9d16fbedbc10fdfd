import type { Writable } from 'node:stream';
import { CASH_PLAN_MONTHS, codeAndName, formatNumberId, messagesId } from '@ranwal/core';
import type ExcelJS from 'exceljs';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { monthColumns } from './cash-plan-rules.js';
import { PdfWriter } from './pdf-table.js';
import { printedSheet } from './printed-sheet.js';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';
import { printedSignerOf } from './report-rka.js';

const texts = messagesId.cashPlan;
const w = texts.workbook;

/** The printout's name: `anggaran-kas-2026.xlsx`, `anggaran-kas-2026.pdf`. */
export const cashPlanWorkbookName = (year: number, format: 'xlsx' | 'pdf' = 'xlsx') =>
  `anggaran-kas-${year}.${format}`;

/** One sub kegiatan × kode rekening of the year: its place, its lines' total and its months. */
interface PlanRow {
  agency_id: string | null;
  agency: string | null;
  program: string;
  action: string;
  sub_action: string;
  account_code: string;
  account_name: string | null;
  lines_total: string;
  months: bigint[];
}

/**
 * Every sub kegiatan × kode rekening of `year` with lines or a plan, among the sub kegiatan
 * `where` admits (alias `p` for their programme), in the order the printout groups them.
 */
async function planRows(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
): Promise<PlanRow[]> {
  const months = sql.raw(
    monthColumns.map((column) => `coalesce(c.${column}, 0)::text as ${column}`).join(', '),
  );
  const { rows } = await sql<
    Record<string, string | null> & { lines_total: string; account_code: string }
  >`
    with lines as (
      select d.sub_action_id, a.code as account_code, min(a.name) as account_name,
        sum(d.total_after_tax) as total
      from detail_program d join account a on a.id = d.account_id
      where d.year = ${year}
      group by d.sub_action_id, a.code)
    select g.id as agency_id, g.code as agency_code, g.name as agency_name,
      p.code as program_code, p.name as program_name,
      k.code as action_code, k.name as action_name,
      s.code as sub_action_code, s.name as sub_action_name,
      coalesce(l.account_code, c.account_code) as account_code, l.account_name,
      coalesce(l.total, 0)::text as lines_total, ${months}
    from lines l
    full join (select * from cash_plan where year = ${year}) c
      on c.sub_action_id = l.sub_action_id and c.account_code = l.account_code
    join sub_action s on s.id = coalesce(l.sub_action_id, c.sub_action_id)
    join action k on k.id = s.action_id
    join program p on p.id = k.program_id
    left join agency g on g.id = p.agency_id
    where ${where}
    order by g.code nulls first, g.name, p.code nulls first, p.name, k.code nulls first,
      k.name, s.code nulls first, s.name, 10`.execute(db);
  return rows.map((row) => ({
    agency_id: row.agency_id ?? null,
    agency: row.agency_name ? codeAndName(row.agency_code ?? null, row.agency_name) : null,
    program: codeAndName(row.program_code ?? null, row.program_name ?? ''),
    action: codeAndName(row.action_code ?? null, row.action_name ?? ''),
    sub_action: codeAndName(row.sub_action_code ?? null, row.sub_action_name ?? ''),
    account_code: row.account_code,
    account_name: row.account_name ?? null,
    lines_total: row.lines_total,
    months: monthColumns.map((column) => BigInt(row[column] ?? '0')),
  }));
}

type Style = Partial<ExcelJS.Style>;
// One object per style: exceljs caches a style by identity (report-export.ts).
const bold: Style = { font: { bold: true } };
const boldRupiah: Style = { ...rupiah, font: { bold: true } };

/** The amounts of a row: lines, twelve months, four quarters, the plan's total, the selisih. */
const amountsOf = (lines: bigint, months: readonly bigint[]) => {
  const quarters = [0, 1, 2, 3].map((quarter) =>
    months.slice(quarter * 3, quarter * 3 + 3).reduce((sum, value) => sum + value, 0n),
  );
  const plan = quarters.reduce((sum, value) => sum + value, 0n);
  return [lines, ...months, ...quarters, plan, plan - lines];
};

const LEVELS = ['agency', 'program', 'action', 'sub_action'] as const;

/** What the printout shows, row by row, in order: both formats lay out the same rows. */
type PrintedRow =
  | { kind: 'group'; depth: number; name: string }
  | { kind: 'account'; code: string; name: string; amounts: bigint[] }
  | { kind: 'subtotal'; depth: number; name: string; amounts: bigint[] }
  | { kind: 'total'; amounts: bigint[] };

/** Amount columns: Total Rincian, twelve months, four quarters, Jumlah, Selisih. */
const AMOUNT_COLUMNS = 1 + CASH_PLAN_MONTHS + 4 + 2;

/**
 * The rows of `rows` as printed: each group (Perangkat Daerah → Program → Kegiatan → Sub
 * Kegiatan) opens as a row enters it and closes with its sums when the next row leaves it; a
 * row per kode rekening; the grand total last.
 */
function* printedRows(rows: readonly PlanRow[]): Generator<PrintedRow> {
  const open: { name: string; sums: bigint[] }[] = [];
  const total = Array<bigint>(AMOUNT_COLUMNS).fill(0n);
  const addTo = (sums: bigint[], amounts: readonly bigint[]) =>
    amounts.forEach((amount, index) => {
      sums[index] = (sums[index] ?? 0n) + amount;
    });
  function* close(depth: number): Generator<PrintedRow> {
    while (open.length > depth) {
      const group = open.pop()!;
      yield { kind: 'subtotal', depth: open.length, name: group.name, amounts: group.sums };
    }
  }
  for (const row of rows) {
    // The row's groups, outermost first (lines of no Perangkat Daerah have no group of that).
    const path = LEVELS.map((level) => row[level]).filter((name): name is string => name !== null);
    let same = 0;
    while (same < open.length && open[same]?.name === path[same]) same += 1;
    yield* close(same);
    for (const name of path.slice(same)) {
      yield { kind: 'group', depth: open.length, name };
      open.push({ name, sums: Array<bigint>(AMOUNT_COLUMNS).fill(0n) });
    }
    const amounts = amountsOf(BigInt(row.lines_total), row.months);
    for (const group of open) addTo(group.sums, amounts);
    addTo(total, amounts);
    yield { kind: 'account', code: row.account_code, name: row.account_name ?? '', amounts };
  }
  yield* close(0);
  yield { kind: 'total', amounts: total };
}

/** The year's rows and the signatory: the one unit's, the region's for several. */
async function printedPlan(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
  now: Date,
) {
  const rows = await planRows(db, year, where);
  const units = new Set(rows.map((row) => row.agency_id));
  const unit = units.size === 1 ? rows[0]! : null;
  return {
    rows,
    /** The one unit printed, for the PDF's heading. */
    unitName: unit?.agency ?? null,
    signer: await printedSignerOf(db, unit?.agency_id ?? null, now),
  };
}

const headers = [
  w.code,
  w.name,
  w.linesTotal,
  ...texts.grid.monthShort,
  ...w.quarters,
  w.planTotal,
  w.selisih,
];

/**
 * A year's Anggaran Kas printed (issue 36): the title, the sub kegiatan grouped Perangkat
 * Daerah → Program → Kegiatan → Sub Kegiatan, a row per kode rekening (its lines' total, the
 * twelve months, the four quarters, the plan's total and the selisih), a 'Jumlah' row closing
 * each group, the grand total, and the signatory of the one unit printed (the region's for
 * several). Money is a number in rupiah format; every figure is exact (bigint).
 */
export async function writeCashPlanWorkbook(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const { rows, signer } = await printedPlan(db, year, where, now);
  const { add, close } = printedSheet(output, w.sheet(year), {
    widths: [22, 48, ...headers.slice(2).map(() => 16)],
    ySplit: 4,
    xSplit: 2,
  });
  const sums = (label: string, amounts: readonly bigint[]) =>
    add(
      ['', label, ...amounts.map(amountCell)],
      [undefined, bold, ...amounts.map(() => boldRupiah)],
    );
  add([w.title], [titleStyle]);
  add([w.year(year)]);
  add([]);
  add(headers, Array(headers.length).fill(headerStyle));
  for (const row of printedRows(rows)) {
    if (row.kind === 'group') add([row.name], [bold]);
    else if (row.kind === 'subtotal') sums(w.subtotal(row.name), row.amounts);
    else if (row.kind === 'total') sums(w.grandTotal, row.amounts);
    else {
      add(
        [row.code, row.name, ...row.amounts.map(amountCell)],
        [undefined, undefined, ...row.amounts.map(() => rupiah)],
      );
    }
  }
  await close(signer);
}

/**
 * The PDF's table: A3 landscape, for twenty-one columns of exact rupiah; an amount wider than
 * its column is set smaller rather than broken over lines.
 */
const pdfLayout = {
  size: 'A3',
  columns: [
    { header: w.code, points: 74 },
    { header: w.name, points: 150 },
    ...headers.slice(2).map((header) => ({ header, points: 47.4 })),
  ],
  amountColumns: new Set(headers.slice(2).map((_, index) => index + 2)),
  fitAmounts: true,
} as const;

/**
 * The same Anggaran Kas as a PDF: the title, the year and the unit (when one), the header row
 * on every page, the rows of the workbook, the grand total and the signatory together on the
 * last page.
 */
export async function writeCashPlanPdf(
  db: Kysely<Database>,
  year: number,
  where: RawBuilder<boolean>,
  output: Writable,
  now = new Date(),
): Promise<void> {
  const { rows, unitName, signer } = await printedPlan(db, year, where, now);
  const pdf = new PdfWriter(output, pdfLayout, {
    title: `${w.title} ${year}`,
    footer: w.sheet(year),
  });
  const cells = (code: string, name: string, amounts: readonly bigint[]) => [
    code,
    name,
    ...amounts.map(formatNumberId),
  ];
  pdf.newPage();
  pdf.title([w.title, w.year(year), unitName ?? '']);
  pdf.header();
  for (const row of printedRows(rows)) {
    if (row.kind === 'group') {
      pdf.row(['', row.name], {
        face: pdf.bold,
        gray: 0.97 - 0.03 * (LEVELS.length - row.depth),
        indent: row.depth,
        keepLines: 1,
        span: pdfLayout.columns.length - 1,
      });
    } else if (row.kind === 'account') {
      pdf.row(cells(row.code, row.name, row.amounts), { indent: LEVELS.length });
    } else if (row.kind === 'subtotal') {
      pdf.row(cells('', w.subtotal(row.name), row.amounts), {
        face: pdf.bold,
        indent: row.depth,
      });
    } else {
      pdf.closing(cells('', w.grandTotal, row.amounts), signer);
    }
  }
  await pdf.finish();
}

/** The printed Anggaran Kas in a format. */
export const writeCashPlan = { xlsx: writeCashPlanWorkbook, pdf: writeCashPlanPdf } as const;
