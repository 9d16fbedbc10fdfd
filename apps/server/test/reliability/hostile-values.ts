import fc from 'fast-check';

/**
 * The hostile values the input suite draws from: what a pasted spreadsheet, a careless script or
 * an attacker sends. Each list is literal so a failure names a value a person can read.
 */

/** Strings that are awkward for Unicode, PostgreSQL text and JavaScript string handling. */
export const unicodeEdges = [
  '\u0000',
  'Dinas\u0000Pendidikan',
  '\ud800',
  '\udfff',
  'Belanja \ud83d',
  'a\udc00b',
  '\u202eKPS naidileb\u202c',
  'برنامج التنمية',
  'שלום\u200f',
  '😀',
  '👨‍👩‍👧‍👦 keluarga',
  '🇮🇩',
  'Pe\u0301ngadaan',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a\u035b\u035c\u035d\u035e',
  '\u200b',
  '\ufeffBOM',
  'no\u00a0break',
  'line\u2028separator\u2029',
  '\uffff\ufffe',
  '\u{10ffff}',
  '\u{e000}',
  'İstanbul ß ﬁ',
  '\u001b[31mred\u001b[0m',
  '\r\n\t',
  '   ',
  '',
] as const;

/** SQL and template injection, and LIKE metacharacters that must match literally. */
export const sqlInjections = [
  "' OR '1'='1",
  "'; DROP TABLE program; --",
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '%',
  '_',
  '\\',
  '%_\\%',
  '$1',
  "E'\\x00'",
  '/*',
  'null',
  'undefined',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as is.
  '${7*7}',
  '{{7*7}}',
] as const;

/** HTML and script injection: stored as text, and sanitized where HTML is allowed. */
export const htmlInjections = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg/onload=alert(1)>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="jAvAsCrIpT&colon;alert(1)">klik</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>*{display:none}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<!--<script>-->',
  ']]>',
  '&lt;script&gt;',
  '<p>Rapat <strong>Musrenbang</strong> 2025</p>',
] as const;

/** Path traversal and URL tricks, for ids and slugs in the path. */
export const pathTricks = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%00',
  '..%00',
  '%252e%252e%252f',
  '..;',
  '.',
  '..',
  '%2F',
  'a%2Fb',
  '%3F',
  '%23',
  '~root',
  'C:\\boot.ini',
  'file:///etc/passwd',
  'NUL',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%',
  '%zz',
] as const;

/** Numbers at and past the edges: JSON can carry all of these. */
export const edgeNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  0.01,
  0.001,
  1.005,
  1e-7,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53 - 1),
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  1_000_000_000,
  1_000_000_000.01,
  999_999_999.99,
  1999,
  2000,
  2100,
  2101,
  2025.5,
] as const;

/** Number literals only raw JSON text can carry (JSON.parse turns some into Infinity or rounds). */
export const rawNumberLiterals = [
  '1e400',
  '-1e400',
  '12345678901234567890',
  '9007199254740993',
  '0.1e1',
  '1E2',
  '-0',
  '1.0',
  '0x10',
  'NaN',
  'Infinity',
  '01',
  '.5',
  '1.',
  '+1',
] as const;

/** Bodies that are not JSON, or JSON of the wrong shape, as the exact text sent. */
export const malformedJsonBodies = [
  '',
  '{',
  '{"name": ',
  '{"name": "x",}',
  "{'name': 'x'}",
  '[1, 2',
  'nul',
  '{"a":1}{"b":2}',
  '\u0000',
  'null',
  '[]',
  '123',
  'true',
  '"string"',
  '{"name": "x"} trailing',
  '{"name": "\\ud800"}',
  '{"name": "\\u0000"}',
  '{"name": "x", "name": "y"}',
  '{"__proto__": {"role": "admin"}}',
  '{"constructor": {"prototype": {"role": "admin"}}}',
  '\ufeff{"name": "dengan BOM"}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
] as const;

/** Content types a JSON route should refuse or treat carefully. */
export const wrongContentTypes = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json-patch+json',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/octet-stream',
  'image/png',
  ';;;',
] as const;

/** UTF-8 that is not valid: overlong forms, surrogates encoded directly, stray bytes. */
export const invalidUtf8Sequences = [
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xf0, 0x80, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xff],
  [0xfe, 0xff],
  [0xc3],
  [0x80],
] as const;

/** Keys a client should not be able to set, and keys that pollute prototypes. */
export const intruderKeys = [
  'id',
  'created_by',
  'created_at',
  'updated_at',
  'author_id',
  'author_name',
  'views_count',
  'slug',
  'password_hash',
  'role',
  'uploaded_by',
  '__proto__',
  'constructor',
  'prototype',
  'extra_field',
  '',
] as const;

const hugeString = fc
  .tuple(
    fc.constantFrom(256, 1_000, 2_001, 70_000, 1_100_000),
    fc.constantFrom('a', 'é', '😀', '\u202e', 'e\u0301', '<b>', "'"),
  )
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any hostile string: edges, injections, huge, or generated unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...unicodeEdges) },
  { weight: 3, arbitrary: fc.constantFrom(...sqlInjections) },
  { weight: 3, arbitrary: fc.constantFrom(...htmlInjections) },
  { weight: 1, arbitrary: fc.constantFrom(...pathTricks) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...unicodeEdges, ...sqlInjections), { minLength: 2, maxLength: 4 })
      .map((parts) => parts.join(' ')),
  },
);

/** Any JSON value of the wrong kind for a field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, '', '12', 'true', 'null', [], {}, [1], { a: 1 }),
  fc.constantFrom(...edgeNumbers),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...intruderKeys), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** A readable, valid-looking name: what a person types, sometimes with hostile parts. */
export const plausibleName: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'Program Pembangunan Jalan',
      'Belanja Alat Tulis Kantor',
      'Dinas Pendidikan',
      'Rehabilitasi Gedung Sekolah',
      'Penyusunan RKPD',
      '  Spasi  di tepi  ',
      'Kegiatan Rutin',
      'Koordinasi Musrenbang Kecamatan',
    ),
  },
  { weight: 3, arbitrary: hostileString.filter((s) => s.length > 0 && s.length <= 300) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
);
