import { importNameKey } from '@ranwal/core';
import fc from 'fast-check';
import {
  edgeNumbers,
  hostileString,
  htmlInjections,
  intruderKeys,
  invalidUtf8Sequences,
  malformedJsonBodies,
  pathTricks,
  plausibleName,
  rawNumberLiterals,
  wrongContentTypes,
  wrongType,
} from './hostile-values.js';
import { type JsonSchema, type Operation, type Table, tableOfIdField } from './operations.js';

/**
 * Requests as fast-check generates them: abstract, so the same seed replays the same sequence
 * even though the ids the database hands out differ from run to run. Ids are references into
 * the pool of records the run knows about, resolved when the request is sent.
 */

/** An id (or slug) the request should carry. */
export class IdRef {
  constructor(
    readonly table: Table | undefined,
    /** Which record of the pool, modulo its size. */
    readonly pick: number,
    /** An existing record, one deleted earlier, a well-formed unknown one, or one in capitals. */
    readonly variant: 'existing' | 'deleted' | 'unknown' | 'upper',
  ) {}
}

/**
 * One level of a coherent hierarchy path: every level field of a budget line given the same
 * `pick` resolves to the same account's chain, so creations can succeed.
 */
export class ChainRef {
  constructor(
    readonly level: 'program' | 'action' | 'sub_action' | 'activity' | 'subtitle' | 'account',
    readonly pick: number,
  ) {}
}

/** A token for the report-file link: a real one, the wrong kind, or garbage. */
export class LinkTokenRef {
  constructor(readonly which: 'admin-link' | 'user-link' | 'session' | 'tampered-link') {}
}

/** A path segment or query value: a reference, or text sent encoded or exactly as written. */
export type Slot =
  | { kind: 'ref'; ref: IdRef | LinkTokenRef }
  | { kind: 'text'; text: string; raw: boolean };

export interface FilePart {
  field: string;
  filename: string | null;
  contentType: string | null;
  content: FileContent;
}

export type FileContent =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'svg-script'
  | 'html'
  | 'empty'
  | 'png-magic-garbage'
  | 'gif-polyglot'
  | 'text'
  | 'over-limit'
  | { random: number[] };

export type Body =
  | { kind: 'none'; contentType?: string }
  | { kind: 'json'; value: unknown; contentType: string }
  /** JSON with one field's value replaced by a literal only raw text can carry. */
  | { kind: 'raw-literal'; value: Record<string, unknown>; field: string; literal: string }
  /** JSON whose one string field carries bytes that are not UTF-8. */
  | { kind: 'bad-utf8'; value: Record<string, unknown>; field: string; bytes: readonly number[] }
  | { kind: 'text'; text: string; contentType: string | null }
  | {
      kind: 'multipart';
      parts: FilePart[];
      textFields: [string, string][];
      framing: 'ok' | 'no-boundary' | 'wrong-boundary' | 'truncated' | 'no-final-boundary';
    };

/** Whose bearer token is sent; `garbage-n` is the n-th malformed Authorization header. */
export type Auth = 'admin' | 'user' | 'none' | `garbage-${number}`;

export interface AbstractRequest {
  operation: number;
  auth: Auth;
  /** Another method than the operation's, sent to the same path. */
  method?: string;
  path: Record<string, Slot>;
  query: [string, Slot][];
  body: Body;
}

const idRef = (table: Table | undefined): fc.Arbitrary<IdRef> =>
  fc
    .tuple(
      fc.nat(1_000),
      fc.constantFrom<IdRef['variant']>(
        'existing',
        'existing',
        'existing',
        'existing',
        'existing',
        'existing',
        'deleted',
        'unknown',
        'upper',
      ),
    )
    .map(([pick, variant]) => new IdRef(table, pick, variant));

const validEmail = fc.oneof(
  fc.nat(400).map((n) => `pengguna${n}@fuzz.test`),
  fc.constantFrom('A.User+tag@Example.go.id', 'x@y.co', '  spasi@fuzz.test  ', 'ADMIN@TEST.LOCAL'),
);

