import { writeFile } from 'node:fs/promises';
import {
  AccountCode,
  ApiError,
  CASH_PLAN_MONTHS,
  type CashPlanImportResult,
  cashPlanSheetColumns,
  cellOf,
  csvCell,
  type FundingGroup,
  type FundingSourceImportResult,
  FundingSourceInput,
  fieldIssuesOf,
  findSheetHeader,
  formatRupiah,
  fundingGroups,
  HIERARCHY_IMPORT_MAX_ROWS,
  headerKey,
  messagesId,
  type PaguImportResult,
  type PriceItemFields,
  type PriceItemImportResult,
  type PriceItemKind,
  parseNumberInput,
  priceItemKinds,
  readSp2dSheet,
  requiredNames,
  rowsBelow,
  type SheetColumns,
  type SheetHeader,
  SP2D_IMPORT_MAX_ROWS,
  type Sp2dImportResult,
  type Sp2dSheetProblem,
  sp2dColumns,
  splitAccountCodes,
} from '@ranwal/core';
import { defaultBudgetYear } from '../../budget-year.js';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { formatCount } from '../../output.js';
import type { CsvSeparator } from '../export/csv.js';
import { type ExportFormat, formatOf, replaceWhole } from '../export/files.js';
import { describePlace, type SheetRow } from '../import/columns.js';
import { type CsvEncoding, readSheet } from '../import/read.js';

export interface PlanningImportOptions extends ConnectionOptions {
  file: string;
  /** The budget year the sheet is for; unless told, the server's default (`defaultBudgetYear`). */
  year?: string | undefined;
  dryRun?: boolean;
  encoding?: CsvEncoding | undefined;
  /** Catalogues: the kind of rows that do not say (SSH unless told). */
  kind?: string | undefined;
  signal?: AbortSignal;
  onNote?: (text: string) => void;
}

type Columns<F extends string> = SheetColumns<F>;

const catalogueColumns: Columns<
  'code' | 'name' | 'specification' | 'unit' | 'price' | 'account_codes' | 'kind'
> = {
  code: {
    names: ['kode', 'kode barang', 'kode komponen', 'kode ssh', 'kode item', 'kode standar'],
    required: true,
  },
  name: {
    names: [
      'uraian',
      'uraian barang',
      'uraian komponen',
      'nama barang',
      'nama komponen',
      'nama item',
      'nama',
    ],
    required: true,
  },
  specification: {
    names: ['spesifikasi', 'spesifikasi barang', 'spek', 'spesifikasi teknis'],
    required: false,
  },
  unit: { names: ['satuan'], required: true },
  price: {
    names: ['harga', 'harga satuan', 'harga satuan rp', 'harga rp', 'harga satuan tertinggi'],
    required: true,
  },
  account_codes: {
    names: ['kode rekening', 'rekening', 'kode akun', 'akun belanja', 'kode rekening belanja'],
    required: false,
  },
  kind: { names: ['kelompok', 'jenis', 'jenis standar'], required: false },
};

const paguColumns: Columns<'agency_code' | 'agency' | 'sub_action_code' | 'amount'> = {
  agency_code: {
    names: ['kode skpd', 'kode opd', 'kode perangkat daerah', 'kode unit'],
    required: false,
  },
  agency: {
    names: ['skpd', 'nama skpd', 'opd', 'perangkat daerah', 'nama perangkat daerah'],
    required: false,
  },
  sub_action_code: { names: ['kode sub kegiatan', 'kode subkegiatan'], required: true },
  amount: {
    names: ['pagu', 'pagu indikatif', 'pagu anggaran', 'nilai pagu', 'pagu (rp)'],
    required: true,
  },
};

const fundingSourceColumns: Columns<'code' | 'name' | 'group' | 'active_from' | 'active_to'> = {
  code: { names: ['kode', 'kode sumber dana'], required: true },
  name: { names: ['nama', 'nama sumber dana', 'sumber dana', 'uraian'], required: true },
  group: { names: ['kelompok', 'kelompok sumber dana', 'jenis'], required: true },
  active_from: {
    names: ['berlaku mulai', 'tahun mulai', 'mulai berlaku', 'aktif dari'],
    required: false,
  },
  active_to: {
    names: ['berlaku sampai', 'tahun akhir', 'berlaku hingga', 'aktif sampai'],
    required: false,
  },
};

