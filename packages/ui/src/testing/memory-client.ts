import {
  type Access,
  ApiError,
  type Article,
  BASE_PATH,
  type CallOptions,
  computeTotals,
  currentYear,
  type DetailProgram,
  type ErrorCode,
  envelope,
  errorStatuses,
  type FieldIssue,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  type ListFilter,
  listEnvelope,
  type ManagedEntities,
  type ManagedEntityKey,
  MoneyError,
  managedEntities,
  managedEntityKeys,
  messagesId,
  type RanwalClient,
  type RouteDefinition,
  type Routes,
  routes,
  sumRupiah,
  type User,
  XLSX_CONTENT_TYPE,
} from '@ranwal/core';
import { clientGroupFor, type EntityOf } from '../data/client-groups.js';
import { demoData, longNamesData, type SeedData } from './demo-data.js';
import { xlsxBlob } from './xlsx.js';

/**
 * An in-memory Ranwal API behind the same `RanwalClient` interface as `createClient`: what
 * Storybook screen stories and embedding demos run on. It follows the server's rules (validation
 * with the core schemas, paging, search, roles, 404/409 answers, computed totals) closely enough
 * to demonstrate the screens; the server has its own tests.
 */

// --- Seeds ---------------------------------------------------------------------------------

type ParentNameOf<K extends ManagedEntityKey> =
  ManagedEntities[K]['parent'] extends HierarchyLevelKey
    ? `${ManagedEntities[K]['parent']}_name`
    : never;
/** A stored level row: the parent's name is joined in when read, as the server does. */
export type StoredEntity<K extends ManagedEntityKey> = Omit<EntityOf<K>, ParentNameOf<K>>;
type JoinedName = `${ManagedEntityKey}_name` | 'account_code';
/** A stored budget line: the names of its levels and supporter are joined in when read. */
export type StoredReport = Omit<DetailProgram, JoinedName>;
export interface MemoryUser extends User {
  password: string;
}

/** The memory client's tables. Rows are copied, so one seed serves any number of clients. */
export interface MemorySeed {
  users: MemoryUser[];
  entities: { [K in ManagedEntityKey]: StoredEntity<K>[] };
  reports: StoredReport[];
  articles: Article[];
}

type Row = Record<string, unknown> & { id: string; name: string };

const uuid = () => crypto.randomUUID();

/** Walks from a row up the level table, collecting `{level}_id` of it and every ancestor. */
function ancestry(entities: MemorySeed['entities'], key: HierarchyLevelKey, id: string) {
  const ids: Partial<Record<`${HierarchyLevelKey}_id`, string>> = {};
  let level: HierarchyLevelKey | null = key;
  let row = rows(entities, key).find((candidate) => candidate.id === id);
  while (level && row) {
    ids[`${level}_id`] = row.id;
    const { parent, parentField }: ManagedEntities[HierarchyLevelKey] = managedEntities[level];
    const parentId = parentField ? row[parentField] : undefined;
    level = parent;
    row = parent
      ? rows(entities, parent).find((candidate) => candidate.id === parentId)
      : undefined;
  }
  return ids;
}

const rows = (entities: MemorySeed['entities'], key: ManagedEntityKey) =>
  entities[key] as unknown as Row[];

/** The URL part made from a title, as the server makes it. */
function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, 80).replace(/-+$/, '') || 'artikel';
}