const accountCode = fc.oneof(
  fc
    .tuple(fc.nat(9), fc.nat(9), fc.nat(99), fc.nat(9999))
    .map(([a, b, c, d]) => `${a}.${b}.${String(c).padStart(2, '0')}.${d}`),
  fc.constantFrom('5.1.02.01.01.0024', '5-1-02', 'A.B.C', ' 5.1 ', '5..1', '.5', '5.', '5 1'),
);

const coverImage = fc.constantFrom(
  'https://example.go.id/sampul.png',
  '',
  null,
  'http://x',
  ' https://example.go.id/spasi.png ',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '/ranwal/api/uploads/00000000-0000-4000-8000-000000000000',
  'https://example.go.id/<script>.png',
  `https://example.go.id/${'a'.repeat(2100)}`,
);

const htmlContent = fc.oneof(
  fc.constantFrom(...htmlInjections),
  fc.constantFrom(
    '<h1>Judul</h1><p>Isi <em>berita</em> <a href="https://example.go.id" target="_blank">tautan</a></p>',
    '<img src="https://example.go.id/a.png" onerror="alert(1)"><p>gambar</p>',
    '<ul><li>satu</li><li>dua</li></ul><script>steal()</script>',
    '<p>Rp 1.000.000 &amp; PPN 12%</p>',
  ),
  plausibleName,
);

const importNames = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Program A', 'Kegiatan B', 'program a', 'Sub C', 'D') },
  { weight: 1, arbitrary: plausibleName },
);

/** A value for a field that its schema allows, with field-aware choices for realism. */
function validValue(
  schema: JsonSchema,
  field: string,
  operation: Operation,
): fc.Arbitrary<unknown> {
  if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.map((s) => validValue(s, field, operation));
    return fc.oneof(...options);
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      // A budget year, or the years a sumber dana is in use.
      if (field === 'year' || field.startsWith('active_'))
        return fc.oneof(fc.constant(2025), fc.integer({ min: 1998, max: 2102 }));
      if (field === 'price')
        return fc.oneof(fc.nat(10_000_000), fc.constantFrom(0, 1, 2 ** 53 - 1, 999_999_999_999));
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'number':
      if (/volume/.test(field))
        return fc.oneof(
          fc.constantFrom(1, 2, 0.5, 1.25, 10, 1000, 0.01),
          fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100),
        );
      return fc.oneof(fc.nat(100_000), fc.constantFrom(...edgeNumbers));
    case 'array':
      if (field === 'tags')
        return fc.array(fc.oneof(plausibleName, fc.constantFrom('musrenbang', ' DPRD ', '')), {
          maxLength: 4,
        });
      return fc.array(validValue(schema.items ?? {}, field, operation), { maxLength: 3 });
    case 'object':
      return objectOf(schema, operation);
    default:
      break;
  }
  if (schema.format === 'uuid') return idRef(tableOfIdField(field, operation));
  if (schema.format === 'email' || field === 'email') return validEmail;
  if (field === 'code' || field === 'account_code') return accountCode;
  if (field === 'password')
    return fc.oneof(fc.constant('rahasia-123'), fc.string({ minLength: 8, maxLength: 40 }));
  if (field === 'cover_image') return coverImage;
  if (field === 'content' || field === 'excerpt') return htmlContent;
  if (field === 'search') return fc.oneof(plausibleName, fc.constantFrom('%', '_', 'a', ''));
  return plausibleName;
}

/** A spreadsheet row of the hierarchy import; names repeat so batches reuse records. */
const importRow = fc.record({
  program: importNames,
  program_is_taxed: fc.option(fc.boolean()),
  action: importNames,
  sub_action: importNames,
  activity: importNames,
  subtitle: importNames,
  account_code: accountCode,
  account_name: importNames,
});
type ImportRow = typeof importRow extends fc.Arbitrary<infer R> ? R : never;

const importLevels = ['program', 'action', 'sub_action', 'activity', 'subtitle'] as const;

/**
 * Rows as the CLI sends them: each level's records once, column by column, with the position of
 * its parent in the level above (core's HierarchyImportBatch).
 */
