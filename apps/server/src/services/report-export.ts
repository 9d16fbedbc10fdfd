import type { Writable } from 'node:stream';
import { setTimeout as sleep, setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  formatRupiah,
  hierarchyLevelKeys,
  managedEntities,
  messagesId,
  type ReportSheetAmounts,
  type ReportSheetCellKind,
  reportSheetColumns,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { collectGarbage } from './heap.js';
import { fieldOf } from './library-internals.js';
import {
  asLineDatabase,
  type BudgetLineFilter,
  type BudgetLineRow,
  type JoinedField,
  type LineDatabase,
  type SearchMatches,
  searchMatchesOf,
  toReadShape,
  whereLines,
  withLevels,
} from './reports.js';

/**
 * What one export covers: a year, optionally narrowed as the list is (a programme, a supporter,
 * one user's lines, a search).
 */
export type ReportScope = Omit<BudgetLineFilter, 'year'> & { year: number };

/**
 * Lines one statement of an export reads at most. On the embedded PGlite (one database session)
 * other people's calls wait for the statement in progress, so each must stay short: about 2 000
 * lines take 30-60 ms there.
 */
export const CHUNK_LINES = 2000;
/**
 * The RKA PDF reads fewer at a time: its lines carry specifications of up to 2 000 characters
 * that it prints, and 2 000 such lines held PGlite for 200 ms and more, so four people looping
 * their PDFs took health's p99 to 283 ms; 250 lines kept it at 63 ms (fairness.test.ts). Laying
 * out a PDF row costs far more than reading it, so the extra statements do not show.
 */
export const PDF_CHUNK_LINES = 250;
/** Rows handed on at a time from the reading to the writing of an export. */
export const ROWS_BETWEEN_YIELDS = 200;
/**
 * How long an export's synchronous writing may hold the event loop before other calls get a
 * turn (issue 34). Counted in time, not rows: a row may be one line of text or, before fields
 * were bounded, a thousand, and a count of rows then held everyone up for seconds.
 */
export const BUSY_MS = 5;

/**
 * A writer's turns: `due()` says whether it has held the event loop for BUSY_MS since its last
 * turn, `pause()` lets the others in (a check phase, after pending I/O) and starts a new turn.
 */
export function turns(busyMs = BUSY_MS) {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= busyMs,
    async pause(): Promise<void> {
      await yieldToOthers();
      since = performance.now();
    },
  };
}
// Raw sheet XML allowed to wait for compression before reading pauses (about one chunk).
const MAX_QUEUED_BYTES = 1024 * 1024;
/** An export collects its garbage after this many lines (heap.ts). */
const COLLECT_EVERY_LINES = 20_000;

const text = messagesId.reportWorkbook;

/** The stored columns the sheet needs; the joins add the names. Fewer columns read faster. */
const storedColumns = [
  'component_code',
  'component_name',
  'specification',
  'unit',
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'first_volume_unit',
  'second_volume_unit',
  'third_volume_unit',
  'total_price',
  'tax',
  'total_after_tax',
  'program_id',
  'account_id',
  'created_at',
  'price_item_id',
] as const;
type LineField = (typeof storedColumns)[number] | JoinedField;

/** Subtotals and totals, exact at any size (a year's sum passes 2^53 long before a line can). */
type Amounts = Record<keyof ReportSheetAmounts, bigint>;
const noAmounts: Amounts = { total_price: 0n, tax: 0n, total_after_tax: 0n };
const addAmounts = (sum: Amounts, line: ReportSheetAmounts): Amounts => ({
  total_price: sum.total_price + BigInt(line.total_price),
  tax: sum.tax + BigInt(line.tax),
  total_after_tax: sum.total_after_tax + BigInt(line.total_after_tax),
});
const MAX_EXACT_CELL = BigInt(Number.MAX_SAFE_INTEGER);
/**
 * A sum as a cell: a number while a spreadsheet's number holds it exactly, else its exact
 * amount as text ('Rp 10.000.000.000.000.001'): a rounded figure would look right and be wrong.
 */
export const amountCell = (amount: bigint): ExcelJS.CellValue =>
  amount <= MAX_EXACT_CELL && amount >= -MAX_EXACT_CELL ? Number(amount) : formatRupiah(amount);