/**
 * A kelompok as sheets write it: the catalogue's name ('Pendapatan Transfer'), its short form
 * ('PAD', 'Transfer', 'Lain-lain', 'Pembiayaan'), or the API's own ('transfer').
 */
function fundingGroupOf(text: string): FundingGroup | undefined {
  if (text === '') return undefined;
  const key = headerKey(text);
  const names: Record<FundingGroup, string[]> = {
    pad: ['pad', 'pendapatan asli daerah'],
    transfer: ['transfer', 'pendapatan transfer', 'dana transfer'],
    other: ['other', 'lain lain', 'lain-lain', 'lain lain pendapatan daerah yang sah'],
    financing: ['financing', 'pembiayaan', 'penerimaan pembiayaan'],
  };
  return fundingGroups.find(
    (group) =>
      headerKey(messagesId.funding.groups[group]) === key ||
      names[group].some((name) => headerKey(name) === key),
  );
}

/** The header row (within the first rows: sheets have titles above) and each column's position. */
function findHeader<F extends string>(rows: SheetRow[], columns: Columns<F>): SheetHeader<F> {
  const header = findSheetHeader(rows, columns);
  if (header) return header;
  throw noHeader(columns);
}

const noHeader = <F extends string>(columns: Columns<F>) =>
  new CliError(
    'invalid_data',
    cliText().failures.noHeaderColumns(
      requiredNames(columns)
        .map((name) => `"${name}"`)
        .join(', '),
    ),
  );

/** A rupiah amount as sheets write it ('Rp 55.000', '55.000', 55000). */
function amountOf(text: string, row: SheetRow, column: string): number {
  const parsed = parseNumberInput(text, { decimals: 0 });
  if (!parsed.ok) {
    throw new CliError(
      'invalid_data',
      `${describePlace(row)}, ${column}: "${text}" ${messagesId.numberInput[parsed.problem]}`,
    );
  }
  return parsed.value;
}

async function readRows<F extends string>(options: PlanningImportOptions, columns: Columns<F>) {
  const sheet = await readSheet(options.file, options.encoding);
  if (sheet.encoding) options.onNote?.(cliText().import.readingAs(options.file, sheet.encoding));
  const header = findHeader(sheet.rows, columns);
  const cell = (row: SheetRow, field: F) => cellOf(header, row, field);
  return { rows: rowsBelow(sheet.rows, header), cell };
}

/** A sheet the server refused row by row: its messages name each row by its number already. */
async function rowsNamedByServer<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const issues = error instanceof ApiError ? (error.issues ?? []) : [];
    if (issues.length > 0) {
      throw new CliError('invalid_data', issues.map((issue) => issue.message).join('\n'));
    }
    throw error;
  }
}

function yearOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const year = Number(text);
  if (!/^\d{4}$/.test(text) || year < 2000 || year > 2100) {
    throw new CliError('usage', cliText().failures.budgetYear(text));
  }
  return year;
}

export interface CatalogueReport {
  file: string;
  year: number;
  dryRun: boolean;
  items: number;
  result: PriceItemImportResult;
}

/**
 * Loads a year's standard price catalogue (SSH/SBU/HSPK/ASB) from the sheet a region publishes:
 * kode, uraian, spesifikasi, satuan, harga, and the kode rekening it may be used under (several
 * in one cell, separated by commas, semicolons or line breaks). Every row is checked before
 * anything is sent; a bad row stops the load, naming its row.
 */
