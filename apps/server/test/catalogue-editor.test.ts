import { messagesId } from '@ranwal/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const server = messagesId.server;
const YEAR = 2027;

/** A day counted from today in WIB, as YYYY-MM-DD (the server checks stage dates in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/** Issue 33: catalogue items added, edited and retired in the browser; the pagu policy. */
describe.each(databaseTargets)('the catalogue editor and the pagu policy on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  /** The user of the chain's Perangkat Daerah, who writes its lines (issue 34). */
  let staff: string;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string) =>
    t.call(method, `${API}/${path}`, { token: token ?? t.adminToken, body });
  const createLine = (overrides: Record<string, unknown>) =>
    call('POST', 'detail-program/create', budgetLineInput(chain, overrides), staff);
  const offered = async (query = '') =>
    (await call('GET', `price-item/list?year=${YEAR}${query}`, undefined, t.userToken)).json()
      .data as { code: string; retired: boolean }[];

  const map = {
    year: YEAR,
    kind: 'SSH',
    code: '1.1.7.01.03.02.001.00002',
    name: 'Map Plastik',
    specification: 'Folio, bening',
    unit: 'Buah',
    price: 4_500,
    account_codes: ['5.1.02.Editor'],
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    ({ chain, token: staff } = await buildUnitChain(t, 'Editor'));
  });
  afterAll(() => t?.close());

  describe('catalogue items', () => {
    it('adds an item, which a line of its year then prices from, and records it in the history', async () => {
      const created = await call('POST', 'price-item/create', map);
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json().data;
      expect(item).toEqual({
        id: expect.any(String),
        ...map,
        open: false,
        retired: false,
      });
      expect((await offered('&search=map')).map((found) => found.code)).toEqual([map.code]);

      const line = await createLine({ year: 2025, price_item_id: item.id, price: 4_500 });
      // Another year's line: the item is of 2027 (the import's rule, unchanged).
      expect(line.statusCode).toBe(400);
      expect(line.json().issues[0].message).toBe(server.priceItemOtherYear(YEAR, 2025));

      const history = await call('GET', `history/list?record_type=price_item&record_id=${item.id}`);
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().data).toEqual([
        expect.objectContaining({
          action: 'create',
          new_values: expect.objectContaining({ code: map.code, price: 4_500, retired: false }),
        }),
      ]);
    });

    it("refuses what the import refuses, naming the field: a code the year has, a bad price, a bad kode rekening, and a user's call", async () => {
      const twice = await call('POST', 'price-item/create', { ...map, name: 'Map Lain' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().issues).toEqual([
        { path: 'code', message: server.priceItemCodeTaken(map.code, YEAR) },
      ]);
      // The same code in another year is another item.
      const nextYear = await call('POST', 'price-item/create', { ...map, year: 2028 });
      expect(nextYear.statusCode, nextYear.body).toBe(201);

      for (const [price, message] of [
        [0, 'harus lebih dari 0'],
        [1.5, 'harus bilangan bulat rupiah'],
        ['seribu', 'harus berupa angka'],
      ] as const) {
        const bad = await call('POST', 'price-item/create', { ...map, code: 'X-1', price });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().issues).toEqual([{ path: 'price', message }]);
      }
      const badAccount = await call('POST', 'price-item/create', {
        ...map,
        code: 'X-2',
        account_codes: ['5.1 02'],
      });
      expect(badAccount.statusCode).toBe(400);
      expect(badAccount.json().issues[0].path).toBe('account_codes.0');
      const badKind = await call('POST', 'price-item/create', { ...map, code: 'X-3', kind: 'ABC' });
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json().issues[0].path).toBe('kind');

      const byUser = await call('POST', 'price-item/create', { ...map, code: 'X-4' }, t.userToken);
      expect(byUser.statusCode).toBe(403);
      const [item] = await offered('&search=map plastik');
      const editByUser = await call(
        'PUT',
        `price-item/${(item as unknown as { id: string }).id}/update`,
        { price: 1 },
        t.userToken,
      );
      expect(editByUser.statusCode).toBe(403);
      // Nothing half-written: no X- item was stored.
      expect(await offered('&search=X-')).toEqual([]);
    });

    it('edits an item: its fields checked as on create, a code another item has refused', async () => {
      const other = (
        await call('POST', 'price-item/create', { ...map, code: 'MAP-2', name: 'Map Kertas' })
      ).json().data;
      const edited = await call('PUT', `price-item/${other.id}/update`, {
        name: 'Map Kertas Batik',
        price: 6_000,
        account_codes: [],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({
        code: 'MAP-2',
        name: 'Map Kertas Batik',
        price: 6_000,
        account_codes: [],
        year: YEAR,
      });
      const taken = await call('PUT', `price-item/${other.id}/update`, { code: map.code });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().issues).toEqual([
        { path: 'code', message: server.priceItemCodeTaken(map.code, YEAR) },
      ]);
      const badPrice = await call('PUT', `price-item/${other.id}/update`, { price: -5 });
      expect(badPrice.statusCode).toBe(400);
      expect(badPrice.json().issues).toEqual([{ path: 'price', message: 'harus lebih dari 0' }]);
      const empty = await call('PUT', `price-item/${other.id}/update`, {});
      expect(empty.statusCode).toBe(400);
      const missing = await call('PUT', `price-item/${crypto.randomUUID()}/update`, { price: 5 });
      expect(missing.statusCode).toBe(404);

      const history = await call(
        'GET',
        `history/list?record_type=price_item&record_id=${other.id}`,
      );
      expect(history.json().data[0]).toMatchObject({
        action: 'update',
        old_values: expect.objectContaining({ name: 'Map Kertas', price: 4_500 }),
        new_values: expect.objectContaining({ name: 'Map Kertas Batik', price: 6_000 }),
      });
    });

    it('retires an item: no longer offered nor accepted for a new line, kept by the lines priced from it', async () => {
      // A stage-free year keeps this about the catalogue: 2026's lines need no pagu.
      const kertas = (
        await call('POST', 'price-item/create', {
          ...map,
          year: 2026,
          code: 'KRT-1',
          name: 'Kertas HVS',
          price: 50_000,
        })
      ).json().data;
      const priced = await createLine({ year: 2026, price_item_id: kertas.id, price: 50_000 });
      expect(priced.statusCode, priced.body).toBe(201);
      const line = priced.json().data;

      const retired = await call('PUT', `price-item/${kertas.id}/update`, { retired: true });
      expect(retired.statusCode, retired.body).toBe(200);
      expect(retired.json().data).toMatchObject({ retired: true });
      const in2026 = (query: string) =>
        call('GET', `price-item/list?year=2026${query}`, undefined, t.userToken);
      expect((await in2026('')).json().data).toEqual([]);
      expect((await in2026('&status=all')).json().data).toEqual([
        expect.objectContaining({ code: 'KRT-1', retired: true }),
      ]);
      expect((await in2026('&status=retired')).json().data).toHaveLength(1);

      const fresh = await createLine({ year: 2026, price_item_id: kertas.id, price: 50_000 });
      expect(fresh.statusCode).toBe(400);
      expect(fresh.json().issues).toEqual([
        { path: 'price_item_id', message: server.priceItemRetired('KRT-1') },
      ]);
      // The line that had it keeps it, and may be edited keeping it.
      const kept = await call(
        'PUT',
        `detail-program/${line.id}/update`,
        budgetLineInput(chain, { year: 2026, price_item_id: kertas.id, price: 45_000 }),
        staff,
      );
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data).toMatchObject({ price_item_id: kertas.id, price: 45_000 });

      const back = await call('PUT', `price-item/${kertas.id}/update`, { retired: false });
      expect(back.json().data).toMatchObject({ retired: false });
      expect((await in2026('')).json().data).toHaveLength(1);
      const history = await call(
        'GET',
        `history/list?record_type=price_item&record_id=${kertas.id}`,
      );
      expect(
        history
          .json()
          .data.map((entry: { new_values: { retired: boolean } }) => entry.new_values.retired),
      ).toEqual([false, true, false]);
    });

    it('leaves an item retired when a sheet loads it again', async () => {
      const [item] = (
        await call('GET', `price-item/list?year=${YEAR}&search=MAP-2`, undefined, t.userToken)
      ).json().data;
      await call('PUT', `price-item/${item.id}/update`, { retired: true });
      const loaded = await call('POST', 'price-item/import', {
        year: YEAR,
        items: [{ code: 'MAP-2', name: 'Map Kertas Batik', unit: 'Buah', price: 7_000 }],
      });
      expect(loaded.json().data).toMatchObject({ changed: 1 });
      const all = (await call('GET', `price-item/list?year=${YEAR}&search=MAP-2&status=all`)).json()
        .data;
      expect(all).toEqual([expect.objectContaining({ price: 7_000, retired: true })]);
    });
  });

  describe('the pagu policy', () => {
    const policy = (lines_need_pagu: boolean, token?: string) =>
      call('PUT', 'planning/policy', { lines_need_pagu }, token);
    const paguStatus = async (year: number) =>
      (
        await call(
          'GET',
          `pagu/status?sub_action_id=${chain.sub_action_id}&year=${year}`,
          undefined,
          staff,
        )
      ).json().data;

    it('by default, a year with stages refuses lines under a sub kegiatan without a pagu; a year without stages does not', async () => {
      const settings = await call('GET', 'planning/settings', undefined, t.userToken);
      expect(settings.json().data.lines_need_pagu).toBe(true);
      // No stages for 2029 yet: no pagu needed, as before.
      expect((await createLine({ year: 2029 })).statusCode).toBe(201);
      expect((await paguStatus(2029)).pagu_required).toBe(false);

      const scheduled = await call('PUT', 'stage/schedule', {
        year: 2029,
        stages: [{ kind: 'ranwal', starts_on: day(-5), ends_on: day(30) }],
        // Dated today, outside that budget year's planning window: confirmed.
        confirm: true,
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect((await call('POST', 'stage/advance', { year: 2029 })).statusCode).toBe(200);
      expect((await paguStatus(2029)).pagu_required).toBe(true);

      const refused = await createLine({ year: 2029 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Sub kegiatan ini belum memiliki pagu tahun 2029; hubungi administrator.',
      );
      expect(refused.json().issues).toEqual([
        { path: 'total_after_tax', message: server.paguRequired(2029) },
      ]);

      // Once the admin sets the pagu, lines go (within it).
      const set = await call('PUT', 'pagu/set', {
        sub_action_id: chain.sub_action_id,
        year: 2029,
        amount: 10_000,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((await createLine({ year: 2029 })).statusCode).toBe(201);
    });

    it('an admin turns the rule off (lines go without a pagu) and on again; a user may not', async () => {
      expect((await policy(false, t.userToken)).statusCode).toBe(403);
      await call('PUT', 'stage/schedule', {
        year: 2030,
        stages: [{ kind: 'ranwal', starts_on: day(-5), ends_on: day(30) }],
        // Dated today, outside that budget year's planning window: confirmed.
        confirm: true,
      });
      await call('POST', 'stage/advance', { year: 2030 });
      expect((await createLine({ year: 2030 })).statusCode).toBe(409);

      const off = await policy(false);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data.lines_need_pagu).toBe(false);
      expect((await paguStatus(2030)).pagu_required).toBe(false);
      const allowed = await createLine({ year: 2030 });
      expect(allowed.statusCode, allowed.body).toBe(201);

      const on = await policy(true);
      expect(on.json().data.lines_need_pagu).toBe(true);
      expect((await createLine({ year: 2030 })).statusCode).toBe(409);
      // The line made while it was off may still be made cheaper, not dearer.
      const line = allowed.json().data;
      const cheaper = await call(
        'PUT',
        `detail-program/${line.id}/update`,
        budgetLineInput(chain, { year: 2030, price: 500 }),
        staff,
      );
      expect(cheaper.statusCode, cheaper.body).toBe(200);
      const dearer = await call(
        'PUT',
        `detail-program/${line.id}/update`,
        budgetLineInput(chain, { year: 2030, price: 5_000 }),
        staff,
      );
      expect(dearer.statusCode).toBe(409);
      expect(dearer.json().message).toBe(server.paguRequired(2030));
      const bad = await call('PUT', 'planning/policy', { lines_need_pagu: 'ya' });
      expect(bad.statusCode).toBe(400);
    });

    it("reads a unit's pagu the same on the line form's panel and the admin's pages", async () => {
      const year = 2031;
      await call('PUT', 'pagu/set', { sub_action_id: chain.sub_action_id, year, amount: 70_000 });
      expect((await createLine({ year, price: 20_000 })).statusCode).toBe(201);
      const status = await paguStatus(year);
      const level = (name: string) =>
        status.levels.find((found: { level: string }) => found.level === name);
      const figures = (row: { pagu: string | null; planned: string; remaining: string | null }) => [
        row.pagu,
        row.planned,
        row.remaining,
      ];
      // The sub kegiatan: as the Pagu page lists it.
      const listed = (
        await call('GET', `pagu/list?year=${year}&search=${encodeURIComponent('Editor')}`)
      ).json().data;
      const row = listed.find(
        (found: { sub_action_id: string }) => found.sub_action_id === chain.sub_action_id,
      );
      expect(figures(level('sub_action'))).toEqual(['70000', '20000', '50000']);
      expect(figures(row)).toEqual(figures(level('sub_action')));
      expect(level('sub_action').own_pagu).toBe(true);
      // The Perangkat Daerah without a pagu of its own: the sum of its sub kegiatan's, as the
      // dashboard's summary and the admin's Perangkat Daerah table show it; not checked itself.
      const summary = (await call('GET', `pagu/summary?year=${year}`)).json().data;
      const unit = summary.agencies.find(
        (found: { id: string }) => found.id === level('agency').id,
      );
      expect(figures(level('agency'))).toEqual(['70000', '20000', '50000']);
      expect(figures(unit)).toEqual(figures(level('agency')));
      expect(level('agency').own_pagu).toBe(false);
      await call('PUT', 'pagu/agency', { agency_id: level('agency').id, year, amount: 90_000 });
      const own = (await paguStatus(year)).levels[0];
      expect([own.level, own.pagu, own.own_pagu]).toEqual(['agency', '90000', true]);
      // Where lines need a pagu, the Pagu page says so of a sub kegiatan without one.
      const staged = (await call('GET', 'pagu/list?year=2030&search=Editor')).json().data;
      expect(staged[0]).toMatchObject({ pagu: null, pagu_required: true });
      const unstaged = (await call('GET', `pagu/list?year=2032&search=Editor`)).json().data;
      expect(unstaged[0]).toMatchObject({ pagu: null, pagu_required: false });
    });
  });

  describe('the price lock and the anomalies (issue 34)', () => {
    const LOCK_YEAR = 2034;
    const glue = {
      year: LOCK_YEAR,
      kind: 'SSH',
      code: '1.1.7.01.01.06.001.00003',
      name: 'Lem Aibon',
      specification: 'Kaleng 70 gram',
      unit: 'Kaleng',
      price: 20_000,
      account_codes: [],
    };
    const glueLine = (overrides: Record<string, unknown>) =>
      budgetLineInput(chain, {
        year: LOCK_YEAR,
        component_code: glue.code,
        component_name: glue.name,
        unit: glue.unit,
        ...overrides,
      });
    const locked = server.priceLockedToCatalogue(glue.name, glue.code, LOCK_YEAR, 'Rp 20.000');
    let glueId: string;
    let lineId: string;

    it("refuses an edit dropping the item's id at three times its price, and a free-form line under its name", async () => {
      const item = await call('POST', 'price-item/create', glue);
      expect(item.statusCode, item.body).toBe(201);
      glueId = item.json().data.id;
      const priced = await createLine({ ...glueLine({ price_item_id: glueId, price: 20_000 }) });
      expect(priced.statusCode, priced.body).toBe(201);
      lineId = priced.json().data.id;

      const sidestep = await call(
        'PUT',
        `detail-program/${lineId}/update`,
        glueLine({ price_item_id: null, price: 60_000 }),
        staff,
      );
      expect(sidestep.statusCode).toBe(400);
      expect(sidestep.json().issues).toEqual([{ path: 'price', message: locked }]);
      // The name alone, spaced and cased otherwise, under another code: held the same.
      const byName = await createLine(
        glueLine({ component_code: 'X-1', component_name: '  lem   AIBON ', price: 60_000 }),
      );
      expect(byName.statusCode).toBe(400);
      expect(byName.json().issues).toEqual([{ path: 'price', message: locked }]);
      // At or under the catalogue price a free-form line stays free-form; another year is free.
      const cheap = await createLine(glueLine({ component_code: '', price: 20_000 }));
      expect(cheap.statusCode, cheap.body).toBe(201);
      expect(cheap.json().data.price_item_id).toBeNull();
      expect((await createLine(glueLine({ year: 2035, price: 60_000 }))).statusCode).toBe(201);
      const stored = (await call('GET', `detail-program/${lineId}/get`, undefined, staff)).json();
      expect(stored.data).toMatchObject({ price: 20_000, price_item_id: glueId });
    });

    it('lets the same edit through once an admin opens the item', async () => {
      const opened = await call('PUT', `price-item/${glueId}/update`, { open: true });
      expect(opened.statusCode, opened.body).toBe(200);
      const edit = await call(
        'PUT',
        `detail-program/${lineId}/update`,
        glueLine({ price_item_id: null, price: 60_000 }),
        staff,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().data).toMatchObject({ price: 60_000, price_item_id: null });
    });

    it("lists the year's anomalies for the admin: free-form lines, prices above the catalogue with why, unusual volumes", async () => {
      // A line priced from an item whose price is lowered afterwards.
      const folder = await call('POST', 'price-item/create', {
        ...glue,
        code: 'MAP-34',
        name: 'Map Kancing',
        price: 5_000,
      });
      const folderId = folder.json().data.id;
      const fromFolder = await createLine(
        glueLine({ price_item_id: folderId, component_name: 'Map Kancing', price: 5_000 }),
      );
      expect(fromFolder.statusCode, fromFolder.body).toBe(201);
      await call('PUT', `price-item/${folderId}/update`, { price: 4_000 });
      // Five ordinary volumes of 2 and one of 500 under the same kode rekening.
      for (let i = 0; i < 5; i++) {
        const usual = await createLine({
          component_name: `Kertas ${i}`,
          year: LOCK_YEAR,
          first_volume: 2,
        });
        expect(usual.statusCode, usual.body).toBe(201);
      }
      const huge = await createLine({
        component_name: 'Lem Aibon Grosir',
        year: LOCK_YEAR,
        first_volume: 500,
      });
      expect(huge.statusCode, huge.body).toBe(201);

      const anomalies = async (query: string, token?: string) =>
        call('GET', `price-item/anomalies?year=${LOCK_YEAR}${query}`, undefined, token);
      const above = await anomalies('&kind=above_catalogue');
      expect(above.statusCode, above.body).toBe(200);
      expect(
        above
          .json()
          .data.map((row: Record<string, unknown>) => [
            row.line_id,
            row.catalogue_code,
            row.catalogue_price,
            row.reason,
          ]),
      ).toEqual([
        [lineId, glue.code, 20_000, 'item_open'],
        [fromFolder.json().data.id, 'MAP-34', 4_000, 'price_lowered'],
      ]);
      const volume = (await anomalies('&kind=volume')).json();
      expect(volume.data).toEqual([
        expect.objectContaining({
          kind: 'volume',
          line_id: huge.json().data.id,
          component_name: 'Lem Aibon Grosir',
          volume: 500,
          median_volume: 2,
          account_line_count: 9,
          account_code: '5.1.02.Editor',
        }),
      ]);
      const all = (await anomalies('')).json();
      // 8 free-form lines (all but the folder's), 2 above the catalogue, 1 volume.
      expect(all.filter).toMatchObject({ filtered_result: 11, total_result: 11 });
      expect(all.data.filter((row: { kind: string }) => row.kind === 'free_form')).toHaveLength(8);
      expect((await anomalies('&search=grosir')).json().filter.filtered_result).toBe(2);
      expect((await anomalies('', t.userToken)).statusCode).toBe(403);
      expect((await anomalies('&kind=harga')).statusCode).toBe(400);
    });

    it("marks the free-form lines in the list, the report workbook and the RKA: 'Di luar katalog'", async () => {
      const listed = (
        await call('GET', `detail-program/list?year=${LOCK_YEAR}&limit=100`, undefined, staff)
      ).json().data as { component_name: string; outside_catalogue: boolean }[];
      const marked = (name: string) => listed.find((line) => line.component_name === name);
      expect(marked('Map Kancing')?.outside_catalogue).toBe(false);
      expect(marked('Lem Aibon Grosir')?.outside_catalogue).toBe(true);
      // A year without a catalogue marks nothing.
      const otherYear = (
        await call('GET', 'detail-program/list?year=2035', undefined, staff)
      ).json().data;
      expect(
        otherYear.map((line: { outside_catalogue: boolean }) => line.outside_catalogue),
      ).toEqual([false]);

      const sheetOf = async (query: string) => {
        const link = await call('GET', `detail-program/report?${query}`);
        expect(link.statusCode, link.body).toBe(200);
        const file = await t.call('GET', link.json().data.path);
        expect(file.statusCode).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
        const rows: string[][] = [];
        workbook.worksheets[0]!.eachRow((row) =>
          rows.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? ''))),
        );
        return rows;
      };
      const flat = await sheetOf(`year=${LOCK_YEAR}`);
      const header = flat[1]!;
      const source = header.indexOf('Sumber Harga');
      const name = header.indexOf('Nama Komponen');
      expect(source).toBe(header.length - 1);
      const sourceOf = (component: string) => flat.find((row) => row[name] === component)?.[source];
      expect(sourceOf('Lem Aibon Grosir')).toBe('Di luar katalog');
      expect(sourceOf('Map Kancing')).toBe('Katalog');
      const rka = (await sheetOf(`year=${LOCK_YEAR}&layout=rka`)).flat();
      expect(rka).toContain('Lem Aibon Grosir (Di luar katalog)');
      expect(rka).toContain('Map Kancing');
    });
  });
});
