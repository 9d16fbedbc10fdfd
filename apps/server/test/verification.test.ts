import { lineReferenceKeys, messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain, createChainWith } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const server = messagesId.server;
const YEAR = 2026;
const PASSWORD = 'rahasia-123';

/** A chain of levels in a Perangkat Daerah of its own, with that unit's id. */
async function unitChain(t: TestApp, label: string): Promise<{ chain: Chain; agency: string }> {
  const made = await createChainWith(async (path, body) => {
    const response = await t.call('POST', `${API}/${path}/create`, {
      token: t.adminToken,
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }, label);
  const chain = Object.fromEntries(
    lineReferenceKeys.map((key) => [`${key}_id`, made[key].id]),
  ) as Chain;
  return { chain, agency: made.agency.id };
}

describe.each(databaseTargets)('scope by unit and verification on %s', (target) => {
  let t: TestApp;
  let unitA: { chain: Chain; agency: string };
  let unitB: { chain: Chain; agency: string };
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const as = (who: string) => ({
    get: (path: string) => t.call('GET', `${API}/${path}`, { token: tokens[who] }),
    post: (path: string, body?: unknown) =>
      t.call('POST', `${API}/${path}`, { token: tokens[who], body }),
    put: (path: string, body?: unknown) =>
      t.call('PUT', `${API}/${path}`, { token: tokens[who], body }),
    delete: (path: string) => t.call('DELETE', `${API}/${path}`, { token: tokens[who] }),
  });
  const line = (unit: { chain: Chain }, name: string, price = 1_000) =>
    budgetLineInput(unit.chain, { year: YEAR, component_name: name, price });
  const names = (response: { json(): { data: { component_name: string }[] } }) =>
    response
      .json()
      .data.map((row) => row.component_name)
      .sort();
  const unread = async (who: string) => (await as(who).get('notification/count')).json().data;

  beforeAll(async () => {
    t = await startTestApp(target);
    tokens.admin = t.adminToken;
    tokens.budi = t.userToken;
    unitA = await unitChain(t, 'PDK');
    unitB = await unitChain(t, 'KES');
    const people = [
      ['ani', 'user', [unitA.agency]],
      ['citra', 'user', [unitA.agency]],
      ['vera', 'verifier', [unitA.agency]],
      ['vino', 'verifier', []],
    ] as const;
    for (const [name, role, agencies] of people) {
      const made = await as('admin').post('user/create', {
        name: name[0]!.toUpperCase() + name.slice(1),
        email: `${name}@test.local`,
        role,
        password: PASSWORD,
        agency_ids: agencies,
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().data.agency_ids).toEqual(agencies);
      ids[name] = made.json().data.id;
      const signedIn = await t.call('POST', `${API}/user/sign-in`, {
        body: { email: `${name}@test.local`, password: PASSWORD },
      });
      tokens[name] = signedIn.json().data.token;
    }
  });
  afterAll(() => t?.close());

  it("keeps people to their units' lines: a user edits the unit's lines, a verifier only reads them, a person without a unit reaches none of them", async () => {
    const byAni = await as('ani').post('detail-program/create', line(unitA, 'Buku Tulis'));
    expect(byAni.statusCode, byAni.body).toBe(201);
    const byCitra = await as('citra').post('detail-program/create', line(unitA, 'Pensil'));
    expect(byCitra.statusCode).toBe(201);
    // A person without a unit writes nothing under a unit's programme (issue 34).
    const withoutUnit = await as('budi').post('detail-program/create', line(unitA, 'Pensil'));
    expect(withoutUnit.statusCode).toBe(403);
    expect(withoutUnit.json().message).toBe(server.withoutUnit);
    expect(withoutUnit.json().issues).toEqual([
      { path: 'program_id', message: server.programOfAUnit },
    ]);
    const inB = await as('admin').post('detail-program/create', line(unitB, 'Masker'));
    expect(inB.statusCode).toBe(201);
    ids.lineAni = byAni.json().data.id;
    ids.lineB = inB.json().data.id;

    // Outside her units: refused, naming the programme.
    const outside = await as('ani').post('detail-program/create', line(unitB, 'Obat'));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(server.outsideUnits);
    expect(outside.json().issues).toEqual([
      { path: 'program_id', message: server.programOutsideUnits },
    ]);

    // A unit's people see its lines, whoever made them; nothing of another unit.
    expect(names(await as('ani').get(`detail-program/list?year=${YEAR}`))).toEqual([
      'Buku Tulis',
      'Pensil',
    ]);
    const listed = await as('citra').get('detail-program/list');
    expect(listed.json().filter.total_result).toBe(2);
    expect(names(await as('vera').get('detail-program/list'))).toEqual(['Buku Tulis', 'Pensil']);
    expect((await as('ani').get(`detail-program/${ids.lineB}/get`)).statusCode).toBe(404);
    // Nor another unit's ceiling.
    const pagu = (who: string, unit: { chain: Chain }) =>
      as(who).get(`pagu/status?sub_action_id=${unit.chain.sub_action_id}&year=${YEAR}`);
    expect((await pagu('ani', unitA)).statusCode).toBe(200);
    expect((await pagu('ani', unitB)).statusCode).toBe(403);
    expect((await pagu('budi', unitB)).statusCode).toBe(403);
    // Without units: nothing of a unit's (issue 34).
    expect((await as('budi').get('detail-program/list')).json().data).toEqual([]);
    expect((await as('vino').get('detail-program/list')).json().data).toEqual([]);

    // Citra edits Ani's line (same unit); Budi cannot (no unit).
    const edited = await as('citra').put(
      `detail-program/${ids.lineAni}/update`,
      line(unitA, 'Buku Tulis Bergaris'),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await as('budi').put(`detail-program/${ids.lineAni}/update`, line(unitA, 'X'))).statusCode,
    ).toBe(403);
    // The history of a line follows the same scope.
    expect((await as('citra').get(`detail-program/${ids.lineAni}/history`)).statusCode).toBe(200);
    expect((await as('budi').get(`detail-program/${ids.lineAni}/history`)).statusCode).toBe(404);

    // A verifier reviews; they do not write lines.
    for (const refused of [
      await as('vera').post('detail-program/create', line(unitA, 'Spidol')),
      await as('vera').put(`detail-program/${ids.lineAni}/update`, line(unitA, 'Spidol')),
      await as('vera').delete(`detail-program/${ids.lineAni}/delete`),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(server.verifierReadOnly);
    }
    expect(names(await as('ani').get('detail-program/list'))).toEqual([
      'Buku Tulis Bergaris',
      'Pensil',
    ]);
    expect(
      names(await as('vera').get(`detail-program/list?sub_action_id=${unitA.chain.sub_action_id}`)),
    ).toEqual(['Buku Tulis Bergaris', 'Pensil']);
    expect(
      (await as('admin').get(`detail-program/list?sub_action_id=${unitB.chain.sub_action_id}`))
        .json()
        .data.map((row: { id: string }) => row.id),
    ).toEqual([ids.lineB]);

    // The download holds the unit's lines, for a user and for a verifier of the unit.
    for (const who of ['citra', 'vera']) {
      const link = await as(who).get(`detail-program/report?year=${YEAR}`);
      const url = new URL(link.json().data.path, 'http://localhost');
      const file = await t.call('GET', `${url.pathname}${url.search}`);
      expect(file.statusCode, file.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
      const text = JSON.stringify(workbook.worksheets[0]!.getSheetValues());
      expect(text).toContain('Buku Tulis Bergaris');
      expect(text).toContain('Pensil');
      expect(text).not.toContain('Masker');
    }
    // A title names only people the caller may see: someone who made a line of their units, not
    // any id asked for (issue 34). Flat and RKA alike.
    const titleOf = async (query: string) => {
      const link = await as('citra').get(`detail-program/report?year=${YEAR}&${query}`);
      expect(link.statusCode, link.body).toBe(200);
      const url = new URL(link.json().data.path, 'http://localhost');
      const file = await t.call('GET', `${url.pathname}${url.search}`);
      expect(file.statusCode, file.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
      return JSON.stringify(workbook.worksheets[0]!.getSheetValues().slice(0, 12));
    };
    for (const layout of ['flat', 'rka']) {
      expect(await titleOf(`layout=${layout}&created_by=${ids.ani}`)).toContain('Dibuat oleh: Ani');
      expect(await titleOf(`layout=${layout}&created_by=${ids.vino}`)).not.toContain('Vino');
    }
  });

  it("keeps a person's units when a client that knows none updates them, and refuses an unknown unit", async () => {
    const kept = await as('admin').put(`user/${ids.ani}/update`, {
      name: 'Ani',
      email: 'ani@test.local',
      role: 'user',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.agency_ids).toEqual([unitA.agency]);
    expect((await as('ani').get('user/me')).json().data.agency_ids).toEqual([unitA.agency]);
    const unknown = await as('admin').put(`user/${ids.ani}/update`, {
      name: 'Ani',
      email: 'ani@test.local',
      role: 'user',
      agency_ids: [unitA.agency, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'agency_ids', message: server.agencyUnknown }]);
    expect((await as('ani').get('user/me')).json().data.agency_ids).toEqual([unitA.agency]);
  });

  it('runs a verification: a note on a line tells the unit, the unit answers and fixes it, the verifier closes it and verifies the sub kegiatan', async () => {
    const baseline = { ani: await unread('ani'), citra: await unread('citra') };
    const written = await as('vera').post('verification/notes/create', {
      line_id: ids.lineAni,
      body: 'Harga buku di atas standar, mohon disesuaikan.',
    });
    expect(written.statusCode, written.body).toBe(201);
    const note = written.json().data;
    expect(note).toMatchObject({
      line_id: ids.lineAni,
      line_name: 'Buku Tulis Bergaris',
      sub_action_id: unitA.chain.sub_action_id,
      year: YEAR,
      status: 'open',
      author_name: 'Vera',
      replies: [],
    });
    // The unit is told; the person without units who did not make the line is not.
    expect(await unread('ani')).toEqual({ unread: baseline.ani.unread + 1 });
    expect(await unread('citra')).toEqual({ unread: baseline.citra.unread + 1 });
    expect(await unread('budi')).toEqual({ unread: 0 });
    const told = (await as('ani').get('notification/list?unread=true')).json().data[0];
    expect(told).toMatchObject({
      kind: 'note_opened',
      note_id: note.id,
      line_name: 'Buku Tulis Bergaris',
      actor_name: 'Vera',
      read: false,
    });

    // Outside a verifier's units: another unit's line is not found, its sub kegiatan refused.
    expect(
      (await as('vino').post('verification/notes/create', { line_id: ids.lineAni, body: 'x' }))
        .statusCode,
    ).toBe(404);
    const elsewhere = await as('vera').post('verification/notes/create', {
      sub_action_id: unitB.chain.sub_action_id,
      year: YEAR,
      body: 'x',
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(server.outsideUnits);
    // A user does not write notes.
    expect(
      (await as('ani').post('verification/notes/create', { line_id: ids.lineAni, body: 'x' }))
        .statusCode,
    ).toBe(403);

    // Open notes on the unit's lines, as the user's dashboard lists them.
    const open = await as('ani').get(`verification/notes?year=${YEAR}&status=open`);
    expect(open.json().data.map((row: { id: string }) => row.id)).toEqual([note.id]);
    expect((await as('budi').get('verification/notes')).json().data).toEqual([]);

    const early = await as('vera').put('verification/sub-action', {
      sub_action_id: unitA.chain.sub_action_id,
      year: YEAR,
      verified: true,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(server.notesStillOpen(1));

    // The unit answers and fixes the line; the verifier is told.
    const answered = await as('ani').post(`verification/notes/${note.id}/reply`, {
      body: 'Sudah disesuaikan dengan katalog.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({
      status: 'answered',
      replies: [{ body: 'Sudah disesuaikan dengan katalog.', author_name: 'Ani' }],
    });
    expect(
      (await as('ani').put(`detail-program/${ids.lineAni}/update`, line(unitA, 'Buku Tulis', 900)))
        .statusCode,
    ).toBe(200);
    expect((await as('vera').get('notification/list')).json().data[0]).toMatchObject({
      kind: 'note_answered',
      actor_name: 'Ani',
    });
    // Only reviewers close notes.
    expect(
      (await as('ani').put(`verification/notes/${note.id}/close`, { closed: true })).statusCode,
    ).toBe(403);
    const closed = await as('vera').put(`verification/notes/${note.id}/close`, { closed: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', closed_by_name: 'Vera' });
    const late = await as('ani').post(`verification/notes/${note.id}/reply`, { body: 'Oke' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(server.noteClosed);

    const verified = await as('vera').put('verification/sub-action', {
      sub_action_id: unitA.chain.sub_action_id,
      year: YEAR,
      verified: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({
      sub_action_id: unitA.chain.sub_action_id,
      line_count: 2,
      total_after_tax: '1900',
      open_notes: 0,
      closed_notes: 1,
      verified_by_name: 'Vera',
    });
    expect((await as('ani').get('notification/list')).json().data[0]).toMatchObject({
      kind: 'sub_action_verified',
      sub_action_id: unitA.chain.sub_action_id,
    });
    // A verifier's list of sub kegiatan covers their units only.
    const reviews = await as('vera').get(`verification/sub-actions?year=${YEAR}`);
    expect(reviews.json().data.map((row: { sub_action_id: string }) => row.sub_action_id)).toEqual([
      unitA.chain.sub_action_id,
    ]);
    expect((await as('vino').get(`verification/sub-actions?year=${YEAR}`)).json().data).toEqual([]);
    expect((await as('ani').get(`verification/sub-actions?year=${YEAR}`)).statusCode).toBe(403);

    // A new note on the sub kegiatan takes its verification away.
    const again = await as('vera').post('verification/notes/create', {
      sub_action_id: unitA.chain.sub_action_id,
      year: YEAR,
      body: 'Lampirkan rincian harga.',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ line_id: null, line_name: null });
    const after = await as('admin').get(
      `verification/sub-actions?year=${YEAR}&agency_id=${unitA.agency}`,
    );
    expect(after.json().data).toEqual([
      expect.objectContaining({ sub_action_id: unitA.chain.sub_action_id, verified_at: null }),
    ]);

    // Read: the count falls to zero, one's own only.
    const read = await as('ani').put('notification/read', {});
    expect(read.json().data).toEqual({ unread: 0 });
    expect((await unread('citra')).unread).toBeGreaterThan(0);
  });

  // Issue 34: a note answered 1 500 times made every list 3.2 MB.
  it('lists a much-answered note with its count and latest answers; the answers come a page at a time', async () => {
    const made = await as('ani').post('detail-program/create', line(unitA, 'Kursi Rapat', 700));
    expect(made.statusCode, made.body).toBe(201);
    const note = (
      await as('vera').post('verification/notes/create', {
        line_id: made.json().data.id,
        body: 'Mohon rincian kursi.',
      })
    ).json().data;
    await sql`
      insert into verification_reply (note_id, body, author_id, created_at)
      select ${note.id}, 'Jawaban ' || n || ' ' || repeat('panjang ', 200), ${ids.ani},
        now() - interval '1 day' + n * interval '1 second'
      from generate_series(1, 1500) as n`.execute(t.database.db);

    const listed = await as('ani').get(`verification/notes?line_id=${made.json().data.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.rawPayload.length).toBeLessThan(20_000);
    const [row] = listed.json().data;
    expect(row.reply_count).toBe(1500);
    expect(
      row.replies.map((reply: { body: string }) => reply.body.split(' ', 2).join(' ')),
    ).toEqual(['Jawaban 1498', 'Jawaban 1499', 'Jawaban 1500']);

    // A reply answers the note as a list does: its count and its latest three.
    const replied = await as('vera').post(`verification/notes/${note.id}/reply`, { body: 'Baik.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().data.reply_count).toBe(1501);
    expect(
      replied
        .json()
        .data.replies.map((reply: { body: string }) => reply.body)
        .at(-1),
    ).toBe('Baik.');
    expect(replied.json().data.replies).toHaveLength(3);

    // Every answer is reachable, oldest first, a page at a time.
    const first = await as('ani').get(`verification/notes/${note.id}/replies?limit=100`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().filter).toMatchObject({
      current_page: 1,
      total_page: 16,
      total_result: 1501,
    });
    expect(first.json().data).toHaveLength(100);
    expect(first.json().data[0]).toMatchObject({ author_name: 'Ani' });
    expect(first.json().data[0].body).toMatch(/^Jawaban 1 /);
    const last = await as('citra').get(`verification/notes/${note.id}/replies?limit=100&page=16`);
    expect(
      last
        .json()
        .data.map((reply: { body: string }) => reply.body)
        .at(-1),
    ).toBe('Baik.');
    expect(last.json().data).toHaveLength(1);
    // Someone who may not read the note does not read its answers either.
    expect((await as('vino').get(`verification/notes/${note.id}/replies`)).statusCode).toBe(404);
    expect((await as('budi').get(`verification/notes/${note.id}/replies`)).statusCode).toBe(404);
  });

  it('never leaves a sub kegiatan verified with an open note, whatever a note, a reopening and a verification race', async () => {
    // A unit of its own, so the walk above is not disturbed; an admin reviews everywhere.
    const { chain } = await unitChain(t, 'BALAP');
    const place = { sub_action_id: chain.sub_action_id, year: YEAR };
    const verify = () => as('admin').put('verification/sub-action', { ...place, verified: true });
    /** Places verified while a note on them is not closed (must be none). */
    const verifiedWithOpenNotes = async () => {
      const { rows } = await sql<{ sub_action_id: string }>`
        select v.sub_action_id from sub_action_verification v
        where exists (select 1 from verification_note n
          where n.sub_action_id = v.sub_action_id and n.year = v.year and n.status <> 'closed')`.execute(
        t.database.db,
      );
      return rows;
    };
    const outcomes = new Set<string>();
    for (let attempt = 0; attempt < 10; attempt++) {
      // A new note against a verification.
      const [noted, verified] = await Promise.all([
        as('admin').post('verification/notes/create', { ...place, body: `Catatan ${attempt}` }),
        verify(),
      ]);
      expect(noted.statusCode, noted.body).toBe(201);
      expect([200, 409], verified.body).toContain(verified.statusCode);
      outcomes.add(`note/${verified.statusCode}`);
      expect(await verifiedWithOpenNotes()).toEqual([]);
      const note = noted.json().data.id as string;
      const closed = await as('admin').put(`verification/notes/${note}/close`, { closed: true });
      expect(closed.statusCode, closed.body).toBe(200);
      // A closed note opened again against a verification.
      const [reopened, verifiedAgain] = await Promise.all([
        as('admin').put(`verification/notes/${note}/close`, { closed: false }),
        verify(),
      ]);
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect([200, 409], verifiedAgain.body).toContain(verifiedAgain.statusCode);
      outcomes.add(`reopen/${verifiedAgain.statusCode}`);
      expect(await verifiedWithOpenNotes()).toEqual([]);
      await as('admin').put(`verification/notes/${note}/close`, { closed: true });
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("shows the unit its sub kegiatan's verification, and tells the unit, not only the verifier, when a change withdraws it", async () => {
    const unit = await unitChain(t, 'TAHU');
    for (const [name, role] of [
      ['dewi', 'user'],
      ['eko', 'user'],
      ['vita', 'verifier'],
    ] as const) {
      const made = await as('admin').post('user/create', {
        name: name[0]!.toUpperCase() + name.slice(1),
        email: `${name}@test.local`,
        role,
        password: PASSWORD,
        agency_ids: [unit.agency],
      });
      expect(made.statusCode, made.body).toBe(201);
      ids[name] = made.json().data.id;
      tokens[name] = (
        await t.call('POST', `${API}/user/sign-in`, {
          body: { email: `${name}@test.local`, password: PASSWORD },
        })
      ).json().data.token;
    }
    const place = { sub_action_id: unit.chain.sub_action_id, year: YEAR };
    // Dewi makes two lines; one of them goes before the verification.
    const first = await as('dewi').post('detail-program/create', line(unit, 'Snack Rapat', 15_000));
    const gone = await as('dewi').post('detail-program/create', line(unit, 'Sewa Tenda', 50_000));
    expect(first.statusCode, first.body).toBe(201);
    // Not verified yet: the unit's list says so, with the open notes counted.
    const before = (await as('eko').get(`detail-program/${first.json().data.id}/get`)).json().data;
    expect(before).toMatchObject({ sub_action_verified_at: null, sub_action_open_notes: 0 });
    const note = await as('vita').post('verification/notes/create', { ...place, body: 'Cek.' });
    const listed = (await as('eko').get(`detail-program/list?year=${YEAR}`)).json().data;
    expect(listed.find((row: { id: string }) => row.id === first.json().data.id)).toMatchObject({
      sub_action_open_notes: 1,
    });
    await as('vita').put(`verification/notes/${note.json().data.id}/close`, { closed: true });
    const verified = await as('vita').put('verification/sub-action', { ...place, verified: true });
    expect(verified.statusCode, verified.body).toBe(200);
    const marked = (await as('eko').get(`detail-program/${first.json().data.id}/get`)).json().data;
    expect(marked.sub_action_verified_at).toBe(verified.json().data.verified_at);
    expect(marked.sub_action_open_notes).toBe(0);
    // The line's levels come with their codes.
    await sql`update activity set code = 'A.01' where id = ${unit.chain.activity_id}`.execute(
      t.database.db,
    );
    await sql`update subtitle set code = 'S.01' where id = ${unit.chain.subtitle_id}`.execute(
      t.database.db,
    );
    const coded = (await as('eko').get(`detail-program/${first.json().data.id}/get`)).json().data;
    expect(coded).toMatchObject({ activity_code: 'A.01', subtitle_code: 'S.01' });
    for (const key of ['agency', 'program', 'action', 'sub_action'] as const) {
      const { rows } = await sql<{ code: string | null }>`select code from ${sql.table(
        key,
      )} where id = ${key === 'agency' ? unit.agency : unit.chain[`${key}_id`]}`.execute(
        t.database.db,
      );
      expect(coded[`${key}_code`]).toBe(rows[0]!.code);
    }

    // The verifier opens the sub kegiatan by its id.
    const one = await as('vita').get(
      `verification/sub-actions?year=${YEAR}&sub_action_id=${place.sub_action_id}`,
    );
    expect(one.json().data).toEqual([
      expect.objectContaining({ sub_action_id: place.sub_action_id, line_count: 2 }),
    ]);
    const other = await as('vita').get(
      `verification/sub-actions?year=${YEAR}&sub_action_id=${unitA.chain.sub_action_id}`,
    );
    expect(other.json().data).toEqual([]);

    // Withdrawn by hand ('Batalkan Verifikasi'): the unit is told, as it was told of the mark.
    const undone = await as('vita').put('verification/sub-action', { ...place, verified: false });
    expect(undone.statusCode, undone.body).toBe(200);
    const toldUndone = async (who: string) =>
      (await as(who).get('notification/list?unread=true'))
        .json()
        .data.filter(
          (row: { kind: string; sub_action_id: string }) =>
            row.kind === 'sub_action_unverified' && row.sub_action_id === place.sub_action_id,
        );
    expect(await toldUndone('dewi')).toEqual([expect.objectContaining({ actor_name: 'Vita' })]);
    expect(await toldUndone('eko')).toHaveLength(1);
    expect(await toldUndone('vita')).toEqual([]);
    // Withdrawing what is not there tells no one again.
    await as('vita').put('verification/sub-action', { ...place, verified: false });
    expect(await toldUndone('dewi')).toHaveLength(1);
    expect(
      (await as('vita').put('verification/sub-action', { ...place, verified: true })).statusCode,
    ).toBe(200);

    const count = async (who: string) =>
      (await as(who).get('notification/list?unread=true'))
        .json()
        .data.filter(
          (row: { kind: string; sub_action_id: string }) =>
            row.kind === 'verification_withdrawn' && row.sub_action_id === place.sub_action_id,
        );
    // Eko (the unit, not the maker) deletes Dewi's line: the verifier, Dewi and the unit are
    // told; Eko, who made the change, is not.
    const deleted = await as('eko').delete(`detail-program/${gone.json().data.id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await count('vita')).toEqual([expect.objectContaining({ actor_name: 'Eko' })]);
    expect(await count('dewi')).toEqual([expect.objectContaining({ actor_name: 'Eko' })]);
    expect(await count('eko')).toEqual([]);
    // Another unit's people hear nothing of it.
    expect(await count('ani')).toEqual([]);
    const after = (await as('dewi').get(`detail-program/${first.json().data.id}/get`)).json().data;
    expect(after.sub_action_verified_at).toBeNull();
  });

  it("keeps an account without a unit to programmes without one; what it made under a unit's stays the unit's (issue 34)", async () => {
    const LATER = YEAR + 1;
    const lineIn = (chain: Chain, name: string) =>
      budgetLineInput(chain, { year: LATER, component_name: name, price: 1_000 });
    // The spec's single office: a programme of no unit.
    const plain = await buildChain(t, 'POLOS');
    // A programme Budi wrote under while it had no unit; then it was given to unit A.
    const legacy = await buildChain(t, 'LAMA');
    const old = await as('budi').post('detail-program/create', lineIn(legacy, 'Lem Aibon'));
    expect(old.statusCode, old.body).toBe(201);
    const given = await as('admin').put(`program/${legacy.program_id}/update`, {
      name: `${messagesId.levels.program.label} LAMA`,
      is_taxed: false,
      agency_id: unitA.agency,
    });
    expect(given.statusCode, given.body).toBe(200);
    const mine = await as('budi').post('detail-program/create', lineIn(plain, 'Map Plastik'));
    expect(mine.statusCode, mine.body).toBe(201);
    const oldId = old.json().data.id as string;
    const legacyPlace = { sub_action_id: legacy.sub_action_id, year: LATER };

    // No line under a unit's programme: it would spend that unit's pagu.
    for (const refused of [
      await as('budi').post('detail-program/create', lineIn(legacy, 'Lem Kertas')),
      await as('budi').put(`detail-program/${mine.json().data.id}/update`, lineIn(legacy, 'X')),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().issues).toEqual([
        { path: 'program_id', message: server.programOfAUnit },
      ]);
    }
    // The old line stays the unit's: its people read and edit it; Budi reaches it no more.
    expect(names(await as('ani').get(`detail-program/list?year=${LATER}`))).toEqual(['Lem Aibon']);
    const budiList = await as('budi').get('detail-program/list');
    expect(names(budiList)).toEqual(['Map Plastik']);
    expect(budiList.json().filter.total_result).toBe(1);
    expect(names(await as('budi').get(`detail-program/list?year=${LATER}`))).toEqual([
      'Map Plastik',
    ]);
    for (const reached of [
      await as('budi').get(`detail-program/${oldId}/get`),
      await as('budi').get(`detail-program/${oldId}/history`),
      await as('budi').delete(`detail-program/${oldId}/delete`),
    ]) {
      expect(reached.statusCode, reached.body).toBe(404);
    }

    // Editing it withdrew the unit's 'Terverifikasi' before: now refused, and the mark stays.
    const marked = await as('vera').put('verification/sub-action', {
      ...legacyPlace,
      verified: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const edits = [
      await as('budi').put(`detail-program/${oldId}/update`, lineIn(legacy, 'Lem')),
      await as('budi').put(`detail-program/${oldId}/update`, lineIn(plain, 'Lem')),
    ];
    expect(edits.map((edit) => edit.statusCode)).toEqual([403, 404]);
    const review = await as('vera').get(
      `verification/sub-actions?year=${LATER}&sub_action_id=${legacy.sub_action_id}`,
    );
    expect(review.json().data[0].verified_at).not.toBeNull();

    // The unit's notes and notifications are not his: not listed, not answered, not counted.
    const note = await as('vera').post('verification/notes/create', {
      ...legacyPlace,
      body: 'Lem Aibon Rp 82 miliar?',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect((await as('budi').get('verification/notes')).json().data).toEqual([]);
    const reply = await as('budi').post(`verification/notes/${note.json().data.id}/reply`, {
      body: 'Sudah benar.',
    });
    expect(reply.statusCode).toBe(404);
    expect(await unread('budi')).toEqual({ unread: 0 });
    expect((await as('budi').get('notification/list')).json().data).toEqual([]);
    expect((await unread('ani')).unread).toBeGreaterThan(0);

    // Nor any unit's pagu; his own programme's, yes.
    const pagu = (chain: Chain) =>
      as('budi').get(`pagu/status?sub_action_id=${chain.sub_action_id}&year=${LATER}`);
    const unitPagu = await pagu(legacy);
    expect(unitPagu.statusCode).toBe(403);
    expect(unitPagu.json().message).toBe(server.withoutUnit);
    expect((await pagu(plain)).statusCode).toBe(200);

    // His export holds his line under no unit, not the unit's.
    const link = await as('budi').get(`detail-program/report?year=${LATER}`);
    const url = new URL(link.json().data.path, 'http://localhost');
    const file = await t.call('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const text = JSON.stringify(workbook.worksheets[0]!.getSheetValues());
    expect(text).toContain('Map Plastik');
    expect(text).not.toContain('Lem Aibon');

    // The line form's programme picker offers the programmes of no unit only.
    const programmes = (await as('budi').get('program/list')).json().data as {
      id: string;
      agency_id: string | null;
    }[];
    expect(programmes.map((row) => row.id)).toContain(plain.program_id);
    expect(programmes.every((row) => row.agency_id === null)).toBe(true);
    const all = (await as('admin').get('program/list')).json().data as { id: string }[];
    expect(all.map((row) => row.id)).toContain(legacy.program_id);

    // A verifier without a unit reviews the single office: every line there, nothing of a unit.
    expect(names(await as('vino').get(`detail-program/list?year=${LATER}`))).toEqual([
      'Map Plastik',
    ]);
    const reviews = await as('vino').get(`verification/sub-actions?year=${LATER}`);
    expect(reviews.json().data.map((row: { sub_action_id: string }) => row.sub_action_id)).toEqual([
      plain.sub_action_id,
    ]);
    const outside = await as('vino').post('verification/notes/create', {
      ...legacyPlace,
      body: 'x',
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(server.withoutUnit);
    const onMine = await as('vino').post('verification/notes/create', {
      line_id: mine.json().data.id,
      body: 'Rincian harga?',
    });
    expect(onMine.statusCode, onMine.body).toBe(201);
    expect(await unread('budi')).toEqual({ unread: 1 });
    const answered = await as('budi').post(`verification/notes/${onMine.json().data.id}/reply`, {
      body: 'Terlampir.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
  });
  it('tells a noted line apart from others of its name, in notes and notifications, as the lines stand now', async () => {
    const made: string[] = [];
    for (const [specification, price] of [
      ['Narasumber tingkat provinsi', 1_500_000],
      ['Narasumber tingkat kabupaten', 900_000],
    ] as const) {
      const response = await as('ani').post('detail-program/create', {
        ...line(unitA, 'Honorarium Narasumber', price),
        specification,
      });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json().data.id);
    }
    const unique = await as('ani').post('detail-program/create', line(unitA, 'Spanduk Kegiatan'));
    expect(unique.statusCode, unique.body).toBe(201);
    for (const lineId of [made[0], unique.json().data.id]) {
      const written = await as('vera').post('verification/notes/create', {
        line_id: lineId,
        body: 'Mohon lampirkan dasar harga.',
      });
      expect(written.statusCode, written.body).toBe(201);
    }
    const namesakes = async () => {
      const notes = (await as('ani').get(`verification/notes?year=${YEAR}&status=open`)).json()
        .data as { line_name: string; line_namesake: unknown }[];
      const told = (await as('ani').get('notification/list?unread=true')).json().data as {
        line_name: string;
        line_namesake: unknown;
      }[];
      const of = (rows: { line_name: string; line_namesake: unknown }[], name: string) =>
        rows.find((row) => row.line_name === name)?.line_namesake;
      return [
        of(notes, 'Honorarium Narasumber'),
        of(told, 'Honorarium Narasumber'),
        of(notes, 'Spanduk Kegiatan'),
        of(told, 'Spanduk Kegiatan'),
      ];
    };
    const detail = { specification: 'Narasumber tingkat provinsi', price: 1_500_000 };
    expect(await namesakes()).toEqual([detail, detail, null, null]);

    // Once the other line is renamed, the name alone tells it.
    const renamed = await as('ani').put(`detail-program/${made[1]}/update`, {
      ...line(unitA, 'Honorarium Moderator', 900_000),
      specification: 'Narasumber tingkat kabupaten',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await namesakes()).toEqual([null, null, null, null]);
  });
});
