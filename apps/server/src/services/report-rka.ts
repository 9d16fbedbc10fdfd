import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  coefficientText,
  DEFAULT_TIME_ZONE,
  formatNumberId,
  formatRupiah,
  managedEntities,
  messagesId,
  taxRuleText,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { readSubActionLocation } from './evidence.js';
import {
  DESCRIPTION_COLUMN,
  type HeaderRow,
  MAX_QUEUED_PDF_BYTES,
  PdfWriter,
  type SignerLines,
} from './pdf-table.js';
import {
  type AccountChain,
  CHUNK_LINES,
  filtersOf,
  type LineReading,
  linesInReportOrder,
  PDF_CHUNK_LINES,
  type ReportExportOptions,
  type ReportScope,
  ROWS_BETWEEN_YIELDS,
  stopper,
  turns,
  whenAborted,
  whileQueued,
  yearHasCatalogue,
} from './report-export.js';
import { asLineDatabase, type LineDatabase, searchMatchesOf, whereLines } from './reports.js';

/*
 * The RKA (Rencana Kerja dan Anggaran) of 'Download Laporan' (issue 18) and of the unit's
 * 'Cetak RKA' (issue 33): the RKA SKPD header block, then the lines of the flat export's scope
 * grouped Perangkat Daerah > Program > Kegiatan > Sub Kegiatan > Kode Rekening > Aktivitas >
 * Subtitle, each group a header row (code and name) and a subtotal row, each line with its
 * coefficient, unit price and PPN, a grand total and a signature block (the unit's signer when
 * the lines are of one unit); as a workbook (subtotals as
 * formulas) or a PDF. Both are written while the lines are read, chunk by chunk, as the flat
 * export is (`linesInReportOrder`), so a year of lines never sits in memory.
 */

/** The RKA's fixed words (core's catalogue). */
const rkaText = messagesId.rka;

const fields = messagesId.reports.fields;
const grandTotalLabel = messagesId.reportWorkbook.grandTotal;

// --- The rows --------------------------------------------------------------------------------

/**
 * The RKA's groups, outermost first: as the RKA SKPD prints its rincian, each Kode Rekening of a
 * sub kegiatan is one group, its lines under their Aktivitas and Subtitle (SIPD's [#] and [-]).
 */
const rkaLevels = [
  'agency',
  'program',
  'action',
  'sub_action',
  'account',
  'activity',
  'subtitle',
] as const;
type RkaLevel = (typeof rkaLevels)[number];
/** The level whose groups hold the lines themselves. */
const LINE_LEVEL: RkaLevel = 'subtitle';
const depthOf = Object.fromEntries(rkaLevels.map((level, index) => [level, index])) as Record<
  RkaLevel,
  number
>;

type Amounts = { total_price: bigint; tax: bigint; total_after_tax: bigint };
const noAmounts: Amounts = { total_price: 0n, tax: 0n, total_after_tax: 0n };

/** What an RKA line shows. */
interface RkaLine {
  code: string;
  name: string;
  specification: string;
  coefficient: string;
  unit: string;
  price: number;
  total_price: number;
  taxRate: string;
  tax: number;
  total_after_tax: number;
}

/** The rows a subtotal adds up: a run of lines, or the subtotal rows of its groups. */
type RowSum = { from: number; to: number } | { rows: number[] };

/** The table's rows in order, numbered from 0 (the first row below the header). */
type RkaRow =
  | { kind: 'group'; level: RkaLevel; code: string | null; name: string }
  | { kind: 'line'; line: RkaLine }
  | { kind: 'subtotal'; level: RkaLevel; name: string; amounts: Amounts; sum: RowSum }
  | { kind: 'total'; amounts: Amounts; sum: RowSum | null };

/** A line as the RKA reads it (numbers as pg or PGlite give them); its groups come by account. */
interface RkaLineRow {
  account_id: string;
  component_code: string;
  component_name: string;
  specification: string;
  unit: string;
  price: string | number;
  first_volume: string | number;
  second_volume: string | number;
  third_volume: string | number;
  first_volume_unit: string | null;
  second_volume_unit: string | null;
  third_volume_unit: string | null;
  total_price: string | number;
  tax: string | number;
  total_after_tax: string | number;
  tax_rate: string | number;
  tax_base_numerator: number;
  tax_base_denominator: number;
  price_item_id: string | null;
}

interface GroupNode {
  level: RkaLevel;
  id: string;
  code: string | null;
  name: string;
}

type ChainLevel = 'agency' | 'program' | 'action' | 'sub_action' | 'activity' | 'subtitle';

/** Each level by its code, those without one after by name, its id apart twins of one name. */
const levelKey = (chain: AccountChain, level: ChainLevel) => {
  const code = chain[`${level}_code`];
  return [
    code === null ? '1' : '0',
    code ?? '',
    chain[`${level}_name`] ?? '',
    chain[`${level}_id`] ?? '',
  ];
};

