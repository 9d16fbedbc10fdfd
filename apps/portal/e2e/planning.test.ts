import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentYear, DEFAULT_REPORT_YEAR, type RanwalClient } from '@ranwal/core';
import type ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import { evaluate, isFormula, pdfPages, readWorkbook } from '../../server/test/rka-reading.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  chooseInComboBox,
  descriptionPairs,
  type E2E,
  fieldName,
  fillDate,
  headingsLevel1,
  openFromSidebar,
  printUnitRka,
  readable,
  rkaHeaderBlock,
  rkaRows,
  rkaSignature,
  rkaTableHeaderRow,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * The admin's planning pages (issue 18), as an admin uses them: a sub kegiatan's pagu set (below
 * what is already planned, so its sisa goes red, with an overrun allowed for a reason), a
 * Perangkat Daerah's pagu, a catalogue item loaded through the API marked open, a PPN rule and
 * an RKA signatory set, and the dashboard's 'Pagu dan Rencana Belanja'. Then issue 18's
 * journey: a pagu set, a user's line whose sisa pagu moves as they type, refused over the pagu,
 * a catalogue item picked, and the RKA downloaded from Laporan as a workbook and a PDF.
 */

/** The budget year the pages open on (the browser runs in Asia/Jakarta, as the server's default). */
const YEAR = currentYear();
const AGENCY = { code: '4.01.0.00.0.00.01.0000', name: 'Badan Perencanaan Pembangunan Daerah' };
const PROGRAM = 'Program Perencanaan Pembangunan Daerah';
const SUB_ACTION = { code: '4.01.01.2.01.0001', name: 'Penyusunan Dokumen Perencanaan' };
const SUB_ACTION_NAME = `${SUB_ACTION.code} - ${SUB_ACTION.name}`;
const OTHER_SUB_ACTION = 'Evaluasi Pelaksanaan Rencana';
const REASON = 'Perubahan harga BBM, nota dinas 12/2026';

