import { randomUUID } from 'node:crypto';
import { MAX_LINE_TOTAL, messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api/detail-program';

// Taxed and priced so PPN (12 %) rounds: Rp 1.001 gives Rp 120, as the create test checks.
const lineBody = (chain: Chain, overrides: Record<string, unknown> = {}) =>
  budgetLineInput(chain, { price: 1001, is_taxed: true, ...overrides });

describe.each(databaseTargets)('budget lines on %s', (target) => {
  let t: TestApp;
  let alfa: Chain;
  let beta: Chain;
  let otherUserToken: string;

  const create = (token: string, body: unknown) => t.call('POST', `${API}/create`, { token, body });
  const lineCount = async () => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from detail_program`.execute(t.database.db);
    return Number(rows[0]?.count);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    alfa = await buildChain(t, 'Alfa');
    beta = await buildChain(t, 'Beta');
    const other = { email: 'siti@test.local', password: 'siti-password-1' };
    const created = await t.call('POST', '/ranwal/api/user/create', {
      token: t.adminToken,
      body: { name: 'Siti', role: 'user', ...other },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signedIn = await t.call('POST', '/ranwal/api/user/sign-in', { body: other });
    otherUserToken = signedIn.json().data.token;
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('answers 201 with the full read shape, every name joined', async () => {
      const response = await create(t.userToken, lineBody(alfa));
      expect(response.statusCode, response.body).toBe(201);
      const line = response.json().data;
      expect(response.json()).toMatchObject({ status: 201, message: messagesId.server.created });
      expect(line).toEqual({
        id: expect.any(String),
        ...alfa,
        component_code: 'K-01',
        component_name: 'Kertas A4',
        specification: '80 gram',
        unit: 'Rim',
        price: 1001,
        first_volume: 1,
        second_volume: 1,
        third_volume: 1,
        // The spec's client knows one unit: the first volume counts it.
        first_volume_unit: 'Rim',
        second_volume_unit: null,
        third_volume_unit: null,
        total_price: 1001,
        tax: 120,
        total_after_tax: 1121,
        tax_rate: 12,
        tax_base_numerator: 1,
        tax_base_denominator: 1,
        price_item_id: null,
        // No source named and none to fill it from (issue 36).
        funding_source_id: null,
        // No catalogue in 2025 here: a line without an item is not marked.
        outside_catalogue: false,
        year: 2025,
        // A programme of no Perangkat Daerah: the harness's user has no unit (issue 34).
        agency_id: null,
        agency_name: null,
        // Each level's code beside its name (these levels have none).
        agency_code: null,
        program_code: null,
        action_code: null,
        sub_action_code: null,
        activity_code: null,
        subtitle_code: null,
        program_name: 'Program Alfa',
        action_name: 'Kegiatan Alfa',
        sub_action_name: 'Sub Kegiatan Alfa',
        activity_name: 'Aktivitas Alfa',
        subtitle_name: 'Subtitle Alfa',
        account_code: '5.1.02.Alfa',
        account_name: 'Kode Rekening Alfa',
        supporter_name: 'Pengampu Alfa',
        created_by: t.userId,
        created_by_name: expect.any(String),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: null,
        updated_by_name: null,
        // Its sub kegiatan is not verified and has no open note.
        sub_action_verified_at: null,
        sub_action_open_notes: 0,
      });
    });

    it('fills the defaults of the form (unit Pcs, volumes 1, year 2025)', async () => {
      const response = await create(t.userToken, {
        ...alfa,
        component_name: 'Map',
        price: 2000,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({
        unit: 'Pcs',
        first_volume: 1,
        second_volume: 1,
        third_volume: 1,
        total_price: 2000,
        tax: 0,
        year: 2025,
        component_code: '',
        specification: '',
      });
    });

    it.each([
      { name: 'no component name', body: {}, path: 'component_name', problem: 'wajib diisi' },
      {
        name: 'a blank one',
        body: { component_name: '   ' },
        path: 'component_name',
        problem: 'wajib diisi',
      },
      {
        name: 'no price (a line of Rp 0)',
        body: { component_name: 'Map' },
        path: 'price',
        problem: 'wajib diisi',
      },
      {
        name: 'a price of 0',
        body: { component_name: 'Map', price: 0 },
        path: 'price',
        problem: 'harus lebih dari 0 (baris dengan Total Harga Rp 0 tidak disimpan)',
      },
      // What a number coercion read as years; only whole numbers and their digits are years.
      ...[[2030], '2.025e3', ' 2026 ', '0x7e9', 2025.5].map((year) => ({
        name: `year ${JSON.stringify(year)}`,
        body: { component_name: 'Map', price: 1000, year },
        path: 'year',
        problem: typeof year === 'number' ? 'harus berupa tahun' : 'harus berupa tahun, mis. 2025',
      })),
    ])(
      'refuses a line with $name, naming the field, and stores nothing',
      async ({ body, path, problem }) => {
        const before = await lineCount();
        const response = await create(t.userToken, { ...alfa, ...body });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'validation',
          message: messagesId.server.validation(path, problem),
        });
        expect(await lineCount()).toBe(before);
      },
    );

    it.each([
      {
        name: 'price 1001 x 1 x 1 x 1, taxed',
        body: { price: 1001 },
        totals: { total_price: 1001, tax: 120, total_after_tax: 1121 },
      },
      {
        name: 'price 2 500 000 x 2 x 3 x 1.5, taxed',
        body: { price: 2_500_000, first_volume: 2, second_volume: 3, third_volume: 1.5 },
        totals: { total_price: 22_500_000, tax: 2_700_000, total_after_tax: 25_200_000 },
      },
      {
        name: 'untaxed',
        body: {
          price: 2_500_000,
          first_volume: 2,
          second_volume: 3,
          third_volume: 1.5,
          is_taxed: false,
        },
        totals: { total_price: 22_500_000, tax: 0, total_after_tax: 22_500_000 },
      },
      {
        name: 'no is_taxed, a positive client tax means the form had tax on',
        body: { price: 1000, is_taxed: undefined, tax: 1 },
        totals: { total_price: 1000, tax: 120, total_after_tax: 1120 },
      },
      {
        name: 'no is_taxed and no tax: untaxed',
        body: { price: 1000, is_taxed: undefined },
        totals: { total_price: 1000, tax: 0, total_after_tax: 1000 },
      },
      {
        name: "the client's wrong totals are ignored",
        body: { price: 1001, total_price: 1, tax: 999, total_after_tax: 5 },
        totals: { total_price: 1001, tax: 120, total_after_tax: 1121 },
      },
      {
        name: 'the most a line may hold is accepted',
        body: { price: MAX_LINE_TOTAL, is_taxed: false },
        totals: { total_price: MAX_LINE_TOTAL, tax: 0, total_after_tax: MAX_LINE_TOTAL },
      },
    ])('computes the money on the server: $name', async ({ body, totals }) => {
      const response = await create(t.userToken, lineBody(alfa, { ...body, year: 2001 }));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject(totals);
      const stored = await t.call('GET', `${API}/${response.json().data.id}/get`, {
        token: t.userToken,
      });
      expect(stored.json().data).toMatchObject(totals);
    });

    it.each([
      { name: 'negative price', body: () => lineBody(alfa, { price: -1 }), field: 'price' },
      { name: 'fractional price', body: () => lineBody(alfa, { price: 1.5 }), field: 'price' },
      { name: 'volume 0', body: () => lineBody(alfa, { first_volume: 0 }), field: 'first_volume' },
      {
        name: 'volume with 3 decimals',
        body: () => lineBody(alfa, { second_volume: 1.234 }),
        field: 'second_volume',
      },
      {
        name: 'non-UUID id',
        body: () => lineBody(alfa, { action_id: 'bukan-uuid' }),
        field: 'action_id',
      },
      {
        name: 'unknown account',
        body: () => lineBody(alfa, { account_id: randomUUID() }),
        field: 'account_id',
        message: 'Kode Rekening tidak ditemukan',
      },
      {
        name: 'account from another subtitle',
        body: () => lineBody(alfa, { account_id: beta.account_id }),
        field: 'account_id',
        message: 'Kode Rekening tidak ditemukan di subtitle ini',
      },
      {
        name: 'action from another program',
        body: () => lineBody(alfa, { action_id: beta.action_id }),
        field: 'action_id',
        message: 'Kegiatan tidak ditemukan di program ini',
      },
      {
        name: 'unknown supporter',
        body: () => lineBody(alfa, { supporter_id: randomUUID() }),
        field: 'supporter_id',
        message: 'Pengampu tidak ditemukan',
      },
      { name: 'missing unit', body: () => lineBody(alfa, { unit: '  ' }), field: 'unit' },
      {
        name: 'missing program id',
        body: () => lineBody(alfa, { program_id: undefined }),
        field: 'program_id',
      },
      {
        name: 'a total past the most a line may hold',
        body: () => lineBody(alfa, { price: MAX_LINE_TOTAL, first_volume: 2, is_taxed: false }),
        field: 'total_after_tax',
        message: messagesId.server.issueLineTooLarge,
      },
      {
        name: 'PPN taking the most a line may hold past it',
        body: () => lineBody(alfa, { price: MAX_LINE_TOTAL }),
        field: 'total_after_tax',
        message: messagesId.server.issueLineTooLarge,
      },
      {
        name: 'a product far past what a number holds',
        body: () =>
          lineBody(alfa, {
            price: Number.MAX_SAFE_INTEGER,
            first_volume: 1000,
            second_volume: 1000,
          }),
        field: 'total_after_tax',
        message: messagesId.server.issueLineTooLarge,
      },
      { name: 'year out of range', body: () => lineBody(alfa, { year: 1999 }), field: 'year' },
    ])(
      'refuses $name with 400 naming $field, writing nothing',
      async ({ body, field, message }) => {
        const before = await lineCount();
        const response = await create(t.userToken, body());
        expect(response.statusCode, response.body).toBe(400);
        const answer = response.json();
        expect(answer).toMatchObject({ status: 400, code: 'validation', data: null });
        expect(answer.message).toContain(field);
        expect(answer.issues.map((issue: { path: string }) => issue.path)).toContain(field);
        if (message) expect(answer.message).toBe(messagesId.server.validation(field, message));
        expect(await lineCount()).toBe(before);
      },
    );

    it('refuses malformed JSON with 400, writing nothing', async () => {
      const before = await lineCount();
      const response = await t.call('POST', `${API}/create`, {
        token: t.userToken,
        body: '{"price": 10,',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation', data: null });
      expect(await lineCount()).toBe(before);
    });
  });

  describe('list, get and delete', () => {
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const lines = [
        ['userOld', t.userToken, lineBody(alfa, { year: 2026, component_name: 'Tinta Printer' })],
        ['other', otherUserToken, lineBody(beta, { year: 2026, component_code: 'RAHASIA-9' })],
        ['admin', t.adminToken, lineBody(beta, { year: 2026, component_name: 'Meja Rapat' })],
        ['userNew', t.userToken, lineBody(beta, { year: 2026, component_name: 'Kursi Lipat' })],
      ] as const;
      for (const [key, token, body] of lines) {
        const response = await create(token, body);
        expect(response.statusCode, response.body).toBe(201);
        ids[key] = response.json().data.id;
      }
    });

    const list = (token: string, query: string) =>
      t.call(
        'GET',
        `${API}/list?limit=100&${query.includes('year=') ? query : `year=2026&${query}`}`,
        {
          token,
        },
      );
    const namesOf = (response: { json(): { data: { id: string }[] } }) =>
      response.json().data.map((line) => Object.keys(ids).find((key) => ids[key] === line.id));

    it('shows a user only their own lines, newest first', async () => {
      const response = await list(t.userToken, '');
      expect(response.statusCode, response.body).toBe(200);
      expect(namesOf(response)).toEqual(['userNew', 'userOld']);
      expect(response.json().data[0]).toMatchObject({
        program_name: 'Program Beta',
        account_code: '5.1.02.Beta',
        supporter_name: 'Pengampu Beta',
        price: 1001,
        first_volume: 1,
        total_after_tax: 1121,
      });
    });

    it('shows an admin every line', async () => {
      const response = await list(t.adminToken, '');
      expect(namesOf(response)).toEqual(['userNew', 'admin', 'other', 'userOld']);
    });

    it('filters by program, supporter and year, and counts with the same filters', async () => {
      const byProgram = await list(t.adminToken, `program_id=${beta.program_id}`);
      expect(namesOf(byProgram)).toEqual(['userNew', 'admin', 'other']);
      const bySupporter = await list(t.userToken, `supporter_id=${alfa.supporter_id}`);
      expect(namesOf(bySupporter)).toEqual(['userOld']);
      expect(bySupporter.json().filter).toMatchObject({ filtered_result: 1 });
      const otherYear = await list(t.adminToken, 'year=2027');
      expect(otherYear.json()).toMatchObject({ data: [], filter: { filtered_result: 0 } });
    });

    it("reads each line's Perangkat Daerah through its programme, and filters by it", async () => {
      // Beta's programme is given to a Perangkat Daerah for a while: its lines follow it.
      const agency = await t.call('POST', '/ranwal/api/agency/create', {
        token: t.adminToken,
        body: { name: 'Perangkat Daerah Beta' },
      });
      const moveTo = (agency_id: string | null) =>
        t.call('PUT', `/ranwal/api/program/${beta.program_id}/update`, {
          token: t.adminToken,
          body: { name: 'Program Beta', is_taxed: false, agency_id },
        });
      expect((await moveTo(agency.json().data.id)).statusCode).toBe(200);
      const all = await list(t.adminToken, '');
      const betaLine = all.json().data.find((line: { id: string }) => line.id === ids.admin);
      expect(betaLine).toMatchObject({ agency_name: 'Perangkat Daerah Beta' });
      const byAgency = await list(t.adminToken, `agency_id=${betaLine.agency_id}`);
      expect(namesOf(byAgency)).toEqual(['userNew', 'admin', 'other']);
      expect(byAgency.json().filter).toMatchObject({ filtered_result: 3 });
      const single = await t.call('GET', `${API}/${ids.admin}/get`, { token: t.adminToken });
      expect(single.json().data).toMatchObject({
        agency_id: betaLine.agency_id,
        agency_name: 'Perangkat Daerah Beta',
      });
      expect((await moveTo(null)).statusCode).toBe(200);
    });

    it.each([
      ['component name', 'kursi lipat', ['userNew']],
      ['component code', 'rahasia', ['other']],
      ['program name', 'PROGRAM ALFA', ['userOld']],
      ['account code', '5.1.02.beta', ['userNew', 'admin', 'other']],
      ['account name', 'kode rekening beta', ['userNew', 'admin', 'other']],
      ['a literal %', '100%', []],
    ])('searches case-insensitively on the %s', async (_, search, expected) => {
      const response = await list(t.adminToken, `search=${encodeURIComponent(search)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(namesOf(response)).toEqual(expected);
    });

    it('pages with the filter block', async () => {
      const response = await t.call('GET', `${API}/list?year=2026&limit=3&page=2`, {
        token: t.adminToken,
      });
      expect(namesOf(response)).toEqual(['userOld']);
      const all = await t.call('GET', `${API}/list`, { token: t.adminToken });
      const total = all.json().filter.total_result;
      expect(response.json().filter).toEqual({
        current_page: 2,
        total_page: 2,
        filtered_result: 4,
        total_result: total,
        // Issue 39: the positions to page on from here, and counts that did not stop at a bound.
        next_cursor: null,
        prev_cursor: expect.any(String),
        filtered_bounded: false,
        total_bounded: false,
      });
      expect(total).toBe(await lineCount());
      const tooMany = await t.call('GET', `${API}/list?limit=101`, { token: t.adminToken });
      expect(tooMany.statusCode).toBe(400);
    });

    it("gets a user's own line, and 404 for another user's", async () => {
      const own = await t.call('GET', `${API}/${ids.userOld}/get`, { token: t.userToken });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: ids.userOld, component_name: 'Tinta Printer' });
      for (const id of [ids.other, ids.admin, randomUUID()]) {
        const response = await t.call('GET', `${API}/${id}/get`, { token: t.userToken });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
      }
    });

    it('gets any line for an admin', async () => {
      const response = await t.call('GET', `${API}/${ids.other}/get`, { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ component_code: 'RAHASIA-9' });
    });

    it('lets a user delete only their own lines, an admin any, and answers 404 for a missing line', async () => {
      const othersLine = await t.call('DELETE', `${API}/${ids.other}/delete`, {
        token: t.userToken,
      });
      expect(othersLine.statusCode).toBe(404);
      const stillThere = await t.call('GET', `${API}/${ids.other}/get`, { token: t.adminToken });
      expect(stillThere.statusCode).toBe(200);

      const byAdmin = await t.call('DELETE', `${API}/${ids.userOld}/delete`, {
        token: t.adminToken,
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json()).toEqual({
        status: 200,
        message: messagesId.server.deleted,
        data: null,
      });
      const gone = await t.call('GET', `${API}/${ids.userOld}/get`, { token: t.adminToken });
      expect(gone.statusCode).toBe(404);
      const again = await t.call('DELETE', `${API}/${ids.userOld}/delete`, {
        token: t.adminToken,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  it('answers a signed, expiring link for the report, a path from the root', async () => {
    const response = await t.call('GET', `${API}/report?year=2025`, {
      token: t.userToken,
      headers: { host: 'ranwal.example.go.id' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { path, originalName } = response.json().data;
    expect(originalName).toBe('laporan-detail-program-2025.xlsx');
    // Not built from the Host header (any client sets it); RANWAL_PUBLIC_URL would lead it.
    expect(path).toMatch(/^\/ranwal\//);
    const link = new URL(path, 'http://localhost');
    expect(link.pathname).toBe(`${API}/report/file`);
    const payload = JSON.parse(
      Buffer.from(link.searchParams.get('token')!.split('.')[1]!, 'base64url').toString(),
    );
    expect(payload).toMatchObject({ purpose: 'report', year: 2025, scope: 'own', sub: t.userId });
    expect(payload.exp - payload.iat).toBe(600);

    const admin = await t.call('GET', `${API}/report?year=2024&program_id=${alfa.program_id}`, {
      token: t.adminToken,
    });
    expect(admin.json().data.originalName).toBe('laporan-detail-program-2024.xlsx');
    const adminToken = new URL(admin.json().data.path, 'http://localhost').searchParams.get(
      'token',
    )!;
    expect(
      JSON.parse(Buffer.from(adminToken.split('.')[1]!, 'base64url').toString()),
    ).toMatchObject({ scope: 'all', year: 2024, program_id: alfa.program_id });

    const badYear = await t.call('GET', `${API}/report?year=abc`, { token: t.userToken });
    expect(badYear.statusCode).toBe(400);
  });

  it.each([
    ['GET', `${API}/list`],
    ['GET', `${API}/${randomUUID()}/get`],
    ['POST', `${API}/create`],
    ['DELETE', `${API}/${randomUUID()}/delete`],
    ['GET', `${API}/report`],
  ] as const)('answers 401 Token Invalid to %s %s without a token', async (method, url) => {
    // A valid body: the registrar validates the body before it checks the token.
    const response = await t.call(method, url, method === 'POST' ? { body: lineBody(alfa) } : {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, message: 'Token Invalid', data: null });
  });

  describe('search at size', () => {
    it('counts, orders and pages a search that matches thousands of lines, or a few, or none', async () => {
      const template = await create(t.adminToken, lineBody(alfa, { component_name: 'Cetakan' }));
      const id = template.json().data.id;
      // 2 100 lines named 'Massal nnnn', made in SQL from one real line (the same chain).
      await sql`
        insert into detail_program (
          component_code, component_name, specification, unit, price, first_volume,
          second_volume, third_volume, total_price, tax, total_after_tax, year, program_id,
          action_id, sub_action_id, activity_id, subtitle_id, account_id, supporter_id,
          created_by, created_at)
        select component_code, 'Massal ' || lpad(g::text, 4, '0'), specification, unit, price,
               first_volume, second_volume, third_volume, total_price, tax, total_after_tax,
               2031, program_id, action_id, sub_action_id, activity_id, subtitle_id,
               account_id, supporter_id, created_by, created_at + g * interval '1 second'
        from detail_program, generate_series(1, 2100) g
        where id = ${id}`.execute(t.database.db);
      const list = (query: string) =>
        t.call('GET', `${API}/list?${query}`, { token: t.adminToken }).then((r) => r.json());

      // Thousands: read by the search's conditions.
      const many = await list('search=MASSAL&year=2031&limit=10&sort=newest');
      expect(many.filter).toMatchObject({ filtered_result: 2100, total_page: 210 });
      expect(many.data.map((line: { component_name: string }) => line.component_name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Massal ${String(2100 - i).padStart(4, '0')}`),
      );
      const last = await list('search=massal&year=2031&limit=10&page=210');
      expect(last.data.at(-1).component_name).toBe('Massal 0001');

      // A few: read by id, in the same order, with the same counts.
      const few = await list('search=massal 004&year=2031&limit=5&sort=oldest');
      expect(few.filter).toMatchObject({ filtered_result: 10, total_page: 2 });
      expect(few.data.map((line: { component_name: string }) => line.component_name)).toEqual([
        'Massal 0040',
        'Massal 0041',
        'Massal 0042',
        'Massal 0043',
        'Massal 0044',
      ]);
      const none = await list('search=tidak ada yang seperti ini&limit=5');
      expect(none.filter).toMatchObject({ filtered_result: 0 });
      expect(none.data).toEqual([]);
    });
  });

  describe('hierarchy integrity', () => {
    it('refuses to move a level that budget lines point to under another parent (409)', async () => {
      expect((await create(t.userToken, lineBody(alfa))).statusCode).toBe(201);
      const before = await t.call('GET', `/ranwal/api/action/list?uuid=${alfa.program_id}`, {
        token: t.adminToken,
      });
      const action = before.json().data.find((a: { id: string }) => a.id === alfa.action_id);
      const moved = await t.call('PUT', `/ranwal/api/action/${alfa.action_id}/update`, {
        token: t.adminToken,
        body: { name: action.name, program_id: beta.program_id },
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().message).toContain('program_id');
      const renamed = await t.call('PUT', `/ranwal/api/action/${alfa.action_id}/update`, {
        token: t.adminToken,
        body: { name: `${action.name} (ganti nama)`, program_id: alfa.program_id },
      });
      expect(renamed.statusCode).toBe(200);
    });

    it('rejects a volume above the form maximum, naming the field', async () => {
      const before = await lineCount();
      const response = await create(t.userToken, lineBody(alfa, { price: 1, second_volume: 1e15 }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('second_volume');
      expect(await lineCount()).toBe(before);
    });
  });
});