/**
 * How the RKA reads its lines. Its order: Perangkat Daerah (the programmes of none after them),
 * Program, Kegiatan, Sub Kegiatan, then the Kode Rekening, so the accounts of one code under a
 * sub kegiatan (one per subtitle) follow each other and make one group, in the order of their
 * aktivitas and subtitle. The groups above each account are kept as its chain is read for the
 * order (each group once, shared by its accounts), so a line is read without a join: it is
 * read alone, and its groups found by its account.
 */
interface RkaReading extends LineReading {
  groupsOf(account: string): GroupNode[];
  /**
   * The one record of each level that every account read belongs to (none where they span
   * more, or, for the unit, where a programme has none): known once the accounts are ordered,
   * before the first line is read.
   */
  onlyIds(): Partial<Record<SingleLevel, string>>;
}

function rkaReading(): RkaReading {
  const nodes = new Map<string, GroupNode>();
  const groupsByAccount = new Map<string, GroupNode[]>();
  const node = (level: RkaLevel, id: string, code: string | null, name: string | null) => {
    const key = `${level} ${id}`;
    let found = nodes.get(key);
    if (!found) {
      found = { level, id, code, name: name ?? '' };
      nodes.set(key, found);
    }
    return found;
  };
  return {
    accountKey(chain) {
      const groups: GroupNode[] = [];
      if (chain.agency_id !== null) {
        groups.push(node('agency', chain.agency_id, chain.agency_code, chain.agency_name));
      }
      for (const level of ['program', 'action', 'sub_action'] as const) {
        groups.push(
          node(level, chain[`${level}_id`]!, chain[`${level}_code`], chain[`${level}_name`]),
        );
      }
      // One group per code under a sub kegiatan, whichever subtitle's account a line is under.
      groups.push(
        node(
          'account',
          `${chain.sub_action_id} ${chain.account_code}`,
          chain.account_code,
          chain.account_name,
        ),
      );
      for (const level of ['activity', 'subtitle'] as const) {
        groups.push(
          node(level, chain[`${level}_id`]!, chain[`${level}_code`], chain[`${level}_name`]),
        );
      }
      groupsByAccount.set(chain.account_id!, groups);
      return [
        chain.agency_id === null ? '1' : '0',
        ...levelKey(chain, 'agency'),
        ...levelKey(chain, 'program'),
        ...levelKey(chain, 'action'),
        ...levelKey(chain, 'sub_action'),
        chain.account_code ?? '',
        ...levelKey(chain, 'activity'),
        ...levelKey(chain, 'subtitle'),
      ];
    },
    select: (lines) =>
      lines.select([
        'line.account_id',
        'line.component_code',
        'line.component_name',
        'line.specification',
        'line.unit',
        'line.price',
        'line.first_volume',
        'line.second_volume',
        'line.third_volume',
        'line.first_volume_unit',
        'line.second_volume_unit',
        'line.third_volume_unit',
        'line.total_price',
        'line.tax',
        'line.total_after_tax',
        'line.tax_rate',
        'line.tax_base_numerator',
        'line.tax_base_denominator',
        'line.price_item_id',
      ]),
    groupsOf: (account) => groupsByAccount.get(account)!,
    onlyIds() {
      const seen = Object.fromEntries(singleLevels.map((level) => [level, new Set<string>()]));
      let unitless = false;
      for (const groups of groupsByAccount.values()) {
        if (groups[0]!.level !== 'agency') unitless = true;
        for (const group of groups) seen[group.level]?.add(group.id);
      }
      const ids: Partial<Record<SingleLevel, string>> = {};
      for (const level of singleLevels) {
        const [only, ...more] = seen[level]!;
        if (only !== undefined && more.length === 0) ids[level] = only;
      }
      if (unitless) delete ids.agency;
      return ids;
    },
  };
}

/** The PPN a line was charged: 'PPN 12%', 'PPN 12% x 11/12', nothing when untaxed. */
export function taxRateText(rate: number, numerator: number, denominator: number): string {
  if (rate === 0) return '';
  return fields.taxWithRule(
    taxRuleText({
      tax_rate: rate,
      tax_base_numerator: numerator,
      tax_base_denominator: denominator,
    }),
  );
}

/**
 * A line of the table; one outside the catalogue (no item in a year that has a catalogue, issue
 * 34) says so after its name, in words that need no legend: 'Lem Aibon (Di luar katalog)'.
 */
