import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  Id,
  importNameKey,
  messagesEn,
  messagesId,
  monthName,
  quarterNumeral,
  type RanwalClient,
  type ReportLayout,
  ReportMonth,
  ReportQuarter,
  ReportYear,
  reportLayouts,
} from '@ranwal/core';
import { defaultBudgetYear } from '../../budget-year.js';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText, language } from '../../lang.js';
import { formatBytes, formatCount, type ProgressListener } from '../../output.js';
import { type CsvSeparator, workbookToCsv } from './csv.js';
import { type ExportFormat, exportFormats, formatOf, replaceWhole } from './files.js';

export type { ReportLayout } from '@ranwal/core';
export { reportLayouts } from '@ranwal/core';
export type { CsvSeparator } from './csv.js';
export { csvSeparators } from './csv.js';
export { type ExportFormat, exportFormats, formatOf } from './files.js';
export {
  exportHierarchy,
  type HierarchyExportOptions,
  type HierarchyExportResult,
  hierarchyExportSummary,
} from './hierarchy.js';

export interface ExportOptions extends ConnectionOptions {
  /** Unless told, the server's default year: the year whose stage is running, else this year. */
  year?: number | string | undefined;
  /** Where to write; written whole or not at all (through a temporary file beside it). */
  out: string;
  /** Else from the file name: `.csv` means csv, `.pdf` pdf, anything else xlsx. */
  format?: ExportFormat | undefined;
  /**
   * `flat`: one row per line, the spec's sheet (xlsx or csv). `rka`: the RKA, grouped with
   * subtotals and a signature block (xlsx or pdf). Unless told: `rka` for a pdf, else `flat`.
   */
  layout?: ReportLayout | undefined;
  separator?: CsvSeparator | undefined;
  /** A Perangkat Daerah's code, name or id: its lines, signed by its signer. */
  agency?: string | undefined;
  /** A programme's name or id. */
  program?: string | undefined;
  /** A supporter's (Pengampu) name or id. */
  supporter?: string | undefined;
  /** Only this user's lines: their email or id (an admin's filter). */
  user?: string | undefined;
  /** Only lines the list's search finds (component, specification, programme, account). */
  search?: string | undefined;
  signal?: AbortSignal;
  /** Bytes downloaded so far. */
  onProgress?: ProgressListener;
}

export interface ExportResult {
  file: string;
  format: ExportFormat;
  layout: ReportLayout;
  year: number;
  agency: NamedRecord | null;
  program: NamedRecord | null;
  supporter: NamedRecord | null;
  user: NamedRecord | null;
  search: string | null;
  bytes: number;
  /** CSV only: rows written, the header included. */
  rows?: number;
}

interface NamedRecord {
  id: string;
  name: string | null;
}

type Filterable = 'agency' | 'program' | 'supporter';

/** A Perangkat Daerah, programme or supporter by id, its code, or its name (case and spacing aside). */
async function findRecord(
  client: RanwalClient,
  level: Filterable,
  text: string,
): Promise<NamedRecord> {
  if (Id.safeParse(text).success) return { id: text, name: null };
  const failures = cliText().failures;
  const noun = failures.nouns[level];
  const { data } = await calling(cliText().doing.lookUp(noun, text), () =>
    client[level].list({ search: text, limit: 100 }),
  );
  const matches = data.filter(
    (record) =>
      importNameKey(record.name) === importNameKey(text) ||
      ('code' in record && record.code !== null && record.code === text.trim()),
  );
  if (matches.length === 1) return { id: matches[0]!.id, name: matches[0]!.name };
  if (matches.length > 1) {
    throw new CliError(
      'usage',
      failures.severalNamed(
        String(matches.length),
        noun,
        text,
        matches.map((m) => m.id).join(', '),
      ),
    );
  }
  const near = data.slice(0, 5).map((record) => `"${record.name}"`);
  throw new CliError('usage', failures.noneNamed(noun, text, near.join(', ')));
}

/** A user by id, or by their email (case aside). */
async function findUser(client: RanwalClient, text: string): Promise<NamedRecord> {
  if (Id.safeParse(text).success) return { id: text, name: null };
  const { data } = await calling(cliText().doing.lookUpUser(text), () =>
    client.user.list({ search: text, limit: 100 }),
  );
  const found = data.find((user) => user.email.toLowerCase() === text.trim().toLowerCase());
  if (!found) throw new CliError('usage', cliText().failures.noUserEmail(text));
  return { id: found.id, name: found.name };
}

