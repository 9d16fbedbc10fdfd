import { changeSummary, type HistoryEntry, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { budgetLineInput, buildChain, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const LINES = `${API}/detail-program`;
const server = messagesId.server;

describe.each(databaseTargets)('history of every change on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  let adminId: string;

  const history = async (query: string, token = t.adminToken) => {
    const response = await t.call('GET', `${API}/history/list?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: HistoryEntry[]; filter: Record<string, number> };
  };
  const lineHistory = (id: string, token = t.userToken) =>
    t.call('GET', `${LINES}/${id}/history`, { token });
  const createLine = async (overrides: Record<string, unknown> = {}, token = t.userToken) => {
    const response = await t.call('POST', `${LINES}/create`, {
      token,
      body: budgetLineInput(chain, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string };
  };
  const changeCount = async () =>
    Number(
      (
        await sql<{ count: unknown }>`select count(*) as count from change_log`.execute(
          t.database.db,
        )
      ).rows[0]?.count,
    );

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Riwayat');
    const me = await t.call('GET', `${API}/user/me`, { token: t.adminToken });
    adminId = me.json().data.id;
  });
  afterAll(() => t?.close());

  it("records a line's create, edit and delete with who, from where, and the values before and after", async () => {
    const line = await createLine({ component_name: 'Kertas HVS', price: 1_000 });
    const edited = await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { component_name: 'Kertas HVS', price: 1_500 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // An edit that changes nothing is no change.
    await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { component_name: 'Kertas HVS', price: 1_500 }),
    });
    const removed = await t.call('DELETE', `${LINES}/${line.id}/delete`, { token: t.userToken });
    expect(removed.statusCode, removed.body).toBe(200);

    const response = await lineHistory(line.id);
    expect(response.statusCode, response.body).toBe(200);
    const changes: HistoryEntry[] = response.json().data;
    expect(changes.map((change) => change.action)).toEqual(['create', 'update', 'delete']);
    for (const change of changes) {
      expect(change).toMatchObject({
        actor_id: t.userId,
        actor_name: 'Budi Santoso',
        address: '127.0.0.1',
        record_type: 'detail_program',
        record_id: line.id,
      });
    }
    const [created, update, deleted] = changes;
    expect(created!.old_values).toBeNull();
    expect(created!.new_values).toMatchObject({ component_name: 'Kertas HVS', price: 1_000 });
    expect(update!.old_values).toMatchObject({ price: 1_000, total_price: 1_000 });
    expect(update!.new_values).toMatchObject({ price: 1_500, total_price: 1_500 });
    expect(deleted!.old_values).toMatchObject({ price: 1_500 });
    expect(deleted!.new_values).toBeNull();
    // Derived columns (the search text) are not kept.
    expect(created!.new_values).not.toHaveProperty('search_text');
  });

  it('writes no history for a change that is refused or fails', async () => {
    const line = await createLine();
    const before = await changeCount();
    const refused = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(chain, { component_name: '' }),
    });
    expect(refused.statusCode).toBe(400);
    // Over a pagu: checked in the write's transaction, so the refused line leaves nothing.
    const pagu = await t.call('PUT', `${API}/pagu/set`, {
      token: t.adminToken,
      body: { sub_action_id: chain.sub_action_id, year: 2029, amount: 100 },
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const afterPagu = await changeCount();
    expect(afterPagu).toBe(before + 1);
    const over = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: 2029, price: 5_000 }),
    });
    expect(over.statusCode, over.body).toBe(409);
    const removedByAdmin = await t.call('DELETE', `${LINES}/${line.id}/delete`, {
      token: t.adminToken,
      headers: { 'content-type': 'application/json' },
      body: {},
    });
    expect(removedByAdmin.statusCode).toBe(200);
    expect(await changeCount()).toBe(afterPagu + 1);
  });

  it('records hierarchy records, pagu and catalogue items as the admin who changed them', async () => {
    const program = await t.call('POST', `${API}/program/create`, {
      token: t.adminToken,
      body: { name: 'Program Riwayat Kedua', is_taxed: true },
    });
    expect(program.statusCode, program.body).toBe(201);
    const id = program.json().data.id;
    const renamed = await t.call('PUT', `${API}/program/${id}/update`, {
      token: t.adminToken,
      body: { name: 'Program Riwayat Ketiga', is_taxed: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const gone = await t.call('DELETE', `${API}/program/${id}/delete`, { token: t.adminToken });
    expect(gone.statusCode, gone.body).toBe(200);
    const programs = await history(`record_type=program&record_id=${id}`);
    expect(programs.data.map((change) => change.action)).toEqual(['delete', 'update', 'create']);
    expect(programs.data[1]).toMatchObject({
      actor_id: adminId,
      old_values: expect.objectContaining({ name: 'Program Riwayat Kedua' }),
      new_values: expect.objectContaining({ name: 'Program Riwayat Ketiga' }),
    });

    // A pagu is named by its sub kegiatan and year.
    const pagu = await history(`record_type=pagu&record_id=${chain.sub_action_id}/2029`);
    expect(pagu.data).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_id: adminId,
        new_values: expect.objectContaining({ amount: 100, year: 2029 }),
      }),
    ]);

    const imported = await t.call('POST', `${API}/price-item/import`, {
      token: t.adminToken,
      body: {
        year: 2029,
        items: [{ kind: 'SSH', code: 'R.1', name: 'Map Riwayat', unit: 'Buah', price: 5_000 }],
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const items = await history('record_type=price_item');
    expect(items.data).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_id: adminId,
        new_values: expect.objectContaining({ code: 'R.1', price: 5_000 }),
      }),
    ]);
  });

  it('names the records a change points to: as they are now, or as their history last named them', async () => {
    const unit = async (code: string, name: string) => {
      const made = await t.call('POST', `${API}/agency/create`, {
        token: t.adminToken,
        body: { code, name },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as string;
    };
    const first = await unit('1.01.0.00.0.00.01.0000', 'Dinas Pendidikan Riwayat');
    const second = await unit('1.02.0.00.0.00.01.0000', 'Dinas Kesehatan Riwayat');
    const program = await t.call('POST', `${API}/program/create`, {
      token: t.adminToken,
      body: { name: 'Program Berpindah', is_taxed: false, agency_id: first },
    });
    expect(program.statusCode, program.body).toBe(201);
    const id = program.json().data.id;
    const moved = await t.call('PUT', `${API}/program/${id}/update`, {
      token: t.adminToken,
      body: { name: 'Program Berpindah', is_taxed: false, agency_id: second },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The first unit is gone; its name is still known from its own history.
    const removed = await t.call('DELETE', `${API}/agency/${first}/delete`, {
      token: t.adminToken,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const [move] = (await history(`record_type=program&record_id=${id}`)).data;
    expect(move).toMatchObject({
      action: 'update',
      reference_names: {
        [first]: '1.01.0.00.0.00.01.0000 - Dinas Pendidikan Riwayat',
        [second]: '1.02.0.00.0.00.01.0000 - Dinas Kesehatan Riwayat',
      },
    });
    expect(changeSummary(move!, messagesId)).toEqual([
      messagesId.history.change(
        messagesId.levels.agency.label,
        '1.01.0.00.0.00.01.0000 - Dinas Pendidikan Riwayat',
        '1.02.0.00.0.00.01.0000 - Dinas Kesehatan Riwayat',
      ),
    ]);
    // A line's history names its levels, its Pengampu and who made it.
    const line = await createLine({ component_name: 'Map Bernama' });
    const [created] = (await lineHistory(line.id).then((r) => r.json())).data as HistoryEntry[];
    const names = Object.values(created!.reference_names ?? {});
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Program Riwayat'),
        expect.stringContaining('Pengampu Riwayat'),
      ]),
    );
    expect(Object.keys(created!.reference_names ?? {})).toContain(chain.account_id);
  });

  it('filters the audit list by person and date, newest first, and counts', async () => {
    const byUser = await history(`actor_id=${t.userId}&limit=2`);
    expect(byUser.data).toHaveLength(2);
    expect(byUser.data.every((change) => change.actor_id === t.userId)).toBe(true);
    expect(byUser.data[0]!.id).toBeGreaterThan(byUser.data[1]!.id);
    expect(byUser.filter.filtered_result).toBeGreaterThan(2);
    expect(byUser.filter.total_result).toBeGreaterThan(byUser.filter.filtered_result!);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await history(`from=${yesterday}&to=${today}`)).filter.filtered_result).toBe(
      byUser.filter.total_result,
    );
    expect((await history(`to=${yesterday}`)).data).toEqual([]);
    const bad = await t.call('GET', `${API}/history/list?from=kemarin`, { token: t.adminToken });
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins; a user reads the history of their own lines only', async () => {
    const list = await t.call('GET', `${API}/history/list`, { token: t.userToken });
    expect(list.statusCode).toBe(403);
    const admins = await createLine({}, t.adminToken);
    expect((await lineHistory(admins.id)).statusCode).toBe(404);
    expect((await lineHistory(admins.id, t.adminToken)).statusCode).toBe(200);
  });

  it('cannot be edited: no call changes it, and the database refuses', async () => {
    const before = await changeCount();
    expect(
      (await t.call('DELETE', `${API}/history/1/delete`, { token: t.adminToken })).statusCode,
    ).toBe(404);
    await expect(sql`delete from change_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`update change_log set actor_id = null`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    expect(await changeCount()).toBe(before);
  });

  it('restores a deleted line with its id and owner, and an earlier version of an edited one, recorded as restores and told to the owner', async () => {
    const line = await createLine({ component_name: 'Tinta Printer', price: 2_000 });
    await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { component_name: 'Tinta Printer Hitam', price: 2_500 }),
    });
    const [created] = (await lineHistory(line.id)).json().data as HistoryEntry[];

    const earlier = await t.call('POST', `${API}/history/restore`, {
      token: t.adminToken,
      body: { change_id: created!.id },
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json().data).toMatchObject({
      id: line.id,
      component_name: 'Tinta Printer',
      price: 2_000,
      created_by: t.userId,
    });
    // Recorded as a restore (not an edit), by the admin, with the values it replaced.
    const restoredEdit = ((await lineHistory(line.id)).json().data as HistoryEntry[]).at(-1)!;
    expect(restoredEdit).toMatchObject({
      action: 'restore',
      actor_id: adminId,
      old_values: { component_name: 'Tinta Printer Hitam', price: 2_500 },
      new_values: { component_name: 'Tinta Printer', price: 2_000 },
    });

    await t.call('DELETE', `${LINES}/${line.id}/delete`, { token: t.userToken });
    expect(
      (await t.call('GET', `${LINES}/${line.id}/get`, { token: t.userToken })).statusCode,
    ).toBe(404);
    const deleted = ((await lineHistory(line.id)).json().data as HistoryEntry[]).at(-1)!;
    expect(deleted.action).toBe('delete');
    // Users do not restore.
    const refused = await t.call('POST', `${API}/history/restore`, {
      token: t.userToken,
      body: { change_id: deleted.id },
    });
    expect(refused.statusCode).toBe(403);
    const back = await t.call('POST', `${API}/history/restore`, {
      token: t.adminToken,
      body: { change_id: deleted.id },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ id: line.id, component_name: 'Tinta Printer' });
    // Back in its owner's list, and the restore is itself a change, made by the admin.
    expect(
      (await t.call('GET', `${LINES}/${line.id}/get`, { token: t.userToken })).statusCode,
    ).toBe(200);
    const last = ((await lineHistory(line.id)).json().data as HistoryEntry[]).at(-1)!;
    expect(last).toMatchObject({ action: 'restore', actor_id: adminId, old_values: null });
    expect(last.new_values).toMatchObject({
      component_name: 'Tinta Printer',
      created_by: t.userId,
    });
    // The audit page lists it as a restore too.
    const audited = await history(`record_type=detail_program&record_id=${line.id}`);
    expect(audited.data.map((change) => change.action)).toEqual([
      'restore',
      'delete',
      'restore',
      'update',
      'create',
    ]);
    // The owner is told each time, by whom; the admin who restored is not.
    const told = await t.call('GET', `${API}/notification/list?unread=true`, {
      token: t.userToken,
    });
    expect(told.statusCode, told.body).toBe(200);
    const restoredNotices = (
      told.json().data as { kind: string; line_id: string; actor_name: string }[]
    ).filter((notice) => notice.kind === 'line_restored' && notice.line_id === line.id);
    expect(restoredNotices).toHaveLength(2);
    expect(restoredNotices[0]).toMatchObject({ actor_name: 'Administrator' });
    const adminTold = await t.call('GET', `${API}/notification/list`, { token: t.adminToken });
    expect(
      (adminTold.json().data as { kind: string }[]).filter((n) => n.kind === 'line_restored'),
    ).toEqual([]);

    const program = (await history('record_type=program&limit=1')).data[0]!;
    const notALine = await t.call('POST', `${API}/history/restore`, {
      token: t.adminToken,
      body: { change_id: program.id },
    });
    expect(notALine.statusCode).toBe(400);
    expect(notALine.json().issues).toEqual([
      { path: 'change_id', message: server.historyNotRestorable },
    ]);
    const missing = await t.call('POST', `${API}/history/restore`, {
      token: t.adminToken,
      body: { change_id: 999_999_999 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("locks a sub kegiatan's lines of a year against users, not admins; unlocking needs a reason and is recorded", async () => {
    const YEAR = 2030;
    const line = await createLine({ year: YEAR });
    const lock = (body: Record<string, unknown>, token = t.adminToken) =>
      t.call('PUT', `${API}/lock/sub-action`, {
        token,
        body: { sub_action_id: chain.sub_action_id, year: YEAR, ...body },
      });
    expect((await lock({ locked: true }, t.userToken)).statusCode).toBe(403);
    const locked = await lock({ locked: true, reason: 'Ranhir ditetapkan' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().data).toMatchObject({ locked: true, changed_by_name: expect.any(String) });

    const refusal = server.subActionLocked(
      'Sub Kegiatan Riwayat',
      YEAR,
      locked.json().data.changed_by_name,
    );
    const created = await t.call('POST', `${LINES}/create`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: YEAR }),
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe(refusal);
    const edited = await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: YEAR, price: 2_000 }),
    });
    expect(edited.statusCode).toBe(409);
    // Moving the line out of the locked year is an edit of a locked line too.
    const moved = await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: YEAR + 1 }),
    });
    expect(moved.statusCode).toBe(409);
    const deleted = await t.call('DELETE', `${LINES}/${line.id}/delete`, { token: t.userToken });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(refusal);
    // Other years of the same sub kegiatan are open.
    await createLine({ year: YEAR + 1 });
    // An admin may still correct a locked line.
    const corrected = await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.adminToken,
      body: budgetLineInput(chain, { year: YEAR, price: 1_200 }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const noReason = await lock({ locked: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([
      expect.objectContaining({ path: 'reason', message: 'wajib diisi bila kunci dibuka' }),
    ]);
    const unlocked = await lock({ locked: false, reason: 'Salah ketik harga satuan' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const again = await t.call('PUT', `${LINES}/${line.id}/update`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: YEAR, price: 1_300 }),
    });
    expect(again.statusCode, again.body).toBe(200);

    const recorded = await history(
      `record_type=sub_action_lock&record_id=${chain.sub_action_id}/${YEAR}`,
    );
    expect(recorded.data.map((change) => [change.action, change.new_values?.reason])).toEqual([
      ['update', 'Salah ketik harga satuan'],
      ['create', 'Ranhir ditetapkan'],
    ]);
    const list = await t.call('GET', `${API}/lock/list?year=${YEAR}`, { token: t.adminToken });
    expect(list.json().data).toEqual([
      expect.objectContaining({ sub_action_id: chain.sub_action_id, locked: false }),
    ]);
    const unknown = await t.call('PUT', `${API}/lock/sub-action`, {
      token: t.adminToken,
      body: { sub_action_id: '00000000-0000-4000-8000-000000000000', year: YEAR, locked: true },
    });
    expect(unknown.statusCode).toBe(400);
  });

  describe('by Perangkat Daerah, and as a workbook', () => {
    let unit: Chain;
    let agencyId: string;
    let expected: string[];

    beforeAll(async () => {
      // The unit's lines are written by its own user (issue 34).
      let staff: string;
      ({ chain: unit, agency: agencyId, token: staff } = await buildUnitChain(t, 'Unit'));
      const line = await createLine({ ...unit, component_name: 'Baris Unit' }, staff);
      const edited = await t.call('PUT', `${LINES}/${line.id}/update`, {
        token: staff,
        body: budgetLineInput(unit, { component_name: 'Baris Unit', price: 2_000 }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      // A deleted line is still the unit's: its recorded values name the programme.
      const gone = await createLine({ ...unit, component_name: 'Baris Dihapus' }, staff);
      expect(
        (await t.call('DELETE', `${LINES}/${gone.id}/delete`, { token: staff })).statusCode,
      ).toBe(200);
      const pagu = await t.call('PUT', `${API}/pagu/set`, {
        token: t.adminToken,
        body: { sub_action_id: unit.sub_action_id, year: 2025, amount: 5_000_000 },
      });
      expect(pagu.statusCode, pagu.body).toBe(200);
      // Another unit's line: not this one's.
      await createLine({ component_name: 'Baris Lain' });
      expected = [
        `agency ${agencyId}`,
        `program ${unit.program_id}`,
        `action ${unit.action_id}`,
        `sub_action ${unit.sub_action_id}`,
        `activity ${unit.activity_id}`,
        `subtitle ${unit.subtitle_id}`,
        `account ${unit.account_id}`,
        `detail_program ${line.id}`,
        `detail_program ${line.id}`,
        `detail_program ${gone.id}`,
        `detail_program ${gone.id}`,
        `pagu ${unit.sub_action_id}/2025`,
      ].sort();
    });

    it("lists exactly a unit's changes: its records and everything under its programmes", async () => {
      const listed = await history(`agency_id=${agencyId}&limit=100`);
      expect(listed.data.map((entry) => `${entry.record_type} ${entry.record_id}`).sort()).toEqual(
        expected,
      );
      expect(listed.filter.filtered_result).toBe(expected.length);
      // With the other filters too.
      const lines = await history(`agency_id=${agencyId}&record_type=detail_program`);
      expect(lines.data).toHaveLength(4);
      expect(lines.data.map((entry) => entry.action)).toEqual([
        'delete',
        'create',
        'update',
        'create',
      ]);
    });

    it('exports the filtered changes as a workbook, worded as the page', async () => {
      const asked = await t.call('GET', `${API}/history/export?agency_id=${agencyId}`, {
        token: t.adminToken,
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data.originalName).toBe('riwayat-perubahan.xlsx');
      const link = new URL(asked.json().data.path, 'http://localhost');
      const file = await t.call('GET', `${link.pathname}${link.search}`);
      expect(file.statusCode, file.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Riwayat Perubahan')!;
      const rows = Array.from(sheet.getSheetValues().slice(1), (row) =>
        Array.isArray(row) ? row.slice(1) : [],
      );
      expect(rows[0]).toEqual([
        'Waktu',
        'Pengguna',
        'Alamat',
        'Jenis Data',
        'Data',
        'Aksi',
        'Sebelum',
        'Sesudah',
      ]);
      const listed = await history(`agency_id=${agencyId}&limit=100`);
      expect(rows.slice(1).map((row) => [row[3], row[5]])).toEqual(
        listed.data.map((entry) => [
          messagesId.history.recordTypes[entry.record_type],
          messagesId.history.actions[entry.action],
        ]),
      );
      const edit = rows.find((row) => row[4] === 'Baris Unit' && row[5] === 'Diubah')!;
      expect(edit[6]).toContain('Harga: Rp 1.000');
      expect(edit[7]).toContain('Harga: Rp 2.000');
      const removed = rows.find((row) => row[4] === 'Baris Dihapus' && row[5] === 'Dihapus')!;
      expect(removed[6]).toContain('Nama Komponen: Baris Dihapus');
      expect(removed[7]).toBeUndefined();
    });

    it('refuses the export to a user, and its link once expired or to a bearer token', async () => {
      const user = await t.call('GET', `${API}/history/export`, { token: t.userToken });
      expect(user.statusCode).toBe(403);
      const asBearer = await t.call(
        'GET',
        `${API}/history/export/file?token=${encodeURIComponent(t.adminToken)}`,
      );
      expect(asBearer.statusCode).toBe(401);
      const asked = await t.call('GET', `${API}/history/export`, { token: t.adminToken });
      const link = new URL(asked.json().data.path, 'http://localhost');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 11 * 60 * 1000);
        const expired = await t.call('GET', `${link.pathname}${link.search}`);
        expect(expired.statusCode).toBe(401);
        expect(expired.json()).toMatchObject({ message: 'Token Invalid' });
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