export async function importCatalogue(options: PlanningImportOptions): Promise<CatalogueReport> {
  const given = yearOf(options.year);
  const fallbackKind = (options.kind ?? 'SSH').toUpperCase();
  if (!priceItemKinds.includes(fallbackKind as PriceItemKind)) {
    throw new CliError(
      'usage',
      cliText().failures.mustBeOneOf('--kind', priceItemKinds.join(', ')),
    );
  }
  const { rows, cell } = await readRows(options, catalogueColumns);
  const items: PriceItemFields[] = [];
  for (const row of rows) {
    const code = cell(row, 'code');
    const name = cell(row, 'name');
    // Group headings between items (a kelompok's title) have no price and no unit.
    if (cell(row, 'price') === '' && cell(row, 'unit') === '') continue;
    for (const [field, value] of [
      ['Kode', code],
      ['Uraian', name],
      ['Satuan', cell(row, 'unit')],
    ] as const) {
      if (value === '')
        throw new CliError(
          'invalid_data',
          `${describePlace(row)}, ${field}: ${cliText().import.empty}`,
        );
    }
    const accountCodes = splitAccountCodes(cell(row, 'account_codes'));
    for (const accountCode of accountCodes) {
      if (!AccountCode.safeParse(accountCode).success) {
        throw new CliError(
          'invalid_data',
          `${describePlace(row)}, Kode Rekening: ${cliText().failures.notKodeRekening(accountCode)}`,
        );
      }
    }
    const kind = (cell(row, 'kind') || fallbackKind).toUpperCase();
    if (!priceItemKinds.includes(kind as PriceItemKind)) {
      throw new CliError(
        'invalid_data',
        `${describePlace(row)}, Kelompok: ${cliText().failures.kindNone(kind, priceItemKinds.join(', '))}`,
      );
    }
    items.push({
      kind: kind as PriceItemKind,
      code,
      name,
      specification: cell(row, 'specification'),
      unit: cell(row, 'unit'),
      price: amountOf(cell(row, 'price'), row, 'Harga'),
      account_codes: accountCodes,
    });
  }
  if (items.length === 0) {
    throw new CliError('invalid_data', cliText().failures.noPricedItem(options.file));
  }
  const { client } = await connect(options);
  const year = given ?? (await defaultBudgetYear(client));
  const dryRun = options.dryRun ?? false;
  const result: PriceItemImportResult = { dry_run: dryRun, created: 0, changed: 0, unchanged: 0 };
  for (let start = 0; start < items.length; start += HIERARCHY_IMPORT_MAX_ROWS) {
    options.signal?.throwIfAborted();
    const { data } = await calling(cliText().doing.loadCatalogue, () =>
      client.priceItem.import(
        { year, items: items.slice(start, start + HIERARCHY_IMPORT_MAX_ROWS), dry_run: dryRun },
        options.signal ? { signal: options.signal } : {},
      ),
    );
    result.created += data.created;
    result.changed += data.changed;
    result.unchanged += data.unchanged;
  }
  return { file: options.file, year, dryRun, items: items.length, result };
}

export interface PaguReport {
  file: string;
  year: number;
  dryRun: boolean;
  rows: number;
  result: PaguImportResult;
}

/**
 * Sets the pagu of many sub kegiatan from a sheet: each row's Kode Sub Kegiatan (within its
 * Perangkat Daerah when the sheet names one) and its pagu. The server finds every sub kegiatan
 * before setting any: a code it cannot find, or finds in several Perangkat Daerah, stops the
 * whole sheet, naming its row.
 */
export async function importPagu(options: PlanningImportOptions): Promise<PaguReport> {
  const given = yearOf(options.year);
  const { rows, cell } = await readRows(options, paguColumns);
  const entries = rows.map((row) => {
    const code = cell(row, 'sub_action_code');
    if (code === '') {
      throw new CliError(
        'invalid_data',
        `${describePlace(row)}, Kode Sub Kegiatan: ${cliText().import.empty}`,
      );
    }
    const agencyCode = cell(row, 'agency_code');
    const agency = cell(row, 'agency');
    return {
      row,
      body: {
        sub_action_code: code,
        amount: amountOf(cell(row, 'amount'), row, 'Pagu'),
        ...(agencyCode ? { agency_code: agencyCode } : {}),
        ...(agency ? { agency } : {}),
      },
    };
  });
  if (entries.length === 0) {
    throw new CliError('invalid_data', cliText().failures.noPaguRow(options.file));
  }
  if (entries.length > HIERARCHY_IMPORT_MAX_ROWS) {
    throw new CliError(
      'invalid_data',
      cliText().failures.atMostRows(formatCount(HIERARCHY_IMPORT_MAX_ROWS)),
    );
  }
  const { client } = await connect(options);
  const year = given ?? (await defaultBudgetYear(client));
  const dryRun = options.dryRun ?? false;
  const { data } = await calling(cliText().doing.setPagu, async () => {
    try {
      return await client.pagu.import(
        { year, rows: entries.map((entry) => entry.body), dry_run: dryRun },
        options.signal ? { signal: options.signal } : {},
      );
    } catch (error) {
      // The server names rows by their place in the call: say which spreadsheet rows they are.
      const issues = error instanceof ApiError ? (error.issues ?? []) : [];
      const rowIssues = issues.flatMap((issue) => {
        const position = /^rows\.(\d+)\./.exec(issue.path)?.[1];
        const entry = position === undefined ? undefined : entries[Number(position)];
        return entry ? [`${describePlace(entry.row)}: ${issue.message}`] : [];
      });
      if (rowIssues.length > 0) throw new CliError('invalid_data', rowIssues.join('\n'));
      throw error;
    }
  });
  return { file: options.file, year, dryRun, rows: entries.length, result: data };
}