// Each cell gets one of these shared objects: exceljs caches a style by object identity, and a
// per-cell copy costs about as much again as writing the row.
type Style = Partial<ExcelJS.Style>;
const plain: Style = {};
export const rupiah: Style = { numFmt: '"Rp" #,##0' };
const volume: Style = { numFmt: '0.00' };
export const titleStyle: Style = { font: { bold: true, size: 14 } };
export const headerStyle: Style = {
  font: { bold: true },
  alignment: { vertical: 'middle', wrapText: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } },
};

const styleOf: Record<ReportSheetCellKind, Style> = { text: plain, rupiah, volume };
const columns = reportSheetColumns;
const LABEL_COLUMN = 2;
const lineStyles = columns.map((column) => styleOf[column.kind]);
const totalStyles = lineStyles.map((style) => ({ ...style, font: { bold: true } }));

function addRow(sheet: ExcelJS.Worksheet, values: ExcelJS.CellValue[], styles: Style[]): void {
  // An empty text is no cell at all, as Excel itself saves it.
  const row = sheet.addRow(values.map((value) => (value === '' ? undefined : value)));
  row.eachCell((cell, column) => {
    cell.style = styles[column - 1] ?? plain;
  });
  row.commit();
}

function addTotalRow(sheet: ExcelJS.Worksheet, label: string, amounts: Amounts): void {
  const values = columns.map((column, index) =>
    index + 1 === LABEL_COLUMN
      ? label
      : column.total
        ? amountCell(amounts[column.total])
        : undefined,
  );
  addRow(sheet, values, totalStyles);
}

/**
 * Raw sheet XML queued in front of the compressor. exceljs hands each committed row to the zip
 * without back-pressure (its sheet stream pipes into one PassThrough that feeds deflate), so
 * this queue grows with the report whenever deflate or the client is slower than the database:
 * unchecked, 100 000 lines held ~150 MB of buffers and sent their first byte only at the end.
 * 0 when exceljs's internals are not where 4.4 keeps them (a test guards this).
 */
export function queuedBytes(sheet: ExcelJS.Worksheet): number {
  const queue = fieldOf(fieldOf(fieldOf(sheet, '_stream'), 'pipes'), 0);
  const length = (state: string) => {
    const bytes = fieldOf(fieldOf(queue, state), 'length');
    return typeof bytes === 'number' ? bytes : 0;
  };
  return length('_writableState') + length('_readableState');
}

export async function whileQueued(sheet: ExcelJS.Worksheet, signal: AbortSignal): Promise<void> {
  while (!signal.aborted && queuedBytes(sheet) > MAX_QUEUED_BYTES) {
    await sleep(5, undefined, { signal }).catch(() => undefined);
  }
}

/** A query over lines (`line`), and whatever a layout joins to them. */
export type Lines = SelectQueryBuilder<LineDatabase, 'line', object>;

/** Where a keyset read stands: a line's date (as text, to the microsecond) and id. */
interface Position {
  created_at: string;
  id: string;
}

/**
 * The filters an index leads with (migrations 0001, 0008: each is followed by
 * `created_at desc, id`), so the positions of a chunk are found from the index alone.
 */
function indexedLines(db: Kysely<LineDatabase>, scope: ReportScope): Lines {
  let lines = db.selectFrom('detail_program as line').where('line.year', '=', scope.year);
  if (scope.created_by) lines = lines.where('line.created_by', '=', scope.created_by);
  if (scope.program_id) lines = lines.where('line.program_id', '=', scope.program_id);
  return lines;
}

/**
 * Lines after `from` in the order newest first, then id: the order of those indexes. The plain
 * bound on the date is implied by the exact one; it is there for the planner, which reads the
 * exact one (an OR) as a bound at neither end and read half a year of lines per chunk.
 */
function after(lines: Lines, from: Position | null): Lines {
  if (!from) return lines;
  return lines
    .where('line.created_at', '<=', sql<Date>`${from.created_at}::timestamptz`)
    .where((eb) =>
      eb.or([
        eb('line.created_at', '<', sql<Date>`${from.created_at}::timestamptz`),
        eb.and([
          eb('line.created_at', '=', sql<Date>`${from.created_at}::timestamptz`),
          eb('line.id', '>', from.id),
        ]),
      ]),
    );
}

