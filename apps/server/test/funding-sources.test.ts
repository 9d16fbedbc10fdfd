import { type FundingSource, messagesId, type SubActionFunding } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startSecondApp, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const LINES = `${API}/detail-program`;
const server = messagesId.server;
const YEAR = 2031;

/**
 * Sumber dana (issue 36): the region's list, the source each line is paid from (filled from the
 * sub kegiatan's default), and a source's ceiling under a sub kegiatan, held against writers
 * racing through two server processes as the pagu is.
 */
describe.each(databaseTargets)('sumber dana on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  let byCode: Map<string, FundingSource>;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.call(method, `${API}/${path}`, { token: t.adminToken, body });
  const line = (overrides: Record<string, unknown> = {}, app = t.app) =>
    app.inject({
      method: 'POST',
      url: `${LINES}/create`,
      headers: { authorization: `Bearer ${t.userToken}` },
      payload: budgetLineInput(chain, { year: YEAR, ...overrides }),
    });
  const funding = async (sub = chain.sub_action_id): Promise<SubActionFunding> => {
    const answer = await t.call(
      'GET',
      `${API}/sub-action-funding?sub_action_id=${sub}&year=${YEAR}`,
      { token: t.userToken },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const setFunding = (sources: unknown[], sub = chain.sub_action_id) =>
    call('PUT', 'sub-action-funding', { sub_action_id: sub, year: YEAR, sources });
  const id = (code: string) => byCode.get(code)!.id;

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Dana');
    other = await startSecondApp(t);
    const list = await t.call('GET', `${API}/funding-source/list?limit=100`, {
      token: t.userToken,
    });
    byCode = new Map((list.json().data as FundingSource[]).map((source) => [source.code, source]));
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('starts from the national sources, grouped, and finds them by code or name', async () => {
    expect([...byCode.keys()]).toEqual(
      expect.arrayContaining(['PAD', 'DAU', 'DBH', 'DAK-FISIK', 'DAK-NONFISIK', 'BOS', 'BLUD']),
    );
    expect(byCode.get('DAK-FISIK')).toMatchObject({
      name: 'Dana Alokasi Khusus Fisik',
      funding_group: 'transfer',
      active_from: null,
      active_to: null,
      in_use: false,
    });
    const found = await call('GET', 'funding-source/list?search=alokasi');
    expect(found.json().data.map((source: FundingSource) => source.code)).toEqual([
      'DAK-FISIK',
      'DAK-NONFISIK',
      'DAU',
    ]);
    expect(found.json().filter).toMatchObject({ filtered_result: 3, total_result: byCode.size });
    const notAdmin = await t.call('POST', `${API}/funding-source/create`, {
      token: t.userToken,
      body: { code: 'X', name: 'X', funding_group: 'pad' },
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('adds, changes and deletes a source, naming each wrong field', async () => {
    const made = await call('POST', 'funding-source/create', {
      code: 'DBH-CHT',
      name: 'DBH Cukai Hasil Tembakau',
      funding_group: 'transfer',
      active_from: 2030,
    });
    expect(made.statusCode, made.body).toBe(201);
    const twice = await call('POST', 'funding-source/create', {
      code: 'DBH-CHT',
      name: 'Lagi',
      funding_group: 'transfer',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().issues).toEqual([
      { path: 'code', message: server.fundingSourceCodeTaken('DBH-CHT') },
    ]);
    const backwards = await call('PUT', `funding-source/${made.json().data.id}/update`, {
      active_to: 2029,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues).toEqual([
      { path: 'active_to', message: 'tidak boleh sebelum tahun mulai berlaku' },
    ]);
    const badGroup = await call('POST', 'funding-source/create', {
      code: 'Y',
      name: 'Y',
      funding_group: 'pajak',
    });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().issues[0].path).toBe('funding_group');
    const retired = await call('PUT', `funding-source/${made.json().data.id}/update`, {
      active_to: 2032,
    });
    expect(retired.json().data).toMatchObject({ active_from: 2030, active_to: 2032 });
    const gone = await call('DELETE', `funding-source/${made.json().data.id}/delete`);
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('fills a line from the default source and keeps it when a client sends none', async () => {
    const unfunded = await line({ component_name: 'Tanpa Sumber' });
    expect(unfunded.statusCode, unfunded.body).toBe(201);
    expect(unfunded.json().data.funding_source_id).toBeNull();

    // Lines without a source may stay under a sub kegiatan that lists its sources.
    const set = await setFunding([
      { funding_source_id: id('DAU'), is_default: true },
      { funding_source_id: id('DAK-FISIK'), ceiling: 5_000_000 },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.sources.at(-1)).toMatchObject({
      funding_source_id: null,
      planned: '1000',
      assigned: false,
    });

    const filled = await line({ component_name: 'Bawaan' });
    expect(filled.json().data.funding_source_id).toBe(id('DAU'));
    // The spec's original client edits a line without the field: the source stays.
    const edited = await t.call('PUT', `${LINES}/${filled.json().data.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: YEAR, component_name: 'Bawaan', price: 2000 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.funding_source_id).toBe(id('DAU'));

    const notOfSubAction = await line({ funding_source_id: id('PAD') });
    expect(notOfSubAction.statusCode).toBe(400);
    expect(notOfSubAction.json().issues).toEqual([
      { path: 'funding_source_id', message: server.fundingSourceNotOfSubAction('PAD', YEAR) },
    ]);
    // A source its lines name cannot be left out of the list.
    const dropped = await setFunding([{ funding_source_id: id('DAK-FISIK') }]);
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().issues).toEqual([
      { path: 'sources', message: server.fundingSourceStillNamed('DAU') },
    ]);
  });

  it("refuses a line over a source's ceiling, naming it, and lets racing writers store only what fits", async () => {
    const over = await line({ funding_source_id: id('DAK-FISIK'), price: 5_000_001 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      server.paguExceeded(
        server.fundingSourceLabel('Dana Alokasi Khusus Fisik'),
        'Rp 5.000.000',
        'Rp 1',
      ),
    );
    const base = await line({ funding_source_id: id('DAK-FISIK'), price: 4_200_000 });
    expect(base.statusCode, base.body).toBe(201);
    // Rp 800.000 is left; eight writers through two processes race for Rp 300.000 each.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        line(
          { funding_source_id: id('DAK-FISIK'), price: 300_000 },
          index % 2 === 0 ? t.app : other!.app,
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(2);
    expect(codes.filter((code) => code === 409)).toHaveLength(6);
    const dak = (await funding()).sources.find((s) => s.code === 'DAK-FISIK');
    expect(dak).toMatchObject({
      ceiling: '5000000',
      planned: '4800000',
      remaining: '200000',
      assigned: true,
      is_default: false,
    });
    expect((await funding()).sources.find((s) => s.code === 'DAU')).toMatchObject({
      planned: '2000',
      is_default: true,
    });
  });

  it('requires a source on every line when the region says so', async () => {
    const bare = await buildChain(t, 'TanpaDana');
    const on = await call('PUT', 'planning/policy', { lines_need_funding_source: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      lines_need_pagu: true,
      lines_need_funding_source: true,
    });
    const refused = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(bare, { year: YEAR }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'funding_source_id', message: server.fundingSourceRequired },
    ]);
    const named = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(bare, { year: YEAR, funding_source_id: id('PAD') }),
    });
    expect(named.statusCode, named.body).toBe(201);
    await call('PUT', 'planning/policy', { lines_need_funding_source: false });
  });

  it('refuses a source outside its years, and deleting a used one', async () => {
    const old = await call('POST', 'funding-source/create', {
      code: 'DID',
      name: 'Dana Insentif Daerah',
      funding_group: 'transfer',
      active_to: 2022,
    });
    expect(old.statusCode, old.body).toBe(201);
    const bare = await buildChain(t, 'DanaLama');
    const refused = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(bare, { year: YEAR, funding_source_id: old.json().data.id }),
    });
    expect(refused.json().issues).toEqual([
      { path: 'funding_source_id', message: server.fundingSourceInactive('DID', YEAR) },
    ]);
    const used = await call('DELETE', `funding-source/${id('DAK-FISIK')}/delete`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(server.fundingSourceInUse(4));
  });

  it('loads a sheet of sources by code, and records every change in the history', async () => {
    const rows = [
      { code: 'PAD', name: 'Pendapatan Asli Daerah', funding_group: 'pad' },
      { code: 'DAU', name: 'Dana Alokasi Umum (DAU)', funding_group: 'transfer' },
      { code: 'BANPROV-2', name: 'Bantuan Provinsi Tahap 2', funding_group: 'transfer' },
    ];
    const first = await call('POST', 'funding-source/import', { rows });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const again = await call('POST', 'funding-source/import', { rows });
    expect(again.json().data).toEqual({ created: 0, updated: 0, unchanged: 3 });
    const bad = await call('POST', 'funding-source/import', {
      rows: [{ code: '', name: 'Kosong', funding_group: 'pad' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'rows.0.code', message: 'wajib diisi' });

    const history = async (query: string) =>
      (await call('GET', `history/list?${query}`)).json().data as {
        action: string;
        new_values: Record<string, unknown>;
      }[];
    const renamed = await history(`record_type=funding_source&record_id=${id('DAU')}`);
    expect(renamed[0]).toMatchObject({
      action: 'update',
      new_values: expect.objectContaining({ name: 'Dana Alokasi Umum (DAU)' }),
    });
    const assigned = await history(
      `record_type=sub_action_funding&record_id=${chain.sub_action_id}/${YEAR}`,
    );
    expect(assigned.map((entry) => entry.action)).toEqual(['create', 'create']);
  });
});
