import { DEFAULT_REPORT_YEAR, messagesId, type RanwalClient } from '@ranwal/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  chooseInComboBox,
  createChain,
  descriptionPairs,
  type E2E,
  fieldName,
  openFromSidebar,
  readable,
  screenshot,
  sidewaysScrolling,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Issue 33, the admin's part of opening 2027: a catalogue item added, corrected and retired in
 * the browser on Katalog Harga, and the pagu rule on Pengaturan Perencanaan. The unit's user
 * then finds the 2027 item when pricing a line, and a sub kegiatan without a 2027 pagu refuses
 * their line. The user's line form is still fixed to 2025 on this branch (another change makes
 * the year the user's choice), so the user's part goes through the API the form calls.
 */

const YEAR = 2027;
const UNIT = { code: '4.01.0.00.0.00.01.0000', name: 'Badan Perencanaan Pembangunan Daerah' };
const PLANNER = {
  name: 'Rina Wulandari',
  email: 'rina.katalog@e2e.local',
  password: 'rina-pass-1',
};
const STATIONERY = { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' };
const MAP = {
  code: '1.1.7.01.03.02.001.00002',
  name: 'Map Plastik',
  specification: 'Folio, bening',
  unit: 'Buah',
};

/** A day counted from today in WIB, as YYYY-MM-DD (the server checks stage dates in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });
const cellsOf = async (row: Locator) =>
  (await row.getByRole('gridcell').or(row.getByRole('rowheader')).allInnerTexts()).map(readable);

describe('the catalogue and the pagu rule of a new year, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let planner: RanwalClient;
  let chain: Record<string, string>;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const made = await createChain(admin, {
      agency: UNIT,
      program: {
        code: '4.01.02',
        name: 'Program Koordinasi Perencanaan Daerah',
        is_taxed: false,
      },
      action: { code: '4.01.02.2.01', name: 'Koordinasi Penyusunan Dokumen Perencanaan' },
      sub_action: { code: '4.01.02.2.01.0003', name: 'Koordinasi Penyusunan RKPD' },
      activity: { name: 'Rapat Penyusunan RKPD' },
      subtitle: { name: 'Tim Penyusun RKPD' },
      account: STATIONERY,
      supporter: { name: 'Bidang Perencanaan' },
    });
    const unit = made.agency!;
    chain = made.line;
    await createUserService(e2e.database.db).create({
      ...PLANNER,
      role: 'user',
      agency_ids: [unit.id],
    });
    planner = await apiAs(e2e, PLANNER);
    // 2027 is opened: its first stage runs.
    await admin.stage.schedule({
      year: YEAR,
      stages: [{ kind: 'ranwal', starts_on: day(-5), ends_on: day(60) }],
    });
    await admin.stage.advance({ year: YEAR });
  }, 120_000);
  afterAll(() => e2e?.close());

  it('adds, corrects and retires a 2027 item in the browser; the unit finds it when pricing a line', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'Katalog Harga', '/admin-katalog-harga');
    await page.getByRole('heading', { level: 1, name: 'Katalog Harga' }).waitFor();
    await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await page.getByRole('option', { name: String(YEAR), exact: true }).click();
    const catalogue = grid(page, `Katalog Harga Tahun ${YEAR}`);
    await catalogue.getByText(`Belum ada katalog harga untuk tahun ${YEAR}`).waitFor();

    // --- Tambah Item: first with a mistake, then as meant ---------------------------------------
    await page.getByRole('button', { name: 'Tambah Item' }).click();
    const dialog = page.getByRole('dialog', { name: `Tambah Item Katalog Harga ${YEAR}` });
    await dialog.waitFor();
    const field = (label: string) => dialog.getByRole('textbox', { name: fieldName(label) });
    await field('Kode').fill(MAP.code);
    await field('Nama').fill(MAP.name);
    await field('Spesifikasi').fill(MAP.specification);
    await field('Satuan').fill(MAP.unit);
    await field('Harga (Rp)').fill('0');
    await field('Kode Rekening').fill(STATIONERY.code);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Kolom Harga (Rp) tidak valid: harus lebih dari 0').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-1-add-invalid');
    await field('Harga (Rp)').fill('4.500');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Map Plastik ditambahkan ke katalog harga.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const map = rowOf(catalogue, MAP.name);
    await map.waitFor();
    expect(await cellsOf(map)).toEqual([
      `${MAP.code} SSH`,
      MAP.name,
      MAP.specification,
      MAP.unit,
      'Rp 4.500',
      STATIONERY.code,
      `Terbuka: ${MAP.name}`,
      'Edit Nonaktifkan',
    ]);

    // --- Edit: the price corrected -----------------------------------------------------------
    await map.getByRole('button', { name: `Edit ${MAP.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Ubah Item Katalog Harga ${YEAR}` });
    await edit.getByRole('textbox', { name: fieldName('Harga (Rp)') }).fill('5.000');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Map Plastik berhasil disimpan.').waitFor();
    await expect.poll(async () => (await cellsOf(map))[4]).toBe('Rp 5.000');
    await screenshot(page, 'catalogue-2-added');

    // The unit's user, pricing a line under Belanja Alat Tulis Kantor, finds it (the form's
    // catalogue search: priceItem.list under the line's kode rekening).
    const search = () =>
      planner.priceItem.list({ year: YEAR, account_code: STATIONERY.code, search: 'map' });
    const [found] = (await search()).data;
    expect(found).toMatchObject({ code: MAP.code, name: MAP.name, price: 5_000, retired: false });

    // --- The pagu rule: 2027 has stages, the sub kegiatan no pagu: the line is refused --------
    const line = {
      ...chain,
      component_name: MAP.name,
      unit: MAP.unit,
      price: 5_000,
      first_volume: 10,
      year: YEAR,
      price_item_id: found!.id,
    } as Parameters<RanwalClient['budgetLine']['create']>[0];
    await expect(planner.budgetLine.create(line)).rejects.toMatchObject({
      status: 409,
      serverMessage: 'Sub kegiatan ini belum memiliki pagu tahun 2027; hubungi administrator.',
    });
    await openFromSidebar(page, 'Pengaturan Perencanaan', '/admin-pengaturan-perencanaan');
    const rule = page.getByRole('checkbox', { name: 'Rincian belanja wajib memiliki pagu' });
    expect(await rule.isChecked()).toBe(true);
    await screenshot(page, 'catalogue-3-pagu-rule');
    await admin.pagu.set({ sub_action_id: chain.sub_action_id!, year: YEAR, amount: 1_000_000 });
    const priced = (await planner.budgetLine.create(line)).data;
    expect(priced).toMatchObject({ price_item_id: found!.id, component_code: MAP.code });

    // --- Nonaktifkan: no longer offered; the line priced from it keeps it --------------------
    await openFromSidebar(page, 'Katalog Harga', '/admin-katalog-harga');
    await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await page.getByRole('option', { name: String(YEAR), exact: true }).click();
    await grid(page, `Katalog Harga Tahun ${YEAR}`)
      .getByRole('button', { name: `Nonaktifkan ${MAP.name}` })
      .click();
    await toast(
      page,
      'Map Plastik dinonaktifkan: tidak ditawarkan lagi untuk rincian belanja baru.',
    ).waitFor();
    await expect
      .poll(
        async () => (await cellsOf(rowOf(grid(page, `Katalog Harga Tahun ${YEAR}`), MAP.name)))[0],
      )
      .toBe(`${MAP.code} SSH Nonaktif`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'catalogue-4-retired');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      // Beside the sidebar at 1 366 px the table (a 24-character code, two badges) is whole: its
      // actions in sight, not scrolled to. (On a phone its rows are cards.)
      if (width === 1366) expect(await sidewaysScrolling(page)).toEqual([]);
      await screenshot(page, `catalogue-5-page-${width}`);
    }
    expect((await search()).data).toEqual([]);
    await expect(planner.budgetLine.create(line)).rejects.toMatchObject({
      status: 400,
      serverMessage: `Kolom price_item_id tidak valid: ${messagesId.server.priceItemRetired(MAP.code)}`,
    });
    const kept = await planner.budgetLine.get(priced.id);
    expect(kept.data.price_item_id).toBe(found!.id);
    await context.close();
  }, 240_000);

  it("shows the unit's user, before anything is typed, that a sub kegiatan without a pagu takes no line", async () => {
    // A year is opened with a stage running today (dated outside its planning window, so
    // confirmed), which the user's dashboard then opens on; no pagu is set for it.
    const year = DEFAULT_REPORT_YEAR;
    await admin.stage.schedule({
      year,
      stages: [{ kind: 'ranwal', starts_on: day(-5), ends_on: day(60) }],
      confirm: true,
    });
    await admin.stage.advance({ year });
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, PLANNER, 'user');
    // Two years now run a stage (2027 from the test above): the user picks this one.
    await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await page.getByRole('option', { name: String(year), exact: true }).click();
    await page.waitForURL(`**/user-dashboard?tahun=${year}`);
    for (const [label, option] of [
      ['Program', '4.01.02 - Program Koordinasi Perencanaan Daerah'],
      ['Kegiatan', '4.01.02.2.01 - Koordinasi Penyusunan Dokumen Perencanaan'],
      ['Sub Kegiatan', '4.01.02.2.01.0003 - Koordinasi Penyusunan RKPD'],
      ['Aktivitas', 'Rapat Penyusunan RKPD'],
      ['Subtitle', 'Tim Penyusun RKPD'],
      ['Kode Rekening', `${STATIONERY.code} - ${STATIONERY.name}`],
      ['Pengampu', 'Bidang Perencanaan'],
    ] as const) {
      await chooseInComboBox(page, label, option);
    }
    const form = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
    const panel = form.getByRole('region', { name: `Pagu Tahun ${year}` });
    const subActionLevel = panel
      .getByRole('listitem')
      .filter({ hasText: /Sub Kegiatan: (\S+ - )?Koordinasi Penyusunan RKPD/ });
    // The same words as the admin's Pagu page.
    await expect
      .poll(async () => Object.fromEntries(await descriptionPairs(subActionLevel)))
      .toEqual({
        Pagu: 'Belum ada pagu',
        'Sudah direncanakan': 'Rp 0',
        'Rincian ini': 'Rp 0',
        'Sisa pagu': 'Tidak ada (wajib pagu)',
      });
    await panel
      .getByText(`Sub kegiatan ini belum memiliki pagu tahun ${year}; hubungi administrator.`)
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalogue-6-user-pagu-required');
    const listed = (await admin.pagu.list({ year, search: 'RKPD' })).data;
    expect(listed[0]).toMatchObject({ pagu: null, pagu_required: true });
    await context.close();
  }, 240_000);
});
