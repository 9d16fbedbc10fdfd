import { currentYear, formatDateShortId, type RanwalClient } from '@ranwal/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  chooseInComboBox,
  createChain,
  type E2E,
  fillDate,
  fillStage,
  openFromSidebar,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Issue 19's journey: an admin opens the year with its stages, a user of a Perangkat Daerah
 * enters lines in the first, the year moves on to the final draft, the unit's verifier writes a
 * note on a line, the user answers it from the dashboard and fixes the line, the verifier closes
 * the note and verifies the sub kegiatan, the user removes a line, the stage locks and the user's
 * edit is refused naming it, the admin compares Ranwal with Ranhir, and restores the deleted line
 * from the history.
 */

const YEAR = currentYear();
const PLANNER = { name: 'Sari Lestari', email: 'sari@e2e.local', password: 'sari-password-1' };
const VERIFIER = { name: 'Vera Wulandari', email: 'vera@e2e.local', password: 'vera-password-1' };
const NOTE = 'Harga kertas di atas standar harga, mohon disesuaikan.';

/** A day counted from today, as the date field takes it (the browser runs in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

const grid = (page: Page, name: string | RegExp) => page.getByRole('grid', { name });
const lineRow = (page: Page, text: string) =>
  grid(page, 'Daftar Laporan').getByRole('row').filter({ hasText: text });

describe('stages and the history of every change, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let planner: RanwalClient;
  let chain: Record<string, string>;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const made = await createChain(admin, {
      agency: { name: 'Dinas Tahapan' },
      program: { name: 'Program Tahapan', is_taxed: false },
      action: { name: 'Kegiatan Tahapan' },
      sub_action: { name: 'Sub Kegiatan Tahapan' },
      activity: { name: 'Aktivitas Tahapan' },
      subtitle: { name: 'Subtitle Tahapan' },
      account: { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' },
      supporter: { name: 'Bidang Program' },
    });
    const unit = made.agency!;
    chain = made.line;
    const users = createUserService(e2e.database.db);
    await users.create({ ...PLANNER, role: 'user', agency_ids: [unit.id] });
    await users.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });
    planner = await apiAs(e2e, PLANNER);
    // This journey is about stages: its sub kegiatan has no pagu, so the region's rule that
    // lines of a staged year need one (issue 33) is turned off.
    await admin.planning.policy({ lines_need_pagu: false });
  }, 120_000);
  afterAll(() => e2e?.close());

  const enterLine = (component_name: string, price: number) =>
    planner.budgetLine.create({
      ...chain,
      component_name,
      unit: 'Rim',
      price,
      first_volume: 1,
      year: YEAR,
    } as Parameters<RanwalClient['budgetLine']['create']>[0]);

  it('runs the year from Ranwal to Ranhir, locks it, compares the two, and restores a deleted line', async () => {
    const { page: adminPage, context: adminContext } = await e2e.newPage();
    adminPage.on('pageerror', (error) => console.log('admin page error:', error.message));
    await signInThroughForm(adminPage, ADMIN, 'admin');

    // --- The admin opens the year with two stages ---------------------------------------------
    await openFromSidebar(adminPage, 'Tahap Anggaran', '/admin-tahap');
    await adminPage.getByRole('heading', { level: 1, name: 'Tahap Anggaran' }).waitFor();
    await adminPage.getByRole('button', { name: 'Atur Jadwal' }).click();
    const schedule = adminPage.getByRole('dialog', { name: `Atur Jadwal Tahap ${YEAR}` });
    await schedule.waitFor();
    // One after the other: Ranwal until today, Ranhir from tomorrow (overlaps are refused).
    await fillStage(schedule, 1, 'Rancangan Awal', day(-30), day(0));
    await schedule.getByRole('button', { name: 'Tambah Tahap' }).click();
    await fillStage(schedule, 2, 'Rancangan Akhir', day(1), day(60));
    await schedule.getByRole('button', { name: 'Simpan' }).click();
    await toast(adminPage, 'Jadwal tahap berhasil disimpan.').waitFor();
    await schedule.waitFor({ state: 'detached' });
    await adminPage.getByRole('button', { name: 'Lanjut ke Tahap Berikutnya' }).click();
    await adminPage.getByRole('button', { name: 'Ya, Lanjutkan' }).click();
    await toast(adminPage, 'Tahap Rancangan Awal kini berjalan.').waitFor();
    const stages = grid(adminPage, `Tahap Anggaran Tahun ${YEAR}`);
    await expect.poll(async () => readable(await stages.innerText())).toContain('Rancangan Awal');
    expect(await axeViolations(adminPage)).toEqual([]);

    // --- The user enters lines in Ranwal; the year moves on to Ranhir -------------------------
    await enterLine('Kertas HVS A4', 55_000);
    await enterLine('Tinta Printer Hitam', 120_000);
    await enterLine('Map Plastik', 5_000);
    // A day early: the confirmation says what entering Ranhir now does to users.
    await adminPage.getByRole('button', { name: 'Lanjut ke Tahap Berikutnya' }).click();
    const early = adminPage.getByRole('alertdialog', { name: 'Lanjut ke Tahap Berikutnya?' });
    const tomorrow = formatDateShortId(day(1));
    await early
      .getByText(
        `Tahap Rancangan Akhir ${YEAR} dijadwalkan mulai ${tomorrow}. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai ${tomorrow}.`,
      )
      .waitFor();
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-tahap-konfirmasi');
    await early.getByRole('button', { name: 'Ya, Lanjutkan' }).click();
    await toast(adminPage, 'Tahap Rancangan Akhir kini berjalan.').waitFor();
    // Entered early, the page says why users still wait; the Bappeda brings its dates forward.
    await expect
      .poll(async () => readable(await stages.getByRole('row').nth(2).innerText()))
      .toContain(`pengguna baru dapat mengubah rincian belanja mulai ${tomorrow}`);
    await adminPage.getByRole('button', { name: 'Atur Jadwal' }).click();
    const reschedule = adminPage.getByRole('dialog', { name: `Atur Jadwal Tahap ${YEAR}` });
    await fillDate(
      reschedule.getByRole('group', { name: 'Tahap ke-1' }),
      'Tanggal Selesai',
      day(-1),
    );
    await fillDate(reschedule.getByRole('group', { name: 'Tahap ke-2' }), 'Tanggal Mulai', day(0));
    await reschedule.getByRole('button', { name: 'Simpan' }).click();
    await toast(adminPage, 'Jadwal tahap berhasil disimpan.').waitFor();
    await reschedule.waitFor({ state: 'detached' });
    await expect
      .poll(async () => readable(await stages.getByRole('row').nth(1).innerText()))
      .toContain('Selesai');
    await screenshot(adminPage, 'admin-tahap-anggaran');

    // --- The unit's verifier writes a note on a line ------------------------------------------
    const { page: verifierPage, context: verifierContext } = await e2e.newPage();
    verifierPage.on('pageerror', (error) => console.log('verifier page error:', error.message));
    await signInThroughForm(verifierPage, VERIFIER, 'verifier');
    await verifierPage.getByRole('heading', { level: 1, name: 'Verifikasi' }).waitFor();
    await verifierPage.getByRole('button', { name: 'Buka Sub Kegiatan Tahapan' }).click();
    await verifierPage.getByRole('heading', { level: 1, name: /Sub Kegiatan Tahapan/ }).waitFor();
    await verifierPage.getByRole('button', { name: /Catatan untuk\*?$/ }).click();
    await verifierPage.getByRole('option', { name: 'Laporan: Kertas HVS A4' }).click();
    await verifierPage.getByRole('textbox', { name: /^Catatan baru/ }).fill(NOTE);
    await verifierPage.getByRole('button', { name: 'Kirim Catatan' }).click();
    await toast(verifierPage, 'Catatan terkirim.').waitFor();
    const thread = verifierPage.getByRole('listitem').filter({ hasText: NOTE });
    await thread.getByText('Menunggu jawaban').waitFor();
    expect(await axeViolations(verifierPage)).toEqual([]);
    await screenshot(verifierPage, 'verifier-note-written', { fullPage: true });

    // --- The user answers from the dashboard and fixes the line --------------------------------
    const { page: userPage, context: userContext } = await e2e.newPage();
    userPage.on('pageerror', (error) => console.log('user page error:', error.message));
    await signInThroughForm(userPage, PLANNER, 'user');
    const openNotes = userPage.getByRole('region', { name: 'Catatan verifikasi terbuka' });
    const noted = openNotes.getByRole('listitem').filter({ hasText: NOTE });
    await noted.waitFor();
    expect(readable(await noted.innerText())).toContain('Laporan: Kertas HVS A4');
    await noted.getByRole('button', { name: 'Balas' }).click();
    await noted.getByRole('textbox', { name: /^Balasan/ }).fill('Sudah disesuaikan ke Rp 60.000.');
    await noted.getByRole('button', { name: 'Kirim Balasan' }).click();
    await toast(userPage, 'Balasan terkirim.').waitFor();
    expect(await axeViolations(userPage)).toEqual([]);
    await screenshot(userPage, 'user-open-notes');
    await lineRow(userPage, 'Kertas HVS A4').getByRole('button', { name: 'Edit' }).click();
    const edit = userPage.getByRole('dialog', { name: 'Edit Rincian Belanja' });
    await edit.getByRole('textbox', { name: /^Harga \(Rp\)/ }).fill('60.000');
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await toast(userPage, 'Rincian belanja berhasil diperbarui').waitFor();
    await edit.waitFor({ state: 'detached' });

    // --- The verifier reads the answer, closes the note and verifies the sub kegiatan ---------
    // The open sub kegiatan is the page's address: a reload keeps it open.
    await verifierPage.reload();
    await verifierPage.getByRole('heading', { level: 1, name: /Sub Kegiatan Tahapan/ }).waitFor();
    const answered = verifierPage.getByRole('listitem').filter({ hasText: NOTE });
    await answered.getByText('Sudah dijawab').waitFor();
    expect(readable(await answered.innerText())).toContain('Sudah disesuaikan ke Rp 60.000.');
    await answered.getByRole('button', { name: 'Tutup Catatan' }).click();
    await toast(verifierPage, 'Catatan ditutup.').waitFor();
    await verifierPage.getByRole('button', { name: 'Tandai Terverifikasi' }).click();
    await toast(verifierPage, 'Sub Kegiatan Tahapan ditandai terverifikasi.').waitFor();
    await screenshot(verifierPage, 'verifier-verified', { fullPage: true });
    await verifierContext.close();
    await lineRow(userPage, 'Tinta Printer Hitam').getByRole('button', { name: 'Hapus' }).click();
    await userPage.getByRole('button', { name: 'Ya, Hapus!' }).click();
    await expect.poll(() => lineRow(userPage, 'Tinta Printer Hitam').count()).toBe(0);

    // --- The stage locks; the user sees why, with Edit and Hapus disabled ---------------------
    await adminPage.getByRole('button', { name: 'Kunci Tahap' }).click();
    await toast(adminPage, 'Tahap Rancangan Akhir dikunci.').waitFor();
    await userPage.reload();
    const refusal = `Tahap Rancangan Akhir ${YEAR} dikunci oleh Administrator: rincian belanja tidak dapat dibuat, diubah, atau dihapus.`;
    // Said above the list before anything is clicked or typed; the line's buttons wait.
    const notice = userPage.getByRole('status').filter({ hasText: refusal });
    await notice.first().waitFor();
    const map = lineRow(userPage, 'Map Plastik');
    for (const name of ['Edit', 'Hapus']) {
      const button = map.getByRole('button', { name, exact: true });
      expect(await button.isDisabled()).toBe(true);
      const describedBy = (await button.getAttribute('aria-describedby')) ?? '';
      expect(readable(await userPage.locator(`[id="${describedBy}"]`).innerText())).toBe(refusal);
    }
    expect(await axeViolations(userPage)).toEqual([]);
    await notice.first().scrollIntoViewIfNeeded();
    await userPage.evaluate(() => window.scrollBy(0, -16));
    await screenshot(userPage, 'user-stage-locked');
    // A phone reads the lines as cards: the same reason above them, the same buttons waiting.
    await userPage.setViewportSize({ width: 390, height: 844 });
    const card = userPage.getByRole('listitem').filter({ hasText: 'Map Plastik' });
    expect(await card.getByRole('button', { name: 'Edit', exact: true }).isDisabled()).toBe(true);
    expect(await axeViolations(userPage)).toEqual([]);
    await notice.first().scrollIntoViewIfNeeded();
    await screenshot(userPage, 'user-stage-locked-phone');
    // The server refuses it in the same words.
    const [mapLine] = (await planner.budgetLine.list({ search: 'Map Plastik' })).data;
    await expect(planner.budgetLine.delete(mapLine!.id)).rejects.toMatchObject({
      serverMessage: refusal,
    });
    const [map5000] = (await planner.budgetLine.list({ search: 'Map Plastik' })).data;
    expect(map5000?.price).toBe(5_000);
    await userContext.close();

    // --- The admin compares Ranwal with Ranhir -----------------------------------------------
    await adminPage.getByRole('heading', { name: 'Bandingkan Tahap' }).scrollIntoViewIfNeeded();
    const comparison = adminPage.getByRole('region', { name: 'Bandingkan Tahap' });
    await expect
      .poll(async () => readable(await comparison.innerText()), { timeout: 10_000 })
      .toContain('Tinta Printer Hitam');
    const compared = readable(await comparison.innerText());
    // Ranwal 180.000 (55.000 + 120.000 + 5.000), Ranhir 65.000 (60.000 + 5.000).
    expect(compared).toContain('Rp 180.000');
    expect(compared).toContain('Rp 65.000');
    expect(compared).toContain('Kertas HVS A4');
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-bandingkan-tahap', { fullPage: true });

    // --- The admin restores the deleted line from the history --------------------------------
    await openFromSidebar(adminPage, 'Riwayat Perubahan', '/admin-riwayat');
    const history = grid(adminPage, 'Riwayat Perubahan');
    // Narrowed to the planner's changes: the stages' changes (the admin's) go.
    await history.getByRole('row').filter({ hasText: 'Tahap Anggaran' }).first().waitFor();
    await chooseInComboBox(adminPage, 'Filter Pengguna', PLANNER.name);
    await expect
      .poll(() => history.getByRole('row').filter({ hasText: 'Tahap Anggaran' }).count())
      .toBe(0);
    const deletion = history
      .getByRole('row')
      .filter({ hasText: 'Tinta Printer Hitam' })
      .filter({ hasText: 'Dihapus' });
    await deletion.waitFor();
    expect(readable(await deletion.innerText())).toContain(PLANNER.name);
    await screenshot(adminPage, 'admin-riwayat-perubahan');
    expect(await axeViolations(adminPage)).toEqual([]);
    await deletion.getByRole('button', { name: /^Pulihkan versi ini/ }).click();
    await adminPage.getByRole('button', { name: 'Ya, Pulihkan' }).click();
    await toast(adminPage, 'Laporan berhasil dipulihkan ke versi yang dipilih.').waitFor();
    const [restored] = (await planner.budgetLine.list({ search: 'Tinta Printer Hitam' })).data;
    expect(restored).toMatchObject({ price: 120_000, created_by: expect.any(String) });

    // The restored line's detail shows its whole history, the restore last.
    // This year's lines by the view's address (the year of the running stage, chosen too).
    await adminPage.goto(`/admin-laporan?tahun=${YEAR}&q=${encodeURIComponent('Kertas HVS A4')}`);
    await grid(adminPage, /Daftar Laporan/)
      .getByRole('row')
      .filter({ hasText: 'Kertas HVS A4' })
      .getByRole('button', { name: 'Lihat Detail' })
      .click();
    const detail = adminPage.getByRole('dialog', { name: 'Detail Laporan' });
    const priceChange = detail.getByText('Harga: Rp 55.000 → Rp 60.000', { exact: true });
    await priceChange.scrollIntoViewIfNeeded();
    expect(await axeViolations(adminPage)).toEqual([]);
    await screenshot(adminPage, 'admin-line-history');
    await adminContext.close();
  }, 180_000);
});