function lineOf(row: RkaLineRow, catalogued: boolean): RkaLine {
  return {
    code: row.component_code,
    name:
      catalogued && row.price_item_id === null
        ? `${row.component_name} (${messagesId.reports.priceSource.outside})`
        : row.component_name,
    specification: row.specification,
    coefficient: coefficientText({
      first_volume: Number(row.first_volume),
      second_volume: Number(row.second_volume),
      third_volume: Number(row.third_volume),
      first_volume_unit: row.first_volume_unit,
      second_volume_unit: row.second_volume_unit,
      third_volume_unit: row.third_volume_unit,
    }),
    unit: row.unit,
    price: Number(row.price),
    total_price: Number(row.total_price),
    taxRate: taxRateText(
      Number(row.tax_rate),
      Number(row.tax_base_numerator),
      Number(row.tax_base_denominator),
    ),
    tax: Number(row.tax),
    total_after_tax: Number(row.total_after_tax),
  };
}

/**
 * The RKA's rows, a few hundred at a time: a group's header row before its first line, its
 * subtotal row after its last, the grand total at the very end. Handed on in small pieces, so
 * the rows die young: a chunk's worth, held while it is written, outlived young collections and
 * was promoted, filling the old generation (and the process's memory) faster.
 */
async function* rkaRows(
  db: Kysely<LineDatabase>,
  scope: ReportScope,
  reading: RkaReading,
  reads: { chunk: number; shortStatements: boolean },
  signal: AbortSignal,
  catalogued: boolean,
): AsyncGenerator<RkaRow[]> {
  interface Open extends GroupNode {
    /** Its header row. */
    at: number;
    amounts: Amounts;
    /** The subtotal rows of its groups. */
    parts: number[];
  }
  const open: Open[] = [];
  const topParts: number[] = [];
  let total = noAmounts;
  let at = 0;
  let rows: RkaRow[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) {
      const group = open.pop()!;
      // A group's sum is its groups' sums (its lines', for an account), added as it closes.
      const parent = open.at(-1);
      if (parent) parent.amounts = addSums(parent.amounts, group.amounts);
      else total = addSums(total, group.amounts);
      rows.push({
        kind: 'subtotal',
        level: group.level,
        name: group.name,
        amounts: group.amounts,
        sum:
          group.level === LINE_LEVEL ? { from: group.at + 1, to: at - 1 } : { rows: group.parts },
      });
      (open.at(-1)?.parts ?? topParts).push(at);
      at += 1;
    }
  };
  for await (const lines of linesInReportOrder<RkaLineRow>(db, scope, reading, reads, signal)) {
    for (const row of lines) {
      const groups = reading.groupsOf(row.account_id);
      let same = 0;
      while (
        same < open.length &&
        same < groups.length &&
        open[same]!.level === groups[same]!.level &&
        open[same]!.id === groups[same]!.id
      ) {
        same += 1;
      }
      closeTo(same);
      for (const group of groups.slice(same)) {
        rows.push({ kind: 'group', level: group.level, code: group.code, name: group.name });
        open.push({ ...group, at, amounts: noAmounts, parts: [] });
        at += 1;
      }
      const line = lineOf(row, catalogued);
      rows.push({ kind: 'line', line });
      at += 1;
      const account = open.at(-1)!;
      account.amounts = addAmounts(account.amounts, line);
      if (rows.length >= ROWS_BETWEEN_YIELDS) {
        yield rows;
        rows = [];
      }
    }
  }
  if (signal.aborted) return;
  closeTo(0);
  rows.push({
    kind: 'total',
    amounts: total,
    sum: topParts.length > 0 ? { rows: topParts } : null,
  });
  yield rows;
}

const addSums = (a: Amounts, b: Amounts): Amounts => ({
  total_price: a.total_price + b.total_price,
  tax: a.tax + b.tax,
  total_after_tax: a.total_after_tax + b.total_after_tax,
});
const addAmounts = (sum: Amounts, line: RkaLine): Amounts => ({
  total_price: sum.total_price + BigInt(line.total_price),
  tax: sum.tax + BigInt(line.tax),
  total_after_tax: sum.total_after_tax + BigInt(line.total_after_tax),
});

// --- What both formats share -------------------------------------------------------------------

/** The table's columns, for the workbook (width in characters) and the PDF (in points). */
const columns = [
  { header: rkaText.code, width: 24, points: 90, amount: null },
  { header: rkaText.description, width: 48, points: 140, amount: null },
  { header: fields.specification, width: 30, points: 105, amount: null },
  { header: fields.coefficient, width: 24, points: 88, amount: null },
  { header: fields.unit, width: 10, points: 44, amount: null },
  { header: fields.price, width: 16, points: 62, amount: null },
  { header: fields.totalPrice, width: 18, points: 72, amount: 'total_price' },
  { header: rkaText.taxRate, width: 16, points: 50, amount: null },
  { header: messagesId.reportWorkbook.tax, width: 16, points: 62, amount: 'tax' },
  { header: fields.totalAfterTax, width: 18, points: 72, amount: 'total_after_tax' },
] as const;
const PRICE_COLUMN = 5;
/** Columns (from 0) that hold rupiah. */
const rupiahColumns: ReadonlySet<number> = new Set([PRICE_COLUMN, 6, 8, 9]);