export function importBatchOf(rows: ImportRow[], dryRun: boolean): Record<string, unknown> {
  const batch: Record<string, Record<string, unknown[]>> = {
    program: { name: [], is_taxed: [] },
    action: { parent: [], name: [] },
    sub_action: { parent: [], name: [] },
    activity: { parent: [], name: [] },
    subtitle: { parent: [], name: [] },
    account: { parent: [], code: [], name: [] },
  };
  const positions = new Map<string, number>();
  for (const row of rows) {
    let parent = -1;
    for (const level of importLevels) {
      const name = row[level];
      const key = `${level}|${parent}|${importNameKey(name)}`;
      let position = positions.get(key);
      if (position === undefined) {
        const columns = batch[level]!;
        position = columns.name!.length;
        positions.set(key, position);
        columns.name!.push(name);
        if (level === 'program') columns.is_taxed!.push(row.program_is_taxed);
        else columns.parent!.push(parent);
      }
      parent = position;
    }
    const accountKey = `account|${parent}|${row.account_code.trim()}`;
    if (!positions.has(accountKey)) {
      positions.set(accountKey, batch.account!.code!.length);
      batch.account!.parent!.push(parent);
      batch.account!.code!.push(row.account_code);
      batch.account!.name!.push(row.account_name);
    }
  }
  return { ...batch, dry_run: dryRun };
}

const importBatch: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.array(importRow, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([rows, dryRun]) => importBatchOf(rows, dryRun));

function objectOf(schema: JsonSchema, operation: Operation): fc.Arbitrary<Record<string, unknown>> {
  // A body that is one of several shapes (a note on a line or on a sub kegiatan): one of them.
  const shapes = schema.anyOf ?? schema.oneOf;
  if (shapes && !schema.properties)
    return fc.oneof(...shapes.map((shape) => objectOf(shape, operation)));
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      validValue(property, name, operation),
    ]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** What a field can be replaced with to make it wrong. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: wrongType },
  { weight: 2, arbitrary: fc.constantFrom(...edgeNumbers) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

type Mutation =
  | { kind: 'none' }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'replace-nested'; row: number; index: number; value: unknown }
  | { kind: 'whole'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      key: fc.oneof(fc.constantFrom(...intruderKeys), fc.string({ maxLength: 10 })),
      value: fc.oneof(hostileValue, idRef('app_user')),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      index: fc.nat(20),
      value: hostileValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('replace-nested' as const),
      row: fc.nat(5),
      index: fc.nat(10),
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: wrongType }) },
);

