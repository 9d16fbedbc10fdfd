import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import type { Table } from './operations.js';

/**
 * What the database should hold: every row of every table, as the accepted (2xx) requests left
 * it. The suite applies each accepted write to this model and compares it with the database;
 * a rejected request changes nothing here, so anything it half-wrote shows up as a difference.
 */

/** A column's expected value, or a check for values the model cannot predict exactly. */
export class Check {
  constructor(
    readonly describe: string,
    readonly test: (actual: unknown) => boolean | Promise<boolean>,
  ) {}
}

export type Expected = Record<string, unknown>;

/** The columns compared per table (with the id, which keys the row). */
export const modelledColumns: Record<Table | 'app_setting', string[]> = {
  app_setting: ['value'],
  app_user: ['name', 'email', 'role', 'password_hash'],
  program: ['name', 'is_taxed'],
  action: ['name', 'program_id'],
  sub_action: ['name', 'action_id'],
  activity: ['name', 'sub_action_id'],
  subtitle: ['name', 'activity_id'],
  account: ['code', 'name', 'subtitle_id'],
  supporter: ['name'],
  detail_program: [
    'component_code',
    'component_name',
    'specification',
    'unit',
    'price',
    'first_volume',
    'second_volume',
    'third_volume',
    'total_price',
    'tax',
    'total_after_tax',
    'year',
    'program_id',
    'action_id',
    'sub_action_id',
    'activity_id',
    'subtitle_id',
    'account_id',
    'supporter_id',
    'created_by',
  ],
  article: [
    'slug',
    'title',
    'excerpt',
    'content',
    'cover_image',
    'tags',
    'status',
    'category',
    'author_id',
    'author_name',
    'views_count',
  ],
  upload: ['content_type', 'byte_size', 'digest', 'uploaded_by'],
};

export type ModelTable = keyof typeof modelledColumns;
const tables = Object.keys(modelledColumns) as ModelTable[];

/** Tables whose row counts migration 0002 keeps in `table_row_count`. */
const countedTables: Table[] = [
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
  'supporter',
  'detail_program',
];

const numericColumns = new Set([
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'total_price',
  'tax',
  'total_after_tax',
  'year',
  'views_count',
  'byte_size',
]);

/**
 * Rows in the order they were written (ties, as within one import, by their text), not by
 * their random ids: the pools requests pick ids from then hold the same records in the same
 * order on every run of a seed, so a failure replays.
 */
function orderOf(table: ModelTable) {
  if (table === 'app_setting') return sql`key`;
  const text: Record<string, string> = {
    app_user: 'email',
    detail_program: 'component_name',
    article: 'slug',
    upload: 'byte_size',
    account: 'code',
  };
  return sql`created_at, ${sql.ref(text[table] ?? 'name')}, id`;
}

