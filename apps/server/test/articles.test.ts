import { type ArticleInput, messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excerptOf, htmlToText, sanitizeArticleHtml } from '../src/services/sanitize.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const server = messagesId.server;
const API = '/ranwal/api/article';
const UPLOAD_ID = '0b6f3a2e-8c1d-4e5f-9a7b-123456789abc';

describe('sanitizeArticleHtml', () => {
  it.each([
    ['a script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    [
      'an event handler',
      '<img src="https://x.test/a.png" onerror="alert(1)">',
      '<img src="https://x.test/a.png" />',
    ],
    [
      'a javascript: link',
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      'a disguised javascript: link',
      '<a href=" JaVa&#x09;ScRiPt:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow">x</a>',
    ],
    ['a javascript: image', '<p><img src="javascript:alert(1)">t</p>', '<p>t</p>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['a relative image that is not ours', '<img src="/etc/passwd">', ''],
    [
      'an iframe and its content',
      '<iframe src="https://evil.test">fallback</iframe><p>x</p>',
      '<p>x</p>',
    ],
    ['a style attribute', '<p style="color:red">x</p>', '<p>x</p>'],
    ['a style element', '<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['an svg', '<svg><script>alert(1)</script><circle/></svg><p>x</p>', '<p>x</p>'],
    ['a disallowed tag, keeping its text', '<div><span>text</span></div>', 'text'],
    ['a form', '<form action="https://x.test"><input value="v"><button>go</button></form>', 'go'],
  ])('removes %s', (_, html, expected) => {
    expect(sanitizeArticleHtml(html)).toBe(expected);
  });

  it('keeps the allowed formatting tags', () => {
    const html =
      '<h1>A</h1><h2>B</h2><h3>C</h3><p>x<br />y <strong>s</strong> <em>e</em> <u>u</u></p>' +
      '<ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('keeps b and i as their semantic twins strong and em', () => {
    expect(sanitizeArticleHtml('<p><b>b</b> <i>i</i></p>')).toBe(
      '<p><strong>b</strong> <em>i</em></p>',
    );
  });

  it('drops headings below h3', () => {
    expect(sanitizeArticleHtml('<h4>x</h4>')).toBe('x');
  });

  it('gives links rel="noopener noreferrer nofollow" and keeps only target="_blank"', () => {
    expect(
      sanitizeArticleHtml('<a href="https://x.test/" target="_blank" rel="opener">x</a>'),
    ).toBe('<a href="https://x.test/" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeArticleHtml('<a href="http://x.test/" target="_top">x</a>')).toBe(
      '<a href="http://x.test/" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="mailto:a@x.test">m</a>')).toBe(
      '<a href="mailto:a@x.test" rel="noopener noreferrer nofollow">m</a>',
    );
    expect(sanitizeArticleHtml('<a href="/relative">r</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">r</a>',
    );
  });

  it('keeps http(s) images and our upload paths with alt, title, width and height', () => {
    expect(
      sanitizeArticleHtml(
        '<img src="https://x.test/a.png" alt="A" title="T" width="10" height="20" class="c" />',
      ),
    ).toBe('<img src="https://x.test/a.png" alt="A" title="T" width="10" height="20" />');
    expect(sanitizeArticleHtml(`<img src="/ranwal/api/uploads/${UPLOAD_ID}">`)).toBe(
      `<img src="/ranwal/api/uploads/${UPLOAD_ID}" />`,
    );
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeArticleHtml('<p>1 &lt; 2 &amp; "q"</p>')).toBe('<p>1 &lt; 2 &amp; "q"</p>');
  });
});

describe('htmlToText and excerptOf', () => {
  it('separates blocks, joins inline tags, decodes entities and collapses whitespace', () => {
    expect(
      htmlToText(
        '<h1>Judul</h1><p>Ra<strong>pat</strong>\n\n  &amp; <em>lain</em>&lt;3</p><p>b</p>',
      ),
    ).toBe('Judul Rapat & lain<3 b');
  });

  it('returns short text whole', () => {
    expect(excerptOf('<p>Pendek saja.</p>')).toBe('Pendek saja.');
  });

  it('cuts long text at a word boundary near 200 characters with an ellipsis', () => {
    const words = Array.from({ length: 60 }, (_, i) => `kata${i}`).join(' ');
    const excerpt = excerptOf(`<p>${words}</p>`);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(201);
    expect(excerpt.length).toBeGreaterThan(150);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(words[excerpt.length - 1]).toBe(' ');
  });

  it('cuts one very long word at the length', () => {
    expect(excerptOf('x'.repeat(500))).toBe(`${'x'.repeat(200)}…`);
  });
});

describe.each(databaseTargets)('articles on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const article = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
    title: 'Rapat Koordinasi',
    content: '<p>Isi rapat.</p>',
    category: 'Kegiatan Rutin',
    ...overrides,
  });

  const create = async (overrides: Partial<ArticleInput> = {}) => {
    const response = await t.call('POST', `${API}/create`, {
      token: t.adminToken,
      body: article(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };

  describe('create', () => {
    it('creates with the admin as author, sanitized content, derived slug and excerpt', async () => {
      const response = await t.call('POST', `${API}/create`, {
        token: t.adminToken,
        body: {
          title: '  Rapat Koordinasi Bappeda 2025 ',
          content: '<p onclick="x()">Rapat <b>tahunan</b>.</p><script>alert(1)</script>',
          cover_image: '',
          tags: ['rapat', ' rapat ', 'bappeda'],
          category: 'Tindak Lanjut Hasil Musrenbang',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.message).toBe(server.created);
      expect(body.data).toMatchObject({
        slug: 'rapat-koordinasi-bappeda-2025',
        title: 'Rapat Koordinasi Bappeda 2025',
        content: '<p>Rapat <strong>tahunan</strong>.</p>',
        excerpt: 'Rapat tahunan.',
        cover_image: null,
        tags: ['rapat', 'bappeda'],
        status: 'published',
        category: 'Tindak Lanjut Hasil Musrenbang',
        name: 'Administrator',
        views_count: 0,
      });
      expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
    });

    it('appends -2, -3 to the slug of a repeated title', async () => {
      const title = 'Rapat Koordinasi Bappeda Ulang';
      expect((await create({ title })).slug).toBe('rapat-koordinasi-bappeda-ulang');
      expect((await create({ title })).slug).toBe('rapat-koordinasi-bappeda-ulang-2');
      expect((await create({ title: title.toUpperCase() })).slug).toBe(
        'rapat-koordinasi-bappeda-ulang-3',
      );
    });

    it('gives concurrent articles of the same title distinct slugs', async () => {
      const title = 'Serentak Sekali';
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.call('POST', `${API}/create`, { token: t.adminToken, body: article({ title }) }),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(201);
      const slugs = responses.map((response) => response.json().data.slug).sort();
      expect(slugs).toEqual([
        'serentak-sekali',
        'serentak-sekali-2',
        'serentak-sekali-3',
        'serentak-sekali-4',
        'serentak-sekali-5',
      ]);
    });

    it('falls back to "artikel" for a title without letters or digits', async () => {
      expect((await create({ title: '???' })).slug).toMatch(/^artikel(-\d+)?$/);
    });

    it('keeps a given excerpt as plain text, and derives a long one with an ellipsis', async () => {
      const given = await create({ excerpt: 'Ringkasan <b>sendiri</b>' });
      expect(given.excerpt).toBe('Ringkasan sendiri');
      const long = `<p>${'Pembangunan jalan desa '.repeat(20)}</p>`;
      const derived = await create({ content: long });
      expect(derived.excerpt.endsWith('…')).toBe(true);
      expect(derived.excerpt.length).toBeLessThanOrEqual(201);
      expect(derived.excerpt).toMatch(/^Pembangunan jalan desa Pembangunan/);
    });

    it('takes a category by its name or its older key, and answers the name', async () => {
      expect((await create({ category: 'Usulan Langsung Warga Masyarakat' })).category).toBe(
        'Usulan Langsung Warga Masyarakat',
      );
      const byKey = await create({ category: 'tindak_lanjut_hasil_musrenbang' });
      expect(byKey.category).toBe('Tindak Lanjut Hasil Musrenbang');
      const read = await t.call('GET', `${API}/${byKey.slug}/get`);
      expect(read.json().data.category).toBe('Tindak Lanjut Hasil Musrenbang');
      const unknown = await t.call('POST', `${API}/create`, {
        token: t.adminToken,
        body: article({ category: 'Olahraga' as ArticleInput['category'] }),
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('Kegiatan Rutin');
    });

    it('stores a cover image URL', async () => {
      const data = await create({ cover_image: 'https://cdn.test/cover.png' });
      expect(data.cover_image).toBe('https://cdn.test/cover.png');
    });

    it('answers 401 "Token Invalid" without a token and 403 for a user', async () => {
      const anonymous = await t.call('POST', `${API}/create`, { body: article() });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 401, message: 'Token Invalid' });
      const user = await t.call('POST', `${API}/create`, { token: t.userToken, body: article() });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({
        status: 403,
        code: 'forbidden',
        message: server.forbidden,
      });
    });

    it.each([
      ['a missing title', { title: undefined }, 'title'],
      ['a blank title', { title: '   ' }, 'title'],
      ['a blank content', { content: '  \n ' }, 'content'],
      ['content that is only a script', { content: '<script>alert(1)</script>' }, 'content'],
      ['a missing category', { category: undefined }, 'category'],
      ['an unknown category', { category: 'olahraga' }, 'category'],
      ['an unknown status', { status: 'hidden' }, 'status'],
      ['a cover that is not a URL', { cover_image: 'javascript:alert(1)' }, 'cover_image'],
    ])('rejects %s with 400 naming the field', async (_, overrides, field) => {
      const response = await t.call('POST', `${API}/create`, {
        token: t.adminToken,
        body: { ...article(), ...overrides },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ status: 400, code: 'validation', data: null });
      expect(body.message).toContain(field);
      expect(body.issues[0].path).toBe(field);
    });

    it('rejects malformed JSON with 400', async () => {
      const response = await t.call('POST', `${API}/create`, {
        token: t.adminToken,
        body: '{"title": "x",',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation' });
    });
  });

  describe('list', () => {
    // A word in every title of this block, so other tests' articles stay out of the counts.
    const word = 'Listwort';
    beforeAll(async () => {
      for (const [title, status, category] of [
        [`${word} Satu`, 'published', 'Kegiatan Rutin'],
        [`${word} Draf`, 'draft', 'Kegiatan Rutin'],
        [`${word} Arsip`, 'archived', 'Usulan Reses DPRD'],
        [`${word} Dua`, 'published', 'Usulan Reses DPRD'],
        [`${word} Tiga 100%_`, 'published', 'Usulan Reses DPRD'],
      ] as const) {
        await create({ title, status, category });
      }
    });

    const list = (query: string, token?: string) =>
      t.call('GET', `${API}/list?${query}`, { token });

    it('shows the public only published articles, newest first, with the filter block', async () => {
      const response = await list(`search=${word.toLowerCase()}&limit=2`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe(server.ok);
      expect(body.data.map((a: { title: string }) => a.title)).toEqual([
        `${word} Tiga 100%_`,
        `${word} Dua`,
      ]);
      expect(body.filter).toMatchObject({ current_page: 1, total_page: 2, filtered_result: 3 });
      const page2 = (await list(`search=${word}&limit=2&page=2`)).json();
      expect(page2.data.map((a: { title: string }) => a.title)).toEqual([`${word} Satu`]);
      expect(page2.filter).toMatchObject({ current_page: 2, total_page: 2, filtered_result: 3 });
    });

    it('hides drafts and archived articles from a signed-in user too', async () => {
      const body = (await list(`search=${word}`, t.userToken)).json();
      expect(body.data.map((a: { status: string }) => a.status)).toEqual([
        'published',
        'published',
        'published',
      ]);
      expect((await list(`search=${word}&status=draft`, t.userToken)).json().data).toEqual([]);
    });

    it('shows an admin every status, and filters by status', async () => {
      const all = (await list(`search=${word}`, t.adminToken)).json();
      expect(all.data.map((a: { status: string }) => a.status).sort()).toEqual([
        'archived',
        'draft',
        'published',
        'published',
        'published',
      ]);
      const drafts = (await list(`search=${word}&status=draft`, t.adminToken)).json();
      expect(drafts.data.map((a: { title: string }) => a.title)).toEqual([`${word} Draf`]);
      expect(drafts.filter.filtered_result).toBe(1);
      expect(drafts.filter.total_result).toBeGreaterThanOrEqual(5);
    });

    it('filters by category and matches the search literally', async () => {
      // The display name is the wire value (spaces as %20 or '+'); the older key still works.
      for (const category of ['Usulan%20Reses%20DPRD', 'Usulan+Reses+DPRD', 'usulan_reses_dprd']) {
        const reses = (await list(`search=${word}&category=${category}`)).json();
        expect(reses.data.map((a: { title: string }) => a.title)).toEqual([
          `${word} Tiga 100%_`,
          `${word} Dua`,
        ]);
        expect(new Set(reses.data.map((a: { category: string }) => a.category))).toEqual(
          new Set(['Usulan Reses DPRD']),
        );
      }
      const literal = (await list(`search=${encodeURIComponent('100%_')}`)).json();
      expect(literal.data.map((a: { title: string }) => a.title)).toEqual([`${word} Tiga 100%_`]);
      expect((await list(`search=${encodeURIComponent(`${word}%Dua`)}`)).json().data).toEqual([]);
    });

    it('reads an empty parameter as not given: no filter', async () => {
      const empty = (
        await list(`search=${word}&category=&status=&page=&limit=`, t.adminToken)
      ).json();
      expect(empty.data).toHaveLength(5);
      expect(empty.filter).toMatchObject({ current_page: 1, filtered_result: 5 });
    });

    it('answers total_result as what the caller may see without filters', async () => {
      const publicBody = (await list(`search=${word}`)).json();
      const adminBody = (await list(`search=${word}`, t.adminToken)).json();
      expect(adminBody.filter.total_result - publicBody.filter.total_result).toBeGreaterThanOrEqual(
        2,
      );
    });

    it.each([
      ['an unknown status', 'status=hidden', 'status'],
      ['an unknown category', 'category=olahraga', 'category'],
      ['a page below 1', 'page=0', 'page'],
      ['a limit above 100', 'limit=101', 'limit'],
    ])('rejects %s with 400 naming the parameter', async (_, query, field) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    });
  });

  describe('get', () => {
    it('counts a public read of a published article, but not an admin read', async () => {
      const { slug } = await create({ title: 'Dibaca Banyak Orang' });
      const first = await t.call('GET', `${API}/${slug}/get`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ status: 200, data: { slug, views_count: 1 } });
      await Promise.all([
        t.call('GET', `${API}/${slug}/get`),
        t.call('GET', `${API}/${slug}/get`, { token: t.userToken }),
      ]);
      const admin = await t.call('GET', `${API}/${slug}/get`, { token: t.adminToken });
      expect(admin.json().data.views_count).toBe(3);
      await t.call('GET', `/ranwal/article/${slug}/get`, { token: t.adminToken });
      expect((await t.call('GET', `${API}/${slug}/get`)).json().data.views_count).toBe(4);
    });

    it.each(['draft', 'archived'] as const)(
      'answers 404 for a %s article publicly, and shows it to an admin without counting',
      async (status) => {
        const { slug } = await create({ title: `Belum Terbit ${status}`, status });
        for (const token of [undefined, t.userToken]) {
          const response = await t.call('GET', `${API}/${slug}/get`, { token });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
        }
        const admin = await t.call('GET', `${API}/${slug}/get`, { token: t.adminToken });
        expect(admin.json().data).toMatchObject({ slug, status, views_count: 0 });
      },
    );

    it('answers 404 for an unknown slug', async () => {
      const response = await t.call('GET', `${API}/tidak-ada/get`, { token: t.adminToken });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        status: 404,
        code: 'not_found',
        message: server.notFound('Artikel'),
      });
    });

    it('serves the same article at /ranwal/article/{slug}/get', async () => {
      const { slug, id } = await create({ title: 'Lewat Alias' });
      const response = await t.call('GET', `/ranwal/article/${slug}/get`, { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id, slug });
    });
  });

  describe('update', () => {
    it('replaces the fields, sanitizes, and keeps the slug when the title is unchanged', async () => {
      const created = await create({ title: 'Tetap Sama', tags: ['a'] });
      const response = await t.call('PUT', `${API}/${created.slug}/update`, {
        token: t.adminToken,
        body: article({
          title: 'Tetap Sama',
          content: '<p>Baru <a href="javascript:x()">tautan</a></p><iframe></iframe>',
          cover_image: 'https://cdn.test/baru.png',
          tags: ['b'],
          status: 'archived',
          category: 'Usulan Langsung Warga Masyarakat',
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.message).toBe(server.updated);
      expect(body.data).toMatchObject({
        id: created.id,
        slug: created.slug,
        content: '<p>Baru <a rel="noopener noreferrer nofollow">tautan</a></p>',
        excerpt: 'Baru tautan',
        cover_image: 'https://cdn.test/baru.png',
        tags: ['b'],
        status: 'archived',
        category: 'Usulan Langsung Warga Masyarakat',
        name: 'Administrator',
      });
      expect(new Date(body.data.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(created.updated_at).getTime(),
      );
    });

    it('derives a new unique slug when the title changes', async () => {
      await create({ title: 'Judul Tujuan' });
      const moved = await create({ title: 'Judul Asal' });
      const response = await t.call('PUT', `${API}/${moved.slug}/update`, {
        token: t.adminToken,
        body: article({ title: 'Judul Tujuan' }),
      });
      expect(response.json().data.slug).toBe('judul-tujuan-2');
      // Its own slug does not count as taken.
      const again = await t.call('PUT', `${API}/judul-tujuan-2/update`, {
        token: t.adminToken,
        body: article({ title: 'judul tujuan' }),
      });
      expect(again.json().data.slug).toBe('judul-tujuan-2');
      // The slug it had still leads to it.
      const old = await t.call('GET', `${API}/judul-asal/get`);
      expect(old.statusCode).toBe(200);
      expect(old.json().data).toMatchObject({ id: moved.id, slug: 'judul-tujuan-2' });
    });

    it('keeps every former slug an address of the article: read, update and delete by it', async () => {
      // As the spec's client does: it lists, renames, then deletes by the slug it listed.
      const listed = await create({ title: 'Slug Pertama' });
      const renamed = await t.call('PUT', `${API}/${listed.slug}/update`, {
        token: t.adminToken,
        body: article({ title: 'Slug Kedua' }),
      });
      expect(renamed.json().data.slug).toBe('slug-kedua');
      const again = await t.call('PUT', `${API}/slug-pertama/update`, {
        token: t.adminToken,
        body: article({ title: 'Slug Ketiga', status: 'published' }),
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({ id: listed.id, slug: 'slug-ketiga' });
      for (const slug of ['slug-pertama', 'slug-kedua', 'slug-ketiga']) {
        const read = await t.call('GET', `${API}/${slug}/get`);
        expect(read.json().data, slug).toMatchObject({ id: listed.id, slug: 'slug-ketiga' });
      }
      // Nobody else gets a former slug; the article itself may take one back.
      expect((await create({ title: 'Slug Pertama' })).slug).toBe('slug-pertama-2');
      const back = await t.call('PUT', `${API}/slug-ketiga/update`, {
        token: t.adminToken,
        body: article({ title: 'Slug Kedua' }),
      });
      expect(back.json().data.slug).toBe('slug-kedua');

      const deleted = await t.call('DELETE', `${API}/slug-pertama/delete`, { token: t.adminToken });
      expect(deleted.statusCode).toBe(200);
      for (const slug of ['slug-pertama', 'slug-kedua', 'slug-ketiga']) {
        expect((await t.call('GET', `${API}/${slug}/get`)).statusCode, slug).toBe(404);
      }
    });

    it('works at /ranwal/article/{slug}/update', async () => {
      const { slug } = await create({ title: 'Alias Ubah' });
      const response = await t.call('PUT', `/ranwal/article/${slug}/update`, {
        token: t.adminToken,
        body: article({ title: 'Alias Ubah', status: 'draft' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ slug, status: 'draft' });
    });

    it('answers 401, 403, 404 and 400 as it should', async () => {
      const { slug } = await create({ title: 'Dijaga' });
      const url = `${API}/${slug}/update`;
      const anonymous = await t.call('PUT', url, { body: article() });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Token Invalid');
      expect((await t.call('PUT', url, { token: t.userToken, body: article() })).statusCode).toBe(
        403,
      );
      const missing = await t.call('PUT', `${API}/tidak-ada/update`, {
        token: t.adminToken,
        body: article(),
      });
      expect(missing.statusCode).toBe(404);
      const invalid = await t.call('PUT', url, {
        token: t.adminToken,
        body: { ...article(), status: 'deleted' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toContain('status');
    });
  });

  describe('delete', () => {
    it('deletes, then answers 404', async () => {
      const { slug } = await create({ title: 'Akan Dihapus' });
      const response = await t.call('DELETE', `${API}/${slug}/delete`, { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 200, message: server.deleted, data: null });
      expect((await t.call('GET', `${API}/${slug}/get`, { token: t.adminToken })).statusCode).toBe(
        404,
      );
      const again = await t.call('DELETE', `${API}/${slug}/delete`, { token: t.adminToken });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({
        code: 'not_found',
        message: server.notFound('Artikel'),
      });
    });

    it('works at /ranwal/article/{slug}/delete', async () => {
      const { slug } = await create({ title: 'Alias Hapus' });
      const response = await t.call('DELETE', `/ranwal/article/${slug}/delete`, {
        token: t.adminToken,
      });
      expect(response.statusCode).toBe(200);
      expect((await t.call('GET', `${API}/${slug}/get`, { token: t.adminToken })).statusCode).toBe(
        404,
      );
    });

    it('answers 401 "Token Invalid" without a token and 403 for a user', async () => {
      const { slug } = await create({ title: 'Tidak Boleh Dihapus' });
      const anonymous = await t.call('DELETE', `${API}/${slug}/delete`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Token Invalid');
      const user = await t.call('DELETE', `${API}/${slug}/delete`, { token: t.userToken });
      expect(user.statusCode).toBe(403);
      expect((await t.call('GET', `${API}/${slug}/get`)).statusCode).toBe(200);
    });
  });
});
