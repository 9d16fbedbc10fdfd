import { currentYear, type RanwalClient } from '@ranwal/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiAs,
  axeViolations,
  type E2E,
  fieldName,
  headingsLevel1,
  openFromSidebar,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * The admin's planning pages (issue 18), as an admin uses them: a sub kegiatan's pagu set (below
 * what is already planned, so its sisa goes red, with an overrun allowed for a reason), a
 * Perangkat Daerah's pagu, a catalogue item loaded through the API marked open, a PPN rule and
 * an RKA signatory set, and the dashboard's 'Pagu dan Realisasi Rencana'.
 */

/** The budget year the pages open on (the browser runs in Asia/Jakarta, as the server's default). */
const YEAR = currentYear();
const AGENCY = { code: '4.01.0.00.0.00.01.0000', name: 'Badan Perencanaan Pembangunan Daerah' };
const PROGRAM = 'Program Perencanaan Pembangunan Daerah';
const SUB_ACTION = { code: '4.01.01.2.01.0001', name: 'Penyusunan Dokumen Perencanaan' };
const SUB_ACTION_NAME = `${SUB_ACTION.code} - ${SUB_ACTION.name}`;
const OTHER_SUB_ACTION = 'Evaluasi Pelaksanaan Rencana';
const REASON = 'Perubahan harga BBM, nota dinas 12/2026';

const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });
/** A row's cells as a person reads them. */
const cellsOf = async (row: Locator) =>
  (await row.getByRole('gridcell').or(row.getByRole('rowheader')).allInnerTexts()).map(readable);

