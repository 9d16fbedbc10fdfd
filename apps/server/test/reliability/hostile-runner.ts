import {
  ARTICLE_TAG_ALIASES,
  ARTICLE_TAGS,
  ArticleInput,
  BudgetLineInput,
  computeTotals,
  ErrorBody,
  errorCodeForStatus,
  HierarchyImportBatch,
  type HierarchyImportResult,
  importNameKey,
  type ManagedEntityKey,
  managedEntities,
  PasswordSetInput,
  taxRequested,
  UserCreateInput,
  UserUpdateInput,
} from '@ranwal/core';
import type { z } from 'zod';
import type { TestApp } from '../harness.js';
import type { Operation, Table } from './operations.js';
import { type RawResponse, sendRaw } from './raw-http.js';
import {
  type AbstractRequest,
  type Body,
  ChainRef,
  type FileContent,
  IdRef,
  LinkTokenRef,
  type Slot,
} from './requests.js';
import { Check, type Expected, hashOf, md5, type StateModel, show } from './state-model.js';

/** Smallest valid images of each accepted type (the same bytes the uploads tests use). */
export const images = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
};
const PNG_SIGNATURE = images.png.subarray(0, 8);
let overLimitFile: Buffer | undefined;

function fileBytes(content: FileContent): Buffer {
  if (typeof content === 'object') return Buffer.from(content.random);
  switch (content) {
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return images[content];
    case 'svg-script':
      return Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      );
    case 'html':
      return Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    case 'empty':
      return Buffer.alloc(0);
    case 'png-magic-garbage':
      return Buffer.concat([PNG_SIGNATURE, Buffer.from('<script>alert(1)</script>')]);
    case 'gif-polyglot':
      return Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);');
    case 'text':
      return Buffer.from('halo, ini bukan gambar');
    case 'over-limit':
      overLimitFile ??= Buffer.concat([PNG_SIGNATURE, Buffer.alloc(5 * 1024 * 1024 + 1, 7)]);
      return overLimitFile;
  }
}

/** What an upload of these bytes must be stored as, when accepted. */
function storedType(content: FileContent): unknown {
  const known: Partial<Record<string, string>> = {
    png: 'image/png',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    'png-magic-garbage': 'image/png',
    'gif-polyglot': 'image/gif',
  };
  if (typeof content === 'string' && known[content]) return known[content];
  return new Check('one of the four image types', (actual) =>
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(String(actual)),
  );
}

/** A request made concrete: what goes on the wire. */
export interface ConcreteRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
  /** The body as the server's JSON parser would read it, when it is JSON at all. */
  sent?: unknown;
  /** The file an upload would store (the first file part). */
  file?: { bytes: Buffer; content: FileContent };
}

export interface Identity {
  id: string;
  name: string;
}

export interface FuzzContext {
  t: TestApp;
  operations: Operation[];
  model: StateModel;
  admin: Identity;
  user: Identity;
  /** Signed report links, for the report-file route. */
  links: { admin: string; user: string; tampered: string };
  /** Port of the same app listening on loopback, for the requests sent over real HTTP. */
  port: number;
}

/** WTF-8 percent-encoding: lone surrogates become the bytes a careless encoder would send. */
function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

function unknownId(pick: number): string {
  return `00000000-0000-4000-8000-${String(pick).padStart(12, '0')}`;
}

function resolveId(context: FuzzContext, ref: IdRef): string {
  const { model } = context;
  const table = ref.table;
  if (!table) return unknownId(ref.pick);
  const pool = model.pool(table);
  const stale = model.deleted[table];
  switch (ref.variant) {
    case 'existing':
      if (pool.length) return pool[ref.pick % pool.length]!;
      break;
    case 'deleted':
      if (stale.length) return stale[ref.pick % stale.length]!;
      break;
    case 'upper':
      if (pool.length) return pool[ref.pick % pool.length]!.toUpperCase();
      break;
    case 'unknown':
      break;
  }
  return table === 'article' ? `tidak-ada-${ref.pick}` : unknownId(ref.pick);
}

function resolveToken(context: FuzzContext, ref: LinkTokenRef): string {
  switch (ref.which) {
    case 'admin-link':
      return context.links.admin;
    case 'user-link':
      return context.links.user;
    case 'session':
      return context.t.adminToken;
    case 'tampered-link':
      return context.links.tampered;
  }
}

