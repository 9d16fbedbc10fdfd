import { changeSummary, type HistoryEntry, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import pg from 'pg';
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

  it("records a line's create, edit and delete with who, from where (for admins), and the values before and after", async () => {
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
        record_type: 'detail_program',
        record_id: line.id,
      });
      // Where a change came from is for administrators only (issue 34).
      expect(change).not.toHaveProperty('address');
    }
    const asAdmin = await lineHistory(line.id, t.adminToken);
    for (const change of asAdmin.json().data as HistoryEntry[]) {
      expect(change.address).toBe('127.0.0.1');
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

  it('pages the audit list by cursor: each change once while changes are added (issue 39)', async () => {
    for (let i = 0; i < 5; i++) await createLine({ component_name: `Riwayat ${i}` });
    const all = (await history('limit=100')).data.map((entry) => entry.id);
    const cursorOf = (filter: Record<string, unknown>, name: string) =>
      filter[name] as string | null;
    let answer = await history('limit=3');
    const seen = answer.data.map((entry) => entry.id);
    expect(cursorOf(answer.filter, 'prev_cursor')).toBeNull();
    while (cursorOf(answer.filter, 'next_cursor')) {
      // A change made between two pages lands before the first: it is not read, nothing moves.
      await createLine({ component_name: 'Baru' });
      answer = await history(`limit=3&after=${cursorOf(answer.filter, 'next_cursor')}`);
      seen.push(...answer.data.map((entry) => entry.id));
    }
    expect(seen).toEqual(all);
    const back = answer.data.map((entry) => entry.id);
    while (cursorOf(answer.filter, 'prev_cursor')) {
      answer = await history(`limit=3&before=${cursorOf(answer.filter, 'prev_cursor')}`);
      back.unshift(...answer.data.map((entry) => entry.id));
    }
    // Back to the newest: the changes made while paging come first.
    expect(back.slice(-all.length)).toEqual(all);
    expect(answer.filter).toMatchObject({ filtered_bounded: false, total_bounded: false });
    const refused = await t.call('GET', `${API}/history/list?after=bm9wZQ`, {
      token: t.adminToken,
    });
    expect(refused.statusCode).toBe(400);
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

  // Issue 34: a line edited 1 200 times answered 7.8 MB of history in one call.
  it("pages a heavily edited line's history, oldest first, every change reachable", async () => {
    const line = await createLine({ component_name: 'Sering Diubah', price: 1_000 });
    await sql`do $$ begin
      for step in 1..1200 loop
        update detail_program set price = price + 1 where id = ${sql.lit(line.id)};
      end loop;
    end $$`.execute(t.database.db);

    const first = await lineHistory(line.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().filter).toMatchObject({
      current_page: 1,
      total_page: 13,
      filtered_result: 1201,
    });
    const entries = first.json().data as HistoryEntry[];
    expect(entries).toHaveLength(100);
    expect(entries[0]).toMatchObject({ action: 'create' });
    expect(entries[1]!.new_values).toMatchObject({ price: 1_001 });

    const last = await t.call('GET', `${LINES}/${line.id}/history?page=13&limit=100`, {
      token: t.userToken,
    });
    expect(last.statusCode, last.body).toBe(200);
    const lastEntries = last.json().data as HistoryEntry[];
    expect(lastEntries).toHaveLength(1);
    expect(lastEntries[0]!.new_values).toMatchObject({ price: 2_200 });
    // Pages are no larger than a page size asks.
    const small = await t.call('GET', `${LINES}/${line.id}/history?limit=10&page=2`, {
      token: t.userToken,
    });
    expect((small.json().data as HistoryEntry[]).map((entry) => entry.new_values?.price)).toEqual(
      Array.from({ length: 10 }, (_, index) => 1_010 + index),
    );
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

  it("a lock and a user's write in flight take turns: the write commits before the lock, or waits for it and is refused", async () => {
    const YEAR = 2032;
    const place = await buildChain(t, 'Balapan');
    const pagu = await t.call('PUT', `${API}/pagu/set`, {
      token: t.adminToken,
      body: { sub_action_id: place.sub_action_id, year: YEAR, amount: 1_000_000 },
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const lock = (year: number, locked: boolean) =>
      t.call('PUT', `${API}/lock/sub-action`, {
        token: t.adminToken,
        body: { sub_action_id: place.sub_action_id, year, locked, reason: 'Ranhir ditetapkan' },
      });
    const write = (year: number) =>
      t.call('POST', `${LINES}/create`, {
        token: t.userToken,
        body: budgetLineInput(place, { year }),
      });
    // On PostgreSQL another connection holds a row the racing call needs after its own check,
    // so it is caught in flight; PGlite runs one transaction at a time, so there the two calls
    // simply follow each other and the outcome must be the same.
    const holder = t.database.url ? new pg.Client({ connectionString: t.database.url }) : null;
    await holder?.connect();
    const holderPid = holder
      ? (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      : 0;
    /** The backend that waits on `pid`'s locks, if any: a racing call caught in flight. */
    const blockedBy = async (pid: number) =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and ${pid} = any(pg_blocking_pids(pid))`.execute(
          t.database.db,
        )
      ).rows[0]?.pid;
    const until = async (condition: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 1000; attempt++) {
        if (await condition()) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the racing calls never reached the expected point');
    };
    /** The backend caught waiting on `pid`'s locks, once there is one. */
    const caught = async (pid: number) => {
      let found: number | undefined;
      await until(async () => {
        found = await blockedBy(pid);
        return found !== undefined;
      });
      return found!;
    };
    try {
      // 1. A write in flight (past its lock check, waiting on its pagu) when the lock is set:
      // the lock waits for it, so no line of the locked sub kegiatan commits after the lock.
      if (holder) {
        await holder.query('begin');
        await holder.query('select 1 from pagu where sub_action_id = $1 and year = $2 for update', [
          place.sub_action_id,
          YEAR,
        ]);
      }
      const written = write(YEAR);
      const writer = holder ? await caught(holderPid) : await written.then(() => 0);
      const locked = lock(YEAR, true);
      if (holder) {
        // The lock waits for the write in flight (on the old code it went ahead).
        await caught(writer);
        await holder.query('commit');
      }
      expect((await written).statusCode).toBe(201);
      expect((await locked).statusCode).toBe(200);

      // 2. A write begun while a lock is being set (held at its record of who set it) waits for
      // the lock and is refused.
      if (holder) {
        await holder.query('begin');
        await holder.query('select 1 from app_user where id = $1 for update', [adminId]);
      }
      const relocked = lock(YEAR + 1, true);
      const locker = holder ? await caught(holderPid) : await relocked.then(() => 0);
      const late = write(YEAR + 1);
      if (holder) {
        // The write waits for the lock being set.
        await caught(locker);
        await holder.query('commit');
      }
      expect((await relocked).statusCode).toBe(200);
      const refused = await late;
      expect(refused.statusCode, refused.body).toBe(409);
    } finally {
      await holder?.end();
    }
  });

  it("records the settings: PPN rules, signatories, people's roles and units, and stage dates", async () => {
    const unit = async (code: string, name: string) => {
      const made = await t.call('POST', `${API}/agency/create`, {
        token: t.adminToken,
        body: { code, name },
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as string;
    };
    const first = await unit('5.01.0.00.0.00.01.0000', 'Badan Keuangan Setelan');
    const second = await unit('5.02.0.00.0.00.01.0000', 'Inspektorat Setelan');

    // PPN rules: each rule added, edited or removed once, not the whole set again on each save.
    const rules = (list: Record<string, unknown>[]) =>
      t.call('PUT', `${API}/planning/tax-rules`, { token: t.adminToken, body: { rules: list } });
    const ppn2026 = {
      effective_from: '2026-01-01',
      rate: 12,
      base_numerator: 11,
      base_denominator: 12,
    };
    expect((await rules([ppn2026])).statusCode).toBe(200);
    expect(
      (await rules([ppn2026, { ...ppn2026, effective_from: '2040-01-01', rate: 13 }])).statusCode,
    ).toBe(200);
    expect((await rules([ppn2026])).statusCode).toBe(200);
    const taxRules = await history('record_type=tax_rule');
    expect(
      taxRules.data.map((change) => [change.action, change.record_id, change.actor_id]),
    ).toEqual([
      ['delete', '2040-01-01', adminId],
      ['create', '2040-01-01', adminId],
      ['create', '2026-01-01', adminId],
    ]);
    expect(taxRules.data[2]!.new_values).toMatchObject({ rate: 12, base_numerator: 11 });
    expect(
      changeSummary(
        {
          ...taxRules.data[0]!,
          action: 'update',
          new_values: { ...taxRules.data[0]!.old_values, rate: 12 },
        },
        messagesId,
      ),
    ).toEqual(['Tarif PPN: 13 → 12']);

    // Signatories, the region's ('-') and a unit's (found under that unit's filter).
    const signer = (agency_id: string | null, name: string) =>
      t.call('PUT', `${API}/planning/signer`, {
        token: t.adminToken,
        body: { agency_id, place: 'Kota Contoh', position: 'Kepala Badan', name },
      });
    expect((await signer(null, 'Drs. Wali')).statusCode).toBe(200);
    expect((await signer(first, 'Ir. Kepala')).statusCode).toBe(200);
    expect((await signer(first, 'Ir. Kepala Baru')).statusCode).toBe(200);
    const signers = await history('record_type=rka_signer');
    expect(signers.data.map((change) => [change.action, change.record_id])).toEqual([
      ['update', first],
      ['create', first],
      ['create', '-'],
    ]);
    expect(changeSummary(signers.data[0]!, messagesId)).toEqual([
      'Nama: Ir. Kepala → Ir. Kepala Baru',
    ]);

    // A person, their role and their units: who gave them access to which unit, and when.
    const made = await t.call('POST', `${API}/user/create`, {
      token: t.adminToken,
      body: {
        name: 'Rina Setelan',
        email: 'rina.setelan@test.local',
        role: 'user',
        password: 'rina-password-1',
        agency_ids: [first],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const person = made.json().data.id as string;
    const updated = await t.call('PUT', `${API}/user/${person}/update`, {
      token: t.adminToken,
      body: {
        name: 'Rina Setelan',
        email: 'rina.setelan@test.local',
        role: 'verifier',
        agency_ids: [first, second],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const password = await t.call('PUT', `${API}/user/${person}/password`, {
      token: t.adminToken,
      body: { password: 'rina-password-2' },
    });
    expect(password.statusCode, password.body).toBe(200);

    const people = await history(`record_type=app_user&record_id=${person}`);
    expect(people.data.map((change) => [change.action, change.actor_id])).toEqual([
      ['update', adminId],
      ['create', adminId],
    ]);
    // The role changed; the password (and its hash) is never kept, nor is its change a change.
    expect(changeSummary(people.data[0]!, messagesId)).toEqual(['Peran: User → Verifikator']);
    for (const change of people.data) {
      expect(JSON.stringify(change)).not.toMatch(/password|session_version|argon2/);
    }
    const access = await history(`record_type=user_agency&agency_id=${second}`);
    expect(access.data).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_id: adminId,
        record_id: `${person}/${second}`,
        new_values: { user_id: person, agency_id: second },
      }),
    ]);
    expect(access.data[0]!.reference_names).toMatchObject({ [person]: 'Rina Setelan' });
    // Keeping a unit is no change: the first unit was given once.
    expect((await history(`record_type=user_agency&agency_id=${first}`)).data).toHaveLength(1);
    // The unit's filter finds its signatory's changes too.
    const ofFirst = await history(`agency_id=${first}`);
    expect(new Set(ofFirst.data.map((change) => change.record_type))).toEqual(
      new Set(['agency', 'rka_signer', 'user_agency']),
    );

    // Stage dates, each move of them by the admin who moved them.
    const schedule = (ends_on: string) =>
      t.call('PUT', `${API}/stage/schedule`, {
        token: t.adminToken,
        body: { year: 2035, stages: [{ kind: 'ranwal', starts_on: '2034-02-01', ends_on }] },
      });
    expect((await schedule('2034-03-01')).statusCode).toBe(200);
    expect((await schedule('2034-04-01')).statusCode).toBe(200);
    const stages = await history('record_type=budget_stage');
    expect(stages.data[0]).toMatchObject({ action: 'update', actor_id: adminId });
    expect(changeSummary(stages.data[0]!, messagesId)).toEqual([
      'Tanggal Selesai: 2034-03-01 → 2034-04-01',
    ]);
  });

  it("recalculates a year's PPN only when an admin applies it, after a preview of what changes, recorded", async () => {
    const YEAR = 2036;
    const rules = (list: Record<string, unknown>[]) =>
      t.call('PUT', `${API}/planning/tax-rules`, { token: t.adminToken, body: { rules: list } });
    expect((await rules([])).statusCode).toBe(200);
    // Priced under the default: 12% of the whole total.
    const a = await createLine({
      year: YEAR,
      is_taxed: true,
      price: 1_000,
      component_name: 'Alat Tulis',
    });
    const b = await createLine({
      year: YEAR,
      is_taxed: true,
      price: 2_000,
      component_name: 'Bahan Cetak',
    });
    await createLine({ year: YEAR, is_taxed: false, price: 5_000, component_name: 'Tanpa Pajak' });
    const rule = {
      effective_from: `${YEAR}-01-01`,
      rate: 12,
      base_numerator: 11,
      base_denominator: 12,
    };
    expect((await rules([rule])).statusCode).toBe(200);

    const taxOf = async (id: string) =>
      (await t.call('GET', `${LINES}/${id}/get`, { token: t.adminToken })).json().data.tax;
    // A rule change alone reprices nothing: the lines keep their PPN until recalculated.
    expect(await taxOf(a.id)).toBe(120);

    const preview = async (token = t.adminToken) =>
      t.call('GET', `${API}/planning/tax-recalculation?year=${YEAR}`, { token });
    expect((await preview(t.userToken)).statusCode).toBe(403);
    const before = await preview();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.years).toEqual([
      expect.objectContaining({
        year: YEAR,
        rule: {
          effective_from: `${YEAR}-01-01`,
          rate: 12,
          base_numerator: 11,
          base_denominator: 12,
        },
        lines: 2,
        total_before: '3360',
        total_after: '3330',
      }),
    ]);
    expect(
      before
        .json()
        .data.years[0].sample.map((line: Record<string, unknown>) => [
          line.component_name,
          line.tax_before,
          line.tax_after,
        ]),
    ).toEqual([
      ['Alat Tulis', 120, 110],
      ['Bahan Cetak', 240, 220],
    ]);
    // The preview changed nothing.
    expect(await taxOf(a.id)).toBe(120);

    const refused = await t.call('POST', `${API}/planning/tax-recalculation/apply`, {
      token: t.userToken,
      body: { year: YEAR },
    });
    expect(refused.statusCode).toBe(403);
    const applied = await t.call('POST', `${API}/planning/tax-recalculation/apply`, {
      token: t.adminToken,
      body: { year: YEAR },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      lines: 2,
      total_before: '3360',
      total_after: '3330',
    });
    expect(await taxOf(a.id)).toBe(110);
    expect(await taxOf(b.id)).toBe(220);
    expect((await preview()).json().data.years).toEqual([]);

    // Each repriced line is an edit by the admin in its history.
    const changes: HistoryEntry[] = (await lineHistory(a.id, t.adminToken)).json().data;
    const last = changes.at(-1)!;
    expect(last).toMatchObject({ action: 'update', actor_id: adminId });
    expect(changeSummary(last, messagesId)).toEqual(
      expect.arrayContaining([
        'Pajak: Rp 120 → Rp 110',
        'Total Setelah Pajak: Rp 1.120 → Rp 1.110',
      ]),
    );
    expect((await rules([])).statusCode).toBe(200);
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
      // Giving the unit's user the unit is one of its changes too (issue 34).
      const staffId = (await t.call('GET', '/ranwal/api/user/me', { token: staff })).json().data
        .id as string;
      expected = [
        `user_agency ${staffId}/${agencyId}`,
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
