import { coefficientText, messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const LINES = '/ranwal/api/detail-program';
const server = messagesId.server;

describe.each(databaseTargets)('planning on %s', (target) => {
  let t: TestApp;
  let chain: Chain;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string) =>
    t.call(method, `/ranwal/api/${path}`, { token: token ?? t.adminToken, body });
  const createLine = (overrides: Record<string, unknown>, token = t.userToken) =>
    t.call('POST', `${LINES}/create`, { token, body: budgetLineInput(chain, overrides) });

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Rencana');
  });
  afterAll(() => t?.close());

  describe('coefficients', () => {
    it('keeps a unit per volume and writes the coefficient as an RKA does', async () => {
      const response = await createLine({
        component_name: 'Honorarium Narasumber',
        unit: 'OH',
        price: 900_000,
        first_volume: 2,
        first_volume_unit: 'Orang',
        second_volume: 3,
        second_volume_unit: 'Hari',
        third_volume: 1,
        third_volume_unit: 'Kali',
      });
      expect(response.statusCode, response.body).toBe(201);
      const line = response.json().data;
      expect(line).toMatchObject({
        unit: 'OH',
        first_volume_unit: 'Orang',
        second_volume_unit: 'Hari',
        third_volume_unit: 'Kali',
        total_price: 5_400_000,
      });
      expect(coefficientText(line)).toBe('2 Orang x 3 Hari x 1 Kali');
    });

    it('takes units up to 100 characters and names the field past that', async () => {
      const long = 'Orang/Kali (Pergi-Pulang) '.repeat(4).slice(0, 100);
      const ok = await createLine({ unit: long, second_volume_unit: long });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data).toMatchObject({ unit: long, first_volume_unit: long });
      const tooLong = await createLine({ third_volume_unit: 'x'.repeat(101) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().issues).toEqual([
        expect.objectContaining({ path: 'third_volume_unit', message: 'maksimal 100 karakter' }),
      ]);
    });
  });

  describe('PPN rules by date', () => {
    it('prices each budget year with the rule in force on its first day, and shows it on the line', async () => {
      const set = await call('PUT', 'planning/tax-rules', {
        rules: [
          { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
          { effective_from: '2027-01-01', rate: 12, base_numerator: 1, base_denominator: 1 },
        ],
      });
      expect(set.statusCode, set.body).toBe(200);
      const settings = await call('GET', 'planning/settings', undefined, t.userToken);
      expect(settings.json().data).toEqual({
        tax_rules: [
          { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
          { effective_from: '2027-01-01', rate: 12, base_numerator: 1, base_denominator: 1 },
        ],
        free_form_components: true,
        lines_need_pagu: true,
        lines_need_funding_source: false,
        cash_plan_required: false,
        units_enter_sp2d: false,
        deviation_red_below_tenths: 750,
        deviation_yellow_below_tenths: 900,
      });

      const priced = async (year: number) => {
        const response = await createLine({ price: 1_200_000, is_taxed: true, year });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().data;
      };
      // Before the first rule: the spec's 12% of the whole total.
      expect(await priced(2024)).toMatchObject({
        tax: 144_000,
        tax_rate: 12,
        tax_base_numerator: 1,
      });
      // 12% of 11/12 of Rp 1.200.000 = Rp 132.000 (11% in effect).
      expect(await priced(2025)).toMatchObject({
        tax: 132_000,
        total_after_tax: 1_332_000,
        tax_rate: 12,
        tax_base_numerator: 11,
        tax_base_denominator: 12,
      });
      expect(await priced(2026)).toMatchObject({ tax: 132_000 });
      expect(await priced(2027)).toMatchObject({ tax: 144_000, tax_base_denominator: 1 });
      // An untaxed line carries no rate.
      const untaxed = await createLine({ price: 1_200_000, is_taxed: false, year: 2025 });
      expect(untaxed.json().data).toMatchObject({ tax: 0, tax_rate: 0 });

      await call('PUT', 'planning/tax-rules', { rules: [] });
    });

    it('refuses a rule set an admin could not mean, naming the field; a user may not set it', async () => {
      const twice = await call('PUT', 'planning/tax-rules', {
        rules: [
          { effective_from: '2025-01-01', rate: 12, base_numerator: 1, base_denominator: 1 },
          { effective_from: '2025-01-01', rate: 11, base_numerator: 1, base_denominator: 1 },
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().issues[0].message).toBe('setiap tanggal berlaku hanya sekali');
      const overWhole = await call('PUT', 'planning/tax-rules', {
        rules: [
          { effective_from: '2025-01-01', rate: 12, base_numerator: 13, base_denominator: 12 },
        ],
      });
      expect(overWhole.statusCode).toBe(400);
      expect(overWhole.json().issues[0]).toMatchObject({ path: 'rules.0.base_numerator' });
      const asUser = await call('PUT', 'planning/tax-rules', { rules: [] }, t.userToken);
      expect(asUser.statusCode).toBe(403);
    });
  });

  describe('pagu', () => {
    // The pagu of a Perangkat Daerah's sub kegiatan, read and spent by that unit's user.
    let paguChain: Chain;
    let staff: string;
    const YEAR = 2030;
    const status = async (lineId?: string) => {
      const query = new URLSearchParams({
        sub_action_id: paguChain.sub_action_id,
        year: String(YEAR),
        ...(lineId ? { line_id: lineId } : {}),
      });
      const response = await t.call('GET', `/ranwal/api/pagu/status?${query}`, {
        token: staff,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const line = (price: number, overrides: Record<string, unknown> = {}) =>
      t.call('POST', `${LINES}/create`, {
        token: staff,
        body: budgetLineInput(paguChain, { price, year: YEAR, ...overrides }),
      });

    beforeAll(async () => {
      ({ chain: paguChain, token: staff } = await buildUnitChain(t, 'Pagu'));
    });

    it('shows the chain without a pagu as unlimited, then with one as set', async () => {
      const before = await status();
      expect(before.levels.map((level: { level: string }) => level.level)).toEqual([
        'agency',
        'program',
        'action',
        'sub_action',
      ]);
      expect(before.levels.at(-1)).toMatchObject({ pagu: null, planned: '0', remaining: null });

      const set = await call('PUT', 'pagu/set', {
        sub_action_id: paguChain.sub_action_id,
        year: YEAR,
        amount: 10_000_000,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data).toMatchObject({
        pagu: '10000000',
        planned: '0',
        remaining: '10000000',
      });

      const created = await line(4_000_000);
      expect(created.statusCode, created.body).toBe(201);
      const after = await status();
      expect(after.levels.at(-1)).toMatchObject({
        pagu: '10000000',
        planned: '4000000',
        remaining: '6000000',
      });
      // A programme's and a kegiatan's pagu are what is set below them.
      expect(after.levels[1]).toMatchObject({
        level: 'program',
        pagu: '10000000',
        planned: '4000000',
      });
      // The line being edited is left out of what is planned.
      expect((await status(created.json().data.id)).levels.at(-1)).toMatchObject({
        planned: '0',
        remaining: '10000000',
      });
    });

    it('refuses a line over the pagu, naming the pagu and the excess, and stores nothing', async () => {
      const over = await line(6_500_000);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(
        server.paguExceeded('Sub Kegiatan Sub Kegiatan Pagu', 'Rp 10.000.000', 'Rp 500.000'),
      );
      expect((await status()).levels.at(-1)).toMatchObject({ planned: '4000000' });
      // Exactly up to the pagu is allowed.
      const edge = await line(6_000_000);
      expect(edge.statusCode, edge.body).toBe(201);
      expect((await status()).levels.at(-1)).toMatchObject({ remaining: '0' });
      // An edit that raises a line over the pagu is refused; one that lowers it passes.
      const raised = await t.call('PUT', `${LINES}/${edge.json().data.id}/update`, {
        token: staff,
        body: budgetLineInput(paguChain, { price: 6_000_001, year: YEAR }),
      });
      expect(raised.statusCode).toBe(409);
      const lowered = await t.call('PUT', `${LINES}/${edge.json().data.id}/update`, {
        token: staff,
        body: budgetLineInput(paguChain, { price: 5_000_000, year: YEAR }),
      });
      expect(lowered.statusCode, lowered.body).toBe(200);
    });

    it('lets two writers at the edge of a pagu store only what fits', async () => {
      // Rp 1.000.000 is left; eight writers race for Rp 400.000 each: two fit.
      const answers = await Promise.all(Array.from({ length: 8 }, () => line(400_000)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((code) => code === 201)).toHaveLength(2);
      expect(statuses.filter((code) => code === 409)).toHaveLength(6);
      expect((await status()).levels.at(-1)).toMatchObject({
        planned: '9800000',
        remaining: '200000',
      });
    });

    it('lets an admin allow an overrun with a reason, which is kept', async () => {
      const noReason = await call('PUT', 'pagu/set', {
        sub_action_id: paguChain.sub_action_id,
        year: YEAR,
        amount: 10_000_000,
        allow_overrun: true,
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().issues[0]).toMatchObject({
        path: 'overrun_reason',
        message: 'wajib diisi bila pagu boleh dilampaui',
      });
      const allowed = await call('PUT', 'pagu/set', {
        sub_action_id: paguChain.sub_action_id,
        year: YEAR,
        amount: 10_000_000,
        allow_overrun: true,
        overrun_reason: 'Perubahan harga BBM, nota dinas 12/2030',
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect((await line(3_000_000)).statusCode).toBe(201);
      const list = await t.call('GET', `/ranwal/api/pagu/list?year=${YEAR}&search=Pagu`, {
        token: t.adminToken,
      });
      expect(list.json().data).toEqual([
        expect.objectContaining({
          sub_action_name: 'Sub Kegiatan Pagu',
          pagu: '10000000',
          planned: '12800000',
          remaining: '-2800000',
          allow_overrun: true,
          overrun_reason: 'Perubahan harga BBM, nota dinas 12/2030',
        }),
      ]);
    });

    it("refuses a line over its Perangkat Daerah's pagu", async () => {
      const unit = await buildUnitChain(t, 'PaguDinas');
      const agencyChain = unit.chain;
      const agencyId = unit.agency;
      const set = await call('PUT', 'pagu/agency', {
        agency_id: agencyId,
        year: YEAR,
        amount: 1_000,
      });
      expect(set.statusCode, set.body).toBe(200);
      const over = await t.call('POST', `${LINES}/create`, {
        token: unit.token,
        body: budgetLineInput(agencyChain, { price: 1_001, year: YEAR }),
      });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toContain('Perangkat Daerah Perangkat Daerah PaguDinas');
    });

    it('sums pagu, planned and remaining per Perangkat Daerah and programme for the dashboard', async () => {
      const response = await call('GET', `pagu/summary?year=${YEAR}`);
      expect(response.statusCode, response.body).toBe(200);
      const { agencies, programs } = response.json().data;
      expect(agencies).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'Perangkat Daerah Pagu',
            pagu: '10000000',
            planned: '12800000',
            remaining: '-2800000',
          }),
          // Its own pagu, and nothing planned under it.
          expect.objectContaining({
            name: 'Perangkat Daerah PaguDinas',
            pagu: '1000',
            planned: '0',
            remaining: '1000',
          }),
        ]),
      );
      expect(programs).toEqual([
        expect.objectContaining({ name: 'Program Pagu', pagu: '10000000', planned: '12800000' }),
      ]);
    });

    it('sets pagu from a sheet by sub kegiatan code, refusing codes it cannot find', async () => {
      const coded = await buildChain(t, 'Berkode');
      const recoded = await call('PUT', `sub-action/${coded.sub_action_id}/update`, {
        name: 'Sub Kegiatan Berkode',
        code: '1.01.01.2.01.0001',
        action_id: coded.action_id,
      });
      expect(recoded.statusCode, recoded.body).toBe(200);
      const unknown = await call('POST', 'pagu/import', {
        year: YEAR,
        rows: [
          { sub_action_code: '1.01.01.2.01.0001', amount: 5_000 },
          { sub_action_code: '9.99.99.2.01.0001', amount: 5_000 },
        ],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues).toEqual([
        {
          path: 'rows.1.sub_action_code',
          message: server.paguSubActionUnknown('9.99.99.2.01.0001'),
        },
      ]);
      const body = { year: YEAR, rows: [{ sub_action_code: '1.01.01.2.01.0001', amount: 5_000 }] };
      const first = await call('POST', 'pagu/import', body);
      expect(first.json().data).toEqual({ dry_run: false, created: 1, changed: 0, unchanged: 0 });
      const again = await call('POST', 'pagu/import', body);
      expect(again.json().data).toEqual({ dry_run: false, created: 0, changed: 0, unchanged: 1 });
    });
  });

  describe('standard price catalogue', () => {
    const YEAR = 2031;
    const catalogue = {
      year: YEAR,
      items: [
        {
          kind: 'SSH',
          code: '1.1.7.01.01.01.001.00001',
          name: 'Kertas HVS 70 gram A4',
          specification: 'Rim, 500 lembar',
          unit: 'Rim',
          price: 55_000,
          account_codes: ['5.1.02.Katalog'],
        },
        {
          kind: 'SBU',
          code: '1.1.12.01.01.0001',
          name: 'Honorarium Narasumber Eselon II',
          unit: 'OJ',
          price: 1_400_000,
        },
        {
          kind: 'SSH',
          code: '1.1.7.01.01.01.002.00001',
          name: 'Tinta Printer',
          unit: 'Botol',
          price: 120_000,
          account_codes: ['5.1.02.Lain'],
        },
      ],
    };
    let katalog: Chain;
    const items = async (query: string) =>
      (
        await t.call('GET', `/ranwal/api/price-item/list?year=${YEAR}&${query}`, {
          token: t.userToken,
        })
      ).json();

    beforeAll(async () => {
      katalog = await buildChain(t, 'Katalog');
    });

    it('loads a year, counts what changed on a reload, and searches by kode rekening', async () => {
      const first = await call('POST', 'price-item/import', catalogue);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ dry_run: false, created: 3, changed: 0, unchanged: 0 });
      const changed = structuredClone(catalogue);
      changed.items[0]!.price = 56_000;
      const again = await call('POST', 'price-item/import', changed);
      expect(again.json().data).toEqual({ dry_run: false, created: 0, changed: 1, unchanged: 2 });

      // Under 5.1.02.Katalog: its own items and those for any rekening, not the others'.
      const under = await items('account_code=5.1.02.Katalog');
      expect(under.data.map((item: { name: string }) => item.name)).toEqual([
        'Honorarium Narasumber Eselon II',
        'Kertas HVS 70 gram A4',
      ]);
      // The rekening scopes the list as a parent does; the search narrows it.
      expect(under.filter).toMatchObject({ filtered_result: 2, total_result: 2 });
      const searched = await items('account_code=5.1.02.Katalog&search=hvs');
      expect(searched.filter).toMatchObject({ filtered_result: 1, total_result: 2 });
      expect(searched.data).toEqual([
        expect.objectContaining({ code: '1.1.7.01.01.01.001.00001', price: 56_000, open: false }),
      ]);
      // Nothing found, or a page past the end, still counts what is there.
      const nothing = await items('account_code=5.1.02.Katalog&search=tinta');
      expect(nothing).toMatchObject({ data: [], filter: { filtered_result: 0, total_result: 2 } });
      const pastTheEnd = await items('account_code=5.1.02.Katalog&page=3&limit=1');
      expect(pastTheEnd).toMatchObject({
        data: [],
        filter: { filtered_result: 2, total_result: 2 },
      });
      // Without a rekening the year's items, in code order; a kind narrows the scope.
      const year = await items('limit=2');
      expect(year.data.map((item: { code: string }) => item.code)).toEqual([
        '1.1.12.01.01.0001',
        '1.1.7.01.01.01.001.00001',
      ]);
      expect(year.filter).toMatchObject({ filtered_result: 3, total_result: 3 });
      const sbu = await items('kind=SBU&search=eselon');
      expect(sbu.filter).toMatchObject({ filtered_result: 1, total_result: 1 });
    });

    it('prices a line from its item: name, specification and unit from the catalogue, never above its price', async () => {
      const [kertas] = (await items('search=hvs')).data;
      const priced = (price: number, overrides: Record<string, unknown> = {}) =>
        t.call('POST', `${LINES}/create`, {
          token: t.userToken,
          body: budgetLineInput(katalog, {
            price,
            year: YEAR,
            price_item_id: kertas.id,
            component_name: 'typed by hand',
            ...overrides,
          }),
        });
      const below = await priced(50_000);
      expect(below.statusCode, below.body).toBe(201);
      expect(below.json().data).toMatchObject({
        price_item_id: kertas.id,
        component_code: '1.1.7.01.01.01.001.00001',
        component_name: 'Kertas HVS 70 gram A4',
        specification: 'Rim, 500 lembar',
        unit: 'Rim',
        price: 50_000,
      });
      const above = await priced(56_001);
      expect(above.statusCode).toBe(400);
      expect(above.json().issues).toEqual([
        { path: 'price', message: server.priceAboveCatalogue('Rp 56.000') },
      ]);
      // An admin marks the item open: then a line may go above it.
      const opened = await call('PUT', `price-item/${kertas.id}/update`, { open: true });
      expect(opened.json().data).toMatchObject({ open: true });
      expect((await priced(60_000)).statusCode).toBe(201);
      // Another year's line, or one under a rekening the item is not for, is refused.
      const otherYear = await priced(50_000, { year: YEAR + 1 });
      expect(otherYear.json().issues).toEqual([
        { path: 'price_item_id', message: server.priceItemOtherYear(YEAR, YEAR + 1) },
      ]);
      const [tinta] = (await items('search=tinta')).data;
      const wrongAccount = await priced(100_000, { price_item_id: tinta.id });
      expect(wrongAccount.json().issues).toEqual([
        { path: 'price_item_id', message: server.priceItemNotForAccount('5.1.02.Katalog') },
      ]);
    });

    it('refuses a free-form component where the region prices every line from the catalogue', async () => {
      const strict = await startTestApp(target, { RANWAL_FREE_FORM_COMPONENTS: '0' });
      try {
        const strictChain = await buildChain(strict, 'Ketat');
        const response = await strict.call('POST', `${LINES}/create`, {
          token: strict.userToken,
          body: budgetLineInput(strictChain, {}),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toEqual([
          { path: 'price_item_id', message: server.freeFormRefused },
        ]);
        const settings = await strict.call('GET', '/ranwal/api/planning/settings', {
          token: strict.userToken,
        });
        expect(settings.json().data.free_form_components).toBe(false);
      } finally {
        await strict.close();
      }
      // It starts a second app (its own database and migrations): a hook's time, not a test's.
    }, 60_000);
  });

  describe('RKA signatories', () => {
    it('keeps one signer per Perangkat Daerah and one for the region, NIP checked', async () => {
      const region = await call('PUT', 'planning/signer', {
        agency_id: null,
        place: 'Kota Contoh',
        position: 'Kepala Bappeda',
        name: 'Dr. Budi Santoso, M.Si.',
        nip: '19700101 199003 1 001',
      });
      expect(region.statusCode, region.body).toBe(200);
      expect(region.json().data).toMatchObject({ agency_id: null, nip: '197001011990031001' });
      const renamed = await call('PUT', 'planning/signer', {
        agency_id: null,
        place: 'Kota Contoh',
        position: 'Kepala Bappeda',
        name: 'Dr. Siti Aminah',
        nip: '',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const signers = await call('GET', 'planning/signers', undefined, t.userToken);
      expect(signers.json().data).toEqual([expect.objectContaining({ name: 'Dr. Siti Aminah' })]);
      const badNip = await call('PUT', 'planning/signer', {
        agency_id: null,
        place: 'Kota Contoh',
        position: 'Kepala',
        name: 'X',
        nip: '1234',
      });
      expect(badNip.json().issues[0]).toMatchObject({
        path: 'nip',
        message: 'NIP terdiri dari 18 angka',
      });
    });
  });
});