/** The layout a report is made in, checked against its format before the server is called. */
function layoutOf(format: ExportFormat, layout: ReportLayout | undefined): ReportLayout {
  if (layout !== undefined && !reportLayouts.includes(layout)) {
    throw new CliError(
      'usage',
      cliText().failures.mustBeOneOf('--layout', reportLayouts.join(', ')),
    );
  }
  const chosen = layout ?? (format === 'pdf' ? 'rka' : 'flat');
  if (format === 'pdf' && chosen !== 'rka') {
    throw new CliError('usage', cliText().failures.pdfIsRka);
  }
  if (format === 'csv' && chosen !== 'flat') {
    throw new CliError('usage', cliText().failures.csvIsFlat);
  }
  return chosen;
}

/**
 * Downloads the report the server builds for 'Download Laporan' (a signed link, streamed to
 * disk): the flat workbook (optionally as CSV read back from it), or the RKA as a workbook or
 * a PDF.
 */
export async function exportReports(options: ExportOptions): Promise<ExportResult> {
  const given = options.year === undefined ? undefined : ReportYear.safeParse(options.year);
  if (given && !given.success) throw new CliError('usage', cliText().failures.reportYear);
  const format = formatOf(options.out, options.format, exportFormats);
  const layout = layoutOf(format, options.layout);

  const { client } = await connect(options);
  const year = given?.data ?? (await defaultBudgetYear(client));
  const agency = options.agency ? await findRecord(client, 'agency', options.agency) : null;
  const program = options.program ? await findRecord(client, 'program', options.program) : null;
  const supporter = options.supporter
    ? await findRecord(client, 'supporter', options.supporter)
    : null;
  const user = options.user ? await findUser(client, options.user) : null;
  const search = options.search?.trim() || null;
  const { data: link } = await calling(cliText().doing.reportLink, () =>
    client.budgetLine.report({
      year,
      ...(agency ? { agency_id: agency.id } : {}),
      ...(program ? { program_id: program.id } : {}),
      ...(supporter ? { supporter_id: supporter.id } : {}),
      ...(user ? { created_by: user.id } : {}),
      ...(search ? { search } : {}),
      layout,
      format: format === 'pdf' ? 'pdf' : 'xlsx',
    }),
  );

  let bytes = 0;
  let rows: number | undefined;
  const file = await replaceWhole(
    options.out,
    options.signal,
    async (partial) => {
      // A CSV is read back from the workbook, downloaded beside it first.
      const workbook = format === 'csv' ? `${partial}.xlsx` : partial;
      try {
        bytes = await downloadLinked(client, link.path, workbook, options);
        if (format === 'csv') {
          rows = await workbookToCsv(workbook, partial, options.separator ?? 'comma');
        }
      } finally {
        if (workbook !== partial) await rm(workbook, { force: true });
      }
    },
    cliText().failures.reportDownload,
  );
  return {
    file,
    format,
    layout,
    year,
    agency,
    program,
    supporter,
    user,
    search,
    bytes,
    ...(rows === undefined ? {} : { rows }),
  };
}

/** Streams the file behind a signed link into `destination`, telling the bytes as they come. */
async function downloadLinked(
  client: RanwalClient,
  linkPath: string,
  destination: string,
  options: { signal?: AbortSignal | undefined; onProgress?: ProgressListener | undefined },
): Promise<number> {
  const response = await calling(cliText().doing.downloadReport, () =>
    client.fetchFile(linkPath, options.signal ? { signal: options.signal } : {}),
  );
  if (!response.body) throw new CliError('failure', cliText().failures.emptyReport);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      options.onProgress?.(bytes);
      done(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    counter,
    createWriteStream(destination),
    options.signal ? { signal: options.signal } : {},
  );
  return bytes;
}

/** `export cash-plan --layout`: the SIPD exchange layout, or the printout. */
export const cashPlanLayouts = ['sipd', 'print'] as const;
export type CashPlanLayout = (typeof cashPlanLayouts)[number];

/**
 * The printouts of issues 36 and 37: the Anggaran Kas, the recap by sumber dana, a unit's
 * monthly report, and a unit's evaluation of its Renja to a quarter.
 */
export const printouts = ['cash-plan', 'funding-recap', 'monthly-report', 'evaluation'] as const;
export type Printout = (typeof printouts)[number];