/** The journey's chain, coded at every level as an RKA prints it. */
const RKA = {
  program: { code: '4.01.02', name: 'Program Koordinasi Perencanaan Daerah' },
  action: { code: '4.01.02.2.01', name: 'Koordinasi Penyusunan Dokumen Perencanaan' },
  subAction: { code: '4.01.02.2.01.0003', name: 'Koordinasi Penyusunan RKPD' },
  stationery: { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' },
  meals: { code: '5.1.02.01.01.0052', name: 'Belanja Makanan dan Minuman Rapat' },
};
const coded = ({ code, name }: { code: string; name: string }) => `${code} - ${name}`;
/** The year of the journey's pagu and catalogue (the spec's 2025), chosen on each page. */
const FORM_YEAR = DEFAULT_REPORT_YEAR;
const PLANNER = { name: 'Rina Wulandari', email: 'rina@e2e.local', password: 'rina-password-1' };
/** A planner of the Perangkat Daerah, who prints its RKA from her dashboard. */
const UNIT_PLANNER = {
  name: 'Dewi Lestari',
  email: 'dewi@e2e.local',
  password: 'dewi-password-1',
};
/** Who signs the Perangkat Daerah's RKA (the region's signer is another person). */
const UNIT_SIGNER = {
  place: 'Kota Contoh',
  position: 'Kepala Bappeda',
  name: 'Ir. Bambang Wijaya, M.T.',
  nip: '19710202 199703 1 003',
};
const KERTAS = {
  kind: 'SSH' as const,
  code: '1.1.7.01.01.01.001.00001',
  name: 'Kertas HVS 70 gram A4',
  specification: 'Rim, 500 lembar',
  unit: 'Rim',
  price: 55_000,
  account_codes: [RKA.stationery.code],
};

/** The unit's RKA header block: one programme, kegiatan and sub kegiatan in the form's year. */
const UNIT_BLOCK = [
  ['Urusan Pemerintahan', ': 4 UNSUR PENDUKUNG URUSAN PEMERINTAHAN'],
  ['Bidang Urusan', ': 4.01'],
  ['Organisasi', `: ${AGENCY.code} ${AGENCY.name}`],
  ['Program', `: ${RKA.program.code} ${RKA.program.name}`],
  ['Kegiatan', `: ${RKA.action.code} ${RKA.action.name}`],
  ['Sub Kegiatan', `: ${RKA.subAction.code} ${RKA.subAction.name}`],
  ['Lokasi', ': ....................................'],
  ['Waktu Pelaksanaan', `: Januari s.d. Desember ${FORM_YEAR}`],
];
/** Every level of the journey's lines, Aktivitas and Subtitle too, with a sum under each. */
const ALL_LEVELS = [
  [AGENCY.code, AGENCY.name],
  [RKA.program.code, RKA.program.name],
  [RKA.action.code, RKA.action.name],
  [RKA.subAction.code, RKA.subAction.name],
  [RKA.stationery.code, RKA.stationery.name],
  [null, 'Rapat Penyusunan RKPD'],
  [null, 'Tim Penyusun RKPD'],
  [KERTAS.code, KERTAS.name],
  [null, 'Jumlah Tim Penyusun RKPD'],
  [null, 'Jumlah Rapat Penyusunan RKPD'],
  [null, `Jumlah ${RKA.stationery.name}`],
  [RKA.meals.code, RKA.meals.name],
  [null, 'Rapat Penyusunan RKPD'],
  [null, 'Tim Penyusun RKPD'],
  // Lines typed by hand in a year with a catalogue are marked as such (issue 34).
  [null, 'Nasi Kotak Rapat RKPD (Di luar katalog)'],
  [null, 'Snack Rapat Koordinasi (Di luar katalog)'],
  [null, 'Jumlah Tim Penyusun RKPD'],
  [null, 'Jumlah Rapat Penyusunan RKPD'],
  [null, `Jumlah ${RKA.meals.name}`],
  [null, `Jumlah ${RKA.subAction.name}`],
  [null, `Jumlah ${RKA.action.name}`],
  [null, `Jumlah ${RKA.program.name}`],
  [null, `Jumlah ${AGENCY.name}`],
  [null, 'Total Keseluruhan'],
];
/** The signature block as the unit's signer fills it (after the place and date). */
const UNIT_SIGNATURE = [UNIT_SIGNER.position, UNIT_SIGNER.name, `NIP. ${UNIT_SIGNER.nip}`];

const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
const rowOf = (table: Locator, text: string) => table.getByRole('row').filter({ hasText: text });
/** A row's cells as a person reads them. */
const cellsOf = async (row: Locator) =>
  (await row.getByRole('gridcell').or(row.getByRole('rowheader')).allInnerTexts()).map(readable);

describe('planning within a ceiling: the admin pages, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let rkaProgramId: string;
  let agencyId: string;
  let downloads: string;

  beforeAll(async () => {
    e2e = await startE2E();
    downloads = await mkdtemp(path.join(tmpdir(), 'ranwal-e2e-rka-'));
    admin = await apiAs(e2e, ADMIN);
    const agency = (await admin.agency.create(AGENCY)).data;
    agencyId = agency.id;
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

    // The journey's chain under the same Perangkat Daerah, a code at every level, a user to
    // plan in it, Rp 600.000 already planned there in the form's year, and that year's catalogue.
    // Both plan in the Perangkat Daerah: an account without one would reach only programmes
    // without one (issue 34).
    await createUserService(e2e.database.db).create({
      ...PLANNER,
      role: 'user',
      agency_ids: [agency.id],
    });
    await createUserService(e2e.database.db).create({
      ...UNIT_PLANNER,
      role: 'user',
      agency_ids: [agency.id],
    });
    rkaProgramId = (
      await admin.program.create({ ...RKA.program, is_taxed: false, agency_id: agency.id })
    ).data.id;
    const rkaAction = (await admin.action.create({ ...RKA.action, program_id: rkaProgramId })).data;
    const rkaSubAction = (
      await admin.sub_action.create({ ...RKA.subAction, action_id: rkaAction.id })
    ).data;
    const meeting = (
      await admin.activity.create({ name: 'Rapat Penyusunan RKPD', sub_action_id: rkaSubAction.id })
    ).data;
    const team = (
      await admin.subtitle.create({ name: 'Tim Penyusun RKPD', activity_id: meeting.id })
    ).data;
    await admin.account.create({ ...RKA.stationery, subtitle_id: team.id });
    const meals = (await admin.account.create({ ...RKA.meals, subtitle_id: team.id })).data;
    await admin.budgetLine.create({
      program_id: rkaProgramId,
      action_id: rkaAction.id,
      sub_action_id: rkaSubAction.id,
      activity_id: meeting.id,
      subtitle_id: team.id,
      account_id: meals.id,
      supporter_id: supporter.id,
      component_name: 'Nasi Kotak Rapat RKPD',
      unit: 'Kotak',
      price: 30_000,
      first_volume: 20,
      year: FORM_YEAR,
    });
    await admin.priceItem.import({ year: FORM_YEAR, items: [KERTAS] });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

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
    // The header and three sub kegiatan (the RKA journey's among them).
    await expect.poll(() => list.getByRole('row').count()).toBe(4);

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
      'Edit Nonaktifkan',
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
    await fillDate(rule, 'Berlaku sejak', '2025-01-01');
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
    const panel = page.getByRole('region', { name: `Pagu dan Rencana Belanja Tahun ${YEAR}` });
    const perAgency = panel.getByRole('table', { name: 'Per Perangkat Daerah' });
    await expect
      .poll(async () => readable(await perAgency.getByRole('row').nth(1).innerText()))
      .toBe(`${AGENCY.code} - ${AGENCY.name} Rp 5.000.000 Rp 1.200.000 Rp 3.800.000`);
    const perProgram = panel.getByRole('table', { name: 'Per Program' });
    expect(readable(await perProgram.getByRole('row').nth(1).innerText())).toBe(
      `${PROGRAM} ${AGENCY.name} Rp 1.000.000 Rp 1.200.000 -Rp 200.000`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'planning-dashboard', { fullPage: true });
    await context.close();
  });

  it('from pagu to printed RKA: the sisa moves as a line is typed, over the pagu is refused, a catalogue item fills the line, the RKA downloads', async () => {
    // --- The admin sets the sub kegiatan's pagu for the form's year -----------------------------
    const { page: adminPage, context: adminContext } = await e2e.newPage();
    await signInThroughForm(adminPage, ADMIN, 'admin');
    await openFromSidebar(adminPage, 'Pagu', '/admin-pagu');
    await adminPage.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await adminPage.getByRole('option', { name: String(FORM_YEAR), exact: true }).click();
    const paguRow = rowOf(
      grid(adminPage, `Pagu Sub Kegiatan Tahun ${FORM_YEAR}`),
      coded(RKA.subAction),
    );
    await expect
      .poll(async () => (await cellsOf(paguRow)).slice(1))
      .toEqual([
        RKA.program.name,
        AGENCY.name,
        'Belum ada pagu',
        'Rp 600.000',
        'Tanpa batas',
        'Atur Pagu',
      ]);
    await paguRow.getByRole('button', { name: `Atur Pagu ${coded(RKA.subAction)}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Atur Pagu Sub Kegiatan' });
    await dialog.getByRole('textbox', { name: fieldName('Pagu (Rp)') }).fill('2.000.000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await toast(adminPage, 'Pagu berhasil disimpan.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await cellsOf(paguRow)).slice(3))
      .toEqual(['Rp 2.000.000', 'Rp 600.000', 'Rp 1.400.000', 'Atur Pagu']);
    await screenshot(adminPage, 'rka-journey-1-pagu');

    // --- A user enters a line; the pagu panel follows every keystroke ---------------------------
    const { page, context } = await e2e.newPage();
    page.on('pageerror', (error) => console.log('page error:', error.message));
    await signInThroughForm(page, PLANNER, 'user');
    // The dashboard opens on the current year (no stage runs): the user picks the form's.
    await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await page.getByRole('option', { name: String(FORM_YEAR), exact: true }).click();
    await page.waitForURL(`**/user-dashboard?tahun=${FORM_YEAR}`);
    for (const [label, option] of [
      ['Program', coded(RKA.program)],
      ['Kegiatan', coded(RKA.action)],
      ['Sub Kegiatan', coded(RKA.subAction)],
      ['Aktivitas', 'Rapat Penyusunan RKPD'],
      ['Subtitle', 'Tim Penyusun RKPD'],
      ['Kode Rekening', coded(RKA.meals)],
      ['Pengampu', 'Bidang Perencanaan'],
    ] as const) {
      await chooseInComboBox(page, label, option);
    }
    const form = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
    const panel = form.getByRole('region', { name: `Pagu Tahun ${FORM_YEAR}` });
    const subActionLevel = panel
      .getByRole('listitem')
      .filter({ hasText: `Sub Kegiatan: ${RKA.subAction.name}` });
    /** Pagu, Sudah direncanakan, Rincian ini and Sisa pagu of the sub kegiatan, as shown. */
    const figures = async () => Object.fromEntries(await descriptionPairs(subActionLevel));
    const sisa = async () => (await figures())['Sisa pagu'];
    await expect.poll(figures).toEqual({
      Pagu: 'Rp 2.000.000',
      'Sudah direncanakan': 'Rp 600.000',
      'Rincian ini': 'Rp 0',
      'Sisa pagu': 'Rp 1.400.000',
    });
    const componentName = form.getByRole('combobox', { name: fieldName('Nama Komponen') });
    await componentName.fill('Snack Rapat Koordinasi');
    await form.getByLabel('Satuan', { exact: true }).fill('Kotak');
    await form.getByLabel('Harga (Rp)').fill('25.000');
    await expect.poll(sisa).toBe('Rp 1.375.000');
    // Key by key into Volume 1: 2, 20, then 80 (over the pagu).
    const volume = form.getByLabel('Volume 1', { exact: true });
    await volume.fill('');
    await volume.pressSequentially('2');
    await expect.poll(sisa).toBe('Rp 1.350.000');
    await volume.pressSequentially('0');
    await expect
      .poll(figures)
      .toMatchObject({ 'Rincian ini': 'Rp 500.000', 'Sisa pagu': 'Rp 900.000' });
    await volume.fill('');
    await volume.pressSequentially('8');
    await expect.poll(sisa).toBe('Rp 1.200.000');
    await volume.pressSequentially('0');
    await expect.poll(sisa).toBe('-Rp 600.000');
    const warning = `Rincian ini melampaui pagu Sub Kegiatan ${RKA.subAction.name} (Rp 2.000.000) sebesar Rp 600.000. Kurangi Harga atau Volume; rincian belanja di atas pagu ditolak.`;
    await panel.getByText(warning).waitFor();

    // --- Over the pagu: the server refuses, naming the pagu and the excess ----------------------
    await form.getByRole('button', { name: 'Buat Laporan' }).click();
    const refusal = `Melebihi pagu Sub Kegiatan ${RKA.subAction.name} (Rp 2.000.000) sebesar Rp 600.000.`;
    const refused = panel.getByRole('alert').filter({ hasText: 'Rincian belanja ditolak' });
    await expect.poll(async () => readable(await refused.innerText())).toContain(refusal);
    expect(await axeViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'rka-journey-2-refused');
    const stored = async () =>
      (await admin.budgetLine.list({ year: FORM_YEAR, program_id: rkaProgramId })).data
        .map((line) => line.component_name)
        .sort();
    expect(await stored()).toEqual(['Nasi Kotak Rapat RKPD']);
    await volume.fill('20');
    await volume.blur();
    await expect.poll(sisa).toBe('Rp 900.000');
    await form.getByRole('button', { name: 'Buat Laporan' }).click();
    await toast(page, 'Laporan berhasil dibuat').first().waitFor();
    await expect.poll(stored).toEqual(['Nasi Kotak Rapat RKPD', 'Snack Rapat Koordinasi']);
    await expect.poll(figures).toEqual({
      Pagu: 'Rp 2.000.000',
      'Sudah direncanakan': 'Rp 1.100.000',
      'Rincian ini': 'Rp 0',
      'Sisa pagu': 'Rp 900.000',
    });

    // --- A catalogue item under the chosen kode rekening fills the line, its price a ceiling ----
    // The success toast has gone first: the cascade's list opens under where it stood.
    await toast(page, 'Laporan berhasil dibuat').first().waitFor({ state: 'detached' });
    await chooseInComboBox(page, 'Kode Rekening', coded(RKA.stationery));
    await componentName.fill('kertas');
    const option = page.getByRole('option', { name: KERTAS.name });
    await option.waitFor();
    expect(readable(await option.innerText())).toBe(
      `${KERTAS.name} SSH ${KERTAS.code} · Rp 55.000 / Rim`,
    );
    await screenshot(page, 'rka-journey-3-catalogue');
    await option.click();
    expect(await form.getByLabel('Kode Komponen').inputValue()).toBe(KERTAS.code);
    expect(await componentName.inputValue()).toBe(KERTAS.name);
    expect(await form.getByLabel('Spesifikasi').inputValue()).toBe(KERTAS.specification);
    expect(await form.getByLabel('Satuan', { exact: true }).inputValue()).toBe('Rim');
    expect(await form.getByLabel('Harga (Rp)').inputValue()).toBe('55.000');
    await form.getByText('Harga katalog Rp 55.000 (batas tertinggi).').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Harga (Rp)').fill('60.000');
    await form.getByLabel('Harga (Rp)').blur();
    await form.getByText('Harga (Rp) melebihi harga katalog Rp 55.000.').waitFor();
    await form.getByLabel('Harga (Rp)').fill('52.500');
    await volume.fill('10');
    await volume.blur();
    await expect
      .poll(figures)
      .toMatchObject({ 'Rincian ini': 'Rp 525.000', 'Sisa pagu': 'Rp 375.000' });
    await form.getByRole('button', { name: 'Buat Laporan' }).click();
    await expect
      .poll(stored)
      .toEqual(['Kertas HVS 70 gram A4', 'Nasi Kotak Rapat RKPD', 'Snack Rapat Koordinasi']);
    await context.close();

    // --- The unit's planner prints the unit's RKA from her dashboard ----------------------------
    const saved = async (file: Download) => {
      const where = path.join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
      await file.saveAs(where);
      return readFile(where);
    };
    await admin.planning.setSigner({ agency_id: agencyId, ...UNIT_SIGNER });
    const { page: unitPage, context: unitContext } = await e2e.newPage();
    unitPage.on('pageerror', (error) => console.log('page error:', error.message));
    await signInThroughForm(unitPage, UNIT_PLANNER, 'user');
    // Cetak RKA prints the dashboard's budget year: the journey's.
    await unitPage.getByRole('button', { name: /Tahun Anggaran/ }).click();
    await unitPage.getByRole('option', { name: String(FORM_YEAR), exact: true }).click();
    await unitPage.waitForURL(`**/user-dashboard?tahun=${FORM_YEAR}`);
    const print = unitPage.getByRole('region', { name: 'Cetak RKA' });
    const unit = await printUnitRka(unitPage, FORM_YEAR, downloads);
    expect(unit.workbookName).toBe(`rka-${FORM_YEAR}.xlsx`);
    expect(rkaHeaderBlock(unit.sheet)).toEqual(UNIT_BLOCK);
    expect(rkaRows(unit.sheet)).toEqual(ALL_LEVELS);
    expect(rkaSignature(unit.sheet)).toEqual(UNIT_SIGNATURE);
    expect(unit.pdfName).toBe(`rka-${FORM_YEAR}.pdf`);
    expect(unit.pdfText).toContain(
      UNIT_BLOCK.map(([label, value]) => `${label} ${value}`).join(' '),
    );
    expect(unit.pdfText).toContain('Rapat Penyusunan RKPD');
    expect(unit.pdfText).toContain('Jumlah Tim Penyusun RKPD');
    expect(unit.pdfText).toContain('Total Keseluruhan 1.625.000 0 1.625.000');
    expect(unit.pdfText).toContain(UNIT_SIGNER.position);
    expect(unit.pdfText).toContain(`${UNIT_SIGNER.name} NIP. ${UNIT_SIGNER.nip}`);
    for (const width of [1366, 390]) {
      await unitPage.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      await print.scrollIntoViewIfNeeded();
      expect(await axeViolations(unitPage), `axe at ${width} px`).toEqual([]);
      const overflow = await unitPage.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(unitPage, `rka-journey-print-${width}`);
    }
    await unitContext.close();

    // --- The admin downloads the RKA of the programme from Laporan ------------------------------
    await openFromSidebar(adminPage, 'Laporan', '/admin-laporan');
    await chooseInComboBox(adminPage, 'Filter Program', coded(RKA.program));
    const reportRows = grid(adminPage, 'Daftar Laporan Detail Program')
      .getByRole('row')
      .filter({ has: adminPage.getByRole('gridcell') });
    try {
      // The filtered list after a search's debounce: over 10 s once beside the stories, past
      // 30 s in a full run of 2 270 s. Never in 150 s in the CI run of 2026-12-01: in a full run
      // the programme is past the filter's first page of programmes, and the filter's text then
      // changed under focus, reopened its list and hid the table (fixed; the story
      // ProgramFilterPastFirstPage keeps it so).
      await expect.poll(() => reportRows.count(), { timeout: 150_000 }).toBe(3);
    } catch (error) {
      // What the page showed, for the CI log: the address (filters and year), the list's text.
      const main = await adminPage
        .getByRole('main')
        .innerText({ timeout: 5_000 })
        .catch(() => '(no main)');
      throw new Error(
        `${(error as Error).message}\nURL: ${adminPage.url()}\nPage: ${readable(main).slice(0, 1500)}`,
      );
    }
    const download = async (layout: string): Promise<Download> => {
      await adminPage.getByRole('button', { name: /Jenis Laporan/ }).click();
      await adminPage.getByRole('option', { name: layout, exact: true }).click();
      const [file] = await Promise.all([
        adminPage.waitForEvent('download'),
        adminPage.getByRole('button', { name: 'Download Laporan' }).click(),
      ]);
      await toast(adminPage, 'Berhasil mengunduh laporan').first().waitFor();
      return file;
    };

    const workbookFile = await download('RKA (Excel)');
    expect(workbookFile.suggestedFilename()).toBe(`rka-${FORM_YEAR}.xlsx`);
    const sheet = (await readWorkbook(await saved(workbookFile))).getWorksheet(`RKA ${FORM_YEAR}`)!;
    // Printing: landscape, one page wide, the header row repeated on every page.
    const value = (address: string) => sheet.getCell(address).value;
    const headerRow = rkaTableHeaderRow(sheet);
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      printTitlesRow: `${headerRow}:${headerRow}`,
    });
    // The lines are of one unit: its header block and its signer, though no unit was asked for.
    expect(rkaHeaderBlock(sheet)).toEqual(UNIT_BLOCK);
    expect(rkaSignature(sheet)).toEqual(UNIT_SIGNATURE);
    // Kode and Uraian down to the grand total: every level with its code, a sum under each.
    const rows: { row: number; code: ExcelJS.CellValue; text: ExcelJS.CellValue }[] = [];
    for (let row = headerRow + 1; row <= sheet.rowCount; row++) {
      rows.push({ row, code: value(`A${row}`), text: value(`B${row}`) });
      if (value(`B${row}`) === 'Total Keseluruhan') break;
    }
    expect(rows.map(({ code, text }) => [code, text])).toEqual(ALL_LEVELS);
    const rowNumber = (text: string) => rows.find((row) => row.text === text)!.row;
    // The picked item's line: its specification, coefficient, unit, price and totals (no PPN).
    expect(
      ['C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((column) =>
        value(`${column}${rowNumber(KERTAS.name)}`),
      ),
    ).toEqual([KERTAS.specification, '10 Rim', 'Rim', 52_500, 525_000, null, 0, 525_000]);
    // Each sum is a formula whose stored result, and whose value recomputed from the cells,
    // is what the lines under it add up to (Total Harga, PPN, Total Setelah Pajak).
    const sums: Record<string, number> = {
      [`Jumlah ${RKA.stationery.name}`]: 525_000,
      [`Jumlah ${RKA.meals.name}`]: 1_100_000,
      [`Jumlah ${RKA.subAction.name}`]: 1_625_000,
      [`Jumlah ${RKA.action.name}`]: 1_625_000,
      [`Jumlah ${RKA.program.name}`]: 1_625_000,
      [`Jumlah ${AGENCY.name}`]: 1_625_000,
      'Total Keseluruhan': 1_625_000,
    };
    for (const [label, total] of Object.entries(sums)) {
      for (const [column, expected] of [
        ['G', total],
        ['I', 0],
        ['J', total],
      ] as const) {
        const cell = value(`${column}${rowNumber(label)}`);
        expect(isFormula(cell), `${label} ${column}`).toBe(true);
        const { formula, result } = cell as ExcelJS.CellFormulaValue;
        expect(formula, `${label} ${column}`).toMatch(/^SUM\(/);
        // exceljs reads a stored 0 back as no result.
        expect(result ?? 0, `${label} ${column}`).toBe(expected);
        expect(evaluate(sheet, formula), `${label} ${column}`).toBe(expected);
      }
    }

    const pdfFile = await download('RKA (PDF)');
    expect(pdfFile.suggestedFilename()).toBe(`rka-${FORM_YEAR}.pdf`);
    const pages = await pdfPages(await saved(pdfFile));
    expect(pages[0]).toContain('RENCANA KERJA DAN ANGGARAN');
    expect(pages[0]).toContain(`${RKA.subAction.code} ${RKA.subAction.name}`);
    expect(pages.at(-1)).toContain('Total Keseluruhan 1.625.000 0 1.625.000');
    expect(pages.at(-1)).toContain(`${UNIT_SIGNER.name} NIP. ${UNIT_SIGNER.nip}`);
    await adminPage.getByRole('button', { name: /Jenis Laporan/ }).click();
    await adminPage.getByRole('listbox').waitFor();
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'rka-journey-4-download-choice');
    await adminContext.close();
  }, 360_000);

  it.each([
    ['/admin-pagu', 'Pagu'],
    ['/admin-katalog-harga', 'Katalog Harga'],
    ['/admin-pengaturan-perencanaan', 'Pengaturan Perencanaan'],
    ['/admin-anomali-harga', 'Anomali Harga'],
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