/** Lines up to `to` (itself included) in the same order (with a plain bound, as `after`). */
function upTo(lines: Lines, to: Position): Lines {
  return lines
    .where('line.created_at', '>=', sql<Date>`${to.created_at}::timestamptz`)
    .where((eb) =>
      eb.or([
        eb('line.created_at', '>', sql<Date>`${to.created_at}::timestamptz`),
        eb.and([
          eb('line.created_at', '=', sql<Date>`${to.created_at}::timestamptz`),
          eb('line.id', '<=', to.id),
        ]),
      ]),
    );
}

/**
 * How many lines of the scope each account has. With `shortStatements`, read along an index in
 * chunks of `chunk` lines, two short statements per chunk (where the chunk ends, then its lines'
 * accounts); else in one statement (a year's lines in a few hundred milliseconds).
 */
async function linesPerAccount(
  db: Kysely<LineDatabase>,
  scope: ReportScope,
  matches: SearchMatches | undefined,
  { chunk, shortStatements }: { chunk: number; shortStatements: boolean },
  signal: AbortSignal,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const count = async (range: Lines) => {
    const rows = await whereLines(range, scope, matches)
      .select(['line.account_id', (eb) => eb.fn.countAll<string | number>().as('lines')])
      .groupBy('line.account_id')
      .execute();
    for (const row of rows) {
      const account = row.account_id as string;
      counts.set(account, (counts.get(account) ?? 0) + Number(row.lines));
    }
  };
  if (!shortStatements) {
    await count(indexedLines(db, scope));
    return counts;
  }
  let from: Position | null = null;
  while (!signal.aborted) {
    const end = (await after(indexedLines(db, scope), from)
      .select([sql<string>`line.created_at::text`.as('created_at'), 'line.id'])
      .orderBy('line.created_at', 'desc')
      .orderBy('line.id')
      .offset(chunk - 1)
      .limit(1)
      .executeTakeFirst()) as Position | undefined;
    let range = after(indexedLines(db, scope), from);
    if (end) range = upTo(range, end);
    await count(range);
    if (!end) break;
    from = end;
    await yieldToOthers();
  }
  return counts;
}

/** Names and codes sort as people read them: 'Program 2' before 'Program 10'. */
const collator = new Intl.Collator('id', { numeric: true });

/** The levels an account's chain names, from its programme's Perangkat Daerah down. */
const chainLevelKeys = ['agency', ...hierarchyLevelKeys] as const;

/**
 * An account's chain as an export orders it: each level's `{key}_id`, `{key}_code` and
 * `{key}_name` (the agency's all null for a programme of no Perangkat Daerah).
 */
export type AccountChain = Record<
  `${(typeof chainLevelKeys)[number]}_${'id' | 'code' | 'name'}`,
  string | null
>;

/**
 * Where an account sorts in the flat sheet: each level by its code, those without one after by
 * name (accounts by code), the programme's id after its name so two programmes of one name stay
 * apart (each gets its own subtotal).
 */
function flatAccountKey(chain: AccountChain): string[] {
  return hierarchyLevelKeys.flatMap((level) => {
    const { codeRequired, hasCode } = managedEntities[level];
    const code = chain[`${level}_code`];
    // A level's own code orders it; records without one follow, by name.
    const coded = codeRequired || !hasCode ? [] : code === null ? ['1', ''] : ['0', code];
    const text = (codeRequired ? code : chain[`${level}_name`]) ?? '';
    return level === 'program' ? [...coded, text, chain.program_id ?? ''] : [...coded, text];
  });
}

/**
 * The accounts in a layout's order (`accountKey`, then the account's id). Looked up a chunk of
 * accounts at a time; sorted here, the same on PostgreSQL and PGlite whatever their collations.
 */