/** The first of `base`, `base-2`, … that no other article uses. */
function freeSlug(articles: Article[], title: string, exceptId?: string): string {
  const base = slugify(title);
  const taken = new Set(articles.filter((a) => a.id !== exceptId).map((a) => a.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const htmlToText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|nbsp);/g, (entity) => htmlEntities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
const htmlEntities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&nbsp;': ' ',
};

/** About 200 characters of the text, cut at a word, with '…' when shortened (as the server). */
function excerptOf(html: string, length = 200): string {
  const text = htmlToText(html);
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const boundary = cut.lastIndexOf(' ');
  return `${cut.slice(0, boundary > length / 2 ? boundary : length).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** Turns authored seed data (a tree of names, lines placed by subtitle and account code) into tables. */
export function buildSeed(data: SeedData): MemorySeed {
  const users = data.users.map((user) => ({ id: uuid(), ...user }));
  const entities = Object.fromEntries(
    managedEntityKeys.map((key) => [key, []]),
  ) as unknown as MemorySeed['entities'];

  const plant = (nodes: SeedData['hierarchy'], depth: number, parentId: string | null) => {
    const key = hierarchyLevelKeys[depth];
    if (nodes.length === 0) return;
    if (!key) throw new Error('seed: the hierarchy is only six levels deep');
    const level: ManagedEntities[HierarchyLevelKey] = managedEntities[key];
    for (const node of nodes) {
      const row: Row = { id: uuid(), name: node.name };
      if (level.hasCode) row.code = node.code ?? '';
      if (level.hasTaxFlag) row.is_taxed = node.is_taxed ?? false;
      if (level.parentField) row[level.parentField] = parentId;
      rows(entities, key).push(row);
      plant(node.children ?? [], depth + 1, row.id);
    }
  };
  plant(data.hierarchy, 0, null);
  entities.supporter = data.supporters.map((name) => ({ id: uuid(), name }));

  const reports = data.reports.map((line): StoredReport => {
    const subtitle = rows(entities, 'subtitle').find((row) => row.name === line.subtitle);
    const account = rows(entities, 'account').find(
      (row) => row.code === line.account && row.subtitle_id === subtitle?.id,
    );
    const supporter = entities.supporter.find((row) => row.name === line.supporter);
    const author = users.find((user) => user.email === line.createdBy);
    if (!account || !supporter) {
      throw new Error(`seed: no account ${line.account} under "${line.subtitle}" or no supporter`);
    }
    const ids = ancestry(entities, 'account', account.id);
    const program = entities.program.find((row) => row.id === ids.program_id);
    const [first_volume, second_volume, third_volume] = line.volumes;
    return {
      id: uuid(),
      component_code: line.component_code,
      component_name: line.component_name,
      specification: line.specification,
      unit: line.unit,
      price: line.price,
      first_volume,
      second_volume,
      third_volume,
      ...computeTotals({
        price: line.price,
        first_volume,
        second_volume,
        third_volume,
        taxed: program?.is_taxed ?? false,
      }),
      year: line.year,
      program_id: ids.program_id ?? '',
      action_id: ids.action_id ?? '',
      sub_action_id: ids.sub_action_id ?? '',
      activity_id: ids.activity_id ?? '',
      subtitle_id: ids.subtitle_id ?? '',
      account_id: account.id,
      supporter_id: supporter.id,
      created_by: author?.id ?? null,
      created_at: line.createdAt,
    };
  });

  const articles: Article[] = [];
  for (const article of data.articles) {
    const author = users.find((user) => user.email === article.author);
    articles.push({
      id: uuid(),
      slug: freeSlug(articles, article.title),
      title: article.title,
      excerpt: article.excerpt ?? excerptOf(article.content),
      content: article.content,
      cover_image: article.cover_image ?? null,
      tags: [...article.tags],
      status: article.status,
      category: article.category,
      name: author?.name ?? 'Administrator',
      created_at: article.createdAt,
      updated_at: article.createdAt,
      views_count: article.views,
    });
  }
  return { users, entities, reports, articles };
}

/** A small Bappeda: three programs down to Permendagri account codes, lines, articles, users. */
export const demoSeed: MemorySeed = /* @__PURE__ */ buildSeed(demoData);

/** The sign-in pairs of the demo seed's admin and user. */
export const demoCredentials = {
  admin: { email: 'admin@ranwal.local', password: 'admin12345' },
  user: { email: 'user@ranwal.local', password: 'user12345' },
} as const;

/** Nothing at all but an admin to act as: for Empty stories. */
export const emptySeed: MemorySeed = {
  users: demoSeed.users.filter((user) => user.email === demoCredentials.admin.email),
  entities: {
    program: [],
    action: [],
    sub_action: [],
    activity: [],
    subtitle: [],
    account: [],
    supporter: [],
  },
  reports: [],
  articles: [],
};

/** One full branch and its neighbours with very long Indonesian names: for LongNames stories. */
export const longNamesSeed: MemorySeed = /* @__PURE__ */ buildSeed(longNamesData);

// --- Errors --------------------------------------------------------------------------------

const statusTexts: Record<ErrorCode, string> = {
  validation: 'Bad Request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not Found',
  conflict: 'Conflict',
  payload_too_large: 'Payload Too Large',
  unsupported_media_type: 'Unsupported Media Type',
  rate_limited: 'Too Many Requests',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
  storage_full: 'Insufficient Storage',
};

/**
 * The ApiError the real client throws for an HTTP error answer: with the server's message when
 * given, else only the status line (as for a proxy's HTML error page).
 */
export function httpError(
  code: ErrorCode,
  serverMessage?: string,
  issues?: FieldIssue[],
): ApiError {
  const status = errorStatuses[code];
  const statusText = statusTexts[code];
  return new ApiError({
    kind: 'http',
    status,
    statusText,
    code,
    message: serverMessage ?? `${status} ${statusText}`,
    ...(serverMessage ? { serverMessage } : {}),
    ...(issues ? { issues } : {}),
  });
}

const networkError = (reason: string, cause?: unknown) =>
  new ApiError({ kind: 'network', message: `Network error: ${reason}`, cause });

const server = messagesId.server;
const levels = messagesId.levels;

function validationError(issues: FieldIssue[]): ApiError {
  const first = issues[0] ?? { path: 'body', message: 'tidak valid' };
  return httpError('validation', server.validation(first.path, first.message), issues);
}

// --- Requests and answers ------------------------------------------------------------------

type Output<S> = S extends { _zod: { output: infer O } } ? O : undefined;

interface MemoryRequest<R> {
  param: string;
  body: R extends { body: infer B } ? Output<B> : undefined;
  query: R extends { query: infer Q } ? Output<Q> : undefined;
  file: Blob | undefined;
  user: User | null;
}
type MemoryAnswer<R> = { message?: string } & (R extends { list: true; data: infer D }
  ? { data: Output<D>[]; filter: ListFilter }
  : R extends { data: infer D }
    ? { data: Output<D> }
    : never);
type MemoryHandlers = {
  [G in keyof Routes]: {
    [N in keyof Routes[G]]: (request: MemoryRequest<Routes[G][N]>) => MemoryAnswer<Routes[G][N]>;
  };
};
type AnyHandler = (request: {
  param: string;
  body: unknown;
  query: unknown;
  file: Blob | undefined;
  user: User | null;
}) => {
  message?: string;
  data: unknown;
  filter?: ListFilter;
};

/** `group.name` of every call, e.g. `program.list`, plus `fetchFile`. */
export type MemoryCallName =
  | { [G in keyof Routes]: `${G}.${keyof Routes[G] & string}` }[keyof Routes]
  | 'fetchFile';

export interface MemoryClientOptions {
  /** The tables to start from (copied); `demoSeed` by default. */
  seed?: MemorySeed;
  /** Delay before every answer, so Loading states can be seen; 0 by default. */
  latencyMs?: number;
  /**
   * Calls that fail: with this ApiError (see `httpError`), or as a network failure. Read on every
   * call, so a story may change it to let a retry succeed.
   */
  failOn?: Partial<Record<MemoryCallName, ApiError | 'network'>>;
  /** Who the calls are made as; the seed's first admin by default, null for a signed-out visitor. */
  currentUser?: User | null;
}

interface Paging {
  page: number;
  limit: number;
  search?: string | undefined;
}

/** One page of already filtered rows; `total` counts the rows before search and filters. */
function paginate<T>(matching: T[], query: Paging, total: number) {
  const start = (query.page - 1) * query.limit;
  return {
    data: matching.slice(start, start + query.limit),
    filter: {
      current_page: query.page,
      total_page: Math.max(1, Math.ceil(matching.length / query.limit)),
      filtered_result: matching.length,
      total_result: total,
    },
  };
}

const contains = (text: unknown, search: string | undefined) =>
  !search ||
  String(text ?? '')
    .toLowerCase()
    .includes(search.toLowerCase());

const collator = new Intl.Collator('id');
const byText =
  <T>(text: (row: T) => string) =>
  (a: T, b: T) =>
    collator.compare(text(a), text(b));
const newestFirst = (
  a: { created_at: string; id: string },
  b: { created_at: string; id: string },
) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);

/** As the real client sends them: a query without empty values, a body through JSON. */
const asQueryString = (query: unknown) =>
  Object.fromEntries(
    Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
const asJson = (body: unknown): unknown => JSON.parse(JSON.stringify(body ?? {}));

const reportFields = messagesId.reports.fields;
/** The demo export's columns: a header and the budget-line field under it. */
const reportColumns = [
  [reportFields.programName, 'program_name'],
  [reportFields.accountCode, 'account_code'],
  [reportFields.accountName, 'account_name'],
  [reportFields.componentCode, 'component_code'],
  [reportFields.componentName, 'component_name'],
  [reportFields.unit, 'unit'],
  [reportFields.price, 'price'],
  [reportFields.firstVolume, 'first_volume'],
  [reportFields.secondVolume, 'second_volume'],
  [reportFields.thirdVolume, 'third_volume'],
  [reportFields.totalPrice, 'total_price'],
  [reportFields.tax, 'tax'],
  [reportFields.totalAfterTax, 'total_after_tax'],
  [reportFields.supporter, 'supporter_name'],
] as const satisfies readonly (readonly [string, keyof DetailProgram])[];

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Where the memory client's uploads claim to live (`.invalid` is reserved: no such host). */
export const MEMORY_UPLOAD_ORIGIN = 'http://uploads.memory.invalid';
const uploadTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export function createMemoryClient(options: MemoryClientOptions = {}): RanwalClient {
  const db = structuredClone(options.seed ?? demoSeed);
  const latencyMs = options.latencyMs ?? 0;
  const toUser = ({ id, name, email, role }: User): User => ({ id, name, email, role });
  const firstAdmin = db.users.find((user) => user.role === 'admin');
  let currentUser =
    options.currentUser !== undefined
      ? options.currentUser
      : firstAdmin
        ? toUser(firstAdmin)
        : null;
  /** Blobs behind the URLs this client handed out (uploads and report files). */
  const files = new Map<string, Blob>();

  function answerLater(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(networkError('This operation was aborted', signal.reason));
      const abort = () => {
        clearTimeout(timer);
        reject(networkError('This operation was aborted', signal?.reason));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      }, latencyMs);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }

  function failIfAsked(name: MemoryCallName): void {
    const failure = options.failOn?.[name];
    if (failure === 'network') throw networkError('Failed to fetch');
    if (failure) throw failure;
  }

  function authorize(access: Access): User | null {
    if (access === 'public') return currentUser;
    if (!currentUser) throw httpError('unauthorized', server.tokenInvalid);
    if (access === 'admin' && currentUser.role !== 'admin') {
      throw httpError('forbidden', server.forbidden);
    }
    return currentUser;
  }

  /** The signed-in caller of a route whose access is `user` or `admin` (authorize checked it). */
  const caller = (user: User | null): User => {
    if (!user) throw httpError('unauthorized', server.tokenInvalid);
    return user;
  };

  function parse(schema: RouteDefinition['body'], value: unknown, where: string): unknown {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw validationError(
      result.error.issues.map((issue) => ({
        path: issue.path.join('.') || where,
        message: issue.message,
      })),
    );
  }

  // --- The six levels and supporters, from the level table --------------------------------

  const table = (key: ManagedEntityKey) => rows(db.entities, key);

  function withParentName(key: ManagedEntityKey, row: Row): Row {
    const { parent, parentField } = managedEntities[key];
    if (!parent || !parentField) return row;
    const parentRow = table(parent).find((candidate) => candidate.id === row[parentField]);
    return { ...row, [`${parent}_name`]: parentRow?.name ?? null };
  }

  function crud(key: ManagedEntityKey) {
    const level: ManagedEntities[ManagedEntityKey] = managedEntities[key];
    const find = (id: string) => {
      const row = table(key).find((candidate) => candidate.id === id);
      if (!row) throw httpError('not_found', server.notFound(levels[key].label));
      return row;
    };
    const check = (input: Row, exceptId?: string) => {
      if (level.parent && level.parentField) {
        const parentId = input[level.parentField];
        if (!table(level.parent).some((row) => row.id === parentId)) {
          const problem = server.recordNotFound(levels[level.parent].label);
          throw validationError([{ path: level.parentField, message: problem }]);
        }
      }
      if (level.hasCode && level.parentField) {
        const parentField = level.parentField;
        const taken = table(key).some(
          (row) =>
            row.id !== exceptId &&
            row[parentField] === input[parentField] &&
            row.code === input.code,
        );
        if (taken) {
          const problem = server.accountCodeTaken(String(input.code));
          throw httpError('conflict', server.validation('code', problem), [
            { path: 'code', message: problem },
          ]);
        }
      }
    };
    const writable = (input: Row) => ({
      name: input.name,
      ...(level.hasCode ? { code: input.code } : {}),
      ...(level.hasTaxFlag ? { is_taxed: input.is_taxed } : {}),
      ...(level.parentField ? { [level.parentField]: input[level.parentField] } : {}),
    });

    const handlers: Record<'list' | 'create' | 'update' | 'delete', AnyHandler> = {
      list: ({ query }) => {
        const { uuid: parentId, ...paging } = query as Paging & { uuid?: string };
        const inScope = table(key).filter(
          (row) => !level.parentField || !parentId || row[level.parentField] === parentId,
        );
        const matching = inScope
          .filter(
            (row) =>
              contains(row.name, paging.search) ||
              (level.hasCode && contains(row.code, paging.search)),
          )
          .sort(byText((row) => String(level.hasCode ? row.code : row.name)));
        const page = paginate(matching, paging, inScope.length);
        return { ...page, data: page.data.map((row) => withParentName(key, row)) };
      },
      create: ({ body }) => {
        const input = body as Row;
        check(input);
        const row = { id: uuid(), ...writable(input) } as Row;
        table(key).push(row);
        return { message: server.created, data: withParentName(key, row) };
      },
      update: ({ param, body }) => {
        const row = find(param);
        check(body as Row, param);
        Object.assign(row, writable(body as Row));
        return { message: server.updated, data: withParentName(key, row) };
      },
      delete: ({ param }) => {
        const row = find(param);
        const child = level.child ? managedEntities[level.child] : null;
        const children = child
          ? table(child.key).filter((candidate) => candidate[child.parentField] === param).length
          : 0;
        const lines = db.reports.filter(
          (line) => (line as unknown as Row)[`${key}_id`] === param,
        ).length;
        const dependents = [
          child && children > 0 ? `${children} ${levels[child.key].label}` : null,
          lines > 0 ? `${lines} laporan` : null,
        ].filter(Boolean);
        if (dependents.length > 0) {
          throw httpError(
            'conflict',
            server.conflictHasChildren(
              `${levels[key].label} "${row.name}"`,
              dependents.join(' dan '),
            ),
          );
        }
        table(key).splice(table(key).indexOf(row), 1);
        return { message: server.deleted, data: null };
      },
    };
    return handlers;
  }

  // --- Budget lines --------------------------------------------------------------------------

  function toDetailProgram(line: StoredReport): DetailProgram {
    const stored = line as unknown as Record<string, unknown>;
    const names = Object.fromEntries(
      managedEntityKeys.map((key) => [
        `${key}_name`,
        table(key).find((row) => row.id === stored[`${key}_id`])?.name ?? '',
      ]),
    );
    const account = table('account').find((row) => row.id === line.account_id);
    return { ...line, ...names, account_code: String(account?.code ?? '') } as DetailProgram;
  }

  const linesOf = (user: User) =>
    db.reports
      .filter((line) => user.role === 'admin' || line.created_by === user.id)
      .map(toDetailProgram);

  const findLine = (user: User, id: string) => {
    const line = linesOf(user).find((candidate) => candidate.id === id);
    if (!line) throw httpError('not_found', server.notFound('Laporan'));
    return line;
  };

  /** Every referenced row must exist and each level must sit under the one chosen above it. */
  function checkReferences(input: Record<string, unknown>): void {
    const issues: FieldIssue[] = [];
    for (const key of managedEntityKeys) {
      const { parent, parentField } = managedEntities[key];
      const path = `${key}_id`;
      const row = table(key).find((candidate) => candidate.id === input[path]);
      if (!row) {
        issues.push({ path, message: server.recordNotFound(levels[key].label) });
      } else if (parent && parentField && row[parentField] !== input[`${parent}_id`]) {
        const problem = server.recordNotUnder(levels[key].label, levels[parent].label);
        issues.push({ path, message: problem });
      }
    }
    if (issues.length > 0) throw validationError(issues);
  }

  type ReportFilter = { year?: number; program_id?: string; supporter_id?: string };
  const narrowLines = (lines: DetailProgram[], filter: ReportFilter) =>
    lines.filter(
      (line) =>
        (filter.year === undefined || line.year === filter.year) &&
        (!filter.program_id || line.program_id === filter.program_id) &&
        (!filter.supporter_id || line.supporter_id === filter.supporter_id),
    );

  const detailProgram: MemoryHandlers['detailProgram'] = {
    list: ({ query, user }) => {
      const visible = linesOf(caller(user));
      const matching = narrowLines(visible, query)
        .filter((line) =>
          [
            line.component_name,
            line.component_code,
            line.program_name,
            line.account_code,
            line.account_name,
          ].some((text) => contains(text, query.search)),
        )
        .sort(newestFirst);
      return paginate(matching, query, visible.length);
    },
    get: ({ param, user }) => ({ data: findLine(caller(user), param) }),
    create: ({ body, user }) => {
      const taxed = body.is_taxed ?? (body.tax ?? 0) > 0;
      let totals: ReturnType<typeof computeTotals>;
      try {
        totals = computeTotals({ ...body, taxed });
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        throw httpError(
          'validation',
          server.validation(error.field, 'melebihi jumlah terbesar yang dapat dihitung tepat'),
          [{ path: error.field, message: error.message }],
        );
      }
      checkReferences(body);
      // The browser's own totals are dropped: the server's maths is authoritative.
      const { is_taxed, tax, total_price, total_after_tax, ...fields } = body;
      const line: StoredReport = {
        id: uuid(),
        ...fields,
        ...totals,
        created_by: caller(user).id,
        created_at: new Date().toISOString(),
      };
      db.reports.push(line);
      return { message: server.created, data: toDetailProgram(line) };
    },
    delete: ({ param }) => {
      const index = db.reports.findIndex((line) => line.id === param);
      if (index < 0) throw httpError('not_found', server.notFound('Laporan'));
      db.reports.splice(index, 1);
      return { message: server.deleted, data: null };
    },
    report: ({ query, user }) => {
      const lines = narrowLines(linesOf(caller(user)), query).sort(newestFirst);
      const blob = xlsxBlob(
        [
          reportColumns.map(([header]) => header),
          ...lines.map((line) => reportColumns.map(([, field]) => line[field])),
        ],
        `Laporan ${query.year}`,
      );
      const path = URL.createObjectURL(blob);
      files.set(path, blob);
      return { data: { path, originalName: `laporan-detail-program-${query.year}.xlsx` } };
    },
    summary: ({ query }) => {
      const sum = (lines: readonly DetailProgram[]) => ({
        line_count: lines.length,
        total_price: sumRupiah(lines.map((line) => line.total_price)),
        tax: sumRupiah(lines.map((line) => line.tax)),
        total_after_tax: sumRupiah(lines.map((line) => line.total_after_tax)),
      });
      const years = [...new Set(db.reports.map((line) => line.year))].sort((a, b) => a - b);
      // As the server: without a year, the latest one with lines, else the current one.
      const year = query.year ?? years.at(-1) ?? currentYear();
      const lines = narrowLines(db.reports.map(toDetailProgram), { year });
      const byProgram = new Map<string, DetailProgram[]>();
      for (const line of lines) {
        byProgram.set(line.program_id, [...(byProgram.get(line.program_id) ?? []), line]);
      }
      const programs = [...byProgram]
        .map(([program_id, programLines]) => ({
          program_id,
          program_name: programLines[0]?.program_name ?? '',
          ...sum(programLines),
        }))
        .sort(
          (a, b) =>
            b.total_after_tax - a.total_after_tax ||
            collator.compare(a.program_name, b.program_name) ||
            a.program_id.localeCompare(b.program_id),
        );
      return { data: { year, ...sum(lines), programs, years } };
    },
  };

  // --- Articles ------------------------------------------------------------------------------

  const findArticle = (slug: string, visibleTo: User | null) => {
    const article = db.articles.find(
      (candidate) =>
        candidate.slug === slug &&
        (visibleTo?.role === 'admin' || candidate.status === 'published'),
    );
    if (!article) throw httpError('not_found', server.notFound('Artikel'));
    return article;
  };

  const writableArticle = (input: Output<typeof routes.article.create.body>) => ({
    title: input.title,
    content: input.content,
    excerpt: (input.excerpt && htmlToText(input.excerpt)) || excerptOf(input.content),
    cover_image: input.cover_image || null,
    tags: input.tags,
    status: input.status,
    category: input.category,
  });

  const article: MemoryHandlers['article'] = {
    list: ({ query, user }) => {
      const visible = db.articles.filter(
        (candidate) => user?.role === 'admin' || candidate.status === 'published',
      );
      const matching = visible
        .filter(
          (candidate) =>
            contains(candidate.title, query.search) &&
            (!query.category || candidate.category === query.category) &&
            (!query.status || candidate.status === query.status),
        )
        .sort(newestFirst);
      return paginate(matching, query, visible.length);
    },
    get: ({ param, user }) => {
      const found = findArticle(param, user);
      // A public read of a published article counts a view; an admin's does not.
      if (user?.role !== 'admin') found.views_count += 1;
      return { data: found };
    },
    create: ({ body, user }) => {
      const now = new Date().toISOString();
      const created: Article = {
        id: uuid(),
        slug: freeSlug(db.articles, body.title),
        ...writableArticle(body),
        name: caller(user).name,
        created_at: now,
        updated_at: now,
        views_count: 0,
      };
      db.articles.push(created);
      return { message: server.created, data: created };
    },
    update: ({ param, body, user }) => {
      const found = findArticle(param, user);
      const slug =
        found.title === body.title ? found.slug : freeSlug(db.articles, body.title, found.id);
      Object.assign(found, writableArticle(body), { slug, updated_at: new Date().toISOString() });
      return { message: server.updated, data: found };
    },
    delete: ({ param, user }) => {
      const found = findArticle(param, user);
      db.articles.splice(db.articles.indexOf(found), 1);
      return { message: server.deleted, data: null };
    },
  };

  // --- Users ---------------------------------------------------------------------------------

  const findUser = (id: string) => {
    const found = db.users.find((candidate) => candidate.id === id);
    if (!found) throw httpError('not_found', server.notFound('Pengguna'));
    return found;
  };
  const assertEmailFree = (email: string, exceptId?: string) => {
    if (db.users.some((u) => u.id !== exceptId && u.email.toLowerCase() === email.toLowerCase())) {
      throw httpError('conflict', server.duplicateEmail, [
        { path: 'email', message: server.issueEmailTaken },
      ]);
    }
  };
  const adminCount = () => db.users.filter((u) => u.role === 'admin').length;

  const user: MemoryHandlers['user'] = {
    signIn: ({ body }) => {
      const found = db.users.find(
        (candidate) =>
          candidate.email.toLowerCase() === body.email && candidate.password === body.password,
      );
      if (!found) throw httpError('unauthorized', server.signInFailed);
      currentUser = toUser(found);
      return {
        message: server.signInSuccess,
        data: { token: `memory-token-${found.id}`, ...currentUser },
      };
    },
    me: ({ user: me }) => ({ data: caller(me) }),
    list: ({ query }) => {
      const matching = db.users
        .filter((u) => contains(u.name, query.search) || contains(u.email, query.search))
        .sort(byText((u) => u.name))
        .map(toUser);
      return paginate(matching, query, db.users.length);
    },
    create: ({ body }) => {
      assertEmailFree(body.email);
      const created = {
        id: uuid(),
        name: body.name,
        email: body.email,
        role: body.role,
        password: body.password,
      };
      db.users.push(created);
      return { message: server.created, data: toUser(created) };
    },
    update: ({ param, body }) => {
      const found = findUser(param);
      assertEmailFree(body.email, param);
      if (found.role === 'admin' && body.role !== 'admin' && adminCount() <= 1) {
        throw httpError('conflict', 'Admin terakhir tidak dapat diubah menjadi user.', [
          { path: 'role', message: server.issueMustStayAdmin },
        ]);
      }
      Object.assign(found, { name: body.name, email: body.email, role: body.role });
      return { message: server.updated, data: toUser(found) };
    },
    delete: ({ param, user: actor }) => {
      if (param === caller(actor).id) {
        throw httpError('conflict', 'Anda tidak dapat menghapus akun Anda sendiri.');
      }
      const found = findUser(param);
      if (found.role === 'admin' && adminCount() <= 1) {
        throw httpError('conflict', 'Admin terakhir tidak dapat dihapus.');
      }
      db.users.splice(db.users.indexOf(found), 1);
      return { message: server.deleted, data: null };
    },
  };

  // --- Uploads -------------------------------------------------------------------------------

  const upload: MemoryHandlers['upload'] = {
    file: ({ file }) => {
      if (!file) throw validationError([{ path: 'file', message: 'wajib diisi' }]);
      if (file.size > MAX_UPLOAD_BYTES) {
        throw httpError('payload_too_large', server.payloadTooLarge);
      }
      if (!uploadTypes.includes(file.type)) {
        throw httpError('unsupported_media_type', server.unsupportedImage);
      }
      // An http(s) URL shaped like the server's, as core's CoverImage schema requires; the
      // bytes stay here and `fetchFile` serves them (the host is reserved and never resolves).
      const path = `${MEMORY_UPLOAD_ORIGIN}${BASE_PATH}/api/uploads/${uuid()}`;
      files.set(path, file);
      return { data: { path } };
    },
  };

  // The CLI's bulk import, applied to the in-memory tables with the server's matching rules:
  // names match trimmed and case-insensitively under the same parent, accounts by code.
  const importHierarchy: AnyHandler = ({ body }) => {
    const batch = body as { rows: Row[]; dry_run: boolean };
    const snapshot = structuredClone(db.entities);
    const same = (a: unknown, b: unknown) =>
      String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
    const levelsResult = Object.fromEntries(
      hierarchyLevelKeys.map((key) => [
        key,
        { created: 0, existing: 0, created_rows: [] as number[] },
      ]),
    );
    const conflicts: { row: number; field: 'account_name'; message: string }[] = [];
    batch.rows.forEach((input, position) => {
      let parentId: unknown = null;
      for (const key of hierarchyLevelKeys) {
        const level = managedEntities[key];
        const inScope = (row: Row) => !level.parentField || row[level.parentField] === parentId;
        const name = key === 'account' ? input.account_name : input[key];
        const found = table(key).find(
          (row) =>
            inScope(row) &&
            (level.hasCode ? row.code === input.account_code : same(row.name, name)),
        );
        const result = levelsResult[key]!;
        if (found) {
          result.existing += 1;
          if (level.hasCode && !same(found.name, name)) {
            conflicts.push({
              row: position,
              field: 'account_name',
              message: `kode ${String(input.account_code)} sudah dipakai dengan nama lain`,
            });
          }
          parentId = found.id;
          continue;
        }
        const row = {
          id: uuid(),
          name,
          ...(level.hasCode ? { code: input.account_code } : {}),
          ...(level.hasTaxFlag ? { is_taxed: input.program_is_taxed ?? false } : {}),
          ...(level.parentField ? { [level.parentField]: parentId } : {}),
        } as Row;
        table(key).push(row);
        result.created += 1;
        result.created_rows.push(position);
        parentId = row.id;
      }
    });
    if (batch.dry_run) db.entities = snapshot;
    return { data: { dry_run: batch.dry_run, levels: levelsResult, conflicts } };
  };

  // One implementation for the seven groups; the level table types each group's rows.
  const levelHandlers = Object.fromEntries(
    managedEntityKeys.map((key) => [clientGroupFor[key], crud(key)]),
  ) as unknown as Pick<MemoryHandlers, (typeof clientGroupFor)[ManagedEntityKey]>;
  const typedHandlers: MemoryHandlers = {
    health: { get: () => ({ data: { database: 'up' } }) },
    user,
    ...levelHandlers,
    detailProgram,
    import: { hierarchy: importHierarchy as MemoryHandlers['import']['hierarchy'] },
    article,
    upload,
  };
  // The arguments are checked against the route's schemas before a handler sees them.
  const handlers = typedHandlers as unknown as Record<string, Record<string, AnyHandler>>;

  /** Reads a call's arguments in the order RouteMethod declares them, then answers it. */
  function bind(group: string, name: string, route: RouteDefinition) {
    const handler = handlers[group]?.[name];
    if (!handler) throw new Error(`memory client: no handler for ${group}.${name}`);
    const paramName = route.params ? Object.keys(route.params.shape)[0] : undefined;
    return async (...args: unknown[]) => {
      let next = 0;
      const param = paramName ? args[next++] : undefined;
      let body: unknown;
      let file: Blob | undefined;
      if (route.upload) {
        file = args[next] as Blob | undefined;
        next += 2; // the file and its name
      } else if (route.body) {
        body = args[next++];
      }
      const query = route.query ? args[next++] : undefined;
      await answerLater((args[next] as CallOptions | undefined)?.signal);
      failIfAsked(`${group}.${name}` as MemoryCallName);
      const viewer = authorize(route.access);
      const params = paramName
        ? (parse(route.params, { [paramName]: param }, 'params') as Record<string, string>)
        : {};
      const answer = handler({
        param: paramName ? (params[paramName] ?? '') : '',
        body: parse(route.body, asJson(body), 'body'),
        query: parse(route.query, asQueryString(query), 'query'),
        file,
        user: viewer,
      });
      const status = route.successStatus ?? 200;
      const result = { status, message: server.ok, ...answer };
      const checked = (route.list ? listEnvelope(route.data) : envelope(route.data)).safeParse(
        result,
      );
      if (!checked.success) {
        throw new ApiError({
          kind: 'invalid_response',
          status,
          message: `Unexpected answer from the memory client: ${checked.error.message}`,
          cause: checked.error,
        });
      }
      return checked.data;
    };
  }

  const client: Record<string, unknown> = Object.fromEntries(
    Object.entries(routes).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members as Record<string, RouteDefinition>).map(([name, route]) => [
          name,
          bind(group, name, route),
        ]),
      ),
    ]),
  );

  client.fetchFile = async (path: string, callOptions: CallOptions = {}) => {
    await answerLater(callOptions.signal);
    failIfAsked('fetchFile');
    const blob = files.get(path);
    if (blob)
      return new Response(blob, { headers: { 'content-type': blob.type || XLSX_CONTENT_TYPE } });
    // A data: URL carries its bytes; fetching it touches no network.
    if (path.startsWith('data:')) return fetch(path);
    throw httpError('not_found', server.notFound('Berkas'));
  };

  return client as RanwalClient;
}