/** A line's cells, column by column. */
const lineCells = (line: RkaLine): (string | number)[] => [
  line.code,
  line.name,
  line.specification,
  line.coefficient,
  line.unit,
  line.price,
  line.total_price,
  line.taxRate,
  line.tax,
  line.total_after_tax,
];

interface Heading {
  /** The title and the year, centred above the table. */
  lines: [string, string];
  /** The header block: label and value, one row each (RKA_HEADER_ROWS). */
  block: HeaderRow[];
  /** The filters the lines were narrowed by beyond the unit ('Program: …'), if any. */
  filters: string;
  signer: SignerLines;
}

/** A NIP as it is printed, '19700101 199503 2 001' (birth date, appointment, sex, number). */
function printedNip(nip: string): string {
  const digits = nip.replaceAll(' ', '');
  return /^\d{18}$/.test(digits)
    ? `${digits.slice(0, 8)} ${digits.slice(8, 14)} ${digits.slice(14, 15)} ${digits.slice(15)}`
    : nip;
}

const longDate = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'long',
  timeZone: DEFAULT_TIME_ZONE,
});

/** A level of the printed lines, when they all belong to one record of it. */
interface PrintedRecord {
  id: string;
  code: string | null;
  name: string;
}

/** What the header block can say: the year, and the one record of each level, if one. */
interface HeaderFacts {
  year: number;
  /** The printed lines' sumber dana with their totals; null when none names one. */
  funding: string | null;
  /** The sub kegiatan's place as an address (issue 38); null while it has none. */
  location: string | null;
  agency: PrintedRecord | null;
  program: PrintedRecord | null;
  action: PrintedRecord | null;
  sub_action: PrintedRecord | null;
}

/** The affair and its field (urusan, bidang urusan) of a Perangkat Daerah's first affair. */
const affairOf = (agency: PrintedRecord | null) => {
  const parts = agency?.code?.split('.') ?? [];
  if (parts.length < 2 || parts[0] === 'X' || parts[1] === 'XX') return null;
  return { affair: parts[0]!, field: `${parts[0]}.${parts[1]}` };
};
const coded = (record: PrintedRecord | null) =>
  record ? (record.code ? `${record.code} ${record.name}` : record.name) : null;

/**
 * The header block of the RKA SKPD (Permendagri 77/2020), as a table: each row a label and what
 * it says, printed only when the data says it. Lokasi is the sub kegiatan's place (issue 38): with
 * one sub kegiatan and no place set its row is a line to write on, as an unset signer is, so the
 * printed form has every row of the format. Sumber Pendanaan names the sources the printed lines are paid
 * from (issue 36); Indikator and Target join as rows here once sub kegiatan carry them.
 */
const RKA_HEADER_ROWS: readonly {
  label: keyof typeof rkaText.headerRows;
  value: (facts: HeaderFacts) => string | null;
}[] = [
  {
    label: 'affair',
    value: ({ agency }) => {
      const affair = affairOf(agency)?.affair;
      if (!affair) return null;
      const name = rkaText.affairs[affair];
      return name ? `${affair} ${name}` : affair;
    },
  },
  { label: 'field', value: ({ agency }) => affairOf(agency)?.field ?? null },
  { label: 'organisation', value: ({ agency }) => coded(agency) },
  { label: 'program', value: ({ program }) => coded(program) },
  { label: 'action', value: ({ action }) => coded(action) },
  { label: 'sub_action', value: ({ sub_action }) => coded(sub_action) },
  // Issue 36: what the printed lines are paid from, each source with its total.
  { label: 'funding', value: ({ funding }) => funding },
  // Issue 38: where the work happens, as the unit set it; a line to write on until then.
  {
    label: 'location',
    value: ({ sub_action, location }) => (sub_action ? (location ?? rkaText.blank) : null),
  },
  { label: 'period', value: ({ year }) => rkaText.period(year) },
];

type SingleLevel = 'agency' | 'program' | 'action' | 'sub_action';
const singleLevels: readonly SingleLevel[] = ['agency', 'program', 'action', 'sub_action'];

/**
 * The records of `ids` (the one of each level the lines belong to); with no line, the unit is
 * the one asked for, or the caller's only unit.
 */
