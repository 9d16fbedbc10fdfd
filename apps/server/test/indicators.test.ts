import {
  type Evaluation,
  type HistoryEntry,
  type Indicator,
  messagesId,
  recordName,
} from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildTwoSubActionUnit, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startSecondApp, startTestApp, type TestApp } from './harness.js';
import { pdfPages, readWorkbook } from './rka-reading.js';

const API = '/ranwal/api';
const YEAR = 2029;
const texts = messagesId.indicators;
const monthTexts = messagesId.monthlyReport;
const PASSWORD = 'indikator-password-1';

/**
 * Output indicators and the evaluation of the Renja (issue 37): a unit plans its sub kegiatan's
 * indicators as it writes their lines, enters each quarter's achievement while the quarter's
 * last month is open, and prints the evaluation form; every change is in the history.
 */
describe.each(databaseTargets)('output indicators and the evaluation on %s', (target) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  let unit: { chain: Chain; agency: string; token: string };
  let second: Chain;
  let otherUnit: { agency: string; token: string };
  let verifier = '';
  let planned: Indicator;
  let zeroTarget: Indicator;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
  const indicator = (fields: Record<string, unknown>, token = unit.token, chain = unit.chain) =>
    call('POST', 'indicator/create', token, {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      ...fields,
    });
  const list = async (chain = unit.chain): Promise<Indicator[]> => {
    const answer = await call(
      'GET',
      `indicator?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
      unit.token,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const achieve = (
    quarter: number,
    achievements: { indicator_id: string; achievement: unknown }[],
    app = t.app,
  ) =>
    call(
      'PUT',
      'indicator/achievement',
      unit.token,
      { sub_action_id: unit.chain.sub_action_id, year: YEAR, quarter, achievements },
      app,
    );
  const month = (month: number) => ({ agency_id: unit.agency, year: YEAR, month });
  const evaluation = async (quarter: number, token = unit.token): Promise<Evaluation> => {
    const answer = await call('GET', `indicator/evaluation?year=${YEAR}&quarter=${quarter}`, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };

  beforeAll(async () => {
    // The suite's year is one to come: on the app's clock it has ended, every month begun.
    t = await startTestApp(target, {}, { today: () => `${YEAR}-12-31` });
    other = await startSecondApp(t);
    ({ unit, second } = await buildTwoSubActionUnit(t, 'INDIKATOR', YEAR));
    otherUnit = await buildUnitChain(t, 'INDIKATORLAIN');
    const db = t.database.db;
    await sql`update program set code = '1.02' where id = ${unit.chain.program_id}`.execute(db);
    const { rows } = await sql<{ code: string }>`
      select code from account where id = ${unit.chain.account_id}`.execute(db);
    const accountCode = rows[0]!.code;
    // Paid: Rp 500 in February and Rp 1.000 in March (Triwulan I), Rp 700 in May (II), Rp 300
    // in August (III); the second sub kegiatan Rp 250 in June.
    const paid = [
      ['1.02.02.2.01.0001', '02-10', 500],
      ['1.02.02.2.01.0001', '03-10', 1_000],
      ['1.02.02.2.01.0001', '05-10', 700],
      ['1.02.02.2.01.0001', '08-10', 300],
      ['1.02.02.2.01.0002', '06-10', 250],
    ] as const;
    const { rows: secondAccount } = await sql<{ code: string }>`
      select code from account where id = ${second.account_id}`.execute(db);
    const imported = await call('POST', 'realisation/import', t.adminToken, {
      year: YEAR,
      rows: paid.map(([code, date, amount], index) => ({
        row: index + 2,
        sp2d_number: `SP2D/IND/${index}`,
        date: `${YEAR}-${date}`,
        sub_action_code: code,
        account_code: code.endsWith('1') ? accountCode : secondAccount[0]!.code,
        amount,
      })),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const made2 = await call('POST', 'user/create', t.adminToken, {
      name: 'vera.indikator',
      email: 'vera.indikator@test.local',
      role: 'verifier',
      password: PASSWORD,
      agency_ids: [unit.agency],
    });
    expect(made2.statusCode, made2.body).toBe(201);
    const signedIn = await call('POST', 'user/sign-in', '', {
      email: 'vera.indikator@test.local',
      password: PASSWORD,
    });
    verifier = signedIn.json().data.token;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it("lets the unit's planner add, change and delete indicators as they write the lines, and no one else", async () => {
    // A target typed as people type it: a decimal comma.
    const created = await indicator({
      description: 'Jumlah dokumen perencanaan',
      target: '1,5',
      unit: 'Dokumen',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      description: 'Jumlah dokumen perencanaan',
      target: 1.5,
      unit: 'Dokumen',
      quarters: [null, null, null, null],
      cumulative: 0,
      achievement_tenths: 0,
    });
    // What has no single reading, or too many decimals, is refused naming the problem.
    for (const [typed, problem] of [
      ['2,500,000', messagesId.numberInput.commaGrouping],
      ['1,234', 'paling banyak 2 angka di belakang koma'],
      ['-3', messagesId.numberInput.negative],
      ['banyak', messagesId.numberInput.notANumber],
    ] as const) {
      const refused = await indicator({ description: 'Salah', target: typed, unit: 'Unit' });
      expect(refused.statusCode, typed).toBe(400);
      expect(refused.json().issues).toEqual([{ path: 'target', message: problem }]);
    }
    const blank = await indicator({ description: ' ', target: 1, unit: 'x'.repeat(51) });
    expect(blank.statusCode).toBe(400);
    expect(
      blank
        .json()
        .issues.map((issue: { path: string }) => issue.path)
        .sort(),
    ).toEqual(['description', 'unit']);

    // Another unit's planner and the unit's verifier may not write them; an admin may.
    const outside = await indicator(
      { description: 'Bukan miliknya', target: 1, unit: 'Unit' },
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
    const byVerifier = await indicator(
      { description: 'Verifikator', target: 1, unit: 'Unit' },
      verifier,
    );
    expect(byVerifier.statusCode).toBe(403);
    const byAdmin = await indicator(
      { description: 'Jumlah rekomendasi', target: 0, unit: 'Rekomendasi' },
      t.adminToken,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    zeroTarget = byAdmin.json().data;

    const changed = await call('PUT', `indicator/${created.json().data.id}/update`, unit.token, {
      description: 'Jumlah dokumen perencanaan yang disusun',
      target: '12',
      unit: 'Dokumen',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    planned = changed.json().data;
    expect(planned.target).toBe(12);
    const outsideEdit = await call('PUT', `indicator/${planned.id}/update`, otherUnit.token, {
      description: 'Diubah',
      target: 1,
      unit: 'Unit',
    });
    expect(outsideEdit.statusCode).toBe(403);
    const outsideRead = await call(
      'GET',
      `indicator?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}`,
      otherUnit.token,
    );
    expect(outsideRead.statusCode).toBe(403);

    const spare = await indicator({ description: 'Dihapus', target: 3, unit: 'Unit' });
    expect(spare.statusCode).toBe(201);
    const removed = await call('DELETE', `indicator/${spare.json().data.id}/delete`, unit.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await call('DELETE', `indicator/${spare.json().data.id}/delete`, unit.token);
    expect(gone.statusCode).toBe(404);
    expect((await list()).map((one) => [one.description, one.target, one.unit])).toEqual([
      ['Jumlah dokumen perencanaan yang disusun', 12, 'Dokumen'],
      ['Jumlah rekomendasi', 0, 'Rekomendasi'],
    ]);

    // A locked sub kegiatan: refused to its planner as its lines are, not to an admin.
    const locked = await call('PUT', 'lock/sub-action', t.adminToken, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      locked: true,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const whileLocked = await indicator({ description: 'Terkunci', target: 1, unit: 'Unit' });
    expect(whileLocked.statusCode).toBe(409);
    expect(whileLocked.json().message).toBe(
      messagesId.server.subActionLocked(
        'Sub Kegiatan INDIKATOR',
        YEAR,
        (await call('GET', 'user/me', t.adminToken)).json().data.name,
      ),
    );
    const lineWhileLocked = await call(
      'POST',
      'detail-program/create',
      unit.token,
      budgetLineInput(unit.chain, { year: YEAR }),
    );
    expect(lineWhileLocked.statusCode).toBe(409);
    const deleteWhileLocked = await call('DELETE', `indicator/${planned.id}/delete`, unit.token);
    expect(deleteWhileLocked.statusCode).toBe(409);
    const unlocked = await call('PUT', 'lock/sub-action', t.adminToken, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      locked: false,
      reason: 'Selesai diperiksa',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
  });

  it("takes each quarter's achievement while its last month is open, refused once sent and open again when returned", async () => {
    const first = await achieve(1, [
      { indicator_id: planned.id, achievement: '2,5' },
      { indicator_id: zeroTarget.id, achievement: 1 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second2 = await achieve(2, [{ indicator_id: planned.id, achievement: 3.5 }]);
    expect(second2.statusCode, second2.body).toBe(200);
    const [ofPlanned, ofZero] = second2.json().data as Indicator[];
    expect(ofPlanned).toMatchObject({
      quarters: [2.5, 3.5, null, null],
      cumulative: 6,
      achievement_tenths: 500,
    });
    // A target of 0 has no share.
    expect(ofZero).toMatchObject({ quarters: [1, null, null, null], achievement_tenths: null });

    // Another sub kegiatan's indicator is not this one's to enter; a verifier enters none.
    const elsewhere = await indicator(
      { description: 'Lain', target: 1, unit: 'Unit' },
      unit.token,
      second,
    );
    const wrong = await achieve(1, [{ indicator_id: elsewhere.json().data.id, achievement: 1 }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'achievements.0.indicator_id', message: texts.notOfSubAction },
    ]);
    const byVerifier = await call('PUT', 'indicator/achievement', verifier, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      quarter: 1,
      achievements: [{ indicator_id: planned.id, achievement: 1 }],
    });
    expect(byVerifier.statusCode).toBe(403);
    const badQuarter = await call('PUT', 'indicator/achievement', unit.token, {
      sub_action_id: unit.chain.sub_action_id,
      year: YEAR,
      quarter: 5,
      achievements: [{ indicator_id: planned.id, achievement: 1 }],
    });
    expect(badQuarter.statusCode).toBe(400);
    expect(badQuarter.json().issues).toEqual([{ path: 'quarter', message: texts.quarterInvalid }]);

    // March sent: Triwulan I is locked with the month.
    for (const sub of [unit.chain.sub_action_id, second.sub_action_id]) {
      const entered = await call('PUT', 'monthly-report/progress', unit.token, {
        sub_action_id: sub,
        year: YEAR,
        month: 3,
        progress_tenths: 300,
      });
      expect(entered.statusCode, entered.body).toBe(200);
    }
    const sent = await call('POST', 'monthly-report/send', unit.token, month(3));
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await achieve(1, [{ indicator_id: planned.id, achievement: 9 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      texts.quarterLocked('Triwulan I', 'Maret 2029', monthTexts.statuses.sent),
    );
    // Nor can the indicator go with what Triwulan I reported.
    const removed = await call('DELETE', `indicator/${planned.id}/delete`, unit.token);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(
      texts.quarterLocked('Triwulan I', 'Maret 2029', monthTexts.statuses.sent),
    );
    expect((await list()).map((row) => row.id)).toContain(planned.id);
    // Triwulan II goes on (June is open).
    expect((await achieve(2, [{ indicator_id: planned.id, achievement: 3.5 }])).statusCode).toBe(
      200,
    );
    const returned = await call('POST', 'monthly-report/review', verifier, {
      ...month(3),
      decision: 'return',
      note: 'Capaian triwulan perlu diperiksa',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const again = await achieve(1, [{ indicator_id: planned.id, achievement: '2.5' }]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await list())[0]!.quarters).toEqual([2.5, 3.5, null, null]);
  });

  it('takes no achievement for a quarter whose last month has not begun, and names that month', async () => {
    // The same database on a server whose day is in August: Triwulan III goes with September.
    const august = await startSecondApp(t, { today: () => `${YEAR}-08-20` });
    try {
      const early = await achieve(3, [{ indicator_id: planned.id, achievement: 1 }], august.app);
      expect(early.statusCode, early.body).toBe(400);
      const message = texts.quarterNotBegun('Triwulan III', 'September 2029');
      expect(early.json().message).toBe(message);
      expect(early.json().issues).toEqual([{ path: 'quarter', message }]);
      expect((await list())[0]!.quarters).toEqual([2.5, 3.5, null, null]);
      // Triwulan II, reported with June, has begun on that day.
      const june = await achieve(2, [{ indicator_id: planned.id, achievement: 4 }], august.app);
      expect(june.statusCode, june.body).toBe(200);
      expect((await list())[0]!.quarters).toEqual([2.5, 4, null, null]);
      await achieve(2, [{ indicator_id: planned.id, achievement: 3.5 }]);
    } finally {
      await august.close();
    }
  });

  it('lets a send racing an achievement of its quarter win only one after the other, across two processes', async () => {
    for (const sub of [unit.chain.sub_action_id, second.sub_action_id]) {
      await call('PUT', 'monthly-report/progress', unit.token, {
        sub_action_id: sub,
        year: YEAR,
        month: 9,
        progress_tenths: 500,
      });
    }
    let previous: number | null = null;
    for (let attempt = 0; attempt < 4; attempt++) {
      const value = 1 + attempt;
      const [entry, sent] = await Promise.all([
        achieve(3, [{ indicator_id: planned.id, achievement: value }], other!.app),
        call('POST', 'monthly-report/send', unit.token, month(9)),
      ]);
      expect(sent.statusCode, sent.body).toBe(200);
      const stored = (await list())[0]!.quarters[2];
      if (entry.statusCode === 200) {
        expect(stored).toBe(value);
      } else {
        expect(entry.statusCode, entry.body).toBe(409);
        expect(entry.json().message).toBe(
          texts.quarterLocked('Triwulan III', 'September 2029', monthTexts.statuses.sent),
        );
        expect(stored).toBe(previous);
      }
      previous = stored ?? null;
      const reopened = await call('POST', 'monthly-report/review', t.adminToken, {
        ...month(9),
        decision: 'return',
        note: 'Ulangi',
      });
      expect(reopened.statusCode, reopened.body).toBe(200);
    }
    // Back to none for the figures below.
    expect((await achieve(3, [{ indicator_id: planned.id, achievement: null }])).statusCode).toBe(
      200,
    );
  });

  it('reads the evaluation to a quarter with exact figures: achievement, cumulative, shares and SP2D by quarter', async () => {
    const june = await evaluation(2);
    expect(june).toMatchObject({
      agency_id: unit.agency,
      agency_name: 'Perangkat Daerah INDIKATOR',
      year: YEAR,
      quarter: 2,
    });
    const [first, secondSub] = june.sub_actions;
    expect(first).toMatchObject({
      program_code: '1.02',
      sub_action_code: '1.02.02.2.01.0001',
      pagu: '3000',
      quarters: ['1500', '700'],
      cumulative: '2200',
      // 2 200 of 3 000.
      pagu_tenths: 733,
    });
    expect(first!.indicators).toEqual([
      {
        id: planned.id,
        description: 'Jumlah dokumen perencanaan yang disusun',
        target: 12,
        unit: 'Dokumen',
        quarters: [2.5, 3.5],
        cumulative: 6,
        achievement_tenths: 500,
      },
      {
        id: zeroTarget.id,
        description: 'Jumlah rekomendasi',
        target: 0,
        unit: 'Rekomendasi',
        quarters: [1, null],
        cumulative: 1,
        achievement_tenths: null,
      },
    ]);
    expect(secondSub).toMatchObject({
      sub_action_code: '1.02.02.2.01.0002',
      pagu: '1000',
      quarters: ['0', '250'],
      cumulative: '250',
      pagu_tenths: 250,
    });
    expect(june.totals).toEqual({
      pagu: '4000',
      quarters: ['1500', '950'],
      cumulative: '2450',
      pagu_tenths: 613,
    });
    // To Triwulan I only: nothing after March counts.
    const march = await evaluation(1);
    expect(march.totals).toEqual({
      pagu: '4000',
      quarters: ['1500'],
      cumulative: '1500',
      pagu_tenths: 375,
    });
    expect(march.sub_actions[0]!.indicators[0]).toMatchObject({ quarters: [2.5], cumulative: 2.5 });
    // The year: August's SP2D in Triwulan III.
    expect((await evaluation(4)).totals.quarters).toEqual(['1500', '950', '300', '0']);

    // Another unit's planner reads none of it; an admin names the unit.
    const outside = await call(
      'GET',
      `indicator/evaluation?year=${YEAR}&quarter=2&agency_id=${unit.agency}`,
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
    const adminWithout = await call(
      'GET',
      `indicator/evaluation?year=${YEAR}&quarter=2`,
      t.adminToken,
    );
    expect(adminWithout.statusCode).toBe(400);
  });

  it('prints the evaluation as a workbook and a PDF whose totals are the figures', async () => {
    const download = async (format: 'xlsx' | 'pdf', quarter: number, token = unit.token) => {
      const agency = token === unit.token ? '' : `&agency_id=${unit.agency}`;
      const linked = await call(
        'GET',
        `indicator/evaluation/download?year=${YEAR}&quarter=${quarter}&format=${format}${agency}`,
        token,
      );
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().data.originalName).toBe(
        `evaluasi-renja-Perangkat-Daerah-INDIKATOR-${YEAR}-tw${quarter}.${format}`,
      );
      const url = new URL(linked.json().data.path, 'http://localhost');
      const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(file.statusCode, file.body).toBe(200);
      return file.rawPayload;
    };
    const june = await evaluation(2);
    const sheet = (await readWorkbook(await download('xlsx', 2))).worksheets[0]!;
    // Empty cells are holes in exceljs' rows: read as ''.
    const cells = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((row) =>
      Array.from(row.slice(1), (cell) => (cell === undefined || cell === null ? '' : String(cell))),
    );
    expect(cells[0]![0]).toBe(texts.print.heading);
    expect(cells).toContainEqual([texts.print.period('Triwulan II', YEAR)]);
    const header = cells.find((row) => row[0] === messagesId.reports.admin.columns.number)!;
    expect(header).toEqual([
      'No',
      'Kode',
      'Program / Kegiatan / Sub Kegiatan',
      'Indikator Kinerja (Tolok Ukur)',
      'Target (K)',
      'Target (Rp)',
      'Realisasi Triwulan I (K)',
      'Realisasi Triwulan I (Rp)',
      'Realisasi Triwulan II (K)',
      'Realisasi Triwulan II (Rp)',
      'Realisasi Kumulatif (K)',
      'Realisasi Kumulatif (Rp)',
      'Tingkat Capaian (% K)',
      'Tingkat Capaian (% Rp)',
      'Perangkat Daerah Penanggung Jawab',
    ]);
    const first = cells.find((row) => row[1] === '1.02.02.2.01.0001')!;
    expect(first).toEqual([
      '1',
      '1.02.02.2.01.0001',
      'Sub Kegiatan INDIKATOR',
      'Jumlah dokumen perencanaan yang disusun',
      '12 Dokumen',
      '3000',
      '2,5',
      '1500',
      '3,5',
      '700',
      '6',
      '2200',
      '50 %',
      '73,3 %',
      'Perangkat Daerah INDIKATOR',
    ]);
    // The further indicator on a row of its own, its money not counted twice.
    expect(cells).toContainEqual([
      '',
      '',
      '',
      'Jumlah rekomendasi',
      '0 Rekomendasi',
      '',
      '1',
      '',
      '–',
      '',
      '1',
      '',
      '–',
    ]);
    const total = cells.find((row) => row[2] === texts.print.total)!;
    expect([total[5], total[7], total[9], total[11], total[13]]).toEqual([
      june.totals.pagu,
      june.totals.quarters[0],
      june.totals.quarters[1],
      june.totals.cumulative,
      '61,3 %',
    ]);
    // The sum of the sub kegiatan rows is the total.
    const subRows = cells.filter((row) => /^\d+$/.test(row[0] ?? ''));
    expect(subRows.reduce((sum, row) => sum + Number(row[11]), 0)).toBe(Number(total[11]));

    const pdf = (await pdfPages(await download('pdf', 4, t.adminToken))).join(' ');
    expect(pdf).toContain(texts.print.heading);
    expect(pdf).toContain(texts.print.period('Triwulan IV', YEAR));
    expect(pdf).toContain('1.02.02.2.01.0001');
    // Pagu, Triwulan I–IV and the cumulative in rupiah, then the share of the pagu.
    expect(pdf).toMatch(/Jumlah\s+4\.000\s+1\.500\s+950\s+300\s+0\s+2\.750\s+68,8 %/);

    const outside = await call(
      'GET',
      `indicator/evaluation/download?year=${YEAR}&quarter=2&agency_id=${unit.agency}`,
      otherUnit.token,
    );
    expect(outside.statusCode).toBe(403);
  });

  it('keeps every change to indicators and achievements in the history', async () => {
    const read = async (type: string): Promise<HistoryEntry[]> => {
      const answer = await call('GET', `history/list?record_type=${type}&limit=100`, t.adminToken);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const indicators = await read('sub_action_indicator');
    // Created (4, one since deleted), changed, deleted.
    expect(indicators.map((entry) => entry.action).sort()).toEqual(
      ['create', 'create', 'create', 'create', 'delete', 'update'].sort(),
    );
    expect(recordName(indicators.find((entry) => entry.action === 'update')!, messagesId)).toBe(
      `Indikator Keluaran ${YEAR} 1.02.02.2.01.0001 - Sub Kegiatan INDIKATOR — Jumlah dokumen perencanaan yang disusun`,
    );
    // Triwulan IV entered, changed and cleared: three more changes.
    const before = (await read('indicator_achievement')).length;
    for (const achievement of [1, 2, null]) {
      const entered = await achieve(4, [{ indicator_id: planned.id, achievement }]);
      expect(entered.statusCode, entered.body).toBe(200);
    }
    const achievements = await read('indicator_achievement');
    expect(achievements.length).toBe(before + 3);
    expect(achievements.slice(0, 3).map((entry) => entry.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect(achievements[1]!.old_values).toMatchObject({ achievement: 1 });
    expect(achievements[1]!.new_values).toMatchObject({ achievement: 2 });
    expect(recordName(achievements[0]!, messagesId)).toBe(
      `Capaian Indikator Triwulan IV ${YEAR} — 1.02.02.2.01.0001 - Sub Kegiatan INDIKATOR`,
    );
    // The unit's own history shows them to its planner.
    const ofUnit = await call(
      'GET',
      `history/list?record_type=indicator_achievement&agency_id=${unit.agency}&limit=5`,
      t.adminToken,
    );
    expect(ofUnit.statusCode, ofUnit.body).toBe(200);
    expect(ofUnit.json().data.length).toBeGreaterThan(0);
  });
});