async function accountsInOrder(
  db: Kysely<LineDatabase>,
  accounts: string[],
  chunk: number,
  accountKey: (chain: AccountChain) => string[],
): Promise<string[]> {
  const keyed: { id: string; key: string[] }[] = [];
  // The accounts of one programme repeat its names: kept once, not once per account.
  const parts = new Map<string, string>();
  const shared = (part: string) => {
    const known = parts.get(part);
    if (known !== undefined) return known;
    parts.set(part, part);
    return part;
  };
  for (let start = 0; start < accounts.length; start += chunk) {
    let query: SelectQueryBuilder<LineDatabase, 'account', object> =
      db.selectFrom('account as account');
    // From the account up to its programme, and the programme's Perangkat Daerah if it has one.
    for (const key of hierarchyLevelKeys.slice(0, -1).reverse()) {
      const child = managedEntities[key].child!;
      query = query.innerJoin(
        `${managedEntities[key].table} as ${key}`,
        `${key}.id`,
        `${child}.${managedEntities[child].parentField}`,
      ) as typeof query;
    }
    query = query.leftJoin('agency as agency', 'agency.id', 'program.agency_id') as typeof query;
    const chainColumns = chainLevelKeys.flatMap((key) =>
      (['id', 'code', 'name'] as const).map((column) =>
        sql<string | null>`${sql.ref(`${key}.${column}`)}`.as(`${key}_${column}`),
      ),
    );
    const rows = await query
      .select(chainColumns)
      .where('account.id', 'in', accounts.slice(start, start + chunk))
      .execute();
    for (const row of rows as AccountChain[]) {
      const key = accountKey(row).map(shared);
      key.push(row.account_id!);
      keyed.push({ id: row.account_id!, key });
    }
    await yieldToOthers();
  }
  keyed.sort((a, b) => {
    for (let index = 0; index < a.key.length; index++) {
      // Most parts are equal (one programme's accounts share its names): skip the collator.
      if (a.key[index] === b.key[index]) continue;
      const order = collator.compare(a.key[index]!, b.key[index]!);
      if (order !== 0) return order;
    }
    return 0;
  });
  return keyed.map((account) => account.id);
}

type ExportedLine = Pick<BudgetLineRow, LineField>;

/**
 * Whether `year` has a standard price catalogue: a line of it without an item is then outside
 * the catalogue (core's BudgetLine.outside_catalogue), asked once per export, not per line.
 */
export async function yearHasCatalogue(db: Kysely<Database>, year: number): Promise<boolean> {
  const item = await db
    .selectFrom('price_item')
    .select('id')
    .where('year', '=', year)
    .limit(1)
    .executeTakeFirst();
  return item !== undefined;
}

/** How a layout reads its lines: the order of its accounts, and the columns of each line. */
export interface LineReading {
  /** Where an account sorts, part by part (its id breaks ties); called once per account. */
  accountKey(chain: AccountChain): string[];
  /** The columns a line row holds, from the line (`line`) and what the layout joins to it. */
  select(lines: Lines): Lines;
}

const flatReading: LineReading = {
  accountKey: flatAccountKey,
  // Every row names its levels, so the sheet needs nothing else.
  select: (lines) =>
    withLevels(lines).select(storedColumns.map((column) => `line.${column}` as const)),
};

/**
 * The scope's lines in a layout's order: accounts in `reading`'s order, each account's lines
 * oldest first. Consecutive accounts are read together up to `chunk` lines a statement; an
 * account with more is read `chunk` lines at a time. No statement holds the database for long,
 * and none holds it between chunks: a line changed while the export runs shows as it was when
 * its chunk was read.
 */
