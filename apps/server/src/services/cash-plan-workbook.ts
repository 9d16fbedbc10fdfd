import type { Writable } from 'node:stream';
import { CASH_PLAN_MONTHS, codeAndName, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { monthColumns } from './cash-plan-rules.js';
import { amountCell, headerStyle, rupiah, titleStyle } from './report-export.js';
import { printedSignerOf } from './report-rka.js';

const texts = messagesId.cashPlan;
const w = texts.workbook;

/** The workbook's name: `anggaran-kas-2026.xlsx`. */
export const cashPlanWorkbookName = (year: number) => `anggaran-kas-${year}.xlsx`;

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
  const rows = await planRows(db, year, where);
  const units = new Set(rows.map((row) => row.agency_id));
  const signer = await printedSignerOf(db, units.size === 1 ? [...units][0]! : null, now);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(w.sheet(year), {
    views: [{ state: 'frozen', ySplit: 4, xSplit: 2 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1 },
  });
  const width = 2 + 1 + CASH_PLAN_MONTHS + 4 + 2;
  sheet.columns = [
    { width: 22 },
    { width: 48 },
    ...Array.from({ length: width - 2 }, () => ({ width: 16 })),
  ];
  const add = (values: ExcelJS.CellValue[], styles: (Style | undefined)[] = []) => {
    const row = sheet.addRow(values);
    row.eachCell((cell, column) => {
      const style = styles[column - 1];
      if (style) cell.style = style;
    });
    row.commit();
  };
  add([w.title], [titleStyle]);
  add([w.year(year)]);
  add([]);
  add(
    [w.code, w.name, w.linesTotal, ...texts.grid.monthShort, ...w.quarters, w.planTotal, w.selisih],
    Array(width).fill(headerStyle),
  );

  // Groups open as a row enters them; each closes with its sums when the next row leaves it.
  const open: { name: string; sums: bigint[] }[] = [];
  const total = Array<bigint>(width - 2).fill(0n);
  const addTo = (sums: bigint[], amounts: readonly bigint[]) =>
    amounts.forEach((amount, index) => {
      sums[index] = (sums[index] ?? 0n) + amount;
    });
  const close = (depth: number) => {
    while (open.length > depth) {
      const group = open.pop()!;
      add(
        ['', w.subtotal(group.name), ...group.sums.map(amountCell)],
        [undefined, { font: { bold: true } }, ...group.sums.map(() => boldRupiah)],
      );
    }
  };
  for (const row of rows) {
    // The row's groups, outermost first (lines of no Perangkat Daerah have no group of that).
    const path = LEVELS.map((level) => row[level]).filter((name): name is string => name !== null);
    let same = 0;
    while (same < open.length && open[same]?.name === path[same]) same += 1;
    close(same);
    for (const name of path.slice(same)) {
      open.push({ name, sums: Array<bigint>(width - 2).fill(0n) });
      add([name], [{ font: { bold: true } }]);
    }
    const amounts = amountsOf(BigInt(row.lines_total), row.months);
    for (const group of open) addTo(group.sums, amounts);
    addTo(total, amounts);
    add(
      [row.account_code, row.account_name ?? '', ...amounts.map(amountCell)],
      [undefined, undefined, ...amounts.map(() => rupiah)],
    );
  }
  close(0);
  add(
    ['', w.grandTotal, ...total.map(amountCell)],
    [undefined, { font: { bold: true } }, ...total.map(() => boldRupiah)],
  );
  add([]);
  for (const line of [signer.placeAndDate, signer.position, '', '', signer.name, signer.nip]) {
    add(['', line]);
  }
  sheet.commit();
  await workbook.commit();
}
