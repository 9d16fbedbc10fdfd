import {
  currentYear,
  type FundingSource,
  formatDateShortId,
  type HistoryEntry,
  messagesId,
  type Stage,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const LINES = `${API}/detail-program`;
const server = messagesId.server;
const YEAR = 2027;
/** The fixture chain's kode rekening (fixtures.ts: `5.1.02.<label>`). */
const ACCOUNT_CODE = '5.1.02.Tahap';
/** An Anggaran Kas of twelve months, from the amounts of its first months. */
const plan = (...first: number[]) => Array.from({ length: 12 }, (_, index) => first[index] ?? 0);

/** A day counted from today in WIB, as YYYY-MM-DD (the server checks dates in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

describe.each(databaseTargets)('budget-year stages on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  let adminName: string;
  let sourceId: (code: string) => string;

  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    t.call(method, `${API}/${path}`, { token: t.adminToken, body });
  const schedule = (stages: { kind: string; starts_on: string; ends_on: string }[]) =>
    admin('PUT', 'stage/schedule', { year: YEAR, stages });
  const lineWrite = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.call(method, `${LINES}/${path}`, { token: t.userToken, body });
  const statusOf = (stages: Stage[]) => stages.map((stage) => [stage.kind, stage.status]);
  const savePlan = async (months: number[]) => {
    const saved = await admin('PUT', 'cash-plan/set', {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      rows: [{ account_code: ACCOUNT_CODE, months }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Tahap');
    adminName = (await t.call('GET', `${API}/user/me`, { token: t.adminToken })).json().data.name;
    // A year with stages needs a pagu for its lines (issue 33): one large enough for them all.
    const pagu = await admin('PUT', 'pagu/set', {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      amount: 1_000_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const sources: FundingSource[] = (await admin('GET', 'funding-source/list?limit=100')).json()
      .data;
    sourceId = (code) => sources.find((source) => source.code === code)!.id;
    // The sub kegiatan draws on two sumber dana that year; a line may also name none.
    const funding = await admin('PUT', 'sub-action-funding', {
      sub_action_id: chain.sub_action_id,
      year: YEAR,
      sources: [{ funding_source_id: sourceId('DAU') }, { funding_source_id: sourceId('PAD') }],
    });
    expect(funding.statusCode, funding.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('runs a year through its stages: entries only in the current stage and its dates, each stage keeping its figures, two stages compared', async () => {
    const set = await schedule([
      { kind: 'ranwal', starts_on: day(-10), ends_on: day(10) },
      { kind: 'ranhir', starts_on: day(30), ends_on: day(60) },
      { kind: 'penetapan', starts_on: day(61), ends_on: day(90) },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(statusOf(set.json().data)).toEqual([
      ['ranwal', 'upcoming'],
      ['ranhir', 'upcoming'],
      ['penetapan', 'upcoming'],
    ]);
    // Not entered yet: users wait; other years are as open as before.
    const early = await lineWrite('POST', 'create', budgetLineInput(chain, { year: YEAR }));
    expect(early.statusCode).toBe(409);
    // Its dates have come, so the administrator is the one to start it.
    expect(early.json().message).toBe(
      server.stageNotStartedYet('Rancangan Awal', YEAR, formatDateShortId(day(-10))),
    );
    expect((await lineWrite('POST', 'create', budgetLineInput(chain))).statusCode).toBe(201);

    const entered = await admin('POST', 'stage/advance', { year: YEAR });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(statusOf(entered.json().data)[0]).toEqual(['ranwal', 'current']);
    const line = (name: string, price: number, source: string | null = null) =>
      budgetLineInput(chain, {
        year: YEAR,
        component_name: name,
        price,
        funding_source_id: source && sourceId(source),
      });
    const kept = (await lineWrite('POST', 'create', line('Kertas HVS', 1_000, 'DAU'))).json().data;
    const dropped = (await lineWrite('POST', 'create', line('Tinta Printer', 2_000, 'DAU'))).json()
      .data;
    const same = (await lineWrite('POST', 'create', line('Map Plastik', 500))).json().data;
    // Rancangan Awal's Anggaran Kas: January to March.
    await savePlan(plan(1_000, 2_000, 500));

    // Into the final draft a month early: asked to confirm, saying what it does to users.
    const unconfirmed = await admin('POST', 'stage/advance', { year: YEAR });
    expect(unconfirmed.statusCode).toBe(409);
    const consequence = server.stageEarly('Rancangan Akhir', YEAR, formatDateShortId(day(30)));
    expect(unconfirmed.json().message).toBe(server.stageNeedsConfirm(consequence));
    expect(unconfirmed.json().issues).toEqual([{ path: 'confirm', message: consequence }]);
    const stillRanwal = await admin('GET', `stage/list?year=${YEAR}`);
    expect(statusOf(stillRanwal.json().data)[0]).toEqual(['ranwal', 'current']);
    // Confirmed: the initial draft keeps its three lines (and its Anggaran Kas, though the
    // region does not require a balanced one).
    const ranhir = await admin('POST', 'stage/advance', { year: YEAR, confirm: true });
    expect(ranhir.statusCode, ranhir.body).toBe(200);
    expect(ranhir.json().data).toEqual([
      expect.objectContaining({ kind: 'ranwal', status: 'closed', snapshot_lines: 3 }),
      expect.objectContaining({ kind: 'ranhir', status: 'current', snapshot_lines: null }),
      expect.objectContaining({ kind: 'penetapan', status: 'upcoming' }),
    ]);
    // Its dates have not come: refused, naming them.
    const outside = await lineWrite('PUT', `${kept.id}/update`, line('Kertas HVS', 1_500));
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toBe(
      server.stageBeforeDates('Rancangan Akhir', YEAR, formatDateShortId(day(30))),
    );
    // The Bappeda moves the schedule; the stage entered keeps its place.
    const reordered = await schedule([
      { kind: 'ranhir', starts_on: day(-10), ends_on: day(-2) },
      { kind: 'ranwal', starts_on: day(-1), ends_on: day(20) },
    ]);
    expect(reordered.statusCode).toBe(400);
    expect(reordered.json().issues).toEqual([
      { path: 'stages', message: server.stageEnteredKeepsPlace },
    ]);
    const moved = await schedule([
      { kind: 'ranwal', starts_on: day(-10), ends_on: day(-2) },
      { kind: 'ranhir', starts_on: day(-1), ends_on: day(20) },
      { kind: 'penetapan', starts_on: day(21), ends_on: day(40) },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);

    const otherSupporter = (
      await admin('POST', 'supporter/create', { name: 'Pengampu Pengganti' })
    ).json().data.id;
    expect(
      (
        await lineWrite('PUT', `${kept.id}/update`, {
          ...line('Kertas HVS', 1_500, 'PAD'),
          supporter_id: otherSupporter,
        })
      ).statusCode,
    ).toBe(200);
    expect((await lineWrite('DELETE', `${dropped.id}/delete`)).statusCode).toBe(200);
    const added = (await lineWrite('POST', 'create', line('Pulpen', 300, 'DAU'))).json().data;
    // Rancangan Akhir's plan: February emptied, April added.
    await savePlan(plan(1_000, 0, 500, 800));

    const compared = await admin('GET', `stage/compare?year=${YEAR}&from=ranwal&to=ranhir`);
    expect(compared.statusCode, compared.body).toBe(200);
    const comparison = compared.json().data;
    expect(comparison.totals).toEqual({ from: '3500', to: '2300', difference: '-1200' });
    expect(comparison.counts).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(comparison.sub_actions).toEqual([
      expect.objectContaining({
        sub_action_id: chain.sub_action_id,
        // Named with its code where it has one (issue 33); this chain's has none.
        sub_action_code: null,
        from: '3500',
        to: '2300',
        difference: '-1200',
      }),
    ]);
    expect(comparison.units).toEqual([
      expect.objectContaining({ agency_code: null, from: '3500', to: '2300', difference: '-1200' }),
    ]);
    // Per sumber dana, in code order, the lines without one last: Kertas HVS moved from DAU
    // to PAD, Tinta Printer (DAU) went, Pulpen (DAU) came, Map Plastik names none throughout.
    expect(comparison.sources).toEqual([
      {
        funding_source_id: sourceId('DAU'),
        code: 'DAU',
        name: 'Dana Alokasi Umum',
        from: '3000',
        to: '300',
        difference: '-2700',
      },
      {
        funding_source_id: sourceId('PAD'),
        code: 'PAD',
        name: 'Pendapatan Asli Daerah',
        from: '0',
        to: '1500',
        difference: '1500',
      },
      { funding_source_id: null, code: null, name: null, from: '500', to: '500', difference: '0' },
    ]);
    // Each stage's Anggaran Kas per month: the closed stage's as kept, the current one's now.
    const sums = (from: number, to: number) => ({
      from: String(from),
      to: String(to),
      difference: String(to - from),
    });
    expect(comparison.cash_plan_months).toEqual(
      [
        sums(1_000, 1_000),
        sums(2_000, 0),
        sums(500, 500),
        sums(0, 800),
        ...Array.from({ length: 8 }, () => sums(0, 0)),
      ].map((month, index) => ({ month: index + 1, ...month })),
    );
    const byLine = Object.fromEntries(
      comparison.lines.map((change: { line_id: string }) => [change.line_id, change]),
    );
    expect(byLine[added.id]).toMatchObject({
      change: 'added',
      component_name: 'Pulpen',
      from_total: null,
      to_total: '300',
    });
    expect(byLine[dropped.id]).toMatchObject({ change: 'removed', to_total: null });
    expect(byLine[kept.id]).toMatchObject({
      change: 'changed',
      from_total: '1000',
      to_total: '1500',
    });
    expect(byLine[kept.id].fields).toEqual(
      expect.arrayContaining([
        { field: 'price', from: 1_000, to: 1_500 },
        { field: 'supporter_id', from: chain.supporter_id, to: otherSupporter },
        { field: 'funding_source_id', from: sourceId('DAU'), to: sourceId('PAD') },
      ]),
    );
    // Read by name, not by id: the Pengampu and the sumber dana before and after.
    expect(byLine[kept.id].reference_names).toEqual({
      [chain.supporter_id]: 'Pengampu Tahap',
      [otherSupporter]: 'Pengampu Pengganti',
      [sourceId('DAU')]: 'DAU - Dana Alokasi Umum',
      [sourceId('PAD')]: 'PAD - Pendapatan Asli Daerah',
    });
    expect(byLine[same.id]).toBeUndefined();

    // A stage not entered has no figures yet.
    const ahead = await admin('GET', `stage/compare?year=${YEAR}&from=ranhir&to=penetapan`);
    expect(ahead.statusCode).toBe(409);
  });

  it('gives the comparison as a workbook through a signed link: Ringkasan, per unit, per sub kegiatan, per sumber dana, Anggaran Kas per month, changed lines', async () => {
    // The year the first test ran: Rancangan Awal 3 500 (three lines), Rancangan Akhir 2 300.
    const linked = await admin('GET', `stage/compare/workbook?year=${YEAR}&from=ranwal&to=ranhir`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.originalName).toBe(`perbandingan-tahap-${YEAR}-ranwal-ranhir.xlsx`);
    const link = new URL(linked.json().data.path, 'http://localhost');
    const file = await t.call('GET', `${link.pathname}${link.search}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const w = messagesId.stages.compare;
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Ringkasan',
      'Per Perangkat Daerah',
      'Per Sub Kegiatan',
      'Per Sumber Dana',
      'Anggaran Kas per Bulan',
      'Rincian Berubah',
    ]);
    // Every row, empty ones too, each from its first column.
    const rows = (name: string) =>
      Array.from(workbook.getWorksheet(name)!.getSheetValues().slice(1), (row) =>
        Array.isArray(row) ? row.slice(1) : [],
      );
    const summary = rows('Ringkasan');
    expect(summary[0]).toEqual([w.workbook.title('Rancangan Awal', 'Rancangan Akhir', YEAR)]);
    expect(summary).toContainEqual(['Tahap', 'Rancangan Awal', 'Rancangan Akhir']);
    expect(summary).toContainEqual(['Total', 3500, 2300, -1200]);
    expect(summary).toContainEqual(['Ditambah', 1]);
    expect(summary).toContainEqual(['Dihapus', 1]);
    expect(summary).toContainEqual(['Diubah', 1]);
    // Money as numbers in rupiah format.
    const totalRow = workbook
      .getWorksheet('Ringkasan')!
      .getRow(summary.findIndex((row) => row[0] === 'Total') + 1);
    expect(totalRow.getCell(2).numFmt).toBe('"Rp" #,##0');

    const units = rows('Per Perangkat Daerah');
    expect(units[0]).toEqual(['Perangkat Daerah', 'Dari', 'Ke', 'Selisih']);
    expect(units.slice(1).map((row) => row.slice(1))).toEqual([
      [3500, 2300, -1200],
      [3500, 2300, -1200],
    ]);
    expect(rows('Per Sub Kegiatan').slice(1)).toEqual([
      [expect.stringContaining('Tahap'), 3500, 2300, -1200],
      ['Total', 3500, 2300, -1200],
    ]);
    expect(rows('Per Sumber Dana')).toEqual([
      ['Sumber Dana', 'Dari', 'Ke', 'Selisih'],
      ['DAU - Dana Alokasi Umum', 3000, 300, -2700],
      ['PAD - Pendapatan Asli Daerah', 0, 1500, 1500],
      ['Tanpa sumber dana', 500, 500, 0],
      ['Total', 3500, 2300, -1200],
    ]);
    const months = rows('Anggaran Kas per Bulan');
    expect(months[0]).toEqual(['Bulan', 'Dari', 'Ke', 'Selisih']);
    expect(months.slice(1, 5)).toEqual([
      ['Januari', 1000, 1000, 0],
      ['Februari', 2000, 0, -2000],
      ['Maret', 500, 500, 0],
      ['April', 0, 800, 800],
    ]);
    expect(months.slice(5, 13).map((row) => row[0])).toEqual(
      messagesId.cashPlan.monthNames.slice(4),
    );
    expect(months.at(-1)).toEqual(['Total', 3500, 2300, -1200]);

    const lines = rows('Rincian Berubah');
    expect(lines[0]).toEqual([
      'Perubahan',
      'Sub Kegiatan',
      'Komponen',
      'Total Dari',
      'Total Ke',
      'Isian yang Berubah',
      'Nilai Lama',
      'Nilai Baru',
    ]);
    const of = (component: string) => lines.filter((row) => row[2] === component);
    expect(of('Pulpen')).toEqual([['Ditambah', expect.any(String), 'Pulpen', undefined, 300]]);
    expect(of('Tinta Printer')).toEqual([['Dihapus', expect.any(String), 'Tinta Printer', 2000]]);
    const kertas = of('Kertas HVS');
    expect(kertas[0]!.slice(0, 5)).toEqual([
      'Diubah',
      expect.any(String),
      'Kertas HVS',
      1000,
      1500,
    ]);
    expect(kertas.map((row) => row.slice(5))).toContainEqual(['Harga', 'Rp 1.000', 'Rp 1.500']);
    expect(of('Map Plastik')).toEqual([]);
  });

  it('refuses the workbook to a user, and its link once expired or to a bearer token', async () => {
    const query = `year=${YEAR}&from=ranwal&to=ranhir`;
    const user = await t.call('GET', `${API}/stage/compare/workbook?${query}`, {
      token: t.userToken,
    });
    expect(user.statusCode).toBe(403);
    const path = `${API}/stage/compare/workbook/file`;
    const asBearer = await t.call('GET', `${path}?token=${encodeURIComponent(t.adminToken)}`);
    expect(asBearer.statusCode).toBe(401);
    const link = new URL(
      (await admin('GET', `stage/compare/workbook?${query}`)).json().data.path,
      'http://localhost',
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60 * 1000);
      const expired = await t.call('GET', `${link.pathname}${link.search}`);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ message: 'Token Invalid' });
    } finally {
      vi.useRealTimers();
    }
    // A stage not entered: refused when the link is asked for.
    const ahead = await admin(
      'GET',
      `stage/compare/workbook?year=${YEAR}&from=ranhir&to=penetapan`,
    );
    expect(ahead.statusCode).toBe(409);
  });

  it('locks the current stage against users (not admins), unlocks with a reason, and records both', async () => {
    const locked = await admin('PUT', 'stage/lock', { year: YEAR, locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    const refused = await lineWrite('POST', 'create', budgetLineInput(chain, { year: YEAR }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(server.stageLocked('Rancangan Akhir', YEAR, adminName));
    const byAdmin = await t.call('POST', `${LINES}/create`, {
      token: t.adminToken,
      body: budgetLineInput(chain, { year: YEAR }),
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);

    const noReason = await admin('PUT', 'stage/lock', { year: YEAR, locked: false });
    expect(noReason.statusCode).toBe(400);
    const unlocked = await admin('PUT', 'stage/lock', {
      year: YEAR,
      locked: false,
      reason: 'Perbaikan hasil asistensi',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(
      (await lineWrite('POST', 'create', budgetLineInput(chain, { year: YEAR }))).statusCode,
    ).toBe(201);

    const stage = (unlocked.json().data as Stage[]).find(
      (candidate) => candidate.kind === 'ranhir',
    )!;
    const recorded = await admin(
      'GET',
      `history/list?record_type=budget_stage&record_id=${stage.id}`,
    );
    const changes: HistoryEntry[] = recorded.json().data;
    expect(changes[0]).toMatchObject({
      action: 'update',
      new_values: expect.objectContaining({
        locked: false,
        lock_reason: 'Perbaikan hasil asistensi',
      }),
    });
  });

  it('refuses what a schedule cannot be, and a move past the last stage', async () => {
    const twice = await schedule([
      { kind: 'ranwal', starts_on: day(-10), ends_on: day(-2) },
      { kind: 'ranwal', starts_on: day(-1), ends_on: day(20) },
    ]);
    expect(twice.statusCode).toBe(400);
    const backwards = await schedule([{ kind: 'ranwal', starts_on: day(5), ends_on: day(1) }]);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues).toEqual([
      expect.objectContaining({ path: 'stages.0.ends_on' }),
    ]);
    // Penetapan (from day 21) entered early, confirmed.
    const early = await admin('POST', 'stage/advance', { year: YEAR, confirm: true });
    expect(early.statusCode, early.body).toBe(200);
    const last = await admin('POST', 'stage/advance', { year: YEAR, confirm: true });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(server.stageNoNext(YEAR));
    const none = await admin('POST', 'stage/advance', { year: 2099 });
    expect(none.json().message).toBe(server.stageNone(2099));
    // Users see the stages, and change nothing about them.
    const seen = await t.call('GET', `${API}/stage/list?year=${YEAR}`, { token: t.userToken });
    expect(statusOf(seen.json().data)).toEqual([
      ['ranwal', 'closed'],
      ['ranhir', 'closed'],
      ['penetapan', 'current'],
    ]);
    const byUser = await t.call('POST', `${API}/stage/advance`, {
      token: t.userToken,
      body: { year: YEAR },
    });
    expect(byUser.statusCode).toBe(403);
  });
  it('refuses overlapping stages naming both, asks to confirm dates outside the budget year and a stage entered outside its dates, and lets users write only within the current stage', async () => {
    const year = currentYear();
    const put = (
      stages: { kind: string; starts_on: string; ends_on: string }[],
      confirm?: boolean,
    ) =>
      admin('PUT', 'stage/schedule', {
        year,
        stages,
        ...(confirm === undefined ? {} : { confirm }),
      });
    const listed = async () =>
      statusOf((await admin('GET', `stage/list?year=${year}`)).json().data);
    const userWrite = () => lineWrite('POST', 'create', budgetLineInput(chain, { year }));
    // Users' lines need a pagu in a year with stages (issue 33): one large enough.
    const pagu = await admin('PUT', 'pagu/set', {
      sub_action_id: chain.sub_action_id,
      year,
      amount: 1_000_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);

    const overlapping = await put([
      { kind: 'ranwal', starts_on: day(-10), ends_on: day(10) },
      { kind: 'ranhir', starts_on: day(5), ends_on: day(40) },
    ]);
    expect(overlapping.statusCode).toBe(400);
    const overlap = server.stageOverlaps(
      'Rancangan Akhir',
      'Rancangan Awal',
      formatDateShortId(day(-10)),
      formatDateShortId(day(10)),
    );
    expect(overlapping.json().issues).toEqual([{ path: 'stages.1.starts_on', message: overlap }]);
    expect(overlapping.json().message).toContain('tumpang tindih dengan tahap Rancangan Awal');
    expect(await listed()).toEqual([]);

    // A year typed wrong: the first stage two years back, wholly outside the planning window.
    const stale = [
      { kind: 'ranwal', starts_on: `${year - 2}-03-01`, ends_on: `${year - 2}-04-30` },
      { kind: 'ranhir', starts_on: day(-5), ends_on: day(20) },
    ];
    const warned = await put(stale);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().message).toBe(
      server.stageNeedsConfirm(
        server.stageOutsideYear(
          'Rancangan Awal',
          year,
          formatDateShortId(`${year - 2}-03-01`),
          formatDateShortId(`${year - 2}-04-30`),
          formatDateShortId(`${year - 1}-01-01`),
          formatDateShortId(`${year}-12-31`),
        ),
      ),
    );
    expect(await listed()).toEqual([]);
    const kept = await put(stale, true);
    expect(kept.statusCode, kept.body).toBe(200);

    // Entering Rancangan Awal long after its dates: asked, saying users could not write at all.
    const late = await admin('POST', 'stage/advance', { year });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      server.stageNeedsConfirm(
        server.stageLate('Rancangan Awal', year, formatDateShortId(`${year - 2}-04-30`)),
      ),
    );
    expect((await admin('POST', 'stage/advance', { year, confirm: true })).statusCode).toBe(200);
    const refused = await userWrite();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      server.stageAfterDates('Rancangan Awal', year, formatDateShortId(`${year - 2}-04-30`)),
    );
    // Rancangan Akhir runs today: entered without a question, and users write again.
    const within = await admin('POST', 'stage/advance', { year });
    expect(within.statusCode, within.body).toBe(200);
    expect(await listed()).toEqual([
      ['ranwal', 'closed'],
      ['ranhir', 'current'],
    ]);
    expect((await userWrite()).statusCode).toBe(201);
  });
});
