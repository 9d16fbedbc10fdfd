import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiAs,
  axeViolations,
  type E2E,
  expectShownFor,
  fieldName,
  holdNextRequest,
  openFromSidebar,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

const BUDI = { name: 'Budi Santoso', email: 'budi@e2e.local', password: 'budi-kata-sandi-1' };

/** Signs in through the form and checks 'Signing In...' shows while the server answers. */
async function signInWatchingButton(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Selamat Datang Kembali' }).waitFor();
  await page.getByLabel('Alamat Email').fill(credentials.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(credentials.password);
  const signIn = await holdNextRequest(page, '**/api/user/sign-in');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await signIn.held;
  const busy = page.getByRole('button', { name: 'Signing In...' });
  await expect(busy.isDisabled()).resolves.toBe(true);
  signIn.release();
}

describe('user accounts, managed by an admin', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('admin creates a user who can then sign in, and only reach the user dashboard', async () => {
    const admin = await e2e.newPage({ clock: true });
    const page = admin.page;

    // A wrong password: the server's message in the error banner.
    await page.goto('/login');
    await page.getByLabel('Alamat Email').fill(ADMIN.email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill('bukan-kata-sandinya');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Email atau kata sandi salah.' }).waitFor();

    await signInWatchingButton(page, ADMIN);
    await page.waitForURL('**/admin-dashboard');
    await openFromSidebar(page, 'User Management', '/admin-user-management');
    await page.getByRole('heading', { name: 'Manajemen Pengguna', level: 1 }).waitFor();
    const table = page.getByRole('grid', { name: 'Manajemen Pengguna' });
    const row = (text: string) => table.getByRole('row').filter({ hasText: text });
    await row(ADMIN.email).waitFor();

    // '+ Tambah Pengguna': a new user, role User by default.
    await page.getByRole('button', { name: '+ Tambah Pengguna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buat Pengguna Baru' });
    await dialog.getByRole('textbox', { name: fieldName('Nama') }).fill(BUDI.name);
    await dialog.getByRole('textbox', { name: fieldName('Email') }).fill(BUDI.email);
    await expect(dialog.getByRole('button', { name: /Role/ }).textContent()).resolves.toContain(
      'User',
    );
    await dialog.getByLabel('Password', { exact: true }).fill(BUDI.password);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-user-create-dialog');
    const create = await holdNextRequest(page, '**/api/user/create');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await create.held;
    await dialog.getByRole('button', { name: 'Menyimpan...' }).waitFor();
    // The green 'Berhasil!' banner stays 5 s.
    await expectShownFor(
      page,
      page.getByRole('status').filter({ hasText: 'Berhasil!' }).filter({
        hasText: 'Pengguna berhasil dibuat!',
      }),
      5000,
      async () => create.release(),
    );
    await dialog.waitFor({ state: 'detached' });
    expect(readable(await row(BUDI.email).innerText())).toContain(
      `${BUDI.name} ${BUDI.email} User`,
    );

    // The new user signs in and lands on the user dashboard; admin pages send them back.
    const budi = await e2e.newPage();
    await signInThroughForm(budi.page, BUDI, 'user');
    await budi.page.getByText(BUDI.name).waitFor();
    for (const adminPage of ['/admin-user-management', '/admin-laporan', '/admin-dashboard']) {
      await budi.page.goto(adminPage);
      await budi.page.waitForURL('**/user-dashboard');
    }
    await budi.page.getByRole('button', { name: 'Logout' }).click();
    await budi.page.waitForURL('**/login');
    await toast(budi.page, 'Berhasil logout').waitFor();

    // The admin deletes the account after confirming; Budi can no longer sign in.
    await row(BUDI.email).getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi Hapus' });
    await confirm.getByText('Apakah Anda yakin ingin menghapus pengguna ini?').waitFor();
    await confirm.getByRole('button', { name: 'Ya, Hapus!' }).click();
    await page.getByRole('status').filter({ hasText: 'Pengguna berhasil dihapus!' }).waitFor();
    await row(BUDI.email).waitFor({ state: 'detached' });
    await budi.page.getByLabel('Alamat Email').fill(BUDI.email);
    await budi.page.getByLabel('Kata Sandi', { exact: true }).fill(BUDI.password);
    await budi.page.getByRole('button', { name: 'Sign In' }).click();
    await budi.page
      .getByRole('alert')
      .filter({ hasText: 'Email atau kata sandi salah.' })
      .waitFor();
    await budi.context.close();
    await admin.context.close();
  });

  it('a person changes their password and their other browser is signed out; an admin sets a new one', async () => {
    const DEWI = { name: 'Dewi Lestari', email: 'dewi@e2e.local', password: 'dewi-sandi-1' };
    const api = await apiAs(e2e, ADMIN);
    await api.user.create({ ...DEWI, role: 'user' });
    const laptop = await e2e.newPage();
    const phone = await e2e.newPage();
    await signInThroughForm(laptop.page, DEWI, 'user');
    await signInThroughForm(phone.page, DEWI, 'user');

    // 'Ubah Kata Sandi' beside Logout: the rule is shown, a wrong current password is named.
    await laptop.page.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Ubah Kata Sandi' });
    await dialog.getByText('Minimal 8 karakter, berisi huruf dan angka.').waitFor();
    await dialog.getByLabel('Kata Sandi Saat Ini', { exact: true }).fill('bukan-ini-1');
    await dialog.getByLabel('Kata Sandi Baru', { exact: true }).fill('sandi-baru-2');
    await dialog.getByLabel('Ulangi Kata Sandi Baru', { exact: true }).fill('sandi-baru-2');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.getByText('Kata sandi saat ini salah.').waitFor();
    expect(await axeViolations(laptop.page)).toEqual([]);
    await screenshot(laptop.page, 'user-password-change-dialog');
    await dialog.getByLabel('Kata Sandi Saat Ini', { exact: true }).fill(DEWI.password);
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await toast(laptop.page, 'Kata sandi berhasil diubah!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This browser carries on with the new token; the other one is sent to sign in again.
    await laptop.page.reload();
    await laptop.page.getByText(DEWI.name).waitFor();
    expect(laptop.page.url()).toMatch(/\/user-dashboard/);
    await phone.page.reload();
    await phone.page.waitForURL('**/login');
    await toast(phone.page, 'Sesi Anda telah berakhir').waitFor();

    // An admin sets a new password from Kelola User: Dewi's remaining session ends too.
    const admin = await e2e.newPage();
    await signInThroughForm(admin.page, ADMIN, 'admin');
    await admin.page.goto('/admin-user-management');
    const row = admin.page
      .getByRole('grid', { name: 'Manajemen Pengguna' })
      .getByRole('row')
      .filter({ hasText: DEWI.email });
    await row.getByRole('button', { name: 'Ubah Kata Sandi' }).click();
    const reset = admin.page.getByRole('dialog', { name: `Ubah Kata Sandi ${DEWI.name}` });
    await reset.getByLabel('Kata Sandi Baru', { exact: true }).fill('diatur-admin-3');
    await reset.getByLabel('Ulangi Kata Sandi Baru', { exact: true }).fill('diatur-admin-3');
    await screenshot(admin.page, 'admin-user-set-password-dialog');
    await reset.getByRole('button', { name: 'Simpan' }).click();
    await admin.page
      .getByRole('status')
      .filter({ hasText: 'Kata sandi berhasil diubah!' })
      .waitFor();
    await laptop.page.reload();
    await laptop.page.waitForURL('**/login');
    await signInThroughForm(laptop.page, { ...DEWI, password: 'diatur-admin-3' }, 'user');
    for (const opened of [laptop, phone, admin]) await opened.context.close();
  });

  it('admin makes a verifier of a Perangkat Daerah through the form; the table names the unit', async () => {
    const VERA = { name: 'Vera Wulandari', email: 'vera@e2e.local', password: 'vera-sandi-1' };
    const api = await apiAs(e2e, ADMIN);
    const unit = { code: '1.01.2.22.0.00.01.0000', name: 'Dinas Pendidikan dan Kebudayaan' };
    await api.agency.create(unit);
    await api.agency.create({ code: '1.02.0.00.0.00.01.0000', name: 'Dinas Kesehatan' });
    const admin = await e2e.newPage();
    const page = admin.page;
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'User Management', '/admin-user-management');
    const table = page.getByRole('grid', { name: 'Manajemen Pengguna' });
    await table.getByRole('columnheader', { name: 'Perangkat Daerah' }).waitFor();
    // The bell is in the header for everyone signed in.
    await page.getByRole('button', { name: 'Notifikasi' }).click();
    const bell = page.getByRole('dialog', { name: 'Notifikasi' });
    await bell.getByText('Belum ada notifikasi.').waitFor();
    await screenshot(page, 'admin-notifications-empty');
    await page.keyboard.press('Escape');
    await bell.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '+ Tambah Pengguna' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buat Pengguna Baru' });
    await dialog.getByRole('textbox', { name: fieldName('Nama') }).fill(VERA.name);
    await dialog.getByRole('textbox', { name: fieldName('Email') }).fill(VERA.email);
    await dialog.getByLabel('Password', { exact: true }).fill(VERA.password);
    await dialog.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Verifikator' }).click();
    await dialog
      .getByText('Verifikator memverifikasi rincian belanja Perangkat Daerahnya.', { exact: false })
      .waitFor();
    const picker = dialog.getByRole('combobox', { name: 'Perangkat Daerah' });
    await picker.fill('pendidikan');
    await page.getByRole('option', { name: `${unit.code} - ${unit.name}` }).click();
    await picker.press('Escape');
    await dialog
      .getByLabel('Perangkat Daerah terpilih')
      .getByRole('row', { name: unit.name })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-user-create-verifier-with-unit');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = table.getByRole('row').filter({ hasText: VERA.email });
    await row.waitFor();
    expect(readable(await row.innerText())).toContain(
      `${VERA.name} ${VERA.email} Verifikator ${unit.name}`,
    );
    const stored = (await api.user.list({ search: VERA.email })).data[0];
    expect(stored?.role).toBe('verifier');
    expect(stored?.agency_ids).toHaveLength(1);
    await screenshot(page, 'admin-users-table-with-units');
    await admin.context.close();
  });
});