/** The id of one level of the path above an existing account. */
function resolveChain(context: FuzzContext, ref: ChainRef): string {
  const { rows } = context.model;
  const accounts = context.model.pool('account');
  if (accounts.length === 0) return unknownId(ref.pick);
  let id = accounts[ref.pick % accounts.length]!;
  const parents = [
    ['account', 'subtitle_id'],
    ['subtitle', 'activity_id'],
    ['activity', 'sub_action_id'],
    ['sub_action', 'action_id'],
    ['action', 'program_id'],
  ] as const;
  for (const [level, parentField] of parents) {
    if (level === ref.level) return id;
    id = String(rows[level].get(id)?.[parentField]);
  }
  return id;
}

/** Replaces every id reference in a generated body by a concrete id. */
function resolveValue(context: FuzzContext, value: unknown): unknown {
  if (value instanceof IdRef) return resolveId(context, value);
  if (value instanceof ChainRef) return resolveChain(context, value);
  if (Array.isArray(value)) return value.map((item) => resolveValue(context, item));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: resolveValue(context, item),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return out;
  }
  return value;
}

function slotText(context: FuzzContext, slot: Slot): string {
  if (slot.kind === 'ref') {
    const value =
      slot.ref instanceof LinkTokenRef
        ? resolveToken(context, slot.ref)
        : resolveId(context, slot.ref);
    return encodeText(value);
  }
  return slot.raw ? slot.text : encodeText(slot.text);
}

/** Malformed Authorization headers; as many as GARBAGE_AUTHORIZATIONS says. */
function garbageAuthorization(context: FuzzContext, n: number): string {
  const token = context.t.adminToken;
  const [header, payload] = token.split('.');
  const variants = [
    'Bearer',
    'Bearer ',
    `Bearer ${token}x`,
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${header}.${payload}.`,
    'Bearer null',
    `Token ${token}`,
    `Bearer ${'A'.repeat(5000)}`,
  ];
  return variants[n % variants.length]!;
}

/** The body as the server's JSON parser reads it (which skips a leading byte-order mark). */
const tryParse = (text: string): unknown => {
  try {
    return JSON.parse(text.replace(/^\ufeff/, ''));
  } catch {
    return undefined;
  }
};

function materializeBody(
  context: FuzzContext,
  body: Body,
  index: number,
): Pick<ConcreteRequest, 'payload' | 'sent' | 'file'> & { contentType?: string } {
  switch (body.kind) {
    case 'none':
      return body.contentType ? { contentType: body.contentType, payload: Buffer.alloc(0) } : {};
    case 'json': {
      const text = JSON.stringify(resolveValue(context, body.value)) ?? '';
      return { contentType: body.contentType, payload: Buffer.from(text), sent: tryParse(text) };
    }
    case 'raw-literal': {
      const marker = '\u0001RAW\u0001';
      const value = resolveValue(context, { ...body.value, [body.field]: marker });
      const text = JSON.stringify(value).replace(JSON.stringify(marker), body.literal);
      return { contentType: 'application/json', payload: Buffer.from(text), sent: tryParse(text) };
    }
    case 'bad-utf8': {
      const marker = '\u0001BYTES\u0001';
      const value = resolveValue(context, { ...body.value, [body.field]: `a${marker}b` });
      const [before, after] = JSON.stringify(value).split(JSON.stringify(marker).slice(1, -1));
      const payload = Buffer.concat([
        Buffer.from(before ?? ''),
        Buffer.from(body.bytes),
        Buffer.from(after ?? ''),
      ]);
      return { contentType: 'application/json', payload, sent: tryParse(payload.toString('utf8')) };
    }
    case 'text':
      return {
        ...(body.contentType ? { contentType: body.contentType } : {}),
        payload: Buffer.from(body.text),
        sent: tryParse(body.text),
      };
    case 'multipart': {
      const boundary = `----ranwal-fuzz-${index}`;
      const chunks: Buffer[] = [];
      for (const [name, value] of body.textFields) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
        );
      }
      let file: ConcreteRequest['file'];
      for (const part of body.parts) {
        const bytes = fileBytes(part.content);
        // A part without a file name is a plain field: the upload stores the first real file.
        if (part.filename !== null) file ??= { bytes, content: part.content };
        const filename = part.filename === null ? '' : `; filename="${part.filename}"`;
        const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${filename}\r\n${type}\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        );
      }
      if (body.framing !== 'no-final-boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let payload = Buffer.concat(chunks);
      if (body.framing === 'truncated') payload = payload.subarray(0, payload.length >> 1);
      const contentType =
        body.framing === 'no-boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${body.framing === 'wrong-boundary' ? 'other' : boundary}`;
      return { contentType, payload, ...(file ? { file } : {}) };
    }
  }
}