export interface FundingSourceReport {
  file: string;
  rows: number;
  result: FundingSourceImportResult;
}

/**
 * Loads the region's list of sumber dana from a sheet: kode, nama, kelompok and, when given, the
 * years it is in use. Sources are matched by kode: new ones added, changed ones updated. Every
 * row is checked before anything is sent; a bad row stops the load, naming its row.
 */
export async function importFundingSources(
  options: Omit<PlanningImportOptions, 'year' | 'kind' | 'dryRun'>,
): Promise<FundingSourceReport> {
  const { rows, cell } = await readRows(options, fundingSourceColumns);
  const yearIn = (row: SheetRow, field: 'active_from' | 'active_to') => {
    const text = cell(row, field);
    return text === '' ? null : /^\d+$/.test(text) ? Number(text) : text;
  };
  const entries = rows.map((row) => {
    const groupText = cell(row, 'group');
    const group = fundingGroupOf(groupText);
    if (!group) {
      const groups = fundingGroups.map((key) => messagesId.funding.groups[key]).join(', ');
      throw new CliError(
        'invalid_data',
        `${describePlace(row)}, Kelompok: ${cliText().failures.kindNone(groupText, groups)}`,
      );
    }
    const input = {
      code: cell(row, 'code'),
      name: cell(row, 'name'),
      funding_group: group,
      active_from: yearIn(row, 'active_from'),
      active_to: yearIn(row, 'active_to'),
    };
    const parsed = FundingSourceInput.safeParse(input);
    if (!parsed.success) {
      const problems = fieldIssuesOf(parsed.error).map(
        (issue) => `${describePlace(row)}, ${issue.path}: ${issue.message}`,
      );
      throw new CliError('invalid_data', problems.join('\n'));
    }
    return parsed.data;
  });
  if (entries.length === 0) {
    throw new CliError('invalid_data', cliText().failures.noFundingSourceRow(options.file));
  }
  const { client } = await connect(options);
  const { data } = await calling(cliText().doing.loadFundingSources, () =>
    client.fundingSource.import(
      { rows: entries },
      options.signal ? { signal: options.signal } : {},
    ),
  );
  return { file: options.file, rows: entries.length, result: data };
}

export function fundingSourceSummary(report: FundingSourceReport): string {
  const { created, updated, unchanged } = report.result;
  const text = cliText().planning;
  const counts = text.counts(formatCount(created), formatCount(updated), formatCount(unchanged));
  return text.fundingSources(formatCount(report.rows), report.file, counts);
}

export function catalogueSummary(report: CatalogueReport): string {
  const { created, changed, unchanged } = report.result;
  const text = cliText().planning;
  const verb = report.dryRun ? text.dryRunRead : text.catalogueLoaded;
  const counts = text.counts(formatCount(created), formatCount(changed), formatCount(unchanged));
  return text.catalogue(verb, formatCount(report.items), report.year, report.file, counts);
}

export function paguSummary(report: PaguReport): string {
  const { created, changed, unchanged } = report.result;
  const text = cliText().planning;
  const verb = report.dryRun ? text.dryRunRead : text.paguSet;
  const counts = text.counts(formatCount(created), formatCount(changed), formatCount(unchanged));
  return text.pagu(verb, formatCount(report.rows), report.year, report.file, counts);
}

type CashPlanField = 'sub_action_code' | 'account_code' | `month_${number}`;
const monthFields = Array.from(
  { length: CASH_PLAN_MONTHS },
  (_, index) => `month_${index + 1}` as CashPlanField,
);