async function printedRecordsOf(
  db: Kysely<LineDatabase>,
  scope: ReportScope,
  ids: Partial<Record<SingleLevel, string>>,
  anyLine: boolean,
): Promise<Omit<HeaderFacts, 'year' | 'funding' | 'location'>> {
  const units = typeof scope.programmes === 'object' ? scope.programmes : [];
  const asked = scope.agency_id ?? (units.length === 1 ? units[0] : null);
  const found = anyLine ? ids : asked ? { agency: asked } : {};
  const records = await Promise.all(
    singleLevels.map(async (level) => {
      const id = found[level];
      if (!id) return null;
      const table = level === 'agency' ? 'agency' : managedEntities[level].table;
      return ((await db
        .selectFrom(table)
        .select(['id', 'code', 'name'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null) as PrintedRecord | null;
    }),
  );
  return Object.fromEntries(singleLevels.map((level, index) => [level, records[index]])) as Omit<
    HeaderFacts,
    'year'
  >;
}

/**
 * The RKA's heading and its rows: the rows' first piece is read first, so the accounts (and the
 * records their lines belong to) are known when the heading is made, with no statement of its own.
 */
async function rkaOf(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  reads: { chunk: number; shortStatements: boolean },
  signal: AbortSignal,
  now: Date,
): Promise<{ heading: Heading; chunks: AsyncIterable<RkaRow[]> }> {
  const db = asLineDatabase(typedDb);
  const reading = rkaReading();
  const catalogued = await yearHasCatalogue(typedDb, scope.year);
  const rows = rkaRows(db, scope, reading, reads, signal, catalogued);
  const first = await rows.next();
  const ids = reading.onlyIds();
  const records = await printedRecordsOf(db, scope, ids, Object.keys(ids).length > 0);
  const heading = await headingOf(db, typedDb, scope, now, records);
  return {
    heading,
    chunks: (async function* () {
      if (!first.done) yield first.value;
      yield* rows;
    })(),
  };
}

/**
 * The title lines, the header block and the signer. Lines that all belong to one Perangkat
 * Daerah (asked for by a filter, or the only unit of the person printing, or simply so) are
 * signed by whoever is set for it; the region's by the signer of no agency.
 */
async function headingOf(
  db: Kysely<LineDatabase>,
  typedDb: Kysely<Database>,
  scope: ReportScope,
  now: Date,
  records: Omit<HeaderFacts, 'year' | 'funding' | 'location'>,
): Promise<Heading> {
  const unitId = records.agency?.id ?? null;
  const facts: HeaderFacts = {
    year: scope.year,
    funding: await fundingOf(db, typedDb, scope),
    location: records.sub_action
      ? (await readSubActionLocation(typedDb, records.sub_action.id)).label
      : null,
    ...records,
  };
  const others = await filtersOf(db, { ...scope, agency_id: undefined });
  return {
    lines: [rkaText.title, rkaText.year(scope.year)],
    block: RKA_HEADER_ROWS.flatMap(({ label, value }) => {
      const text = value(facts);
      return text === null ? [] : [{ label: rkaText.headerRows[label], value: text }];
    }),
    filters: others.join('; '),
    signer: await printedSignerOf(typedDb, unitId, now),
  };
}

/**
 * The signature block of a printout (the RKA, the Anggaran Kas): a Perangkat Daerah's signer,
 * or the region's (`unitId` null); what is not set is a dotted line to write on.
 */
export async function printedSignerOf(
  typedDb: Kysely<Database>,
  unitId: string | null,
  now: Date,
): Promise<{ placeAndDate: string; position: string; name: string; nip: string }> {
  const signer = await typedDb
    .selectFrom('rka_signer')
    .select(['place', 'position', 'name', 'nip'])
    .where('agency_id', unitId ? '=' : 'is', unitId)
    .executeTakeFirst();
  return {
    placeAndDate: `${signer?.place || rkaText.blank}, ${longDate.format(now)}`,
    position: signer?.position || rkaText.blank,
    name: signer?.name || rkaText.blank,
    nip: rkaText.nip(signer?.nip ? printedNip(signer.nip) : rkaText.blank),
  };
}

/**
 * 'Sumber Pendanaan': the sumber dana of the lines the RKA prints (its filters and search), in
 * code order, each with its total after PPN ('DAU Rp 1.000.000; PAD Rp 250.000'); lines that
 * name none, beside named ones, as 'Tanpa sumber dana'. Null when no line names a source.
 */
async function fundingOf(
  db: Kysely<LineDatabase>,
  typedDb: Kysely<Database>,
  scope: ReportScope,
): Promise<string | null> {
  const matches = scope.search ? await searchMatchesOf(db, scope.search) : undefined;
  const sums = await whereLines(
    db
      .selectFrom('detail_program as line')
      .select(['line.funding_source_id', sql<string>`sum(line.total_after_tax)::text`.as('total')])
      .groupBy('line.funding_source_id'),
    scope,
    matches,
  ).execute();
  const named = sums.filter((sum) => sum.funding_source_id !== null);
  if (named.length === 0) return null;
  const sources = await typedDb
    .selectFrom('funding_source')
    .select(['id', 'code'])
    .where(
      'id',
      'in',
      named.map((sum) => sum.funding_source_id as string),
    )
    .orderBy('code')
    .execute();
  const totalOf = (id: string | null) =>
    formatRupiah(sums.find((sum) => sum.funding_source_id === id)?.total ?? '0');
  const parts = sources.map((source) => `${source.code} ${totalOf(source.id)}`);
  if (sums.some((sum) => sum.funding_source_id === null)) {
    parts.push(`${rkaText.noFundingSource} ${totalOf(null)}`);
  }
  return parts.join('; ');
}

export interface RkaExportOptions extends ReportExportOptions {
  /** The date the signature block carries (today in Jakarta unless told). */
  now?: Date;
}

// --- The workbook ----------------------------------------------------------------------------

/**
 * The table's header row: below the title, the year, the header block, the filters (if any) and
 * a blank row.
 */
export const rkaHeaderRowOf = (heading: Heading) =>
  2 + heading.block.length + (heading.filters ? 1 : 0) + 2;

type Style = Partial<ExcelJS.Style>;
const rupiahFormat = '"Rp" #,##0';
const bold = { bold: true };
const thin: Partial<ExcelJS.Border> = { style: 'thin', color: { argb: 'FF999999' } };
const border: Partial<ExcelJS.Borders> = { top: thin, left: thin, bottom: thin, right: thin };
const fill = (argb: string): ExcelJS.Fill => ({
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb },
});
/** Each level's header row a lighter shade, the deeper it is. */
const levelFills: Record<RkaLevel, ExcelJS.Fill> = {
  agency: fill('FFBDD7EE'),
  program: fill('FFD9E1F2'),
  action: fill('FFE2EFDA'),
  sub_action: fill('FFFFF2CC'),
  account: fill('FFF2F2F2'),
  activity: fill('FFF7F7F7'),
  subtitle: fill('FFFBFBFB'),
};
const wrapped: ReadonlySet<number> = new Set([DESCRIPTION_COLUMN, 2, 3]);

/**
 * One style per cell of a kind of row, made once: exceljs caches a style by object identity, and
 * a per-cell copy costs about as much again as writing the row.
 */
function rowStyles({
  font,
  rowFill,
  indent = 0,
  label = false,
}: {
  font?: Partial<ExcelJS.Font>;
  rowFill?: ExcelJS.Fill;
  indent?: number;
  /** A group's or a sum's row: its label runs on over the empty cells beside it. */
  label?: boolean;
}): Style[] {
  return columns.map((_, index) => ({
    border,
    ...(font ? { font } : {}),
    ...(rowFill ? { fill: rowFill } : {}),
    ...(rupiahColumns.has(index) ? { numFmt: rupiahFormat } : {}),
    alignment: {
      vertical: 'top',
      ...(wrapped.has(index) && !label ? { wrapText: true } : {}),
      ...(index === DESCRIPTION_COLUMN && indent > 0 ? { indent } : {}),
    },
  }));
}
const styles = {
  header: columns.map(() => ({
    border,
    font: bold,
    fill: fill('FFD9D9D9'),
    alignment: { vertical: 'middle', horizontal: 'center', wrapText: true },
  })) as Style[],
  group: Object.fromEntries(
    rkaLevels.map((level) => [
      level,
      rowStyles({ font: bold, rowFill: levelFills[level], indent: depthOf[level], label: true }),
    ]),
  ) as Record<RkaLevel, Style[]>,
  line: rowStyles({ indent: rkaLevels.length }),
  subtotal: Object.fromEntries(
    rkaLevels.map((level) => [
      level,
      rowStyles({ font: bold, indent: depthOf[level], label: true }),
    ]),
  ) as Record<RkaLevel, Style[]>,
  total: rowStyles({ font: bold, rowFill: fill('FFBDD7EE'), label: true }),
  title: { font: { bold: true, size: 14 }, alignment: { horizontal: 'center' } } as Style,
  subtitle: { font: { bold: true, size: 12 }, alignment: { horizontal: 'center' } } as Style,
  scope: { alignment: { horizontal: 'center' } } as Style,
  blockLabel: { font: bold, alignment: { vertical: 'top' } } as Style,
  blockValue: { alignment: { vertical: 'top', wrapText: true } } as Style,
  signer: { alignment: { horizontal: 'center' } } as Style,
  signerName: {
    font: { bold: true, underline: true },
    alignment: { horizontal: 'center' },
  } as Style,
};

const columnLetter = (index: number) => String.fromCharCode(65 + index);

/** SUM of cells, nested past the 255 arguments one SUM takes. */
function sumOf(cells: string[]): string {
  if (cells.length <= 255) return `SUM(${cells.join(',')})`;
  const parts: string[] = [];
  for (let start = 0; start < cells.length; start += 255) {
    parts.push(sumOf(cells.slice(start, start + 255)));
  }
  return sumOf(parts);
}

/** A subtotal's cell: the SUM of its rows, with its value as computed (a reader shows it unopened). */
function subtotalCell(
  column: number,
  sum: RowSum | null,
  amount: bigint,
  headerRow: number,
): ExcelJS.CellValue {
  if (!sum) return Number(amount);
  const letter = columnLetter(column);
  const rowOf = (at: number) => headerRow + 1 + at;
  const formula =
    'from' in sum
      ? `SUM(${letter}${rowOf(sum.from)}:${letter}${rowOf(sum.to)})`
      : sumOf(sum.rows.map((at) => `${letter}${rowOf(at)}`));
  // A sum past 2^53 is rounded here as the spreadsheet would round it.
  return { formula, result: Number(amount) };
}

function addRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[], rowStyle: Style[]): void {
  // An empty text is no cell at all, as Excel itself saves it; its style (borders) stays.
  const row = sheet.addRow(values.map((value) => (value === '' ? undefined : value)));
  for (let column = 0; column < columns.length; column++) {
    row.getCell(column + 1).style = rowStyle[column]!;
  }
  row.commit();
}

/** The cells of a subtotal or total row: its label, and a SUM in each amount column. */
function totalCells(
  label: string,
  amounts: Amounts,
  sum: RowSum | null,
  headerRow: number,
): ExcelJS.CellValue[] {
  return columns.map((column, index) => {
    if (index === DESCRIPTION_COLUMN) return label;
    return column.amount ? subtotalCell(index, sum, amounts[column.amount], headerRow) : undefined;
  });
}

function addMergedRow(sheet: ExcelJS.Worksheet, text: string, style: Style, from = 1): void {
  const row = sheet.addRow([]);
  if (text !== '') row.getCell(from).value = text;
  sheet.mergeCells(row.number, from, row.number, columns.length);
  row.getCell(from).style = style;
  row.commit();
}

/**
 * How both RKA files begin: the stop their writing answers to (`signal` aborted or `output`
 * closed early), and the heading and lines of `scope` read under it (the stop is let go when
 * that read fails).
 */
async function rkaForFile(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  output: Writable,
  options: { chunk: number; shortStatements: boolean; signal: AbortSignal; now: Date },
): Promise<{ stopped: ReturnType<typeof stopper> } & Awaited<ReturnType<typeof rkaOf>>> {
  const { chunk, shortStatements, signal, now } = options;
  const stopped = stopper(signal, output);
  try {
    return {
      stopped,
      ...(await rkaOf(typedDb, scope, { chunk, shortStatements }, stopped.signal, now)),
    };
  } catch (error) {
    stopped.finish();
    throw error;
  }
}

/**
 * Writes the RKA workbook of `scope` into `output`: A4 landscape, fitted to the page width,
 * the header row on every printed page, subtotals as SUM formulas (with their values, so a
 * reader that does not compute shows them too). Resolves when the workbook is whole, or as soon
 * as `signal` aborts or `output` closes early.
 */
export async function writeRkaWorkbook(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  output: Writable,
  {
    chunkLines = CHUNK_LINES,
    shortStatements = true,
    signal = new AbortController().signal,
    now = new Date(),
  }: RkaExportOptions = {},
): Promise<void> {
  const { stopped, heading, chunks } = await rkaForFile(typedDb, scope, output, {
    chunk: chunkLines,
    shortStatements,
    signal,
    now,
  });
  const headerRow = rkaHeaderRowOf(heading);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(rkaText.name(scope.year), {
    views: [{ state: 'frozen', ySplit: headerRow }],
    pageSetup: {
      paperSize: 9, // A4
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: rkaText.workbookFooter },
  });
  try {
    sheet.columns = columns.map((column) => ({ width: column.width }));
    const [title, year] = heading.lines;
    addMergedRow(sheet, title, styles.title);
    addMergedRow(sheet, year, styles.subtitle);
    for (const { label, value } of heading.block) {
      const row = sheet.addRow([label, `: ${value}`]);
      sheet.mergeCells(row.number, 2, row.number, columns.length);
      row.getCell(1).style = styles.blockLabel;
      row.getCell(2).style = styles.blockValue;
      row.commit();
    }
    if (heading.filters) addMergedRow(sheet, heading.filters, styles.scope);
    sheet.addRow([]).commit();
    addRow(
      sheet,
      columns.map((column) => column.header),
      styles.header,
    );

    let written = 0;
    const turn = turns();
    for await (const rows of chunks) {
      for (const row of rows) {
        switch (row.kind) {
          case 'group':
            addRow(sheet, [row.code ?? '', row.name], styles.group[row.level]);
            break;
          case 'line':
            addRow(sheet, lineCells(row.line), styles.line);
            break;
          case 'subtotal':
            addRow(
              sheet,
              totalCells(rkaText.subtotal(row.name), row.amounts, row.sum, headerRow),
              styles.subtotal[row.level],
            );
            break;
          case 'total':
            addRow(
              sheet,
              totalCells(grandTotalLabel, row.amounts, row.sum, headerRow),
              styles.total,
            );
            break;
        }
        // Writing a row is synchronous work: other requests get their turn every BUSY_MS,
        // not only between statements. The sheet's XML waits for the compressor no longer
        // than a small group of rows either: held longer, it outlives the young generation
        // and the heap grows by what the report writes.
        written += 1;
        if (turn.due() || written % ROWS_BETWEEN_YIELDS === 0) {
          await turn.pause();
          await whileQueued(sheet, stopped.signal);
        }
      }
    }
    if (stopped.signal.aborted) return;

    // The signature block, under the last three columns.
    const signerColumn = columns.length - 2;
    sheet.addRow([]).commit();
    const { placeAndDate, position, name, nip } = heading.signer;
    addMergedRow(sheet, placeAndDate, styles.signer, signerColumn);
    addMergedRow(sheet, position, styles.signer, signerColumn);
    for (let blank = 0; blank < 3; blank++) sheet.addRow([]).commit();
    addMergedRow(sheet, name, styles.signerName, signerColumn);
    addMergedRow(sheet, nip, styles.signer, signerColumn);
    sheet.commit();
    await Promise.race([workbook.commit(), whenAborted(stopped.signal)]);
  } finally {
    stopped.finish();
  }
}

const rkaPdfLayout = {
  size: 'A4',
  columns,
  amountColumns: rupiahColumns,
} as const;
/** A group's or a sum's label runs from Uraian over the empty cells up to Harga. */
const LABEL_SPAN = PRICE_COLUMN - DESCRIPTION_COLUMN + 1;

/**
 * Writes the RKA of `scope` as a PDF into `output`: A4 landscape, the header row on every page,
 * pages numbered, the grand total and the signature block together on the last page. Resolves
 * when the PDF is whole, or as soon as `signal` aborts or `output` closes early.
 */
export async function writeRkaPdf(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  output: Writable,
  {
    chunkLines = PDF_CHUNK_LINES,
    shortStatements = true,
    signal = new AbortController().signal,
    now = new Date(),
  }: RkaExportOptions = {},
): Promise<void> {
  const { stopped, heading, chunks } = await rkaForFile(typedDb, scope, output, {
    chunk: chunkLines,
    shortStatements,
    signal,
    now,
  });
  const pdf = new PdfWriter(output, rkaPdfLayout, {
    title: `${rkaText.title} ${scope.year}`,
    footer: rkaText.name(scope.year),
  });
  try {
    pdf.newPage();
    pdf.title(heading.lines);
    pdf.headerBlock(heading.block);
    if (heading.filters) pdf.title(['', '', heading.filters]);
    pdf.header();
    const turn = turns();
    for await (const rows of chunks) {
      for (const row of rows) {
        switch (row.kind) {
          case 'group':
            pdf.row([row.code ?? '', row.name], {
              face: pdf.bold,
              gray: 0.97 - 0.03 * (rkaLevels.length - depthOf[row.level]),
              indent: depthOf[row.level],
              keepLines: 1,
              span: LABEL_SPAN,
            });
            break;
          case 'line':
            pdf.row(lineCells(row.line), { indent: rkaLevels.length });
            break;
          case 'subtotal':
            pdf.row(pdfTotalCells(rkaText.subtotal(row.name), row.amounts), {
              face: pdf.bold,
              indent: depthOf[row.level],
              span: LABEL_SPAN,
            });
            break;
          case 'total':
            // The grand total and the signature share the last page.
            pdf.closing(pdfTotalCells(grandTotalLabel, row.amounts), heading.signer, LABEL_SPAN);
            break;
        }
        // Laying out a row is synchronous work: others get their turn every BUSY_MS.
        if (turn.due()) {
          await turn.pause();
          while (!stopped.signal.aborted && pdf.queued > MAX_QUEUED_PDF_BYTES) {
            await sleep(5, undefined, { signal: stopped.signal }).catch(() => undefined);
          }
        }
      }
    }
    if (stopped.signal.aborted) return;
    const ended = new Promise((resolve, reject) => {
      pdf.doc.once('end', resolve);
      pdf.doc.once('error', reject);
    });
    pdf.doc.end();
    await Promise.race([ended, whenAborted(stopped.signal)]);
  } finally {
    stopped.finish();
  }
}

/** A subtotal's cells in the PDF: its label and the three sums, exact at any size. */
function pdfTotalCells(label: string, amounts: Amounts): string[] {
  return columns.map((column, index) => {
    if (index === DESCRIPTION_COLUMN) return label;
    return column.amount ? formatNumberId(amounts[column.amount]) : '';
  });
}

/** The RKA in a format: the workbook or the PDF. */
export const writeRka = { xlsx: writeRkaWorkbook, pdf: writeRkaPdf } as const;