/** The request as it goes on the wire. */
export function materialize(
  context: FuzzContext,
  request: AbstractRequest,
  index: number,
): ConcreteRequest {
  const operation = context.operations[request.operation]!;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const slot = request.path[name];
    return slot ? slotText(context, slot) : '';
  });
  const query = request.query
    .map(([name, slot]) => `${encodeText(name)}=${slotText(context, slot)}`)
    .join('&');
  const headers: Record<string, string> = {};
  if (request.auth === 'admin') headers.authorization = `Bearer ${context.t.adminToken}`;
  else if (request.auth === 'user') headers.authorization = `Bearer ${context.t.userToken}`;
  else if (request.auth.startsWith('garbage-')) {
    headers.authorization = garbageAuthorization(context, Number(request.auth.slice(8)));
  }
  const { contentType, ...body } = materializeBody(context, request.body, index);
  if (contentType) headers['content-type'] = contentType;
  return {
    method: request.method ?? operation.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...body,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/** Sends in-process with app.inject. */
export async function sendInject(context: FuzzContext, request: ConcreteRequest): Promise<Answer> {
  const response = await context.t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Sends over a real loopback connection, bytes exactly as built. */
export async function sendHttp(context: FuzzContext, request: ConcreteRequest): Promise<Answer> {
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ...(request.payload ? [`Content-Length: ${request.payload.length}`] : []),
  ].join('\r\n');
  const responses: RawResponse[] = await sendRaw(
    context.port,
    Buffer.concat([Buffer.from(`${head}\r\n\r\n`), request.payload ?? Buffer.alloc(0)]),
  );
  const first = responses[0];
  if (!first) return { status: 0, headers: {}, body: Buffer.alloc(0) };
  return first;
}

/** What is wrong with an answer by the contract (null when nothing). */
export function answerProblem(operation: Operation, method: string, answer: Answer): string | null {
  const { status } = answer;
  if (status === 0) return 'no answer: the connection closed first';
  if (status >= 500) return `answered ${status} ${show(answer.body.toString('utf8'))}`;
  if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
  if (method === 'HEAD') return null;
  const type = String(answer.headers['content-type'] ?? '');
  if (operation.hidden && status < 300) {
    const expected = operation.path.includes('uploads') ? /^image\// : /spreadsheetml/;
    return expected.test(type) ? null : `answered ${status} with content type ${type}`;
  }
  if (!type.startsWith('application/json')) {
    return `answered ${status} with content type ${show(type)}`;
  }
  const body = tryParse(answer.body.toString('utf8')) as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return `answered ${status} with a body that is not JSON`;
  if (body.status !== status) return `envelope status ${show(body.status)} on a ${status} answer`;
  if (status >= 400) {
    const parsed = ErrorBody.safeParse(body);
    if (!parsed.success) return `answered ${status} without the error envelope: ${show(body)}`;
    const { code, message } = parsed.data;
    if (!message.trim()) return `answered ${status} with an empty message`;
    // The code of the status in core's closed table (408, 414 and 431 have their own).
    if (code !== errorCodeForStatus(status)) return `answered ${status} with code ${show(code)}`;
    return null;
  }
  if (typeof body.message !== 'string' || !('data' in body)) {
    return `answered ${status} without the envelope: ${show(body)}`;
  }
  return null;
}

/** The HTML an article may hold after sanitizing: nothing that runs (as text, anything goes). */
const UNSAFE_HTML =
  /<\s*(script|iframe|object|embed|style|svg|math|form|input)|<[^>]*\son\w+\s*=|<[^>]*(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i;
// The article policy's tags (core's article-html.ts), and the two it renames on the way in.
const ALLOWED_TAGS = new Set<string>([...ARTICLE_TAGS, ...Object.keys(ARTICLE_TAG_ALIASES)]);
function unsafeHtml(html: string): string | null {
  if (UNSAFE_HTML.test(html)) return `unsafe HTML stored: ${show(html)}`;
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z0-9]+)/g)) {
    if (!ALLOWED_TAGS.has(tag!.toLowerCase())) return `tag <${tag}> stored: ${show(html)}`;
  }
  return null;
}

const levelOfTable = (table: Table): ManagedEntityKey | undefined =>
  (Object.keys(managedEntities) as ManagedEntityKey[]).find(
    (key) => managedEntities[key].table === table,
  );