/** The SIPD layout: its own column names first, the names people write them with after. */
const cashPlanColumns = {
  sub_action_code: {
    names: [cashPlanSheetColumns[0], 'kode sub kegiatan', 'kode subkegiatan'],
    required: true,
  },
  account_code: { names: [cashPlanSheetColumns[1], 'kode rekening', 'kode akun'], required: true },
  ...Object.fromEntries(
    monthFields.map((field, index) => [
      field,
      { names: [cashPlanSheetColumns[index + 2]!, `bulan ${index + 1}`], required: true },
    ]),
  ),
} as Columns<CashPlanField>;

export interface CashPlanReport {
  file: string;
  year: number;
  dryRun: boolean;
  rows: number;
  result: CashPlanImportResult;
}

/**
 * Loads a year's Anggaran Kas from the SIPD layout (one row per sub kegiatan × kode rekening,
 * bulan_1..bulan_12). Every cell is read before anything is sent, and the server checks every
 * row before writing any (one transaction): a bad row stops the sheet, naming its row. Each sub
 * kegiatan in the sheet gets exactly its rows; loading the same sheet again changes nothing.
 */
export async function importCashPlan(options: PlanningImportOptions): Promise<CashPlanReport> {
  const given = yearOf(options.year);
  const { rows, cell } = await readRows(options, cashPlanColumns);
  const entries = rows.map((row) => {
    for (const [field, label] of [
      ['sub_action_code', cashPlanSheetColumns[0]],
      ['account_code', cashPlanSheetColumns[1]],
    ] as const) {
      if (cell(row, field) === '') {
        throw new CliError(
          'invalid_data',
          `${describePlace(row)}, ${label}: ${cliText().import.empty}`,
        );
      }
    }
    return {
      row: row.row,
      sub_action_code: cell(row, 'sub_action_code'),
      account_code: cell(row, 'account_code'),
      months: monthFields.map((field, index) =>
        amountOf(cell(row, field) || '0', row, cashPlanSheetColumns[index + 2]!),
      ),
    };
  });
  if (entries.length === 0) {
    throw new CliError('invalid_data', cliText().failures.noCashPlanRow(options.file));
  }
  if (entries.length > HIERARCHY_IMPORT_MAX_ROWS) {
    throw new CliError(
      'invalid_data',
      cliText().failures.atMostRows(formatCount(HIERARCHY_IMPORT_MAX_ROWS)),
    );
  }
  const { client } = await connect(options);
  const year = given ?? (await defaultBudgetYear(client));
  const dryRun = options.dryRun ?? false;
  const { data } = await calling(cliText().doing.setCashPlan, () =>
    rowsNamedByServer(() =>
      client.cashPlan.import(
        { year, rows: entries, dry_run: dryRun },
        options.signal ? { signal: options.signal } : {},
      ),
    ),
  );
  return { file: options.file, year, dryRun, rows: entries.length, result: data };
}

export function cashPlanSummary(report: CashPlanReport): string {
  const { created, changed, unchanged, removed } = report.result;
  const text = cliText().planning;
  const verb = report.dryRun ? text.dryRunRead : text.paguSet;
  const counts =
    text.counts(formatCount(created), formatCount(changed), formatCount(unchanged)) +
    (removed > 0 ? text.cashPlanRemoved(formatCount(removed)) : '');
  return text.cashPlan(verb, formatCount(report.rows), report.year, report.file, counts);
}

export interface CashPlanExportOptions extends ConnectionOptions {
  out: string;
  year?: string | undefined;
  format?: ExportFormat | undefined;
  separator?: CsvSeparator | undefined;
  signal?: AbortSignal;
}

export interface CashPlanExportResult {
  file: string;
  format: ExportFormat;
  year: number;
  rows: number;
}

