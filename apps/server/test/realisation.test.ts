import {
  type HistoryEntry,
  messagesId,
  type RealisationGrid,
  type RealisationSummary,
  recordName,
  type Sp2dImportResult,
} from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const YEAR = 2027;
const SUB_ACTION_CODE = '1.02.02.2.01.0077';
const texts = messagesId.realisation;
const zeros = () => Array.from({ length: 12 }, () => 0);
const inMonth = (index: number, amount: number) =>
  zeros().map((_, at) => (at === index ? amount : 0));
/** Twelve amounts as the API writes them, from a sparse list of [month index, amount]. */
const months = (...entries: [number, number][]) => {
  const all = zeros().map(String);
  for (const [index, amount] of entries) all[index] = String(amount);
  return all;
};

interface SheetRow {
  row: number;
  sp2d_number: string;
  date: string;
  sub_action_code: string;
  account_code: string;
  funding_source_code?: string | null;
  amount: number;
}

describe.each(databaseTargets)('Realisasi keuangan from SP2D on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  let otherUnitToken: string;
  let firstCode: string;
  const secondCode = '5.1.02.01.01.0098';

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) =>
    t.call(method, `${API}/${path}`, { token, body });
  const grid = async (token = t.userToken): Promise<RealisationGrid> => {
    const response = await call(
      'GET',
      `realisation?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const importSheet = (rows: SheetRow[], extra: Record<string, unknown> = {}) =>
    call('POST', 'realisation/import', t.adminToken, { year: YEAR, rows, ...extra });
  const imported = async (rows: SheetRow[]): Promise<Sp2dImportResult> => {
    const response = await importSheet(rows);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const storedRows = async () => {
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from sp2d where year = ${YEAR}`.execute(t.database.db);
    return Number(rows[0]!.count);
  };
  const row = (
    at: number,
    sp2d: string,
    date: string,
    account: string,
    amount: number,
    source: string | null = null,
  ): SheetRow => ({
    row: at,
    sp2d_number: sp2d,
    date,
    sub_action_code: SUB_ACTION_CODE,
    account_code: account,
    funding_source_code: source,
    amount,
  });

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Realisasi');
    await sql`update sub_action set code = ${SUB_ACTION_CODE} where id = ${chain.sub_action_id}`.execute(
      t.database.db,
    );
    ({ token: otherUnitToken } = await buildUnitChain(t, 'REALLAIN'));
    const account = await call('POST', 'account/create', t.adminToken, {
      name: 'Belanja Cetak Realisasi',
      subtitle_id: chain.subtitle_id,
      code: secondCode,
    });
    expect(account.statusCode, account.body).toBe(201);
    for (const line of [{ price: 12_000 }, { price: 5_000, account_id: account.json().data.id }]) {
      const created = await call(
        'POST',
        'detail-program/create',
        t.userToken,
        budgetLineInput(chain, { year: YEAR, ...line }),
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    const plan = await call(
      'GET',
      `cash-plan?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
      t.userToken,
    );
    firstCode = plan
      .json()
      .data.rows.find((r: { account_code: string }) => r.account_code !== secondCode).account_code;
    // The Anggaran Kas: the first kode rekening 1 000 a month, the second all in March.
    const saved = await call('PUT', 'cash-plan/set', t.userToken, {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      rows: [
        { account_code: firstCode, months: Array.from({ length: 12 }, () => 1_000) },
        { account_code: secondCode, months: inMonth(2, 5_000) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('reads a sheet of SP2D month by month against the Anggaran Kas; the same sheet again changes nothing', async () => {
    const sheet = [
      row(2, 'SP2D/0001/LS/2027', `${YEAR}-01-15`, firstCode, 1_000),
      row(3, 'SP2D/0001/LS/2027', `${YEAR}-01-15`, secondCode, 2_000),
      row(4, 'SP2D/0002/LS/2027', `${YEAR}-02-20`, firstCode, 500, 'DAU'),
    ];
    expect(await imported(sheet)).toEqual({
      dry_run: false,
      sp2d: 2,
      created: 2,
      changed: 0,
      unchanged: 0,
      rows: 3,
      amount: '3500',
      overruns: [],
    });

    const read = await grid();
    expect(
      read.rows.map((r) => [
        r.account_code,
        r.lines_total,
        r.realised,
        r.realised_total,
        r.overrun,
      ]),
    ).toEqual(
      [
        [firstCode, '12000', months([0, 1_000], [1, 500]), '1500', false],
        [secondCode, '5000', months([0, 2_000]), '2000', false],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(read.totals).toEqual({ lines_total: '17000', planned: '17000', realised: '3500' });
    // January: 3 000 paid of 1 000 planned; February 3 500 of 2 000; March 3 500 of 8 000
    // (437,5 % rounded half up to the tenth).
    expect(
      read.months
        .slice(0, 3)
        .map((m) => [m.planned_cumulative, m.realised_cumulative, m.achievement_tenths]),
    ).toEqual([
      ['1000', '3000', 3000],
      ['2000', '3500', 1750],
      ['8000', '3500', 438],
    ]);

    expect(await imported(sheet)).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
    expect(await grid()).toEqual(read);
    expect(await storedRows()).toBe(3);

    // A corrected SP2D replaces what was stored under its number.
    const corrected = sheet.map((r) => (r.row === 4 ? { ...r, amount: 700 } : r));
    expect(await imported(corrected)).toMatchObject({ created: 0, changed: 1, unchanged: 1 });
    const after = await grid();
    expect(after.rows.find((r) => r.account_code === firstCode)!.realised).toEqual(
      months([0, 1_000], [1, 700]),
    );
    expect(await storedRows()).toBe(3);

    // Every row written or replaced is in the history.
    const history = await call('GET', 'history/list?record_type=sp2d&limit=50', t.adminToken);
    const entries: HistoryEntry[] = history.json().data;
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'create',
      'create',
      'create',
      'create',
      'delete',
    ]);
    expect(recordName(entries[0]!, messagesId)).toMatch(/^SP2D SP2D\/0002\/LS\/2027 — /);
  });

  it('refuses a sheet with bad rows, each named by its row, and writes nothing', async () => {
    const before = await storedRows();
    const refused = await importSheet([
      row(2, 'SP2D/0100', `${YEAR}-04-01`, firstCode, 1_000),
      { ...row(3, 'SP2D/0101', `${YEAR}-04-02`, firstCode, 1_000), sub_action_code: '9.99.99' },
      row(4, 'SP2D/0102', `${YEAR}-04-03`, firstCode, 0),
      row(5, 'SP2D/0103', `${YEAR - 1}-12-30`, firstCode, 1_000),
      row(6, 'SP2D/0104', `${YEAR}-04-04`, '9.9.9.9', 1_000),
      row(7, 'SP2D/0105', `${YEAR}-04-05`, firstCode, 1_000, 'TIDAK-ADA'),
      row(8, 'SP2D/0100', `${YEAR}-04-09`, secondCode, 1_000),
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(
      texts.rowProblem(4, texts.columns.amount, texts.notPositive),
    );
    expect((refused.json().issues as { message: string }[]).map((issue) => issue.message)).toEqual([
      texts.rowProblem(4, texts.columns.amount, texts.notPositive),
      texts.rowProblem(5, texts.columns.date, texts.otherYear(YEAR)),
      texts.rowProblem(8, texts.columns.date, texts.otherDate(2)),
    ]);
    expect(await storedRows()).toBe(before);

    // The rows the schema accepts are then checked against the data, all before writing.
    const unknown = await importSheet([
      row(2, 'SP2D/0100', `${YEAR}-04-01`, firstCode, 1_000),
      { ...row(3, 'SP2D/0101', `${YEAR}-04-02`, firstCode, 1_000), sub_action_code: '9.99.99' },
      row(6, 'SP2D/0104', `${YEAR}-04-04`, '9.9.9.9', 1_000),
      row(7, 'SP2D/0105', `${YEAR}-04-05`, firstCode, 1_000, 'TIDAK-ADA'),
    ]);
    expect(unknown.statusCode).toBe(400);
    const issues = (unknown.json().issues as { message: string }[]).map((issue) => issue.message);
    expect(issues).toEqual([
      texts.rowProblem(3, texts.columns.subAction, texts.unknownSubAction('9.99.99')),
      texts.rowProblem(7, texts.columns.fundingSource, texts.unknownFundingSource('TIDAK-ADA')),
      texts.rowProblem(6, texts.columns.account, texts.unknownAccount('9.9.9.9')),
    ]);
    expect(await storedRows()).toBe(before);
  });

  it('keeps a payment above the lines, lists it, and takes the unit’s reason for it', async () => {
    const dryRun = await importSheet([row(2, 'SP2D/0200', `${YEAR}-05-10`, secondCode, 4_000)], {
      dry_run: true,
    });
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const before = await storedRows();
    expect(dryRun.json().data).toMatchObject({
      dry_run: true,
      created: 1,
      overruns: [{ account_code: secondCode, lines_total: '5000', realised: '6000', reason: null }],
    });
    expect(await storedRows()).toBe(before);

    const result = await imported([row(2, 'SP2D/0200', `${YEAR}-05-10`, secondCode, 4_000)]);
    expect(result.overruns).toEqual([
      {
        sub_action_id: chain.sub_action_id,
        sub_action_code: SUB_ACTION_CODE,
        account_code: secondCode,
        lines_total: '5000',
        realised: '6000',
        reason: null,
      },
    ]);
    const over = (await grid()).rows.find((r) => r.account_code === secondCode)!;
    expect([over.overrun, over.reason]).toEqual([true, null]);

    const reason = (account_code: string, text: string, token = t.userToken) =>
      call('PUT', 'realisation/reason', token, {
        sub_action_id: chain.sub_action_id,
        year: YEAR,
        account_code,
        reason: text,
      });
    const notOver = await reason(firstCode, 'Tidak perlu');
    expect(notOver.statusCode).toBe(400);
    expect(notOver.json().message).toContain(texts.reasonNotOver(firstCode));
    expect((await reason(secondCode, 'Bukan unitnya', otherUnitToken)).statusCode).toBe(403);
    expect(
      (
        await call(
          'GET',
          `realisation?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
          otherUnitToken,
        )
      ).statusCode,
    ).toBe(403);

    const given = await reason(secondCode, 'Harga kertas naik; addendum kontrak nomor 12.');
    expect(given.statusCode, given.body).toBe(200);
    const explained = (given.json().data as RealisationGrid).rows.find(
      (r) => r.account_code === secondCode,
    )!;
    expect([explained.overrun, explained.reason]).toEqual([
      true,
      'Harga kertas naik; addendum kontrak nomor 12.',
    ]);
    const history = await call(
      'GET',
      'history/list?record_type=realisation_reason&limit=5',
      t.adminToken,
    );
    expect((history.json().data as HistoryEntry[]).map((entry) => entry.action)).toEqual([
      'create',
    ]);
  });

  it('two imports of the same sheet at once store it once', async () => {
    const before = await storedRows();
    const sheet = [
      row(2, 'SP2D/0300', `${YEAR}-06-01`, firstCode, 100),
      row(3, 'SP2D/0301', `${YEAR}-06-02`, firstCode, 200),
    ];
    const answers = await Promise.all([importSheet(sheet), importSheet(sheet)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const results = answers.map((answer) => answer.json().data as Sp2dImportResult);
    expect(results.map((result) => [result.created, result.unchanged]).sort()).toEqual([
      [0, 2],
      [2, 0],
    ]);
    expect(await storedRows()).toBe(before + 2);
  });

  it('sums each Perangkat Daerah to a month against its plan, the most lagging first, within the scope', async () => {
    const summary = async (month: number | string, token = t.adminToken) => {
      const response = await call('GET', `realisation/summary?year=${YEAR}&month=${month}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as RealisationSummary;
    };
    const { rows } = await sql<{ agency_id: string | null }>`
      select p.agency_id from program p where p.id = ${chain.program_id}`.execute(t.database.db);
    const agencyId = rows[0]!.agency_id;
    // What the tests above left: the plan 1 000 a month and 5 000 in March; paid 3 000 in
    // January, 700 in February, 4 000 in May, 300 in June.
    const march = await summary(3);
    expect(march.units).toEqual([
      expect.objectContaining({
        agency_id: agencyId,
        lines_total: '17000',
        planned_cumulative: '8000',
        realised_cumulative: '3700',
        // 46,25 %: below 75 %.
        achievement_tenths: 463,
        level: 'red',
      }),
    ]);
    expect(march.totals).toMatchObject({ achievement_tenths: 463, level: 'red' });
    expect((await summary('2')).units[0]).toMatchObject({
      achievement_tenths: 1850,
      level: 'green',
    });
    // June: 8 000 of 11 000 planned, 72,7 %.
    expect((await summary(6)).units[0]).toMatchObject({ achievement_tenths: 727, level: 'red' });
    // Another unit's person sees none of it.
    const other = await summary(3, otherUnitToken);
    expect(other.units).toEqual([]);
    expect(other.totals).toEqual({
      lines_total: '0',
      planned_cumulative: '0',
      realised_cumulative: '0',
      achievement_tenths: null,
      level: 'none',
      progress_tenths: null,
      planned_progress_tenths: null,
      physical_level: 'none',
    });
    const bad = await call('GET', `realisation/summary?year=${YEAR}&month=13`, t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('harus bulan 1 sampai 12');
  });
});
