import {
  type HistoryEntry,
  type MonthlyReport,
  type MonthlyReportSubAction,
  messagesId,
  type Notification,
  type RealisationTrend,
  recordName,
} from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonthlyReminders } from '../src/services/monthly-reminders.js';
import { buildTwoSubActionUnit, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startSecondApp, startTestApp, type TestApp } from './harness.js';
import { pdfPages, readWorkbook } from './rka-reading.js';

const API = '/ranwal/api';
const YEAR = 2028;
const texts = messagesId.monthlyReport;
const PASSWORD = 'bulanan-password-1';
const zeros = () => Array.from({ length: 12 }, () => 0);

/**
 * The monthly cycle of realisation (issue 37): a unit enters each sub kegiatan's physical
 * progress and its story, sends the month (locked), a verifier sends it back or verifies it, an
 * administrator closes it; progress weighted by money; entries, sends and closes racing each
 * other through two server processes.
 */
describe.each(databaseTargets)('the monthly report on %s', (target) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  let unit: { chain: Chain; agency: string; token: string };
  let second: Chain;
  let otherUnit: { agency: string; token: string };
  const tokens: Record<string, string> = {};
  /**
   * The region's date on the apps' clock. The suite's year is one to come: the clock has it
   * ended, every month begun, but where a test moves it.
   */
  let today = `${YEAR}-12-31`;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    token: string,
    body?: unknown,
    app = t.app,
  ) =>
    app.inject({
      method,
      url: `${API}/${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as object }),
    });
  const key = (month: number) => ({ agency_id: unit.agency, year: YEAR, month });
  /** The unit's row of Bappeda's summary to `month`. */
  const unitOfSummary = async (month: number) => {
    const summary = await call(
      'GET',
      `realisation/summary?year=${YEAR}&month=${month}`,
      t.adminToken,
    );
    expect(summary.statusCode, summary.body).toBe(200);
    return summary
      .json()
      .data.units.find((u: { agency_id: string }) => u.agency_id === unit.agency);
  };
  const report = async (month: number, token = unit.token): Promise<MonthlyReport> => {
    const answer = await call('GET', `monthly-report?year=${YEAR}&month=${month}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const progress = (
    sub: string,
    month: number,
    tenths: number,
    extra: Record<string, unknown> = {},
    app = t.app,
  ) =>
    call(
      'PUT',
      'monthly-report/progress',
      unit.token,
      { sub_action_id: sub, year: YEAR, month, progress_tenths: tenths, ...extra },
      app,
    );
  const saved = async (...args: Parameters<typeof progress>): Promise<MonthlyReportSubAction> => {
    const answer = await progress(...args);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const review = (month: number, decision: 'verify' | 'return', token: string, note = '') =>
    call('POST', 'monthly-report/review', token, { ...key(month), decision, note });
  const send = (month: number, app = t.app) =>
    call('POST', 'monthly-report/send', unit.token, key(month), app);

  beforeAll(async () => {
    t = await startTestApp(target, {}, { today: () => today });
    other = await startSecondApp(t);
    // Two sub kegiatan of the unit, lines Rp 3.000 and Rp 1.000 (the weights).
    ({ unit, second } = await buildTwoSubActionUnit(t, 'BULANAN', YEAR));
    otherUnit = await buildUnitChain(t, 'BULANLAIN');
    for (const [chain, price] of [
      [unit.chain, 3_000],
      [second, 1_000],
    ] as const) {
      const plan = await call(
        'GET',
        `cash-plan?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
        unit.token,
      );
      const code = plan.json().data.rows[0].account_code;
      // The first: Rp 1.000 a month January to March; the second: all in March.
      const months = zeros().map((_, at) =>
        price === 3_000 ? (at < 3 ? 1_000 : 0) : at === 2 ? 1_000 : 0,
      );
      const set = await call('PUT', 'cash-plan/set', unit.token, {
        sub_action_id: chain.sub_action_id,
        year: YEAR,
        rows: [{ account_code: code, months }],
      });
      expect(set.statusCode, set.body).toBe(200);
      if (price === 3_000) {
        // Rp 1.500 paid in March for the first.
        const sp2d = await call('POST', 'realisation/import', t.adminToken, {
          year: YEAR,
          rows: [
            {
              row: 2,
              sp2d_number: 'SP2D/BULANAN/1',
              date: `${YEAR}-03-10`,
              sub_action_code: '1.02.02.2.01.0001',
              account_code: code,
              amount: 1_500,
            },
          ],
        });
        expect(sp2d.statusCode, sp2d.body).toBe(200);
      }
    }
    for (const [name, role, agencies] of [
      ['vera.bulanan', 'verifier', [unit.agency]],
      ['vino.bulanan', 'verifier', [otherUnit.agency]],
    ] as const) {
      const made = await call('POST', 'user/create', t.adminToken, {
        name,
        email: `${name}@test.local`,
        role,
        password: PASSWORD,
        agency_ids: agencies,
      });
      expect(made.statusCode, made.body).toBe(201);
      const signedIn = await call('POST', 'user/sign-in', '', {
        email: `${name}@test.local`,
        password: PASSWORD,
      });
      tokens[name] = signedIn.json().data.token;
    }
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('reads a unit its month, refuses to send it unfilled, weighs progress by money and locks it once sent', async () => {
    const march = await report(3);
    expect(march).toMatchObject({
      agency_id: unit.agency,
      status: 'draft',
      editable: true,
      due_date: `${YEAR}-04-10`,
      note: null,
    });
    expect(
      march.sub_actions.map((row) => [
        row.sub_action_code,
        row.lines_total,
        row.planned_cumulative,
        row.realised_cumulative,
        row.achievement_tenths,
        row.level,
        row.planned_progress_tenths,
        row.progress_tenths,
      ]),
    ).toEqual([
      ['1.02.02.2.01.0001', '3000', '3000', '1500', 500, 'red', 1000, null],
      ['1.02.02.2.01.0002', '1000', '1000', '0', 0, 'red', 1000, null],
    ]);
    expect(march.totals).toMatchObject({
      lines_total: '4000',
      planned_cumulative: '4000',
      realised_cumulative: '1500',
      achievement_tenths: 375,
      progress_tenths: 0,
      missing_progress: 2,
    });

    const unfilled = await send(3);
    expect(unfilled.statusCode).toBe(409);
    expect(unfilled.json().message).toBe(
      texts.missingProgress(2, '1.02.02.2.01.0001, 1.02.02.2.01.0002'),
    );
    expect(unfilled.json().issues).toEqual([
      {
        path: 'sub_actions',
        message: texts.missingProgress(2, '1.02.02.2.01.0001, 1.02.02.2.01.0002'),
      },
    ]);

    // 33,3 % of Rp 3.000 and nothing of Rp 1.000: 999 000 ÷ 4 000 = 249,75 → 25,0 %.
    const first = await saved(unit.chain.sub_action_id, 3, 333, {
      problems: 'Pengadaan terlambat',
      actions: 'Lelang ulang',
    });
    expect(first).toMatchObject({ progress_tenths: 333, problems: 'Pengadaan terlambat' });
    await saved(second.sub_action_id, 3, 0);
    expect((await report(3)).totals).toMatchObject({ progress_tenths: 250, missing_progress: 0 });
    // 40 % and 100 %: (1 200 000 + 1 000 000) ÷ 4 000 = 55,0 %.
    await saved(unit.chain.sub_action_id, 3, 400, { problems: 'Pengadaan terlambat' });
    await saved(second.sub_action_id, 3, 1000);
    expect((await report(3)).totals).toMatchObject({
      progress_tenths: 550,
      planned_progress_tenths: 1000,
      physical_level: 'red',
    });

    // A person types a number out of range: refused by the field.
    const tooMuch = await progress(second.sub_action_id, 3, 1001);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().issues[0].path).toBe('progress_tenths');

    const sent = await send(3);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'sent', editable: false });
    expect(sent.json().data.sent_by_name).toBe('Staf BULANAN');

    const locked = await progress(second.sub_action_id, 3, 900);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(texts.locked('Maret 2028', texts.statuses.sent));
    const again = await send(3);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      texts.wrongStatus('Maret 2028', texts.statuses.sent, texts.actions.send),
    );
  });

  it('lets a verifier send the month back with a note, the unit fix and resend it, and freezes it once verified', async () => {
    const user = await review(3, 'return', unit.token, 'Perbaiki');
    expect(user.statusCode).toBe(403);
    const stranger = await review(3, 'return', tokens['vino.bulanan']!, 'Perbaiki');
    expect(stranger.statusCode).toBe(403);
    const silent = await review(3, 'return', tokens['vera.bulanan']!);
    expect(silent.statusCode).toBe(400);
    expect(silent.json().issues).toEqual([{ path: 'note', message: texts.noteRequired }]);

    const back = await review(
      3,
      'return',
      tokens['vera.bulanan']!,
      'Fisik sub kegiatan 0002 terlalu tinggi',
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({
      status: 'returned',
      editable: true,
      note: 'Fisik sub kegiatan 0002 terlalu tinggi',
      reviewed_by_name: 'vera.bulanan',
    });
    // The unit is told, and sees the note; the verifier was told of the send before.
    const told = async (token: string) =>
      (await call('GET', 'notification/list?limit=20', token)).json().data as Notification[];
    expect((await told(unit.token))[0]).toMatchObject({
      kind: 'month_returned',
      agency_id: unit.agency,
      agency_name: 'Perangkat Daerah BULANAN',
      year: YEAR,
      month: 3,
      actor_name: 'vera.bulanan',
    });
    expect((await told(tokens['vera.bulanan']!)).map((n) => [n.kind, n.month])).toContainEqual([
      'month_sent',
      3,
    ]);
    // Another unit's verifier is told nothing of it.
    expect(await told(tokens['vino.bulanan']!)).toEqual([]);
    expect((await report(3)).note).toBe('Fisik sub kegiatan 0002 terlalu tinggi');
    await saved(second.sub_action_id, 3, 600);
    expect((await send(3)).statusCode).toBe(200);

    const verified = await review(3, 'verify', tokens['vera.bulanan']!);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'verified', editable: false });
    expect((await progress(second.sub_action_id, 3, 700)).statusCode).toBe(409);
    // A verifier cannot open a verified month again; an administrator can.
    const reopenedByVerifier = await review(3, 'return', tokens['vera.bulanan']!, 'Buka lagi');
    expect(reopenedByVerifier.statusCode).toBe(409);
    const reopened = await review(3, 'return', t.adminToken, 'Koreksi data SP2D');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.status).toBe('returned');

    // Every entry and every step is in the history.
    const history = await call(
      'GET',
      'history/list?record_type=monthly_report&limit=50',
      t.adminToken,
    );
    const entries: HistoryEntry[] = history.json().data;
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(recordName(entries[0]!, messagesId)).toBe(
      'Laporan Bulanan Maret 2028 — Perangkat Daerah BULANAN',
    );
  });

  it('copies last month as a starting point and asks a reason for a decrease', async () => {
    const copied = await call('POST', 'monthly-report/copy-previous', unit.token, key(4));
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().data).toEqual({ copied: 2 });
    const april = await report(4);
    expect(april.sub_actions.map((row) => [row.progress_tenths, row.problems])).toEqual([
      [400, 'Pengadaan terlambat'],
      [600, ''],
    ]);
    expect(april.sub_actions.map((row) => row.previous_progress_tenths)).toEqual([400, 600]);
    const nothingLeft = await call('POST', 'monthly-report/copy-previous', unit.token, key(4));
    expect(nothingLeft.statusCode, nothingLeft.body).toBe(200);
    expect(nothingLeft.json().data).toEqual({ copied: 0 });

    const lower = await progress(second.sub_action_id, 4, 550);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().issues).toEqual([
      { path: 'decrease_reason', message: texts.decreaseNeedsReason('60 %') },
    ]);
    expect(
      await saved(second.sub_action_id, 4, 550, { decrease_reason: 'Koreksi hasil opname' }),
    ).toMatchObject({ progress_tenths: 550, decrease_reason: 'Koreksi hasil opname' });

    // Bappeda's dashboard: each unit's progress weighed by money and its month's status. April:
    // (400 × 3 000 + 550 × 1 000) ÷ 4 000 = 43,75 % → 43,8 %; planned 100 % (all paid by March).
    // Late on the server's day, the suite's last day of the year (the rule: core's isMonthLate).
    expect(await unitOfSummary(4)).toMatchObject({
      progress_tenths: 438,
      planned_progress_tenths: 1000,
      physical_level: 'red',
      report_status: 'draft',
      late: true,
    });
    // March as sent back: (400 × 3 000 + 600 × 1 000) ÷ 4 000 = 45,0 %.
    expect(await unitOfSummary(3)).toMatchObject({
      progress_tenths: 450,
      report_status: 'returned',
      late: true,
    });
    // On 10 May 2028 April is due that day, not late yet; March (due 10 April) is.
    today = `${YEAR}-05-10`;
    try {
      expect(await unitOfSummary(4)).toMatchObject({ report_status: 'draft', late: false });
      expect(await unitOfSummary(3)).toMatchObject({ report_status: 'returned', late: true });
    } finally {
      today = `${YEAR}-12-31`;
    }
  });

  it("reads the levels on the region's own thresholds", async () => {
    const policy = (body: object) => call('PUT', 'planning/policy', t.adminToken, body);
    // March: 1 500 of 4 000 planned, 37,5 %: red on the default 75 %.
    expect((await report(3)).totals).toMatchObject({ achievement_tenths: 375, level: 'red' });
    const set = await policy({
      deviation_red_below_tenths: 300,
      deviation_yellow_below_tenths: 400,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      deviation_red_below_tenths: 300,
      deviation_yellow_below_tenths: 400,
    });
    const march = await report(3);
    expect(march.thresholds).toEqual({ red_below_tenths: 300, yellow_below_tenths: 400 });
    expect(march.totals.level).toBe('yellow');
    const summary = await call('GET', `realisation/summary?year=${YEAR}&month=3`, t.adminToken);
    expect(summary.json().data.thresholds).toEqual({
      red_below_tenths: 300,
      yellow_below_tenths: 400,
    });
    // Yellow at or below red is refused, whether both are given or one against the other.
    for (const body of [
      { deviation_red_below_tenths: 500, deviation_yellow_below_tenths: 500 },
      { deviation_red_below_tenths: 450 },
    ]) {
      const refused = await policy(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues[0].message).toBe(
        messagesId.planning.settings.policy.thresholdOrder,
      );
    }
    expect((await policy({ deviation_red_below_tenths: 0 })).statusCode).toBe(400);
    const back = await policy({
      deviation_red_below_tenths: 750,
      deviation_yellow_below_tenths: 900,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('keeps a unit to its own months', async () => {
    const outside = await call(
      'GET',
      `monthly-report?year=${YEAR}&month=3&agency_id=${unit.agency}`,
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
    const entry = await call('PUT', 'monthly-report/progress', otherUnit.token, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      month: 4,
      progress_tenths: 100,
    });
    expect(entry.statusCode).toBe(403);
    const byVerifier = await call('PUT', 'monthly-report/progress', tokens['vera.bulanan']!, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      month: 4,
      progress_tenths: 100,
    });
    expect(byVerifier.statusCode).toBe(403);
    // An admin names the unit; a person with one unit need not.
    const adminWithout = await call('GET', `monthly-report?year=${YEAR}&month=3`, t.adminToken);
    expect(adminWithout.statusCode).toBe(400);
    expect(adminWithout.json().issues).toEqual([
      { path: 'agency_id', message: texts.agencyRequired },
    ]);
  });

  it('holds the lock against an entry racing a send, and a close racing a send, across two processes', async () => {
    const month = 5;
    await saved(unit.chain.sub_action_id, month, 500);
    await saved(second.sub_action_id, month, 700);
    const outcomes = new Set<string>();
    let previous = 700;
    for (let attempt = 0; attempt < 6; attempt++) {
      const value = 710 + attempt;
      const [entry, sent] = await Promise.all([
        progress(second.sub_action_id, month, value, {}, other!.app),
        send(month),
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      outcomes.add(`${entry.statusCode}`);
      const stored = (await report(month)).sub_actions[1]!.progress_tenths;
      if (entry.statusCode === 200) {
        // The entry went first: the month was sent with it.
        expect(stored).toBe(value);
      } else {
        // The send went first: the entry was refused and nothing changed.
        expect(entry.statusCode, entry.body).toBe(409);
        expect(entry.json().message).toBe(texts.locked('Mei 2028', texts.statuses.sent));
        expect(stored).toBe(previous);
      }
      previous = stored!;
      const reopened = await review(month, 'return', t.adminToken, 'Ulangi');
      expect(reopened.statusCode, reopened.body).toBe(200);
    }
    expect(outcomes.size).toBeGreaterThan(0);

    // A close of every unit racing the unit's send: closed either way, the send refused after it.
    const [closed, sent] = await Promise.all([
      call('POST', 'monthly-report/close', t.adminToken, { year: YEAR, month }, other!.app),
      send(month),
    ]);
    expect(closed.statusCode, closed.body).toBe(200);
    expect([200, 409]).toContain(sent.statusCode);
    if (sent.statusCode === 409) {
      expect(sent.json().message).toBe(
        texts.wrongStatus('Mei 2028', texts.statuses.closed, texts.actions.send),
      );
    }
    // Both units with lines that year were closed (the other unit has none: not counted).
    expect(closed.json().data).toEqual({ closed: 1 });
    expect((await report(month)).status).toBe('closed');
    expect((await progress(second.sub_action_id, month, 800)).statusCode).toBe(409);
    const closedAgain = await call('POST', 'monthly-report/close', t.adminToken, {
      year: YEAR,
      month,
      agency_id: unit.agency,
    });
    expect(closedAgain.json().data).toEqual({ closed: 0 });
  });

  it('keeps a verified month as it was verified when SP2D of it arrive later, until it is sent back', async () => {
    const month = 6;
    const plan = await call(
      'GET',
      `cash-plan?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}`,
      unit.token,
    );
    const accountCode: string = plan.json().data.rows[0].account_code;
    const pay = async (number: string, amount: number) => {
      const answer = await call('POST', 'realisation/import', t.adminToken, {
        year: YEAR,
        rows: [
          {
            row: 2,
            sp2d_number: number,
            date: `${YEAR}-06-20`,
            sub_action_code: '1.02.02.2.01.0001',
            account_code: accountCode,
            amount,
          },
        ],
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await saved(unit.chain.sub_action_id, month, 600);
    await saved(second.sub_action_id, month, 800);
    expect((await report(month)).figures_frozen_at).toBeNull();
    expect((await send(month)).statusCode).toBe(200);
    const verified = await review(month, 'verify', tokens['vera.bulanan']!);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.figures_frozen_at).not.toBeNull();

    // Rp 500 paid in June arrives from the finance system after the verification: kept (July's
    // running total has it), but June reads as it was verified, in the unit's report and on
    // Bappeda's dashboard.
    await pay('SP2D/BULANAN/JUNI-1', 500);
    const june = await report(month);
    expect(june.sub_actions.map((row) => row.realised_cumulative)).toEqual(['1500', '0']);
    expect(june.totals).toMatchObject({ realised_cumulative: '1500', achievement_tenths: 375 });
    // (600 × 3 000 + 800 × 1 000) ÷ 4 000 = 65,0 %, as verified.
    expect(await unitOfSummary(month)).toMatchObject({
      realised_cumulative: '1500',
      progress_tenths: 650,
      report_status: 'verified',
    });
    expect((await report(7)).totals.realised_cumulative).toBe('2000');
    expect((await unitOfSummary(7)).realised_cumulative).toBe('2000');

    // Sent back, June is read live again; closed, it is frozen with what it holds then.
    const reopened = await review(month, 'return', t.adminToken, 'SP2D Juni menyusul');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ figures_frozen_at: null });
    expect(reopened.json().data.totals.realised_cumulative).toBe('2000');
    const closed = await call('POST', 'monthly-report/close', t.adminToken, key(month));
    expect(closed.json().data).toEqual({ closed: 1 });
    await pay('SP2D/BULANAN/JUNI-2', 100);
    expect((await report(month)).totals.realised_cumulative).toBe('2000');
    expect((await unitOfSummary(month)).realised_cumulative).toBe('2000');
    expect((await report(7)).totals.realised_cumulative).toBe('2100');
  });

  it('tells a late unit and a red unit once, whichever process runs the round', async () => {
    const told = async (token: string) =>
      ((await call('GET', 'notification/list?limit=50', token)).json().data as Notification[])
        .filter((n) => n.kind === 'month_late' || n.kind === 'month_red')
        .map((n) => [n.kind, n.agency_id, n.year, n.month]);
    // 11 April 2028: March is past its due date (10 April) and sent back, not sent again; its
    // money is Rp 1.500 of Rp 4.000 planned, 37,5 %: red.
    const rounds = await Promise.all([
      createMonthlyReminders(t.database.db).remind(`${YEAR}-04-11`),
      createMonthlyReminders(other!.database.db).remind(`${YEAR}-04-11`),
    ]);
    expect(rounds.map((round) => round.late)).toContainEqual({ year: YEAR, month: 3, units: 1 });
    expect(rounds.map((round) => round.red)).toContainEqual({ year: YEAR, month: 3, units: 1 });
    expect(await told(unit.token)).toEqual(
      expect.arrayContaining([
        ['month_late', unit.agency, YEAR, 3],
        ['month_red', unit.agency, YEAR, 3],
      ]),
    );
    expect(await told(unit.token)).toHaveLength(2);
    // The verifier hears of the red month, not of the late one (the unit's to send).
    expect(await told(tokens['vera.bulanan']!)).toEqual([['month_red', unit.agency, YEAR, 3]]);
    expect(await told(tokens['vino.bulanan']!)).toEqual([]);
    // Said once: the next hour's round tells nobody again.
    expect(await createMonthlyReminders(t.database.db).remind(`${YEAR}-04-11`)).toEqual({
      late: { year: YEAR, month: 3, units: 0 },
      red: { year: YEAR, month: 3, units: 0 },
    });
    // On 10 April March is not late yet: the last month due is February, never sent (told now).
    expect((await createMonthlyReminders(t.database.db).remind(`${YEAR}-04-10`)).late).toEqual({
      year: YEAR,
      month: 2,
      units: 1,
    });

    // An administrator may run a round now; nobody else may.
    const byAdmin = await call('POST', 'monthly-report/remind', t.adminToken, {});
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(Object.keys(byAdmin.json().data)).toEqual(['late', 'red']);
    expect((await call('POST', 'monthly-report/remind', unit.token, {})).statusCode).toBe(403);
  });

  it("prints a unit's month as a workbook and a PDF that read back as the screen", async () => {
    const download = async (token: string, format: 'xlsx' | 'pdf', agency = '') => {
      const linked = await call(
        'GET',
        `monthly-report/download?year=${YEAR}&month=6&format=${format}${agency ? `&agency_id=${agency}` : ''}`,
        token,
      );
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().data.originalName).toBe(
        `laporan-bulanan-Perangkat-Daerah-BULANAN-${YEAR}-06.${format}`,
      );
      const url = new URL(linked.json().data.path, 'http://localhost');
      const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(file.statusCode, file.body).toBe(200);
      return file.rawPayload;
    };
    const june = await report(6);
    // The unit's planner (one unit: no need to name it); an admin names it.
    const sheet = (await readWorkbook(await download(unit.token, 'xlsx'))).worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const cells = rows.map((row) =>
      row.slice(1).map((cell) => (cell === undefined ? '' : String(cell))),
    );
    expect(cells[0]![0]).toBe(texts.print.heading);
    expect(cells).toContainEqual([texts.print.month('Juni 2028')]);
    expect(cells).toContainEqual([texts.print.status(texts.statuses.closed)]);
    const first = cells.find((row) => row[0] === '1.02.02.2.01.0001')!;
    // Lines Rp 3.000, planned 3.000, paid 2.000 as June was closed (the Rp 100 after it count
    // in July): 66,7 %; planned progress 100 %, reported 60 %.
    expect(first.slice(2, 8)).toEqual(['3000', '3000', '2000', '66,7 %', '100 %', '60 %']);
    const total = cells.find((row) => row[1] === texts.print.total)!;
    expect(total.slice(2, 5)).toEqual([
      june.totals.lines_total,
      june.totals.planned_cumulative,
      june.totals.realised_cumulative,
    ]);
    const pdf = (await pdfPages(await download(t.adminToken, 'pdf', unit.agency))).join(' ');
    expect(pdf).toContain(texts.print.heading);
    expect(pdf).toContain('1.02.02.2.01.0001');
    expect(pdf).toMatch(/Jumlah 4\.000 4\.000 2\.000/);
    // Another unit's planner gets no link to it.
    const outside = await call(
      'GET',
      `monthly-report/download?year=${YEAR}&month=6&agency_id=${unit.agency}`,
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
  });

  it("draws a unit's year month by month, and the region's", async () => {
    const trend = async (token: string, agency = '') => {
      const answer = await call(
        'GET',
        `realisation/trend?year=${YEAR}${agency ? `&agency_id=${agency}` : ''}`,
        token,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as RealisationTrend;
    };
    const ofUnit = await trend(unit.token, unit.agency);
    expect(ofUnit.months).toHaveLength(12);
    const pick = (month: number) => {
      const row = ofUnit.months[month - 1]!;
      return [row.month, row.planned_cumulative, row.realised_cumulative, row.progress_tenths];
    };
    // The plan: Rp 1.000 a month January to March for the first, Rp 1.000 in March for the
    // second; paid Rp 1.500 in March, Rp 600 in June. Progress as last reported by each month:
    // March (400 × 3 000 + 600 × 1 000) ÷ 4 000; April 43,75 %; June (600 × 3 000 + 800 × 1 000) ÷ 4 000.
    expect([1, 2, 3, 4, 6, 12].map(pick)).toEqual([
      [1, '1000', '0', 0],
      [2, '2000', '0', 0],
      [3, '4000', '1500', 450],
      [4, '4000', '1500', 438],
      [6, '4000', '2100', 650],
      [12, '4000', '2100', 650],
    ]);
    expect(ofUnit.months[2]).toMatchObject({
      lines_total: '4000',
      achievement_tenths: 375,
      level: 'red',
    });
    // Bappeda's region holds the one unit with lines: the same year.
    const region = await trend(t.adminToken);
    expect(region.agency_id).toBeNull();
    expect(region.months.map((row) => row.realised_cumulative)).toEqual(
      ofUnit.months.map((row) => row.realised_cumulative),
    );
    // Another unit's planner reads no other unit's year.
    const outside = await call(
      'GET',
      `realisation/trend?year=${YEAR}&agency_id=${unit.agency}`,
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
  });

  it("takes progress up to the server's month, and of a month to come nothing", async () => {
    // The last day of October in Jakarta: October is this month, November one to come.
    today = `${YEAR}-10-31`;
    try {
      const sub = second.sub_action_id;
      const storedFrom = async (month: number) =>
        t.database.db
          .selectFrom('physical_progress')
          .select(['sub_action_id', 'month'])
          .where('sub_action_id', 'in', [unit.chain.sub_action_id, sub])
          .where('year', '=', YEAR)
          .where('month', '>=', month)
          .execute();

      const early = await progress(sub, 11, 900, { problems: 'Belum dikerjakan' });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({
        message: texts.notBegun('November 2028'),
        issues: [{ path: 'month', message: texts.notBegun('November 2028') }],
      });
      // Through the second process, and by copying last month into one to come: the same.
      const elsewhere = await progress(sub, 12, 900, {}, other!.app);
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe(texts.notBegun('Desember 2028'));
      const copied = await call('POST', 'monthly-report/copy-previous', unit.token, key(11));
      expect(copied.statusCode).toBe(400);
      expect(copied.json().message).toBe(texts.notBegun('November 2028'));
      expect(await storedFrom(11)).toEqual([]);
      const toCome = await report(11);
      expect(toCome.sub_actions.map((row) => row.progress_tenths)).toEqual([null, null]);
      // The report says so: not begun, so not open to the unit though a draft; not late.
      expect(toCome).toMatchObject({ status: 'draft', begun: false, editable: false, late: false });
      expect(await report(10)).toMatchObject({ begun: true, editable: true });

      // This month and one gone by take it.
      expect(await saved(sub, 10, 900)).toMatchObject({ progress_tenths: 900 });
      expect(await saved(sub, 9, 850)).toMatchObject({ progress_tenths: 850 });
      // A day later November has begun.
      today = `${YEAR}-11-01`;
      expect(await report(11)).toMatchObject({ begun: true, editable: true });
      expect(await saved(sub, 11, 950)).toMatchObject({ progress_tenths: 950 });
      expect(await storedFrom(11)).toEqual([{ sub_action_id: sub, month: 11 }]);
    } finally {
      today = `${YEAR}-12-31`;
    }
  });
});