/** Writes a year's Anggaran Kas in the SIPD layout, CSV or XLSX, as the import reads it back. */
export async function exportCashPlan(
  options: CashPlanExportOptions,
): Promise<CashPlanExportResult> {
  const format = formatOf(options.out, options.format);
  const given = yearOf(options.year);
  const { client } = await connect(options);
  const year = given ?? (await defaultBudgetYear(client));
  const { data } = await calling(cliText().doing.readCashPlan, () =>
    client.cashPlan.export({ year }, options.signal ? { signal: options.signal } : {}),
  );
  const header = [...cashPlanSheetColumns];
  const file = await replaceWhole(options.out, options.signal, async (partial) => {
    if (format === 'csv') {
      const separator = options.separator ?? 'comma';
      const mark = separator === 'semicolon' ? ';' : ',';
      const lines = [
        header.map((name) => csvCell(name, mark)).join(mark),
        ...data.map((row) =>
          [csvCell(row.sub_action_code, mark), csvCell(row.account_code, mark), ...row.months].join(
            mark,
          ),
        ),
      ];
      await writeFile(
        partial,
        `${separator === 'semicolon' ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`,
      );
      return;
    }
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: partial });
    const sheet = workbook.addWorksheet('Anggaran Kas', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    // Codes as text (5.10 stays 5.10); amounts as numbers (whole rupiah, exact below 2^53).
    sheet.columns = header.map((name, index) => ({
      key: name,
      width: index < 2 ? 24 : 14,
      ...(index < 2 ? { style: { numFmt: '@' } } : {}),
    }));
    sheet.addRow(header).commit();
    for (const row of data) {
      sheet.addRow([row.sub_action_code, row.account_code, ...row.months.map(Number)]).commit();
    }
    await workbook.commit();
  });
  return { file, format, year, rows: data.length };
}

export function cashPlanExportSummary(result: CashPlanExportResult): string {
  return cliText().planning.cashPlanSaved(
    formatCount(result.rows),
    result.year,
    result.file,
    result.format,
  );
}

/** Why an SP2D cell cannot be read, in the CLI's words. */
function sp2dProblemText({ problem, text }: Sp2dSheetProblem<SheetRow>): string {
  if (problem === 'empty') return cliText().import.empty;
  if (problem === 'notADate') return cliText().failures.notADate(text);
  return `"${text}" ${messagesId.numberInput[problem]}`;
}

export interface Sp2dReport {
  file: string;
  year: number;
  dryRun: boolean;
  rows: number;
  result: Sp2dImportResult;
}

/**
 * Loads a year's paid orders (SP2D) from the finance system's export. Every cell is read before
 * anything is sent, and the server checks every row before writing any (one transaction): a bad
 * row stops the sheet, naming its row. Each SP2D number in the sheet replaces what was stored
 * under it: loading the same sheet again changes nothing.
 */
export async function importSp2d(options: PlanningImportOptions): Promise<Sp2dReport> {
  const given = yearOf(options.year);
  const sheet = await readSheet(options.file, options.encoding);
  if (sheet.encoding) options.onNote?.(cliText().import.readingAs(options.file, sheet.encoding));
  const read = readSp2dSheet(sheet.rows);
  if (!read) throw noHeader(sp2dColumns);
  const first = read.problems[0];
  if (first) {
    throw new CliError(
      'invalid_data',
      `${describePlace(first.row)}, ${first.column}: ${sp2dProblemText(first)}`,
    );
  }
  const entries = read.rows;
  if (entries.length === 0) {
    throw new CliError('invalid_data', cliText().failures.noSp2dRow(options.file));
  }
  if (entries.length > SP2D_IMPORT_MAX_ROWS) {
    throw new CliError(
      'invalid_data',
      cliText().failures.atMostRows(formatCount(SP2D_IMPORT_MAX_ROWS)),
    );
  }
  const { client } = await connect(options);
  const year = given ?? (await defaultBudgetYear(client));
  const dryRun = options.dryRun ?? false;
  const { data } = await calling(cliText().doing.loadSp2d, () =>
    rowsNamedByServer(() =>
      client.realisation.import(
        { year, rows: entries, dry_run: dryRun },
        options.signal ? { signal: options.signal } : {},
      ),
    ),
  );
  return { file: options.file, year, dryRun, rows: entries.length, result: data };
}

export function sp2dSummary(report: Sp2dReport): string {
  const { created, changed, unchanged, overruns } = report.result;
  const text = cliText().planning;
  const verb = report.dryRun ? text.dryRunRead : text.sp2dLoaded;
  const counts = text.counts(formatCount(created), formatCount(changed), formatCount(unchanged));
  const lines = [
    text.sp2d(
      verb,
      formatCount(report.result.sp2d),
      formatCount(report.rows),
      report.year,
      report.file,
      counts,
    ),
  ];
  if (overruns.length > 0) {
    lines.push(text.sp2dOverruns(formatCount(overruns.length)));
    for (const over of overruns) {
      lines.push(
        text.sp2dOverrun(
          over.sub_action_code ?? '-',
          over.account_code,
          formatRupiah(over.realised),
          formatRupiah(over.lines_total),
        ),
      );
    }
  }
  return lines.join('\n');
}
