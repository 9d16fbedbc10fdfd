import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, multipart } from './fixtures.js';
import { ADMIN, databaseTargets, startTestApp, type TestApp } from './harness.js';

/**
 * The spec's own browser client (the public Vue app `alenprastyaa/ranwal-fe`), replayed call by
 * call as it sends them over the wire, page by page, from another origin: the same methods,
 * URLs, query strings (axios sends every parameter, empty or not; URLSearchParams writes spaces
 * as '+'), headers (a JSON Content-Type on its body-less fetches, no token on its upload) and
 * bodies. Each answer is checked for every field that client reads. Written from the observed
 * wire shapes, not from our own code.
 */

const CLIENT_ORIGIN = 'http://ranwal-fe.example:5173';

/** axios 1.x query serialization: every non-null parameter, spaces as '+'. */
const axiosQuery = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value)).replace(/%20/g, '+')}`)
    .join('&');

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: the client reads the JSON answer untyped.
  body: any;
  bytes: Buffer;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe.each(databaseTargets)("the spec's original client, replayed on %s", (target) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // As docs/server.md sets it up: the client on its own origin, so links the server hands out
    // (report files, covers) name the server's public origin.
    const port = await freePort();
    t = await startTestApp(target, {
      RANWAL_CORS_ORIGIN: CLIENT_ORIGIN,
      RANWAL_ANONYMOUS_UPLOADS: '1',
      RANWAL_PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}/ranwal`;
  });
  afterAll(() => t?.close());

  /** One request from the client's page: its origin, and what the call itself sets. */
  async function send(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: RequestInit['body'] } = {},
  ): Promise<Answer> {
    const response = await fetch(url, {
      method,
      headers: { origin: CLIENT_ORIGIN, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('application/json') ? JSON.parse(bytes.toString()) : undefined;
    // Every answer must be readable by a page on the client's origin.
    expect(response.headers.get('access-control-allow-origin'), `${method} ${url}`).toBe(
      CLIENT_ORIGIN,
    );
    return { status: response.status, headers: response.headers, body, bytes };
  }

  /** A call through axios: its Accept header, the page's bearer token, JSON bodies. */
  const axios = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { token?: string; params?: Record<string, string | number>; body?: unknown } = {},
  ) =>
    send(method, `${base}${path}${options.params ? `?${axiosQuery(options.params)}` : ''}`, {
      headers: {
        accept: 'application/json, text/plain, */*',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });

  /** The article pages' fetch: a JSON Content-Type on every call, the token when stored. */
  const articleFetch = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    path: string,
    token: string | undefined,
    body?: unknown,
  ) =>
    send(method, `${base}/api${path}`, {
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  /** What the client stores after its sign-in page. */
  async function signIn(credentials: { email: string; password: string }) {
    const answer = await axios('POST', '/api/user/sign-in', { body: credentials });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe(200);
    expect(answer.body.data).toEqual({
      token: expect.any(String),
      id: expect.any(String),
      name: expect.any(String),
      email: credentials.email,
      role: expect.stringMatching(/^(admin|user)$/),
    });
    return answer.body.data as { token: string; id: string; role: string };
  }

  const state = {
    adminToken: '',
    userToken: '',
    programId: '',
    chain: {} as Record<string, string>,
    supporterId: '',
    user: { name: 'Siti Rahma', email: 'siti.rahma@ranwal.test', password: 'kata-sandi-1' },
    reportId: '',
    slug: '',
    coverUrl: '',
  };

  it('login page: signs in and reads status, token, id, name, email and role', async () => {
    const admin = await signIn(ADMIN);
    expect(admin.role).toBe('admin');
    state.adminToken = admin.token;
    const wrong = await axios('POST', '/api/user/sign-in', {
      body: { email: ADMIN.email, password: 'salah-sekali' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toEqual(expect.any(String));
  });

  it('answers the preflight of its token-bearing calls', async () => {
    for (const [method, headers] of [
      ['GET', 'authorization'],
      ['POST', 'authorization,content-type'],
      ['PUT', 'authorization,content-type'],
      ['DELETE', 'authorization,content-type'],
    ] as const) {
      const answer = await send('OPTIONS', `${base}/api/program/list`, {
        headers: {
          'access-control-request-method': method,
          'access-control-request-headers': headers,
        },
      });
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-methods')).toContain(method);
      for (const header of headers.split(',')) {
        expect(answer.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(header);
      }
    }
  });

  it('Program page: lists without a query (every program), creates, updates, deletes', async () => {
    const token = state.adminToken;
    for (let n = 1; n <= 12; n += 1) {
      const created = await axios('POST', '/api/program/create', {
        token,
        body: { name: `Program Uji ${n}`, is_taxed: false },
      });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    }
    const list = await axios('GET', '/api/program/list', { token });
    expect(list.status).toBe(200);
    const programs = list.body.data as { id: string; name: string; is_taxed: boolean }[];
    // It pages nothing: a list call without a limit must hold all twelve, not a first page.
    expect(programs).toHaveLength(12);
    for (const program of programs) {
      expect(program).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      expect(typeof program.is_taxed).toBe('boolean');
    }

    const first = programs.find((program) => program.name === 'Program Uji 1')!;
    const updated = await axios('PUT', `/api/program/${first.id}/update`, {
      token,
      body: { name: 'Program Peningkatan Infrastruktur', is_taxed: true },
    });
    expect(updated.status).toBe(200);
    const last = programs.find((program) => program.name === 'Program Uji 12')!;
    expect((await axios('DELETE', `/api/program/${last.id}/delete`, { token })).status).toBe(200);

    const after = (await axios('GET', '/api/program/list', { token })).body.data as {
      id: string;
      name: string;
      is_taxed: boolean;
    }[];
    expect(after).toHaveLength(11);
    expect(after.find((program) => program.id === first.id)).toMatchObject({
      name: 'Program Peningkatan Infrastruktur',
      is_taxed: true,
    });
    state.programId = first.id;
  });

  // Kegiatan, Sub Kegiatan, Aktivitas, Subtitle and Kode Rekening: one page pattern.
  const levelPages = [
    { name: 'Kegiatan', path: 'action', parent: 'program', parentField: 'program_id' },
    { name: 'Sub Kegiatan', path: 'sub-action', parent: 'action', parentField: 'action_id' },
    { name: 'Aktivitas', path: 'activity', parent: 'sub-action', parentField: 'sub_action_id' },
    { name: 'Subtitle', path: 'subtitle', parent: 'activity', parentField: 'activity_id' },
    { name: 'Kode Rekening', path: 'account', parent: 'subtitle', parentField: 'subtitle_id' },
  ] as const;

  for (const [depth, page] of levelPages.entries()) {
    it(`${page.name} page: 'Semua …' filter (empty uuid and search), pages, search, edit`, async () => {
      const token = state.adminToken;
      const parentId = depth === 0 ? state.programId : state.chain[levelPages[depth - 1]!.path]!;
      // The parent dropdown: the Kegiatan page sends no query, the others page 1 of 100.
      const dropdown = await axios('GET', `/api/${page.parent}/list`, {
        token,
        ...(depth === 0 ? {} : { params: { page: 1, limit: 100 } }),
      });
      expect(dropdown.status).toBe(200);
      expect(dropdown.body.data.map((row: { id: string }) => row.id)).toContain(parentId);

      const isAccount = page.path === 'account';
      for (let n = 1; n <= 6; n += 1) {
        const body = isAccount
          ? { [page.parentField]: parentId, code: `5.1.02.01.01.000${n}`, name: `Belanja ${n}` }
          : { [page.parentField]: parentId, name: `${page.name} ${n}` };
        const created = await axios('POST', `/api/${page.path}/create`, { token, body });
        expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      }

      const list = (params: Record<string, string | number>) =>
        axios('GET', `/api/${page.path}/list`, { token, params });
      // 'Semua …' chosen and nothing searched: every parameter sent, two of them empty.
      const all = await list({ page: 1, limit: 5, search: '', uuid: '' });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.data).toHaveLength(5);
      expect(all.body.filter.total_page).toBe(2);
      for (const row of all.body.data) {
        expect(row).toMatchObject({
          id: expect.any(String),
          name: expect.any(String),
          [page.parentField]: parentId,
          ...(isAccount ? { code: expect.any(String) } : {}),
        });
      }
      const second = await list({ page: 2, limit: 5, search: '', uuid: '' });
      expect(second.body.data).toHaveLength(1);

      const filtered = await list({ page: 1, limit: 5, search: '', uuid: parentId });
      expect(filtered.body.filter.total_page).toBe(2);
      const searched = await list({
        page: 1,
        limit: 5,
        search: isAccount ? '0003' : '3',
        uuid: '',
      });
      expect(searched.body.data).toHaveLength(1);

      const row = searched.body.data[0] as { id: string };
      const edited = await axios('PUT', `/api/${page.path}/${row.id}/update`, {
        token,
        body: isAccount
          ? { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor', subtitle_id: parentId }
          : { name: `${page.name} Utama`, [page.parentField]: parentId },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      state.chain[page.path] = row.id;

      const other = all.body.data.find((candidate: { id: string }) => candidate.id !== row.id);
      expect(
        (await axios('DELETE', `/api/${page.path}/${other.id}/delete`, { token })).status,
      ).toBe(200);
    });
  }

  it('Pengampu page: lists with an empty search, creates, updates', async () => {
    const token = state.adminToken;
    const created = await axios('POST', '/api/supporter/create', {
      token,
      body: { name: 'Dinas Pekerjaan Umum' },
    });
    expect(created.status).toBeLessThan(300);
    const list = await axios('GET', '/api/supporter/list', {
      token,
      params: { page: 1, limit: 5, search: '' },
    });
    expect(list.status).toBe(200);
    expect(list.body.filter.total_page).toBe(1);
    const row = list.body.data[0];
    expect(row).toEqual({ id: expect.any(String), name: 'Dinas Pekerjaan Umum' });
    const updated = await axios('PUT', `/api/supporter/${row.id}/update`, {
      token,
      body: { name: 'Dinas PUPR' },
    });
    expect(updated.status).toBe(200);
    state.supporterId = row.id;
  });

  it('User Management: lists, creates with id null, updates without password', async () => {
    const token = state.adminToken;
    const created = await axios('POST', '/api/user/create', {
      token,
      body: {
        id: null,
        name: 'Siti',
        email: state.user.email,
        role: 'user',
        password: state.user.password,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const list = await axios('GET', '/api/user/list', { token });
    expect(list.status).toBe(200);
    const row = (list.body.data as ({ id: string } & Record<string, unknown>)[]).find(
      (user) => user.email === state.user.email,
    )!;
    expect(row).toMatchObject({ id: expect.any(String), name: 'Siti', role: 'user' });
    // The edit form is the listed row itself, less id (and the empty password).
    const { id, ...edited } = row;
    const updated = await axios('PUT', `/api/user/${id}/update`, {
      token,
      body: { ...edited, name: state.user.name },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  });

  it('user dashboard: walks the cascade with limit 100 and creates a report', async () => {
    const user = await signIn(state.user);
    expect(user.role).toBe('user');
    state.userToken = user.token;
    const token = user.token;
    const get = (path: string, params: Record<string, string> = {}) =>
      axios('GET', path, { token, params: { limit: 100, ...params } });

    const programs = await get('/api/program/list');
    expect(programs.body.data.map((program: { id: string }) => program.id)).toContain(
      state.programId,
    );
    let parent = state.programId;
    for (const page of levelPages) {
      const level = await get(`/api/${page.path}/list`, { uuid: parent });
      expect(level.status).toBe(200);
      const chosen = level.body.data.find(
        (row: { id: string }) => row.id === state.chain[page.path],
      );
      expect(chosen, page.name).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      if (page.path === 'account') {
        expect(chosen).toMatchObject({
          code: '5.1.02.01.01.0024',
          name: 'Belanja Alat Tulis Kantor',
        });
      }
      parent = chosen.id;
    }
    const supporters = await get('/api/supporter/list');
    expect(supporters.body.data).toContainEqual({ id: state.supporterId, name: 'Dinas PUPR' });
    expect((await get('/api/detail-program/list')).body.data).toEqual([]);

    // The form's whole state, its live totals included, then the seven choices.
    const report = {
      component_code: 'KMP-001',
      component_name: 'Kertas HVS A4 80 gram',
      specification: 'Rim isi 500 lembar',
      unit: 'Rim',
      price: 55000,
      first_volume: 2,
      second_volume: 3,
      third_volume: 1,
      total_price: 330000,
      tax: 39600,
      total_after_tax: 369600,
      year: 2025,
      program_id: state.programId,
      action_id: state.chain.action,
      sub_action_id: state.chain['sub-action'],
      activity_id: state.chain.activity,
      subtitle_id: state.chain.subtitle,
      account_id: state.chain.account,
      supporter_id: state.supporterId,
    };
    const created = await axios('POST', '/api/detail-program/create', { token, body: report });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const untaxed = await axios('POST', '/api/detail-program/create', {
      token,
      body: {
        ...report,
        component_name: 'Map Plastik',
        price: 5000,
        total_price: 30000,
        tax: 0,
        total_after_tax: 30000,
      },
    });
    expect(untaxed.status).toBeLessThan(300);
  });

  it("user's Daftar Laporan: lists without a query and shows the detail fields", async () => {
    const list = await axios('GET', '/api/detail-program/list', { token: state.userToken });
    expect(list.status).toBe(200);
    expect(list.body.status).toBe(200);
    const rows = list.body.data as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.component_name === 'Kertas HVS A4 80 gram')).toMatchObject({
      id: expect.any(String),
      program_name: 'Program Peningkatan Infrastruktur',
      total_after_tax: 369600,
      year: 2025,
      account_code: '5.1.02.01.01.0024',
      account_name: 'Belanja Alat Tulis Kantor',
      price: 55000,
      first_volume: 2,
      second_volume: 3,
      third_volume: 1,
      unit: 'Rim',
      total_price: 330000,
      tax: 39600,
    });
    expect(rows.find((row) => row.component_name === 'Map Plastik')).toMatchObject({
      tax: 0,
      total_after_tax: 30000,
    });
  });

  it('admin Laporan: lists, downloads a real .xlsx by its path, deletes', async () => {
    const token = state.adminToken;
    const list = await axios('GET', '/api/detail-program/list', { token, params: { limit: 100 } });
    expect(list.body.status).toBe(200);
    const row = (list.body.data as Record<string, unknown>[]).find(
      (line) => line.component_name === 'Kertas HVS A4 80 gram',
    )!;
    expect(row).toMatchObject({
      component_code: 'KMP-001',
      program_name: 'Program Peningkatan Infrastruktur',
      supporter_name: 'Dinas PUPR',
      total_after_tax: 369600,
      total_price: 330000,
      action_name: 'Kegiatan Utama',
      sub_action_name: 'Sub Kegiatan Utama',
      activity_name: 'Aktivitas Utama',
      subtitle_name: 'Subtitle Utama',
      id: expect.any(String),
    });
    expect(Number.isNaN(new Date(row.created_at as string).getTime())).toBe(false);

    const download = await axios('GET', '/api/detail-program/report', {
      token,
      params: { limit: 100, year: 2025 },
    });
    expect(download.body.status).toBe(200);
    const { path, originalName } = download.body.data as { path: string; originalName: string };
    expect(originalName).toMatch(/\.xlsx$/);
    // The page sets it as a link's href: it must lead to this server from the client's origin.
    expect(new URL(path, CLIENT_ORIGIN).origin).toBe(new URL(base).origin);
    const file = await fetch(new URL(path, CLIENT_ORIGIN));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const other = (list.body.data as { id: string; component_name: string }[]).find(
      (line) => line.component_name === 'Map Plastik',
    )!;
    const deleted = await axios('DELETE', `/api/detail-program/${other.id}/delete`, { token });
    expect(deleted.body.status).toBe(200);
    state.reportId = row.id as string;
  });

  it('Buat Artikel: uploads the cover without a token, then creates the article', async () => {
    const { body, headers } = await multipart({
      field: 'file',
      bytes: images['image/png'],
      filename: 'sampul.png',
      type: 'image/png',
    });
    const upload = await send('POST', `${base}/api/upload-file`, { headers, body });
    expect(upload.body.status).toBe(200);
    const cover = upload.body.data.path as string;
    expect(new URL(cover).origin).toBe(new URL(base).origin);
    const image = await fetch(cover);
    expect(image.headers.get('content-type')).toBe('image/png');

    const created = await articleFetch('POST', '/article/create', state.adminToken, {
      title: 'Musrenbang Kecamatan 2025',
      content: '<p>Hasil <strong>musyawarah</strong> perencanaan pembangunan.</p>',
      cover_image: cover,
      tags: ['musrenbang'],
      status: 'published',
      category: 'Tindak Lanjut Hasil Musrenbang',
    });
    expect([200, 201], JSON.stringify(created.body)).toContain(created.body.status);
    state.coverUrl = cover;
  });

  it('Manajemen Artikel: lists with an empty search, reads one, updates its category', async () => {
    const token = state.adminToken;
    const list = await articleFetch(
      'GET',
      `/article/list?${new URLSearchParams({ page: '1', limit: '5', search: '' })}`,
      token,
    );
    expect(list.body.status).toBe(200);
    expect(list.body.filter).toMatchObject({ total_page: 1, total_result: 1 });
    const row = list.body.data[0];
    expect(row).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      title: 'Musrenbang Kecamatan 2025',
      excerpt: expect.any(String),
      tags: ['musrenbang'],
      name: expect.any(String),
      category: 'Tindak Lanjut Hasil Musrenbang',
      status: 'published',
      views_count: expect.any(Number),
      created_at: expect.any(String),
      cover_image: state.coverUrl,
    });
    state.slug = row.slug;

    const read = await articleFetch('GET', `/article/${state.slug}/get`, token);
    expect(read.body.status).toBe(200);
    expect(read.body.data).toMatchObject({
      title: 'Musrenbang Kecamatan 2025',
      content: expect.stringContaining('<strong>musyawarah</strong>'),
      cover_image: state.coverUrl,
      tags: ['musrenbang'],
      status: 'published',
      category: 'Tindak Lanjut Hasil Musrenbang',
    });
    // A new title: the page keeps the row's old slug for its later calls.
    const updated = await articleFetch('PUT', `/article/${state.slug}/update`, token, {
      title: 'Hasil Musrenbang Kecamatan 2025',
      content: read.body.data.content,
      cover_image: state.coverUrl,
      tags: ['musrenbang', 'reses'],
      status: 'published',
      category: 'Usulan Reses DPRD',
    });
    expect(updated.body.status, JSON.stringify(updated.body)).toBe(200);
  });

  it('public home: lists 7, filters by category name, searches, opens the article', async () => {
    const home = (params: Record<string, string>) =>
      send(
        'GET',
        `${base}/api/article/list?${new URLSearchParams({ page: '1', limit: '7', ...params })}`,
      );
    const all = await home({});
    expect(all.body.status).toBe(200);
    const listed = all.body.data[0];
    expect(listed).toMatchObject({
      title: 'Hasil Musrenbang Kecamatan 2025',
      category: 'Usulan Reses DPRD',
      cover_image: state.coverUrl,
    });
    expect(all.body.filter).toMatchObject({ current_page: 1, total_page: 1 });
    expect((await home({ category: 'Usulan Reses DPRD' })).body.data).toHaveLength(1);
    expect((await home({ category: 'Tindak Lanjut Hasil Musrenbang' })).body.data).toHaveLength(0);
    expect((await home({ search: 'Musrenbang' })).body.data).toHaveLength(1);

    const opened = await send('GET', `${base}/api/article/${listed.slug}/get`);
    expect(opened.body.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      title: 'Hasil Musrenbang Kecamatan 2025',
      category: 'Usulan Reses DPRD',
      tags: ['musrenbang', 'reses'],
      cover_image: state.coverUrl,
      name: expect.any(String),
      created_at: expect.any(String),
      views_count: expect.any(Number),
      content: expect.stringContaining('musyawarah'),
    });
  });

  it('Manajemen Artikel: deletes by the slug it listed before the new title, with a JSON Content-Type and no body', async () => {
    const deleted = await articleFetch('DELETE', `/article/${state.slug}/delete`, state.adminToken);
    expect(deleted.body.status, JSON.stringify(deleted.body)).toBe(200);
    const gone = await send('GET', `${base}/api/article/${state.slug}/get`);
    expect(gone.status).toBe(404);
  });

  it('User Management: deletes the user', async () => {
    const users = (await axios('GET', '/api/user/list', { token: state.adminToken })).body.data as {
      id: string;
      email: string;
    }[];
    const user = users.find((candidate) => candidate.email === state.user.email)!;
    const deleted = await axios('DELETE', `/api/user/${user.id}/delete`, {
      token: state.adminToken,
    });
    expect(deleted.status).toBe(200);
  });
});