function mutate(value: Record<string, unknown>, change: Mutation): unknown {
  const keys = Object.keys(value);
  switch (change.kind) {
    case 'none':
      return value;
    case 'drop': {
      if (keys.length === 0) return value;
      const { [keys[change.index % keys.length]!]: _, ...rest } = value;
      return rest;
    }
    case 'extra':
      // defineProperty, so a `__proto__` key is an own key that JSON.stringify sends.
      return Object.defineProperty({ ...value }, change.key, {
        value: change.value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    case 'replace': {
      if (keys.length === 0) return value;
      return { ...value, [keys[change.index % keys.length]!]: change.value };
    }
    case 'replace-nested': {
      // One level down: a field of a nested object, or an element of a nested array.
      const nested = keys.filter((key) => value[key] !== null && typeof value[key] === 'object');
      if (nested.length === 0) return value;
      const key = nested[change.row % nested.length]!;
      const inner = value[key] as Record<string, unknown> | unknown[];
      if (Array.isArray(inner)) {
        if (inner.length === 0) return value;
        const copy = [...inner];
        copy[change.index % copy.length] = change.value;
        return { ...value, [key]: copy };
      }
      const innerKeys = Object.keys(inner);
      if (innerKeys.length === 0) return value;
      const innerKey = innerKeys[change.index % innerKeys.length]!;
      const column = inner[innerKey];
      // Columns of the import are arrays: replace one element, or the whole column.
      const replaced =
        Array.isArray(column) && column.length > 0 && change.index % 2 === 0
          ? column.map((item, i) => (i === change.row % column.length ? change.value : item))
          : change.value;
      return { ...value, [key]: { ...inner, [innerKey]: replaced } };
    }
    case 'whole':
      return change.value;
  }
}

const chainLevels = ['program', 'action', 'sub_action', 'activity', 'subtitle', 'account'] as const;

/** A budget line's body whose level ids, most of the time, name one existing path. */
function lineBody(schema: JsonSchema, operation: Operation) {
  return fc
    .tuple(objectOf(schema, operation), fc.nat(1_000), fc.nat(3))
    .map(([value, pick, coherent]) =>
      coherent === 0
        ? value
        : {
            ...value,
            ...Object.fromEntries(
              chainLevels.map((level) => [`${level}_id`, new ChainRef(level, pick)]),
            ),
          },
    );
}

function jsonBody(operation: Operation, schema: JsonSchema): fc.Arbitrary<Body> {
  const valid =
    operation.kind === 'import'
      ? importBatch
      : operation.kind === 'create' && operation.table === 'detail_program'
        ? lineBody(schema, operation)
        : objectOf(schema, operation);
  const fieldOf = (value: Record<string, unknown>, index: number) => {
    const keys = Object.keys(value);
    return keys.length ? keys[index % keys.length]! : 'name';
  };
  return fc.oneof(
    {
      weight: 11,
      arbitrary: valid.map(
        (value): Body => ({ kind: 'json', value, contentType: 'application/json' }),
      ),
    },
    {
      weight: 5,
      arbitrary: fc.tuple(valid, mutation).map(
        ([value, change]): Body => ({
          kind: 'json',
          value: mutate(value, change),
          contentType: 'application/json',
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(20), fc.constantFrom(...rawNumberLiterals)).map(
        ([value, index, literal]): Body => ({
          kind: 'raw-literal',
          value,
          field: fieldOf(value, index),
          literal,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(20), fc.constantFrom(...invalidUtf8Sequences)).map(
        ([value, index, bytes]): Body => ({
          kind: 'bad-utf8',
          value,
          field: fieldOf(value, index),
          bytes,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...malformedJsonBodies)
        .map((text): Body => ({ kind: 'text', text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom<string | null>(...wrongContentTypes, null)).map(
        ([value, contentType]): Body => ({
          kind: 'text',
          text: JSON.stringify(value),
          contentType,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'none' },
        { kind: 'none', contentType: 'application/json' },
      ),
    },
  );
}

const fileContent: fc.Arbitrary<FileContent> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<FileContent>(
      'png',
      'jpeg',
      'gif',
      'webp',
      'svg-script',
      'html',
      'empty',
      'png-magic-garbage',
      'gif-polyglot',
      'text',
    ),
  },
  { weight: 2, arbitrary: fc.array(fc.nat(255), { maxLength: 600 }).map((random) => ({ random })) },
  { weight: 1, arbitrary: fc.constant<FileContent>('over-limit') },
);

const filePart: fc.Arbitrary<FilePart> = fc.record({
  field: fc.oneof(
    { weight: 8, arbitrary: fc.constant('file') },
    { weight: 1, arbitrary: fc.constantFrom('files', '', 'File', 'file[]', 'file"; x="y') },
  ),
  filename: fc.constantFrom(
    'sampul.png',
    null,
    '../../etc/passwd.png',
    'gambar.php.png',
    '😀.gif',
    '\u202egnp.exe',
    `${'a'.repeat(300)}.png`,
    'C:\\Windows\\x.jpg',
  ),
  contentType: fc.constantFrom(
    'image/png',
    null,
    'image/svg+xml',
    'text/html',
    'application/x-php',
    'image/jpeg; charset=utf-8',
  ),
  content: fileContent,
});

const multipartBody: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('multipart' as const),
  parts: fc.oneof(
    { weight: 8, arbitrary: fc.array(filePart, { minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.array(filePart, { minLength: 0, maxLength: 3 }) },
  ),
  textFields: fc.array(fc.tuple(fc.constantFrom('file', 'name', 'x'), hostileString), {
    maxLength: 2,
  }),
  framing: fc.constantFrom<
    'ok' | 'no-boundary' | 'wrong-boundary' | 'truncated' | 'no-final-boundary'
  >(
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'no-boundary',
    'wrong-boundary',
    'truncated',
    'no-final-boundary',
  ),
});

function slotFor(parameter: { name: string; schema: JsonSchema }, operation: Operation) {
  const valid =
    parameter.name === 'token'
      ? fc
          .constantFrom<LinkTokenRef['which']>(
            'admin-link',
            'user-link',
            'session',
            'tampered-link',
          )
          .map((which): Slot => ({ kind: 'ref', ref: new LinkTokenRef(which) }))
      : parameter.name === 'id' || parameter.name === 'slug' || parameter.schema.format === 'uuid'
        ? idRef(tableOfIdField(parameter.name, operation)).map(
            (ref): Slot => ({ kind: 'ref', ref }),
          )
        : validValue(parameter.schema, parameter.name, operation).map(
            (value): Slot => ({ kind: 'text', text: String(value), raw: false }),
          );
  const hostile = fc.oneof(
    fc.constantFrom(...pathTricks).map((text): Slot => ({ kind: 'text', text, raw: true })),
    hostileString.map((text): Slot => ({ kind: 'text', text, raw: false })),
    fc
      .constantFrom(...edgeNumbers, ...rawNumberLiterals)
      .map((n): Slot => ({ kind: 'text', text: String(n), raw: false })),
  );
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

function querySlots(operation: Operation): fc.Arbitrary<[string, Slot][]> {
  // `fc.option` answers null (the parameter left out) once in `freq`.
  const declared = operation.query.map((parameter) =>
    fc.option(
      slotFor(parameter, operation).map((slot): [string, Slot] => [parameter.name, slot]),
      { freq: parameter.required ? 8 : 2 },
    ),
  );
  // An unknown or repeated parameter one time in 6.
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.oneof(
          fc.constantFrom(...intruderKeys, ...operation.query.map((p) => p.name)),
          fc.string({ maxLength: 8 }),
        ),
        hostileString.map((text): Slot => ({ kind: 'text', text, raw: false })),
      ),
    },
  );
  return fc
    .tuple(fc.tuple(...declared), extra)
    .map(([slots, more]) => [
      ...slots.filter((slot): slot is [string, Slot] => slot !== null),
      ...(more ? [more] : []),
    ]);
}

/** How many malformed Authorization headers the sender knows (see `authorizationHeader`). */
export const GARBAGE_AUTHORIZATIONS = 8;

/** The arbitrary of every request the suite can send to one operation. */
export function requestsFor(operation: Operation, index: number): fc.Arbitrary<AbstractRequest> {
  type Who = 'admin' | 'user' | 'none' | 'garbage';
  const who = operation.secured
    ? fc.constantFrom<Who>(
        ...Array<Who>(15).fill('admin'),
        'user',
        'user',
        'user',
        'none',
        'garbage',
      )
    : fc.constantFrom<Who>('admin', 'admin', 'user', 'user', 'none', 'garbage');
  const auth = fc
    .tuple(who, fc.nat(GARBAGE_AUTHORIZATIONS - 1))
    .map(([kind, n]): Auth => (kind === 'garbage' ? `garbage-${n}` : kind));
  const path = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => [parameter.name, slotFor(parameter, operation)]),
    ),
  ) as fc.Arbitrary<Record<string, Slot>>;
  const body: fc.Arbitrary<Body> = operation.body
    ? jsonBody(operation, operation.body)
    : operation.multipart
      ? fc.oneof(
          { weight: 9, arbitrary: multipartBody },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...malformedJsonBodies.slice(0, 6))
              .map((text): Body => ({ kind: 'text', text, contentType: 'application/json' })),
          },
        )
      : fc.oneof(
          { weight: 12, arbitrary: fc.constant<Body>({ kind: 'none' }) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...malformedJsonBodies.slice(0, 8))
              .map((text): Body => ({ kind: 'text', text, contentType: 'application/json' })),
          },
        );
  // One request in 30 uses another method on the same path.
  const method = fc.oneof(
    { weight: 29, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'PATCH',
        'OPTIONS',
        'HEAD',
        'GET',
        'POST',
        'PUT',
        'DELETE',
        'TRACE',
      ),
    },
  );
  return fc.record({ auth, path, query: querySlots(operation), body, method }).map((parts) => ({
    operation: index,
    auth: parts.auth,
    path: parts.path,
    query: parts.query,
    body: parts.body,
    ...(parts.method && parts.method !== operation.method ? { method: parts.method } : {}),
  }));
}