export interface PrintoutOptions extends ConnectionOptions {
  year?: number | string | undefined;
  out: string;
  /** xlsx or pdf; else from the file name (`.pdf` pdf, anything else xlsx). */
  format?: ExportFormat | undefined;
  /** A Perangkat Daerah's code, name or id: its sub kegiatan, signed by its signer. */
  agency?: string | undefined;
  /** The monthly report's month (1–12). */
  month?: number | string | undefined;
  /** The evaluation's quarter (1–4): Triwulan I to that one. */
  quarter?: number | string | undefined;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export interface PrintoutResult {
  printout: Printout;
  file: string;
  format: 'xlsx' | 'pdf';
  year: number;
  /** The monthly report's month. */
  month?: number;
  /** The evaluation's quarter. */
  quarter?: number;
  agency: NamedRecord | null;
  bytes: number;
}

/**
 * Downloads a printout as the portal's buttons do (a signed link, streamed to disk): the year's
 * Anggaran Kas or its recap by sumber dana, over the caller's units or one Perangkat Daerah; or
 * a unit's monthly report of `month`. As a workbook or a PDF.
 */
export async function exportPrintout(
  printout: Printout,
  options: PrintoutOptions,
): Promise<PrintoutResult> {
  const given = options.year === undefined ? undefined : ReportYear.safeParse(options.year);
  if (given && !given.success) throw new CliError('usage', cliText().failures.reportYear);
  const month =
    printout === 'monthly-report' ? ReportMonth.safeParse(options.month ?? '') : undefined;
  if (month && !month.success) throw new CliError('usage', cliText().failures.reportMonth);
  const quarter =
    printout === 'evaluation' ? ReportQuarter.safeParse(options.quarter ?? '') : undefined;
  if (quarter && !quarter.success) throw new CliError('usage', cliText().failures.reportQuarter);
  const format = formatOf(options.out, options.format, exportFormats);
  if (format === 'csv') throw new CliError('usage', cliText().failures.printIsNotCsv);
  const { client } = await connect(options);
  const year = given?.data ?? (await defaultBudgetYear(client));
  const agency = options.agency ? await findRecord(client, 'agency', options.agency) : null;
  const query = { year, format, ...(agency ? { agency_id: agency.id } : {}) };
  const { data: link } = await calling(cliText().doing.reportLink, () =>
    printout === 'cash-plan'
      ? client.cashPlan.workbook(query)
      : printout === 'funding-recap'
        ? client.fundingSource.recapDownload(query)
        : printout === 'monthly-report'
          ? client.monthlyReport.download({ ...query, month: month!.data! })
          : client.indicator.download({ ...query, quarter: quarter!.data! }),
  );
  let bytes = 0;
  const file = await replaceWhole(
    options.out,
    options.signal,
    async (partial) => {
      bytes = await downloadLinked(client, link.path, partial, options);
    },
    cliText().failures.reportDownload,
  );
  return {
    printout,
    file,
    format,
    year,
    ...(month?.data && { month: month.data }),
    ...(quarter?.data && { quarter: quarter.data }),
    agency,
    bytes,
  };
}

export function printoutSummary(result: PrintoutResult): string {
  const text = cliText().exportReports;
  const messages = language() === 'en' ? messagesEn : messagesId;
  const what =
    result.printout === 'cash-plan'
      ? text.cashPlan
      : result.printout === 'funding-recap'
        ? text.fundingRecap
        : result.printout === 'monthly-report'
          ? text.monthlyReport(monthName(result.month ?? 1, messages))
          : text.evaluation(messages.indicators.quarter(quarterNumeral(result.quarter ?? 1)));
  const scope = result.agency ? text.agency(result.agency.name ?? result.agency.id) : '';
  return text.saved(what, result.year, scope, result.file, formatBytes(result.bytes));
}

export function exportSummary(result: ExportResult): string {
  const text = cliText().exportReports;
  const scope = [
    result.agency ? text.agency(result.agency.name ?? result.agency.id) : null,
    result.program ? text.program(result.program.name ?? result.program.id) : null,
    result.supporter ? text.supporter(result.supporter.name ?? result.supporter.id) : null,
    result.user ? text.user(result.user.name ?? result.user.id) : null,
    result.search ? text.search(result.search) : null,
  ].filter(Boolean);
  const size =
    result.rows === undefined ? formatBytes(result.bytes) : text.rows(formatCount(result.rows));
  const what = result.layout === 'rka' ? text.rka : text.report;
  return text.saved(what, result.year, scope.join(', '), result.file, size);
}