/** Reads every modelled row of the database, in the model's shape. */
export async function readDatabase(
  db: Kysely<Database>,
): Promise<Record<ModelTable, Map<string, Expected>>> {
  const state = {} as Record<ModelTable, Map<string, Expected>>;
  for (const table of tables) {
    const key = table === 'app_setting' ? 'key' : 'id';
    const columns = modelledColumns[table].map((column) =>
      column === 'digest' ? sql`md5(bytes) as digest` : sql.ref(column),
    );
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.ref(key)} as row_key, ${sql.join(columns)} from ${sql.table(table)}
      order by ${orderOf(table)}`.execute(db);
    state[table] = new Map(
      rows.map(({ row_key, ...row }) => {
        for (const column of Object.keys(row)) {
          if (numericColumns.has(column)) row[column] = Number(row[column]);
        }
        return [String(row_key), row];
      }),
    );
  }
  return state;
}

export const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** A column holding an argon2 hash of this password. */
export const hashOf = (password: string) =>
  new Check(`argon2 hash of ${JSON.stringify(password.slice(0, 20))}`, (actual) =>
    typeof actual === 'string' ? verify(actual, password).catch(() => false) : false,
  );

export class StateModel {
  readonly rows: Record<ModelTable, Map<string, Expected>>;
  /** Ids (slugs for articles) of rows deleted by accepted requests, for stale references. */
  readonly deleted: Record<Table, string[]> = {
    app_user: [],
    program: [],
    action: [],
    sub_action: [],
    activity: [],
    subtitle: [],
    account: [],
    supporter: [],
    detail_program: [],
    article: [],
    upload: [],
  };
  /** Slugs articles had before a new title, to the article's id: they still lead to it. */
  readonly formerSlugs = new Map<string, string>();
  /** Rows requests must not touch (the users whose tokens the run uses). */
  readonly protectedIds = new Set<string>();
  /** Password checks already passed (argon2 is slow; a hash never changes under the model). */
  private readonly verifiedChecks = new WeakSet<Check>();
  /** Problems found while applying writes (a write to a row the model says is gone...). */
  readonly problems: string[] = [];

  constructor(initial: Record<ModelTable, Map<string, Expected>>) {
    this.rows = initial;
  }

  /** Ids a request may refer to: existing rows (slugs for articles), minus protected ones. */
  pool(table: Table): string[] {
    const ids = [...this.rows[table].keys()].filter((id) => !this.protectedIds.has(id));
    return table === 'article' ? ids.map((id) => String(this.rows.article.get(id)!.slug)) : ids;
  }

  articleIdBySlug(slug: string): string | undefined {
    for (const [id, row] of this.rows.article) if (row.slug === slug) return id;
    return this.formerSlugs.get(slug);
  }

  create(table: Table, id: string, expected: Expected, context: string): void {
    if (this.rows[table].has(id)) this.problems.push(`${context}: created ${table} ${id} twice`);
    this.rows[table].set(id, expected);
  }

  update(table: Table, id: string, changes: Expected, context: string): void {
    const row = this.rows[table].get(id);
    if (!row) {
      this.problems.push(`${context}: updated ${table} ${id}, which the model does not have`);
      return;
    }
    if (table === 'article' && 'slug' in changes && changes.slug !== row.slug) {
      this.formerSlugs.set(String(row.slug), id);
      this.formerSlugs.delete(String(changes.slug));
    }
    this.rows[table].set(id, { ...row, ...changes });
  }

  remove(table: Table, id: string, context: string): void {
    const row = this.rows[table].get(id);
    if (!row) {
      this.problems.push(`${context}: deleted ${table} ${id}, which the model does not have`);
      return;
    }
    this.rows[table].delete(id);
    // Articles are addressed by slug, their former ones included (deleted with them).
    this.deleted[table].push(table === 'article' ? String(row.slug) : id);
    if (table === 'article') {
      for (const [slug, articleId] of this.formerSlugs) {
        if (articleId !== id) continue;
        this.formerSlugs.delete(slug);
        this.deleted.article.push(slug);
      }
    }
    if (table === 'app_user') {
      // on delete set null, as the schema says.
      const detach = (t: Table, column: string) => {
        for (const row of this.rows[t].values()) if (row[column] === id) row[column] = null;
      };
      detach('detail_program', 'created_by');
      detach('article', 'author_id');
      detach('upload', 'uploaded_by');
    }
  }

  /**
   * Every difference between the model and the database (empty when they agree), at most
   * `limit` of them. `allowNew` lets rows appear in tables an accepted import wrote to; they are
   * returned for the caller to check and adopt.
   */
  async compare(
    db: Kysely<Database>,
    options: { allowNew?: Table[]; limit?: number } = {},
  ): Promise<{ differences: string[]; added: Record<string, Map<string, Expected>> }> {
    const limit = options.limit ?? 10;
    const actual = await readDatabase(db);
    const differences: string[] = [];
    const added: Record<string, Map<string, Expected>> = {};
    const note = (text: string) => {
      if (differences.length < limit) differences.push(text);
    };
    for (const table of tables) {
      const expectedRows = this.rows[table];
      const actualRows = actual[table];
      for (const [id, row] of actualRows) {
        if (expectedRows.has(id)) continue;
        if (options.allowNew?.includes(table as Table)) {
          added[table] ??= new Map();
          added[table].set(id, row);
        } else
          note(`${table} ${id}: in the database but written by no accepted request ${show(row)}`);
      }
      for (const [id, expected] of expectedRows) {
        const row = actualRows.get(id);
        if (!row) {
          note(`${table} ${id}: accepted but missing from the database ${show(expected)}`);
          continue;
        }
        for (const column of modelledColumns[table]) {
          const want = expected[column];
          const got = row[column];
          if (want instanceof Check) {
            if (this.verifiedChecks.has(want)) continue;
            if (await want.test(got)) this.verifiedChecks.add(want);
            else note(`${table} ${id}.${column}: ${show(got)} is not ${want.describe}`);
          } else if (!sameValue(want, got)) {
            note(
              `${table} ${id}.${column}: database has ${show(got)}, accepted requests wrote ${show(want)}`,
            );
          }
        }
      }
    }
    const { rows: counts } = await sql<{ table_name: string; row_count: unknown }>`
      select table_name, row_count from table_row_count`.execute(db);
    for (const { table_name, row_count } of counts) {
      const table = table_name as Table;
      if (!countedTables.includes(table)) continue;
      const real = actual[table].size;
      if (Number(row_count) !== real) {
        note(`table_row_count.${table} is ${row_count} but the table has ${real} rows`);
      }
    }
    return { differences, added };
  }
}

function sameValue(want: unknown, got: unknown): boolean {
  if (Array.isArray(want) || Array.isArray(got)) {
    return JSON.stringify(want) === JSON.stringify(got);
  }
  if (typeof want === 'string' && typeof got === 'string') return want === got;
  return want === got || (want == null && got == null);
}

export function show(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));
  return text === undefined ? String(value) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