describe('planning within a ceiling: the admin pages, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const agency = (await admin.agency.create(AGENCY)).data;
    const program = (
      await admin.program.create({ name: PROGRAM, is_taxed: false, agency_id: agency.id })
    ).data;
    const action = (
      await admin.action.create({ name: 'Perencanaan Perangkat Daerah', program_id: program.id })
    ).data;
    const subAction = (await admin.sub_action.create({ ...SUB_ACTION, action_id: action.id })).data;
    await admin.sub_action.create({ name: OTHER_SUB_ACTION, action_id: action.id });
    const activity = (
      await admin.activity.create({ name: 'Rapat Koordinasi', sub_action_id: subAction.id })
    ).data;
    const subtitle = (
      await admin.subtitle.create({ name: 'Rapat Tim Perencana', activity_id: activity.id })
    ).data;
    const account = (
      await admin.account.create({
        code: '5.1.02.01.01.0052',
        name: 'Belanja Makanan dan Minuman Rapat',
        subtitle_id: subtitle.id,
      })
    ).data;
    const supporter = (await admin.supporter.create({ name: 'Bidang Perencanaan' })).data;
    // Rp 1.200.000 already planned under the sub kegiatan.
    await admin.budgetLine.create({
      program_id: program.id,
      action_id: action.id,
      sub_action_id: subAction.id,
      activity_id: activity.id,
      subtitle_id: subtitle.id,
      account_id: account.id,
      supporter_id: supporter.id,
      component_name: 'Nasi Kotak Rapat',
      unit: 'Kotak',
      price: 60_000,
      first_volume: 20,
      year: YEAR,
    });
    // The year's catalogue, loaded as the CLI loads it.
    await admin.priceItem.import({
      year: YEAR,
      items: [
        {
          kind: 'SSH',
          code: '1.1.7.01.01.01.001.00001',
          name: 'Kertas HVS 70 gram A4',
          specification: 'Rim, 500 lembar',
          unit: 'Rim',
          price: 55_000,
          account_codes: ['5.1.02.01.01.0024'],
        },
        {
          kind: 'SBU',
          code: '1.1.12.01.01.0001',
          name: 'Honorarium Narasumber Eselon II',
          unit: 'OJ',
          price: 1_400_000,
        },
      ],
    });
  }, 120_000);
  afterAll(() => e2e?.close());

  it('sets a pagu, marks a catalogue item open, sets a PPN rule and a signatory', async () => {
    const { page, context } = await e2e.newPage();
    page.on('pageerror', (error) => console.log('page error:', error.message));
    await signInThroughForm(page, ADMIN, 'admin');

    // --- Pagu -------------------------------------------------------------------------------
    await openFromSidebar(page, 'Pagu', '/admin-pagu');
    await page.getByRole('heading', { level: 1, name: 'Pagu' }).waitFor();
    const list = grid(page, `Pagu Sub Kegiatan Tahun ${YEAR}`);
    const row = rowOf(list, SUB_ACTION_NAME);
    await row.waitFor();
    expect(await cellsOf(row)).toEqual([
      `${SUB_ACTION_NAME} Kegiatan: Perencanaan Perangkat Daerah`,
      PROGRAM,
      AGENCY.name,
      'Belum ada pagu',
      'Rp 1.200.000',
      'Tanpa batas',
      'Atur Pagu',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'planning-pagu-before');

    await row.getByRole('button', { name: `Atur Pagu ${SUB_ACTION_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Atur Pagu Sub Kegiatan' });
    await dialog.waitFor();
    // Typed the Indonesian way; below what is planned, so the sisa goes below zero.
    await dialog.getByRole('textbox', { name: fieldName('Pagu (Rp)') }).fill('1.000.000');
    await dialog.getByText('Izinkan melebihi pagu').click();
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Alasan wajib diisi bila pagu boleh dilampaui.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'planning-pagu-dialog-reason-required');
    await dialog.getByRole('textbox', { name: fieldName('Alasan') }).fill(REASON);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Pagu berhasil disimpan.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => cellsOf(row))
      .toEqual([
        `${SUB_ACTION_NAME} Kegiatan: Perencanaan Perangkat Daerah Boleh dilampaui Alasan: ${REASON}`,
        PROGRAM,
        AGENCY.name,
        'Rp 1.000.000',
        'Rp 1.200.000',
        '-Rp 200.000',
        'Atur Pagu',
      ]);
    const remaining = row.getByText('-Rp 200.000', { exact: true });
    // Below zero reads red (Tailwind's red-700), the planned amount beside it does not.
    const colorOf = (locator: Locator) => locator.evaluate((node) => getComputedStyle(node).color);
    expect(await colorOf(remaining)).toBe('oklch(0.505 0.213 27.518)');
    expect(await colorOf(row.getByText('Rp 1.200.000', { exact: true }))).not.toBe(
      await colorOf(remaining),
    );
    const [stored] = (await admin.pagu.list({ year: YEAR, search: SUB_ACTION.name })).data;
    expect(stored).toMatchObject({
      pagu: '1000000',
      allow_overrun: true,
      overrun_reason: REASON,
    });

    // A search narrows the list to the other sub kegiatan.
    await page.getByRole('searchbox', { name: 'Cari sub kegiatan' }).fill('Evaluasi');
    await expect.poll(() => list.getByRole('row').count()).toBe(2);
    expect(readable(await list.getByRole('row').nth(1).innerText())).toContain(OTHER_SUB_ACTION);
    await page.getByRole('searchbox', { name: 'Cari sub kegiatan' }).fill('');
    await expect.poll(() => list.getByRole('row').count()).toBe(3);

    // The Perangkat Daerah's own pagu.
    const agencies = grid(page, `Pagu Perangkat Daerah Tahun ${YEAR}`);
    const agencyRow = rowOf(agencies, AGENCY.name);
    await agencyRow.getByRole('button', { name: `Atur Pagu ${AGENCY.name}` }).click();
    const agencyDialog = page.getByRole('dialog', { name: 'Atur Pagu Perangkat Daerah' });
    await agencyDialog.getByRole('textbox', { name: fieldName('Pagu (Rp)') }).fill('5.000.000');
    await agencyDialog.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Pagu Perangkat Daerah berhasil disimpan.').waitFor();
    await expect
      .poll(() => cellsOf(agencyRow))
      .toEqual([
        `${AGENCY.code} - ${AGENCY.name}`,
        'Rp 5.000.000',
        'Rp 1.200.000',
        'Rp 3.800.000',
        'Atur Pagu',
      ]);
    await screenshot(page, 'planning-pagu-after');
    await agencyRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'planning-pagu-agencies');

    // --- Katalog Harga ------------------------------------------------------------------------
    await openFromSidebar(page, 'Katalog Harga', '/admin-katalog-harga');
    await page.getByText(`ranwal import catalogue FILE --year ${YEAR}`).waitFor();
    const catalogue = grid(page, `Katalog Harga Tahun ${YEAR}`);
    const kertas = rowOf(catalogue, 'Kertas HVS 70 gram A4');
    await kertas.waitFor();
    expect(await cellsOf(kertas)).toEqual([
      '1.1.7.01.01.01.001.00001 SSH',
      'Kertas HVS 70 gram A4',
      'Rim, 500 lembar',
      'Rim',
      'Rp 55.000',
      '5.1.02.01.01.0024',
      'Terbuka: Kertas HVS 70 gram A4',
    ]);
    const open = kertas.getByRole('checkbox', { name: 'Terbuka: Kertas HVS 70 gram A4' });
    expect(await open.isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // The box beside the hidden input, as a person clicks it.
    await kertas.locator('label').click();
    await toast(page, 'Kertas HVS 70 gram A4 ditandai terbuka.').waitFor();
    await expect.poll(() => open.isChecked()).toBe(true);
    await screenshot(page, 'planning-katalog-harga');
    const [item] = (await admin.priceItem.list({ year: YEAR, search: 'hvs' })).data;
    expect(item?.open).toBe(true);
    // The kind narrows the list.
    await page.getByRole('button', { name: /Jenis/ }).click();
    await page.getByRole('option', { name: 'SBU — Standar Biaya Umum' }).click();
    await expect.poll(() => catalogue.getByRole('row').count()).toBe(2);
    expect(readable(await catalogue.getByRole('row').nth(1).innerText())).toContain(
      'Honorarium Narasumber Eselon II',
    );

    // --- Pengaturan Perencanaan ----------------------------------------------------------------
    await openFromSidebar(page, 'Pengaturan Perencanaan', '/admin-pengaturan-perencanaan');
    await page.getByText('Belum ada aturan: PPN 12% dari seluruh total berlaku.').waitFor();
    await page.getByRole('button', { name: 'Tambah Aturan' }).click();
    const rule = page.getByRole('group', { name: 'Aturan 1' });
    await rule.getByLabel('Berlaku sejak').fill('2025-01-01');
    await rule.getByLabel('Tarif %').fill('12');
    await rule.getByLabel('Dasar pengenaan: Pembilang').fill('11');
    await rule.getByLabel('Dasar pengenaan: Penyebut').fill('12');
    await rule.getByLabel('Dasar pengenaan: Penyebut').blur();
    await rule.getByText('PPN 12% x 11/12: efektif 11% dari total').waitFor();
    await page.getByRole('button', { name: 'Simpan Aturan PPN' }).click();
    await toast(page, 'Aturan PPN berhasil disimpan.').waitFor();
    expect((await admin.planning.settings()).data.tax_rules).toEqual([
      { effective_from: '2025-01-01', rate: 12, base_numerator: 11, base_denominator: 12 },
    ]);

    const signers = grid(page, 'Penandatangan RKA');
    await rowOf(signers, 'Seluruh Daerah')
      .getByRole('button', { name: 'Atur penandatangan Seluruh Daerah' })
      .click();
    const signer = page.getByRole('dialog', { name: 'Penandatangan RKA Seluruh Daerah' });
    await signer.getByRole('textbox', { name: fieldName('Tempat') }).fill('Kota Contoh');
    await signer
      .getByRole('textbox', { name: fieldName('Jabatan') })
      .fill('Kepala Badan Perencanaan Pembangunan Daerah');
    await signer.getByRole('textbox', { name: fieldName('Nama') }).fill('Dr. Siti Aminah, M.Si.');
    await signer.getByRole('textbox', { name: fieldName('NIP') }).fill('1234');
    await signer.getByRole('button', { name: 'Simpan' }).click();
    await signer.getByText('Kolom NIP tidak valid: NIP terdiri dari 18 angka').waitFor();
    await signer.getByRole('textbox', { name: fieldName('NIP') }).fill('19700101 199003 2 001');
    await signer.getByRole('button', { name: 'Simpan' }).click();
    await toast(page, 'Penandatangan RKA berhasil disimpan.').waitFor();
    await expect
      .poll(() => cellsOf(rowOf(signers, 'Seluruh Daerah')))
      .toEqual([
        'Seluruh Daerah',
        'Kota Contoh',
        'Kepala Badan Perencanaan Pembangunan Daerah',
        'Dr. Siti Aminah, M.Si.',
        '197001011990032001',
        'Atur',
      ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'planning-pengaturan', { fullPage: true });

    // --- The dashboard ------------------------------------------------------------------------
    await openFromSidebar(page, 'Dashboard', '/admin-dashboard');
    const panel = page.getByRole('region', { name: `Pagu dan Realisasi Rencana Tahun ${YEAR}` });
    const perAgency = panel.getByRole('table', { name: 'Per Perangkat Daerah' });
    await expect
      .poll(async () => readable(await perAgency.getByRole('row').nth(1).innerText()))
      .toBe(`${AGENCY.name} Rp 5.000.000 Rp 1.200.000 Rp 3.800.000`);
    const perProgram = panel.getByRole('table', { name: 'Per Program' });
    expect(readable(await perProgram.getByRole('row').nth(1).innerText())).toBe(
      `${PROGRAM} ${AGENCY.name} Rp 1.000.000 Rp 1.200.000 -Rp 200.000`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'planning-dashboard', { fullPage: true });
    await context.close();
  });

  it.each([
    ['/admin-pagu', 'Pagu'],
    ['/admin-katalog-harga', 'Katalog Harga'],
    ['/admin-pengaturan-perencanaan', 'Pengaturan Perencanaan'],
  ])(
    '%s on a desktop and a phone: one h1, no axe violation, nothing off-screen',
    async (path, h1) => {
      const { page, context } = await e2e.newPage();
      await signInThroughForm(page, ADMIN, 'admin');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
        await page.goto(path);
        await expect
          .poll(() => page.locator('[aria-busy="true"], :text-is("Memuat data...")').count())
          .toBe(0);
        await expect.poll(() => headingsLevel1(page)).toEqual([h1]);
        expect(await axeViolations(page), `axe on ${path} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal overflow of ${path} at ${width} px`).toBeLessThanOrEqual(0);
        await screenshot(page, `planning-${width}${path.replace(/\//g, '-')}`);
      }
      await context.close();
    },
  );
});