export async function* linesInReportOrder<Line extends { account_id: unknown }>(
  db: Kysely<LineDatabase>,
  scope: ReportScope,
  reading: LineReading,
  { chunk, shortStatements }: { chunk: number; shortStatements: boolean },
  signal: AbortSignal,
): AsyncGenerator<Line[]> {
  const matches = scope.search ? await searchMatchesOf(db, scope.search) : undefined;
  const counts = await linesPerAccount(db, scope, matches, { chunk, shortStatements }, signal);
  const order = await accountsInOrder(db, [...counts.keys()], chunk, reading.accountKey);
  const matchedAccounts = new Set(matches?.accounts);
  const read = (accounts: string[]) =>
    whereLines(
      reading
        .select(db.selectFrom('detail_program as line'))
        .where('line.account_id', 'in', accounts),
      scope,
      // Of the matching accounts, only those read here can matter.
      matches && {
        programs: matches.programs,
        accounts: accounts.filter((account) => matchedAccounts.has(account)),
      },
    )
      .orderBy('line.created_at')
      .orderBy('line.id');

  let batch: string[] = [];
  let batched = 0;
  // Lines handed out since the last full collection (heap.ts: why an export collects).
  let sinceCollection = 0;
  let handedOut = 0;
  const collected = <Rows extends unknown[]>(rows: Rows): Rows => {
    sinceCollection += rows.length;
    handedOut += rows.length;
    if (sinceCollection >= COLLECT_EVERY_LINES) {
      sinceCollection = 0;
      collectGarbage();
    }
    return rows;
  };
  const flush = async function* () {
    if (batch.length === 0) return;
    const rows = (await read(batch).execute()) as Line[];
    const byAccount = new Map<string, Line[]>(batch.map((account) => [account, []]));
    for (const row of rows) byAccount.get(row.account_id as string)?.push(row);
    yield collected(batch.flatMap((account) => byAccount.get(account)!));
    batch = [];
    batched = 0;
  };
  for (const account of order) {
    if (signal.aborted) return;
    const lines = counts.get(account) ?? 0;
    if (lines > chunk) {
      yield* flush();
      let from: Position | null = null;
      while (!signal.aborted) {
        let query = read([account]).select([
          sql<string>`line.created_at::text`.as('position'),
          'line.id as position_id',
        ]);
        if (from) {
          const { created_at, id } = from;
          query = query.where((eb) =>
            eb(
              eb.refTuple('line.created_at', 'line.id'),
              '>',
              eb.tuple(sql<Date>`${created_at}::timestamptz`, id),
            ),
          );
        }
        const rows = (await query.limit(chunk).execute()) as (Line & {
          position: string;
          position_id: string;
        })[];
        if (rows.length > 0) yield collected(rows);
        if (rows.length < chunk) break;
        const last = rows.at(-1)!;
        from = { created_at: last.position, id: last.position_id };
      }
      continue;
    }
    if (batched + lines > chunk) yield* flush();
    batch.push(account);
    batched += lines;
  }
  if (!signal.aborted) yield* flush();
  // A long export's garbage goes with it, not into the next one's peak. A short one's is left
  // to V8: a full collection stops everyone (tens of milliseconds), and four people clicking
  // 'Cetak RKA' in turn paid it on every click (issue 34).
  if (handedOut >= COLLECT_EVERY_LINES && sinceCollection > 0) collectGarbage();
}

/** Stops on `signal` or when `output` closes early; `finish` undoes the listening. */
export function stopper(
  signal: AbortSignal,
  output: Writable,
): { signal: AbortSignal; finish: () => void } {
  const stopped = new AbortController();
  const stop = () => stopped.abort();
  signal.addEventListener('abort', stop, { once: true });
  output.once('close', stop);
  return {
    signal: stopped.signal,
    finish: () => {
      signal.removeEventListener('abort', stop);
      output.off('close', stop);
    },
  };
}

/** Resolves when `signal` aborts: a writer's end raced against the client going away. */
export const whenAborted = (signal: AbortSignal) =>
  new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));

export interface ReportExportOptions {
  /** Lines per statement (tests vary it; the workbook is the same whatever it is). */
  chunkLines?: number;
  /**
   * Whether every statement must stay short (the default): on PGlite, one session, other
   * people's calls wait for the statement in progress. On PostgreSQL (false) the lines of each
   * account are counted in one statement on a session of their own, where hundreds of short
   * ones each walked a part of the index.
   */
  shortStatements?: boolean;
  /** Stops reading and writing when aborted (the client went away). */
  signal?: AbortSignal;
}

/**
 * Writes the workbook of `scope` into `output` (a temporary file, so no database session ever
 * waits for a client), reading the lines chunk by chunk. Anything wrong before the first line is
 * read throws before a byte is written. Resolves when the workbook is whole, or as soon as
 * `signal` aborts or `output` closes early.
 */
