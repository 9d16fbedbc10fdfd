import { formatDateShortId, messagesId, type RealisationGrid } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const YEAR = 2029;
const TODAY = `${YEAR}-06-15`;
const texts = messagesId.realisation;
const PASSWORD = 'catat-sp2d-password-1';

/**
 * Realisation "entered by the unit where a region has no such export" (issue 37): with the
 * region's rule on, a unit's planner records its SP2D one by one on its sub kegiatan; a month
 * sent or closed refuses them, an SP2D loaded from the finance system is not the unit's to
 * change, and every change is in the history.
 */
describe.each(databaseTargets)('SP2D recorded by the unit on %s', (target) => {
  let t: TestApp;
  let unit: { chain: Chain; agency: string; token: string };
  let otherUnit: { token: string };
  let verifierToken = '';
  let code = '';

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ) => t.call(method, `${API}/${path}`, { token, body });
  const entry = (
    number: string,
    date: string,
    amount: number,
    extra: Record<string, unknown> = {},
  ) => ({
    sub_action_id: unit.chain.sub_action_id,
    year: YEAR,
    sp2d_number: number,
    date,
    account_code: code,
    amount,
    ...extra,
  });
  const record = (body: Record<string, unknown>, token = unit.token) =>
    call('PUT', 'realisation/sp2d', token, body);
  const remove = (number: string, token = unit.token) =>
    call(
      'DELETE',
      `realisation/sp2d?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}&sp2d_number=${encodeURIComponent(number)}`,
      token,
    );
  const policy = (on: boolean) =>
    call('PUT', 'planning/policy', t.adminToken, { units_enter_sp2d: on });
  const recorded = async (body: Record<string, unknown>): Promise<RealisationGrid> => {
    const answer = await record(body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };

  beforeAll(async () => {
    // The region's today in the middle of the year: a later SP2D is not issued yet.
    t = await startTestApp(target, {}, { today: () => TODAY });
    unit = await buildUnitChain(t, 'CATATSP2D');
    otherUnit = await buildUnitChain(t, 'CATATLAIN');
    await sql`update sub_action set code = '1.02.02.2.01.0091' where id = ${unit.chain.sub_action_id}`.execute(
      t.database.db,
    );
    const line = await call(
      'POST',
      'detail-program/create',
      unit.token,
      budgetLineInput(unit.chain, { year: YEAR, price: 10_000 }),
    );
    expect(line.statusCode, line.body).toBe(201);
    const plan = await call(
      'GET',
      `cash-plan?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}`,
      unit.token,
    );
    code = plan.json().data.rows[0].account_code;
    const made = await call('POST', 'user/create', t.adminToken, {
      name: 'vera.catat',
      email: 'vera.catat@test.local',
      role: 'verifier',
      password: PASSWORD,
      agency_ids: [unit.agency],
    });
    expect(made.statusCode, made.body).toBe(201);
    const signedIn = await call('POST', 'user/sign-in', '', {
      email: 'vera.catat@test.local',
      password: PASSWORD,
    });
    verifierToken = signedIn.json().data.token;
  });
  afterAll(() => t?.close());

  it('is refused while the region loads SP2D from the finance system, and says so', async () => {
    const refused = await record(entry('SP2D/UNIT/0001', `${YEAR}-02-10`, 1_000));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(texts.entry.notAllowed);
    const grid = (
      await call(
        'GET',
        `realisation?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}`,
        unit.token,
      )
    ).json().data as RealisationGrid;
    expect(grid.units_enter_sp2d).toBe(false);
    expect(grid.payments).toEqual([]);
  });

  it('records, replaces and takes back the unit’s SP2D, month by month, within its scope', async () => {
    expect((await policy(true)).statusCode).toBe(200);
    let grid = await recorded(entry('SP2D/UNIT/0001', `${YEAR}-02-10`, 1_000));
    expect(grid.units_enter_sp2d).toBe(true);
    expect(grid.payments).toEqual([
      {
        sp2d_number: 'SP2D/UNIT/0001',
        date: `${YEAR}-02-10`,
        account_code: code,
        funding_source_id: null,
        funding_source_name: null,
        amount: '1000',
        entered_by_unit: true,
      },
    ]);
    expect(grid.rows[0]!.realised[1]).toBe('1000');
    // The same number again is the same SP2D, corrected: moved to March, another amount.
    grid = await recorded(entry('SP2D/UNIT/0001', `${YEAR}-03-05`, 2_500));
    expect(grid.payments?.map((p) => [p.date, p.amount])).toEqual([[`${YEAR}-03-05`, '2500']]);
    expect(grid.rows[0]!.realised.slice(1, 3)).toEqual(['0', '2500']);
    grid = await recorded(entry('SP2D/UNIT/0002', `${YEAR}-03-20`, 500));
    expect(grid.totals.realised).toBe('3000');

    // Bad input is named field by field, and nothing is written.
    const bad = await record(
      entry('SP2D/UNIT/0003', `${YEAR + 1}-01-02`, 700, { account_code: '5.9.99.99.99.9999' }),
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'date', message: texts.otherYear(YEAR) },
      { path: 'account_code', message: texts.unknownAccount('5.9.99.99.99.9999') },
    ]);
    // Dated after the region's today: an SP2D not issued yet (the day itself is recorded).
    const early = await record(entry('SP2D/UNIT/0003', `${YEAR}-06-16`, 700));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().issues).toEqual([
      { path: 'date', message: texts.afterToday(formatDateShortId(TODAY)) },
    ]);
    expect(texts.afterToday(formatDateShortId(TODAY))).toContain('15 Jun 2029');
    grid = await recorded(entry('SP2D/UNIT/0003', TODAY, 700));
    expect(grid.totals.realised).toBe('3700');
    expect((await remove('SP2D/UNIT/0003')).statusCode).toBe(200);
    // Another unit's planner and a verifier may not; an admin may.
    expect(
      (await record(entry('SP2D/UNIT/0004', `${YEAR}-03-01`, 1), otherUnit.token)).statusCode,
    ).toBe(403);
    expect(
      (await record(entry('SP2D/UNIT/0004', `${YEAR}-03-01`, 1), verifierToken)).statusCode,
    ).toBe(403);
    expect((await remove('SP2D/UNIT/0002', verifierToken)).statusCode).toBe(403);

    const taken = await remove('SP2D/UNIT/0002');
    expect(taken.statusCode, taken.body).toBe(200);
    expect((taken.json().data as RealisationGrid).totals.realised).toBe('2500');
    const gone = await remove('SP2D/UNIT/0002');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(texts.entry.notFound('SP2D/UNIT/0002'));

    // Every change is in the history of the sp2d table.
    const { rows } = await sql<{ action: string; actor_id: string | null }>`
      select action, actor_id::text from change_log where record_type = 'sp2d'
        and coalesce(new_values, old_values)->>'sp2d_number' = 'SP2D/UNIT/0001'
      order by id`.execute(t.database.db);
    expect(rows.map((row) => row.action)).toEqual(['create', 'delete', 'create']);
    expect(new Set(rows.map((row) => row.actor_id))).toEqual(new Set([rows[0]!.actor_id]));
    expect(rows[0]!.actor_id).not.toBeNull();
  });

  it('keeps a closed month and an SP2D of the finance system out of the unit’s reach', async () => {
    expect((await policy(true)).statusCode).toBe(200);
    await recorded(entry('SP2D/UNIT/0010', `${YEAR}-04-10`, 400));
    const closed = await call('POST', 'monthly-report/close', t.adminToken, {
      agency_id: unit.agency,
      year: YEAR,
      month: 4,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Not into April, not out of April, not taken back from April.
    for (const answer of [
      await record(entry('SP2D/UNIT/0011', `${YEAR}-04-12`, 100)),
      await record(entry('SP2D/UNIT/0010', `${YEAR}-05-02`, 400)),
      await remove('SP2D/UNIT/0010'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().message).toBe(
        messagesId.monthlyReport.locked(`April ${YEAR}`, messagesId.monthlyReport.statuses.closed),
      );
    }
    // May is open.
    await recorded(entry('SP2D/UNIT/0012', `${YEAR}-05-02`, 300));

    const loaded = await call('POST', 'realisation/import', t.adminToken, {
      year: YEAR,
      rows: [
        {
          row: 2,
          sp2d_number: 'SP2D/KEUANGAN/0001',
          date: `${YEAR}-05-03`,
          sub_action_code: '1.02.02.2.01.0091',
          account_code: code,
          amount: 900,
        },
      ],
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    for (const answer of [
      await record(entry('SP2D/KEUANGAN/0001', `${YEAR}-05-03`, 1)),
      await remove('SP2D/KEUANGAN/0001'),
    ]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().issues).toEqual([
        { path: 'sp2d_number', message: texts.entry.loadedNumber('SP2D/KEUANGAN/0001') },
      ]);
    }
    const grid = await recorded(entry('SP2D/UNIT/0013', `${YEAR}-05-04`, 10));
    expect(
      grid.payments
        ?.filter((p) => p.date.startsWith(`${YEAR}-05`))
        .map((p) => [p.sp2d_number, p.entered_by_unit]),
    ).toEqual([
      ['SP2D/UNIT/0012', true],
      ['SP2D/KEUANGAN/0001', false],
      ['SP2D/UNIT/0013', true],
    ]);
    // The sums the dashboard reads (kept by triggers, migration 0038) equal the SP2D after
    // every record, correction, deletion and load above.
    const { rows: drift } = await sql<{ month: number }>`
      select coalesce(t.month, s.month) as month from sp2d_month_total t
      full join (select sub_action_id, year, month, sum(amount) as amount from sp2d
        group by 1, 2, 3) s using (sub_action_id, year, month)
      where coalesce(t.amount, 0) <> coalesce(s.amount, 0)`.execute(t.database.db);
    expect(drift).toEqual([]);
    const { rows: kept } = await sql<{ amount: string }>`
      select sum(amount)::text as amount from sp2d_month_total
      where sub_action_id = ${unit.chain.sub_action_id} and year = ${YEAR}`.execute(t.database.db);
    expect(kept[0]!.amount).toBe(grid.totals.realised);
    // Turned off again: the unit's SP2D stay, the unit records no more.
    expect((await policy(false)).statusCode).toBe(200);
    expect((await record(entry('SP2D/UNIT/0014', `${YEAR}-05-05`, 10))).statusCode).toBe(409);
    // Emptied whole (as the stories' sandbox empties a database), the sums go with it.
    await sql`truncate sp2d`.execute(t.database.db);
    const { rows: left } = await sql<{ count: string | number }>`
      select count(*) as count from sp2d_month_total`.execute(t.database.db);
    expect(Number(left[0]!.count)).toBe(0);
  });
});