/** The id in a path like /ranwal/api/program/{id}/update, as the database spells it. */
const pathId = (request: ConcreteRequest): string =>
  decodeURIComponent(request.url.split('?')[0]!.split('/').at(-2) ?? '').toLowerCase();

/**
 * Applies an accepted (2xx) request to the model, and checks its answer against what was sent.
 * Returns problems found.
 */
export async function applyAccepted(
  context: FuzzContext,
  operation: Operation,
  abstract: AbstractRequest,
  request: ConcreteRequest,
  answer: Answer,
  label: string,
): Promise<string[]> {
  const { model } = context;
  const problems: string[] = [];
  const method = request.method;
  const caller =
    abstract.auth === 'admin' ? context.admin : abstract.auth === 'user' ? context.user : null;
  const body =
    method === 'HEAD'
      ? undefined
      : (tryParse(answer.body.toString('utf8')) as { data?: Record<string, unknown> } | undefined);
  const data = body?.data ?? {};

  /** The body as the contract parses it; a write the contract refuses must not be accepted. */
  const parse = <S extends z.ZodType>(schema: S): z.output<S> | undefined => {
    const result = schema.safeParse(request.sent);
    if (!result.success) {
      problems.push(`accepted a body the contract refuses: ${show(request.sent)}`);
      return undefined;
    }
    return result.data;
  };
  /** The answer must show what was written. */
  const answerShows = (expected: Expected) => {
    for (const [column, value] of Object.entries(expected)) {
      if (value instanceof Check || !(column in data)) continue;
      if (JSON.stringify(data[column]) !== JSON.stringify(value)) {
        problems.push(`answered ${column} ${show(data[column])}, expected ${show(value)}`);
      }
    }
  };

  if (method === 'HEAD' && operation.kind !== 'view') return problems;
  if (method !== operation.method && method !== 'HEAD') {
    problems.push(`${method} on a ${operation.method} route was accepted`);
    return problems;
  }
  const table = operation.table;
  switch (operation.kind) {
    case 'read':
    case 'sign-in':
      return problems;
    case 'view': {
      if (caller?.id === context.admin.id) return problems;
      const slug = decodeURIComponent(request.url.split('?')[0]!.split('/').at(-2) ?? '');
      const id = model.articleIdBySlug(slug);
      const row = id ? model.rows.article.get(id) : undefined;
      if (!id || !row) {
        problems.push(`read article ${slug}, which the model does not have`);
        return problems;
      }
      const views = Number(row.views_count) + 1;
      model.update('article', id, { views_count: views }, label);
      if (method !== 'HEAD' && data.views_count !== views) {
        problems.push(`answered views_count ${show(data.views_count)}, expected ${views}`);
      }
      return problems;
    }
    case 'upload': {
      const id =
        String((data as { path?: string }).path ?? '')
          .split('/')
          .at(-1) ?? '';
      if (!request.file || !caller) {
        problems.push('accepted an upload without a file or a caller');
        return problems;
      }
      model.create(
        'upload',
        id,
        {
          content_type: storedType(request.file.content),
          byte_size: request.file.bytes.length,
          digest: md5(request.file.bytes),
          uploaded_by: caller.id,
        },
        label,
      );
      return problems;
    }
    case 'import': {
      const batch = parse(HierarchyImportBatch);
      if (!batch) return problems;
      const result = data as unknown as HierarchyImportResult;
      if (batch.dry_run) return problems;
      return [...problems, ...(await adoptImport(context, batch, result, label))];
    }
    case 'password': {
      // The suite never knows a caller's current password, so only an admin's reset may pass.
      if (!request.url.includes('/user/password')) {
        const input = parse(PasswordSetInput);
        if (input) {
          model.update(
            'app_user',
            pathId(request),
            { password_hash: hashOf(input.password) },
            label,
          );
        }
      } else problems.push('accepted a password change without the current password');
      return problems;
    }
    case 'create':
    case 'update':
    case 'delete':
      break;
  }
  if (!table) return problems;
  const id = operation.kind === 'create' ? String(data.id) : pathId(request);
  if (operation.kind === 'delete') {
    const key = table === 'article' ? model.articleIdBySlug(pathId(request)) : id;
    model.remove(table, key ?? id, label);
    return problems;
  }

  let expected: Expected | undefined;
  const level = levelOfTable(table);
  if (level) {
    const definition = managedEntities[level];
    const input = parse(definition.input) as Record<string, unknown> | undefined;
    if (!input) return problems;
    expected = { name: input.name };
    if (definition.codeRequired) expected.code = input.code;
    if (definition.hasTaxFlag) expected.is_taxed = input.is_taxed;
    if (definition.parentField) {
      // A programme's agency is optional: none on create, kept when an update leaves it out.
      const parentId = input[definition.parentField];
      if (parentId != null) expected[definition.parentField] = String(parentId).toLowerCase();
      else if (parentId === null || operation.kind === 'create') {
        expected[definition.parentField] = null;
      }
    }
  } else if (table === 'app_user') {
    if (operation.kind === 'create') {
      const input = parse(UserCreateInput);
      if (!input) return problems;
      expected = {
        name: input.name,
        email: input.email,
        role: input.role,
        password_hash: hashOf(input.password),
      };
    } else {
      const input = parse(UserUpdateInput);
      if (!input) return problems;
      expected = { name: input.name, email: input.email, role: input.role };
    }
  } else if (table === 'detail_program') {
    const input = parse(BudgetLineInput);
    if (!input || !caller) return problems;
    const totals = computeTotals({
      price: input.price,
      first_volume: input.first_volume,
      second_volume: input.second_volume,
      third_volume: input.third_volume,
      taxed: taxRequested(input),
    });
    expected = {
      component_code: input.component_code,
      component_name: input.component_name,
      specification: input.specification,
      unit: input.unit,
      price: input.price,
      first_volume: input.first_volume,
      second_volume: input.second_volume,
      third_volume: input.third_volume,
      ...totals,
      year: input.year,
      program_id: input.program_id.toLowerCase(),
      action_id: input.action_id.toLowerCase(),
      sub_action_id: input.sub_action_id.toLowerCase(),
      activity_id: input.activity_id.toLowerCase(),
      subtitle_id: input.subtitle_id.toLowerCase(),
      account_id: input.account_id.toLowerCase(),
      supporter_id: input.supporter_id.toLowerCase(),
      created_by: caller.id,
    };
  } else if (table === 'article') {
    const input = parse(ArticleInput);
    if (!input || !caller) return problems;
    const content = String(data.content ?? '');
    const excerpt = String(data.excerpt ?? '');
    // The content is HTML; the excerpt is text (the screens render it as text, `<` and all).
    const unsafe = unsafeHtml(content);
    if (unsafe) problems.push(unsafe);
    expected = {
      slug: data.slug,
      title: input.title,
      excerpt,
      content,
      cover_image: input.cover_image || null,
      tags: input.tags,
      status: input.status,
      category: input.category,
    };
    if (operation.kind === 'create') {
      Object.assign(expected, { author_id: caller.id, author_name: caller.name, views_count: 0 });
    }
  }
  if (!expected) return problems;
  answerShows(expected);
  if (operation.kind === 'create') model.create(table, id, expected, label);
  else {
    const key = table === 'article' ? model.articleIdBySlug(pathId(request)) : id;
    model.update(table, key ?? id, expected, label);
  }
  return problems;
}

