import { currentYear, type RanwalClient } from '@ranwal/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  createChain,
  descriptionPairs,
  type E2E,
  openFromSidebar,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Issue 33's truth about a line (its detail, its verification, its delete and restore): the
 * verifier opens a sub kegiatan at its own address (and again on reload) and verifies it; the
 * unit's planner sees it verified on the list, reads a line's whole detail (30 Orang x 4 Kali,
 * every level with its code) and deletes it, told what that does; the admin restores it from
 * the history, asked first, and the history reads 'Dipulihkan'; the planner is told.
 */

const YEAR = currentYear();
const PLANNER = { name: 'Rina Perencana', email: 'rina@e2e.local', password: 'rina-password-1' };
const VERIFIER = { name: 'Vino Pemeriksa', email: 'vino@e2e.local', password: 'vino-password-1' };
const SUB_ACTION = '1.01.01.2.01.0001 - Sub Kegiatan Rapat';

const grid = (page: Page, name: string | RegExp) => page.getByRole('grid', { name });
const lineRow = (page: Page, text: string) =>
  grid(page, 'Daftar Laporan').getByRole('row').filter({ hasText: text });

describe('a line told truly: detail, verification, delete and restore', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let planner: RanwalClient;
  let subActionId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const made = await createChain(admin, {
      agency: { name: 'Dinas Rapat', code: '1.01.0.00.0.00.01.0000' },
      program: { name: 'Program Rapat', code: '1.01.01', is_taxed: false },
      action: { name: 'Kegiatan Rapat', code: '1.01.01.2.01' },
      sub_action: { name: 'Sub Kegiatan Rapat', code: '1.01.01.2.01.0001' },
      activity: { name: 'Rapat Koordinasi', code: '01' },
      subtitle: { name: 'Konsumsi', code: '01.01' },
      account: { code: '5.1.02.01.01.0052', name: 'Belanja Makanan dan Minuman Rapat' },
      supporter: { name: 'Bidang Umum' },
    });
    const unit = made.agency!;
    subActionId = made.sub_action.id;
    const users = createUserService(e2e.database.db);
    await users.create({ ...PLANNER, role: 'user', agency_ids: [unit.id] });
    await users.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });
    planner = await apiAs(e2e, PLANNER);
    const chain = { ...made.line, year: YEAR };
    await planner.budgetLine.create({
      ...chain,
      component_code: 'KONS-01',
      component_name: 'Konsumsi Rapat',
      specification: 'Nasi kotak',
      unit: 'Kotak',
      price: 25_000,
      first_volume: 30,
      first_volume_unit: 'Orang',
      second_volume: 4,
      second_volume_unit: 'Kali',
      third_volume: 1,
    });
    await planner.budgetLine.create({
      ...chain,
      component_name: 'Air Mineral',
      unit: 'Dus',
      price: 40_000,
      first_volume: 2,
    });
  }, 120_000);
  afterAll(() => e2e?.close());

  it('verifies by address, shows the line whole, deletes it truthfully and restores it with its owner told', async () => {
    // --- The verifier opens the sub kegiatan at its own address --------------------------------
    const { page: verifierPage, context: verifierContext } = await e2e.newPage();
    await signInThroughForm(verifierPage, VERIFIER, 'verifier');
    const address = `/verifikasi?sub-kegiatan=${subActionId}&tahun=${YEAR}`;
    await verifierPage.goto(address);
    const heading = verifierPage.getByRole('heading', { level: 1, name: SUB_ACTION });
    await heading.waitFor();
    // Kept on reload: the address is the sub kegiatan's.
    await verifierPage.reload();
    await heading.waitFor();
    const lines = grid(verifierPage, 'Rincian Belanja Sub Kegiatan');
    await lines.getByRole('row').filter({ hasText: 'Konsumsi Rapat' }).waitFor();
    expect(readable(await lines.innerText())).toContain('Rp 25.000');
    const pagu = verifierPage.getByRole('region', { name: 'Pagu Sub Kegiatan' });
    await pagu.getByText('Sudah direncanakan').waitFor();
    expect(readable(await pagu.innerText())).toContain('Rp 3.080.000');
    expect(await axeViolations(verifierPage)).toEqual([]);
    await screenshot(verifierPage, 'verifier-by-address', { fullPage: true });
    // Back to the list drops the sub kegiatan from the address.
    await verifierPage.getByRole('button', { name: 'Kembali ke daftar' }).click();
    await verifierPage.waitForURL((url) => !url.searchParams.has('sub-kegiatan'));
    await verifierPage.goBack();
    await heading.waitFor();
    await verifierPage.getByRole('button', { name: 'Tandai Terverifikasi' }).click();
    await toast(verifierPage, `${SUB_ACTION} ditandai terverifikasi.`).waitFor();

    // --- The planner sees it verified and reads the line whole -------------------------------
    const { page: userPage, context: userContext } = await e2e.newPage();
    await signInThroughForm(userPage, PLANNER, 'user');
    const row = lineRow(userPage, 'Konsumsi Rapat');
    await row.waitFor();
    expect(readable(await row.innerText())).toContain('Sub Kegiatan: Terverifikasi');
    await row.getByRole('button', { name: 'Lihat Detail' }).click();
    const detail = userPage.getByRole('dialog', { name: 'Detail Laporan' });
    await detail.getByRole('region', { name: 'Rincian Lengkap' }).waitFor();
    const facts = Object.fromEntries(await descriptionPairs(detail));
    expect(facts).toMatchObject({
      'Volume 1': '30 Orang',
      'Volume 2': '4 Kali',
      'Volume 3': '1',
      'Total Harga': 'Rp 3.000.000',
      'Perangkat Daerah': '1.01.0.00.0.00.01.0000 - Dinas Rapat',
      Program: '1.01.01 - Program Rapat',
      Kegiatan: '1.01.01.2.01 - Kegiatan Rapat',
      'Sub Kegiatan': SUB_ACTION,
      Aktivitas: '01 - Rapat Koordinasi',
      Subtitle: '01.01 - Konsumsi',
      'Kode Komponen': 'KONS-01',
      Spesifikasi: 'Nasi kotak',
      Pengampu: 'Bidang Umum',
      Koefisien: '30 Orang x 4 Kali',
      'Dibuat Oleh': PLANNER.name,
    });
    expect(await axeViolations(userPage)).toEqual([]);
    await screenshot(userPage, 'user-line-detail', { fullPage: true });
    await userPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(userPage, 'user-line-detail-390', { fullPage: true });
    expect(await axeViolations(userPage)).toEqual([]);
    await userPage.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await userPage.setViewportSize({ width: 1366, height: 800 });

    // --- The planner deletes it, told what that does ------------------------------------------
    await lineRow(userPage, 'Konsumsi Rapat').getByRole('button', { name: 'Hapus' }).click();
    const asked = userPage.getByRole('alertdialog', { name: 'Konfirmasi Hapus' });
    const question = readable(await asked.innerText());
    expect(question).toContain(
      'Hapus rincian "Konsumsi Rapat" senilai Rp 3.000.000? Administrator dapat memulihkannya dari Riwayat Perubahan.',
    );
    expect(question).toContain('menghapus rincian ini akan mencabut tanda terverifikasi');
    await screenshot(userPage, 'user-delete-asks');
    await asked.getByRole('button', { name: 'Ya, Hapus!' }).click();
    await expect.poll(() => lineRow(userPage, 'Konsumsi Rapat').count()).toBe(0);
    // The mark is gone for the rest of the sub kegiatan.
    await expect
      .poll(async () => readable(await lineRow(userPage, 'Air Mineral').innerText()))
      .toContain('Sub Kegiatan: Belum diverifikasi');

    // --- The admin restores it from the history, asked first ----------------------------------
    const { page: adminPage, context: adminContext } = await e2e.newPage();
    await signInThroughForm(adminPage, ADMIN, 'admin');
    await openFromSidebar(adminPage, 'Riwayat Perubahan', '/admin-riwayat');
    const history = grid(adminPage, 'Riwayat Perubahan');
    const deletion = history
      .getByRole('row')
      .filter({ hasText: 'Konsumsi Rapat' })
      .filter({ hasText: 'Dihapus' });
    await deletion.getByRole('button', { name: /^Pulihkan versi ini/ }).click();
    const restoreAsked = adminPage.getByRole('alertdialog', { name: 'Konfirmasi Pemulihan' });
    expect(readable(await restoreAsked.innerText())).toContain(
      'Kembalikan "Konsumsi Rapat" yang dihapus',
    );
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-restore-asks');
    await restoreAsked.getByRole('button', { name: 'Ya, Pulihkan' }).click();
    await toast(adminPage, 'Laporan berhasil dipulihkan ke versi yang dipilih.').waitFor();
    const restored = history
      .getByRole('row')
      .filter({ hasText: 'Konsumsi Rapat' })
      .filter({ hasText: 'Dipulihkan' });
    await restored.waitFor();
    expect(readable(await restored.innerText())).toContain('Administrator');
    await screenshot(adminPage, 'admin-history-restored');
    const [back] = (await planner.budgetLine.list({ search: 'Konsumsi Rapat' })).data;
    expect(back).toMatchObject({ first_volume_unit: 'Orang', second_volume_unit: 'Kali' });
    await adminContext.close();

    // --- The planner is told, and finds the line again ----------------------------------------
    await userPage.reload();
    await userPage.getByRole('button', { name: /^Notifikasi/ }).click();
    const bell = userPage.getByRole('dialog', { name: 'Notifikasi' });
    await bell
      .getByText(
        `Laporan Konsumsi Rapat (Sub Kegiatan Sub Kegiatan Rapat, ${YEAR}) dipulihkan dari riwayat oleh Administrator`,
      )
      .waitFor();
    expect(await axeViolations(userPage)).toEqual([]);
    await screenshot(userPage, 'user-told-restored');
    await userPage.keyboard.press('Escape');
    await lineRow(userPage, 'Konsumsi Rapat').waitFor();
    await userContext.close();

    // The verifier was told the mark went, by whom.
    await verifierPage.reload();
    await verifierPage.getByRole('button', { name: /^Notifikasi/ }).click();
    await verifierPage
      .getByRole('dialog', { name: 'Notifikasi' })
      .getByText(/diubah oleh Rina Perencana; tanda terverifikasi dicabut/)
      .waitFor();
    await verifierContext.close();
  }, 240_000);
});
