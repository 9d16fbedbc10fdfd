import {
  type CashPlanGrid,
  formatRupiah,
  type HistoryEntry,
  messagesId,
  recordName,
} from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { pdfPages, readWorkbook } from './rka-reading.js';

const API = '/ranwal/api';
const YEAR = 2027;
const SUB_ACTION_CODE = '1.02.02.2.01.0001';
const texts = messagesId.cashPlan;
const zeros = () => Array.from({ length: 12 }, () => 0);
/** `amount` in month `index` (0-based), the other months 0. */
const inMonth = (index: number, amount: number) =>
  zeros().map((_, at) => (at === index ? amount : 0));

/** A day counted from today in WIB, as YYYY-MM-DD. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

describe.each(databaseTargets)('Anggaran Kas on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  let otherUnitToken: string;
  let otherAgency: string;
  let firstCode: string;
  const secondCode = '5.1.02.01.01.0099';

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) =>
    t.call(method, `${API}/${path}`, { token, body });
  const grid = async (token = t.userToken): Promise<CashPlanGrid> => {
    const response = await call(
      'GET',
      `cash-plan?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const save = (rows: { account_code: string; months: number[] }[], token = t.userToken) =>
    call('PUT', 'cash-plan/set', token, { sub_action_id: chain.sub_action_id, year: YEAR, rows });
  const addLine = async (overrides: Record<string, unknown>) => {
    const response = await call(
      'POST',
      'detail-program/create',
      t.userToken,
      budgetLineInput(chain, { year: YEAR, ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(201);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Kas');
    // The SIPD layout finds a sub kegiatan by its code.
    await sql`update sub_action set code = ${SUB_ACTION_CODE} where id = ${chain.sub_action_id}`.execute(
      t.database.db,
    );
    ({ token: otherUnitToken, agency: otherAgency } = await buildUnitChain(t, 'KASLAIN'));
    const account = await call('POST', 'account/create', t.adminToken, {
      name: 'Belanja Alat Tulis Kas',
      subtitle_id: chain.subtitle_id,
      code: secondCode,
    });
    expect(account.statusCode, account.body).toBe(201);
    await addLine({ price: 12_000 });
    await addLine({ price: 5_000, account_id: account.json().data.id });
    const pagu = await call('PUT', 'pagu/set', t.adminToken, {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      amount: 1_000_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('reads rows from the lines, saves the whole grid, names the bad cell, keeps to the unit, and shows a new selisih when lines change', async () => {
    const empty = await grid();
    firstCode = empty.rows.find((row) => row.account_code !== secondCode)!.account_code;
    expect(empty.rows.map((row) => [row.account_code, row.lines_total, row.selisih])).toEqual(
      [
        [firstCode, '12000', '-12000'],
        [secondCode, '5000', '-5000'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(empty.totals).toEqual({ lines_total: '17000', plan_total: '0', selisih: '-17000' });

    const negative = await save([{ account_code: firstCode, months: inMonth(2, -5) }]);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain(
      texts.cellProblem(texts.rowName(1, firstCode), 'Maret', texts.negative),
    );
    const unknown = await save([{ account_code: '9.9.9', months: zeros() }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(texts.unknownAccount(texts.rowName(1, '9.9.9')));

    // Work in progress is kept: the second row does not balance yet.
    const saved = await save([
      { account_code: firstCode, months: Array.from({ length: 12 }, () => 1_000) },
      { account_code: secondCode, months: inMonth(0, 4_000) },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const plan: CashPlanGrid = saved.json().data;
    expect(plan.rows.map((row) => [row.account_code, row.plan_total, row.selisih])).toEqual(
      expect.arrayContaining([
        [firstCode, '12000', '0'],
        [secondCode, '4000', '-1000'],
      ]),
    );
    expect(plan.month_totals[0]).toBe('5000');
    expect(plan.totals.selisih).toBe('-1000');

    // Another unit's person neither reads nor writes it.
    expect(
      (
        await call(
          'GET',
          `cash-plan?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
          otherUnitToken,
        )
      ).statusCode,
    ).toBe(403);
    expect((await save([], otherUnitToken)).statusCode).toBe(403);

    // A new line is not spread into the plan: its row shows the new selisih.
    await addLine({ price: 1_000, component_name: 'Map' });
    const after = await grid();
    expect(after.rows.find((row) => row.account_code === firstCode)).toMatchObject({
      lines_total: '13000',
      plan_total: '12000',
      selisih: '-1000',
    });
  });

  it('refuses verification and the next stage while a selisih is not 0, where the region requires it, then allows them', async () => {
    const verify = () =>
      call('PUT', 'verification/sub-action', t.adminToken, {
        sub_action_id: chain.sub_action_id,
        year: YEAR,
        verified: true,
      });
    const policy = await call('PUT', 'planning/policy', t.adminToken, {
      lines_need_pagu: true,
      cash_plan_required: true,
    });
    expect(policy.statusCode, policy.body).toBe(200);
    expect(policy.json().data.cash_plan_required).toBe(true);

    const status = await call('GET', `cash-plan/status?year=${YEAR}`, t.userToken);
    expect(status.json().data).toMatchObject({
      cash_plan_required: true,
      unbalanced: [
        {
          sub_action_id: chain.sub_action_id,
          lines_total: '18000',
          plan_total: '16000',
          selisih: '-2000',
          unbalanced_accounts: [firstCode, secondCode].sort(),
        },
      ],
    });
    // The year's plan per month over the caller's units (the dashboards' chart): January has
    // both rows' amounts; another unit's person sees none of it.
    expect(status.json().data).toMatchObject({
      month_totals: ['5000', ...Array.from({ length: 11 }, () => '1000')],
      plan_total: '16000',
      lines_total: '18000',
    });
    const elsewhere = await call('GET', `cash-plan/status?year=${YEAR}`, otherUnitToken);
    expect(elsewhere.json().data).toMatchObject({
      plan_total: '0',
      month_totals: Array.from({ length: 12 }, () => '0'),
    });
    const refused = await verify();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`${firstCode} ${formatRupiah(-1000)}`);

    const stages = await call('PUT', 'stage/schedule', t.adminToken, {
      year: YEAR,
      stages: [
        { kind: 'ranwal', starts_on: day(-10), ends_on: day(10) },
        { kind: 'ranhir', starts_on: day(30), ends_on: day(60) },
      ],
    });
    expect(stages.statusCode, stages.body).toBe(200);
    const advance = () =>
      call('POST', 'stage/advance', t.adminToken, { year: YEAR, confirm: true });
    expect((await advance()).statusCode).toBe(200);
    const blocked = await advance();
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      texts.stageBlocked(
        1,
        texts.stageBlockedItem(
          SUB_ACTION_CODE,
          `${messagesId.levels.sub_action.label} Kas`,
          formatRupiah(-2000),
        ),
      ),
    );

    const balanced = await save([
      { account_code: firstCode, months: [...Array.from({ length: 11 }, () => 1_000), 2_000] },
      { account_code: secondCode, months: inMonth(0, 5_000) },
    ]);
    expect(balanced.json().data.totals.selisih).toBe('0');
    expect((await verify()).statusCode).toBe(200);
    expect((await advance()).statusCode).toBe(200);

    // The stage left keeps its Anggaran Kas as its figures.
    const { rows: kept } = await sql<{ account_code: string; months: unknown[] }>`
      select c.account_code, c.months from stage_cash_plan c
      join budget_stage s on s.id = c.stage_id
      where s.year = ${YEAR} and s.kind = 'ranwal' order by c.account_code`.execute(t.database.db);
    expect(kept.map((row) => [row.account_code, row.months.map(String)])).toEqual(
      [
        [firstCode, [...Array.from({ length: 11 }, () => '1000'), '2000']],
        [secondCode, inMonth(0, 5_000).map(String)],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );

    // Every change is in the history, named by its year, sub kegiatan and kode rekening.
    const history = await call('GET', 'history/list?record_type=cash_plan&limit=50', t.adminToken);
    const entries: HistoryEntry[] = history.json().data;
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'create',
      'create',
      'update',
      'update',
    ]);
    expect(recordName(entries[0]!, messagesId)).toMatch(new RegExp(`^Anggaran Kas ${YEAR} .+ — `));
  });

  it('exports the SIPD layout and imports it back: unchanged, changed, every row checked first', async () => {
    const exported = await call('GET', `cash-plan/export?year=${YEAR}`, t.adminToken);
    expect(exported.statusCode, exported.body).toBe(200);
    const rows: { sub_action_code: string; account_code: string; months: string[] }[] =
      exported.json().data;
    expect(rows).toHaveLength(2);
    const sheet = rows.map((row, index) => ({
      row: index + 2,
      sub_action_code: row.sub_action_code,
      account_code: row.account_code,
      months: row.months.map(Number),
    }));
    const importSheet = (body: unknown) => call('POST', 'cash-plan/import', t.adminToken, body);

    const again = await importSheet({ year: YEAR, rows: sheet });
    expect(again.json().data).toEqual({
      dry_run: false,
      sub_actions: 1,
      created: 0,
      changed: 0,
      unchanged: 2,
      removed: 0,
    });
    const changedSheet = sheet.map((row, index) =>
      index === 0
        ? {
            ...row,
            months: inMonth(
              5,
              row.months.reduce((a, b) => a + b, 0),
            ),
          }
        : row,
    );
    const bad = await importSheet({
      year: YEAR,
      rows: [
        ...changedSheet,
        { row: 4, sub_action_code: 'TIDAK-ADA', account_code: '1', months: zeros() },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(texts.unknownSubAction(4, 'TIDAK-ADA'));
    // Nothing was written.
    expect((await call('GET', `cash-plan/export?year=${YEAR}`, t.adminToken)).json().data).toEqual(
      rows,
    );
    const changed = await importSheet({ year: YEAR, rows: changedSheet });
    expect(changed.json().data).toMatchObject({ changed: 1, unchanged: 1 });
    expect((await grid(t.adminToken)).totals.selisih).toBe('0');
  });

  it('takes the Terverifikasi mark away when the plan changes, not when it is saved unchanged', async () => {
    const year = YEAR + 1;
    const pagu = await call('PUT', 'pagu/set', t.adminToken, {
      sub_action_id: chain.sub_action_id,
      year,
      amount: 1_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const made = await call(
      'POST',
      'detail-program/create',
      t.userToken,
      budgetLineInput(chain, { year, price: 12_000 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const saveIn = (months: number[]) =>
      call('PUT', 'cash-plan/set', t.userToken, {
        sub_action_id: chain.sub_action_id,
        year,
        rows: [{ account_code: firstCode, months }],
      });
    const verifiedAt = async () =>
      (await call('GET', `detail-program/${made.json().data.id}/get`, t.userToken)).json().data
        .sub_action_verified_at;
    expect((await saveIn(inMonth(0, 12_000))).statusCode).toBe(200);
    const verified = await call('PUT', 'verification/sub-action', t.adminToken, {
      sub_action_id: chain.sub_action_id,
      year,
      verified: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await verifiedAt()).not.toBeNull();

    // Saved as it was: the reviewed figures did not move.
    expect((await saveIn(inMonth(0, 12_000))).statusCode).toBe(200);
    expect(await verifiedAt()).not.toBeNull();
    // The same total in another month is another plan: it needs reviewing again.
    expect((await saveIn(inMonth(6, 12_000))).statusCode).toBe(200);
    expect(await verifiedAt()).toBeNull();
  });

  it('prints the year as a workbook: months, quarters and totals that equal the lines, for its units only', async () => {
    const linked = await call('GET', `cash-plan/workbook?year=${YEAR}`, t.userToken);
    expect(linked.statusCode, linked.body).toBe(200);
    const { path: link, originalName } = linked.json().data;
    expect(originalName).toBe(`anggaran-kas-${YEAR}.xlsx`);
    const url = new URL(link, 'http://localhost');
    const file = await t.call('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode, file.body).toBe(200);
    const sheet = (await readWorkbook(file.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe(texts.workbook.sheet(YEAR));
    const values = (row: number) =>
      Array.from({ length: 21 }, (_, column) => sheet.getRow(row).getCell(column + 1).value);
    const rows = Array.from({ length: sheet.rowCount }, (_, index) => values(index + 1));
    const numbers = (row: unknown[]) => row.slice(2).map((cell) => BigInt(String(cell)));

    // The totals the API gives for the same units and year.
    const status = (await call('GET', `cash-plan/status?year=${YEAR}`, t.userToken)).json().data;
    const months = status.month_totals.map(BigInt);
    const quarters = [0, 1, 2, 3].map((q) => months[q * 3] + months[q * 3 + 1] + months[q * 3 + 2]);
    const plan = BigInt(status.plan_total);
    const lines = BigInt(status.lines_total);
    const grand = rows.find((row) => row[1] === texts.workbook.grandTotal)!;
    expect(numbers(grand)).toEqual([lines, ...months, ...quarters, plan, plan - lines]);

    // A row per kode rekening under its sub kegiatan, which its 'Jumlah' row closes.
    const accounts = rows.filter((row) => row[0] === firstCode || row[0] === secondCode);
    expect(accounts).toHaveLength(2);
    const subAction = rows.find((row) => String(row[0]).startsWith(SUB_ACTION_CODE));
    expect(subAction).toBeDefined();
    const closing = rows.find((row) => row[1] === texts.workbook.subtotal(String(subAction![0])));
    expect(numbers(closing!)).toEqual(
      numbers(accounts[0]!).map((amount, index) => amount + numbers(accounts[1]!)[index]!),
    );

    // Nobody prints a unit that is not theirs; the other unit's own print has none of these.
    const refused = await call(
      'GET',
      `cash-plan/workbook?year=${YEAR}&agency_id=${otherAgency}`,
      t.userToken,
    );
    expect(refused.statusCode).toBe(403);
    const theirs = await call('GET', `cash-plan/workbook?year=${YEAR}`, otherUnitToken);
    const theirLink = new URL(theirs.json().data.path, 'http://localhost');
    const theirFile = await t.call('GET', `${theirLink.pathname}${theirLink.search}`);
    const theirSheet = (await readWorkbook(theirFile.rawPayload)).worksheets[0]!;
    expect(theirSheet.getColumn(1).values).not.toContain(firstCode);
  });

  it('prints the year as a PDF: the same columns and totals, and the signatory', async () => {
    const linked = await call('GET', `cash-plan/workbook?year=${YEAR}&format=pdf`, t.userToken);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.originalName).toBe(`anggaran-kas-${YEAR}.pdf`);
    const url = new URL(linked.json().data.path, 'http://localhost');
    const file = await t.call('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(file.rawPayload)).join(' ');
    expect(text).toContain(texts.workbook.title);
    expect(text).toContain(texts.workbook.year(YEAR));
    for (const header of [...texts.grid.monthShort, ...texts.workbook.quarters]) {
      expect(text).toContain(header);
    }
    expect(text).toContain(firstCode);
    expect(text).toContain(secondCode);
    // The grand total's figures, as the API sums them for the same units, in Indonesian digits.
    const status = (await call('GET', `cash-plan/status?year=${YEAR}`, t.userToken)).json().data;
    const id = (value: bigint | string) => new Intl.NumberFormat('id-ID').format(BigInt(value));
    const grand = text.slice(text.lastIndexOf(texts.workbook.grandTotal));
    expect(grand).toContain([id(status.lines_total), ...status.month_totals.map(id)].join(' '));
    // The signature block closes it: the place and date line and the NIP line.
    expect(grand).toMatch(/NIP/);
  });
});