const hierarchyTables: Table[] = [
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
];

/**
 * An accepted import created records the model cannot name in advance: the database may now
 * hold exactly `created` new rows per level (nothing else changed), each named in the batch.
 */
async function adoptImport(
  context: FuzzContext,
  batch: z.output<typeof HierarchyImportBatch>,
  result: HierarchyImportResult,
  label: string,
): Promise<string[]> {
  const { model } = context;
  const { differences, added } = await model.compare(context.t.database.db, {
    allowNew: hierarchyTables,
  });
  const problems = differences.map((difference) => `${label} (import): ${difference}`);
  for (const table of hierarchyTables) {
    const level = levelOfTable(table)! as keyof typeof batch &
      keyof HierarchyImportResult['levels'];
    const fresh = added[table] ?? new Map<string, Expected>();
    const created = result.levels[level]?.created ?? 0;
    if (fresh.size !== created) {
      problems.push(
        `${label}: import answered ${created} new ${table}, the database has ${fresh.size}`,
      );
    }
    const columns = batch[level] as { name: string[]; code?: string[] };
    const names = new Set(columns.name.map(importNameKey));
    const codes = new Set(columns.code ?? []);
    for (const [id, row] of fresh) {
      if (!names.has(importNameKey(String(row.name)))) {
        problems.push(`${label}: import created ${table} ${show(row.name)}, named in no record`);
      }
      if (table === 'account' && !codes.has(String(row.code))) {
        problems.push(`${label}: import created account code ${show(row.code)}, in no record`);
      }
      model.create(table, id, row, label);
    }
  }
  return problems;
}