export async function writeReportExport(
  typedDb: Kysely<Database>,
  scope: ReportScope,
  output: Writable,
  {
    chunkLines = CHUNK_LINES,
    shortStatements = true,
    signal = new AbortController().signal,
  }: ReportExportOptions = {},
): Promise<void> {
  const db = asLineDatabase(typedDb);
  const title = text.title(scope.year, await filtersOf(db, scope));
  const stopped = stopper(signal, output);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(`Laporan ${scope.year}`, {
    views: [{ state: 'frozen', ySplit: 2 }],
  });
  try {
    sheet.columns = columns.map((column) => ({ width: column.width }));
    const titleRow = sheet.addRow([title]);
    sheet.mergeCells(1, 1, 1, columns.length);
    titleRow.getCell(1).style = titleStyle;
    titleRow.commit();
    addRow(
      sheet,
      columns.map((column) => column.header),
      columns.map(() => headerStyle),
    );

    const catalogued = await yearHasCatalogue(typedDb, scope.year);
    let number = 0;
    const turn = turns();
    let grandTotal = noAmounts;
    let program: { id: string; name: string; amounts: Amounts } | null = null;
    for await (const rows of linesInReportOrder<ExportedLine>(
      db,
      scope,
      flatReading,
      { chunk: chunkLines, shortStatements },
      stopped.signal,
    )) {
      for (const row of rows) {
        // Outside the catalogue: no item in a year that has one (asked once above).
        const line = toReadShape(
          Object.assign(row, { outside_catalogue: catalogued && row.price_item_id === null }),
        );
        if (program && program.id !== line.program_id) {
          addTotalRow(sheet, text.subtotal(program.name), program.amounts);
          program = null;
        }
        program ??= { id: line.program_id, name: line.program_name, amounts: noAmounts };
        number += 1;
        addRow(
          sheet,
          columns.map((column) => column.value(line, number)),
          lineStyles,
        );
        program.amounts = addAmounts(program.amounts, line);
        grandTotal = addAmounts(grandTotal, line);
        // Writing a row is synchronous work (about 50 µs): other requests get their turn
        // every BUSY_MS, not only between statements.
        if (turn.due()) await turn.pause();
      }
      await whileQueued(sheet, stopped.signal);
    }
    if (stopped.signal.aborted) return;
    if (program) addTotalRow(sheet, text.subtotal(program.name), program.amounts);
    addTotalRow(sheet, text.grandTotal, grandTotal);
    sheet.commit();
    await Promise.race([workbook.commit(), whenAborted(stopped.signal)]);
  } finally {
    stopped.finish();
  }
}

/**
 * The filters an export was narrowed by, named for its title ('Program: …', 'Pengampu: …').
 * Units, programmes and Pengampu are the hierarchy and lists everyone signed in reads (another
 * unit asked for is refused before this). A person is named only to whoever may see them: in a
 * scoped caller's programmes (core's scopeOf), only someone who made a line there, as the line
 * list would name them; any id else is left out of the title, not printed (issue 34).
 */
export async function filtersOf(db: Kysely<LineDatabase>, scope: ReportScope): Promise<string[]> {
  const nameOf = async (
    table: 'agency' | 'program' | 'supporter' | 'app_user',
    id: string | undefined,
  ) =>
    id
      ? ((await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())
          ?.name as string | undefined)
      : undefined;
  const creatorSeen = async (id: string | undefined) =>
    id !== undefined &&
    (scope.programmes === undefined ||
      (await whereLines(db.selectFrom('detail_program as line'), {
        created_by: id,
        programmes: scope.programmes,
      })
        .select('line.id')
        .limit(1)
        .executeTakeFirst()) !== undefined);
  const [agency, program, supporter, creator] = await Promise.all([
    nameOf('agency', scope.agency_id),
    nameOf('program', scope.program_id),
    nameOf('supporter', scope.supporter_id),
    creatorSeen(scope.created_by).then((seen) =>
      seen ? nameOf('app_user', scope.created_by) : undefined,
    ),
  ]);
  return [
    agency !== undefined ? text.filterAgency(agency) : null,
    program !== undefined ? text.filterProgram(program) : null,
    supporter !== undefined ? text.filterSupporter(supporter) : null,
    creator !== undefined ? text.filterCreator(creator) : null,
    scope.search ? text.filterSearch(scope.search) : null,
  ].filter((part): part is string => part !== null);
}
