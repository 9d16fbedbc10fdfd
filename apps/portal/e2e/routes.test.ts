import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  axeViolations,
  currentSidebarItem,
  type E2E,
  signInThroughForm,
  startE2E,
} from './harness.js';

const USER = { email: 'pengguna@e2e.local', password: 'pengguna-password-1' };

describe('route table and guards, on the real server', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    await createUserService(e2e.database.db).create({
      name: 'Pengguna Biasa',
      email: USER.email,
      role: 'user',
      password: USER.password,
    });
  });
  afterAll(() => e2e?.close());

  it('serves the public home without sign-in, and sends unknown paths to /login', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' }).waitFor()).resolves.toBeUndefined();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/tidak-ada-halaman-ini');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sends a visitor without a session from an admin page to /login', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/admin-program');
    await page.waitForURL('**/login');
    await page.getByText('Selamat Datang Kembali').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('signs an admin in to the admin dashboard, with the sidebar marking the current page', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('admin');
    await page.getByRole('link', { name: 'Kegiatan', exact: true }).click();
    await page.waitForURL('**/admin-kegiatan');
    // The page is loaded on demand: the sidebar follows once it is shown.
    await expect.poll(() => currentSidebarItem(page).textContent()).toBe('Kegiatan');
    expect(await axeViolations(page)).toEqual([]);

    // A signed-in visitor on /login goes to their dashboard; /dashboard redirects by role.
    await page.goto('/login');
    await page.waitForURL('**/admin-dashboard');
    await page.goto('/dashboard');
    await page.waitForURL('**/admin-dashboard');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByText('Berhasil logout').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('keeps a user out of admin pages: the guard and the server both refuse', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    await page.goto('/admin-user-management');
    await page.waitForURL('**/user-dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const response = await page.request.get('/ranwal/api/user/list', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
    await context.close();
  });

  it('a user token cannot open admin pages, even with the stored role changed to admin', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    // The browser's guard trusts the stored role; the server does not.
    await page.evaluate(() => localStorage.setItem('userRole', 'admin'));
    await page.goto('/admin-user-management');
    await page.getByRole('heading', { name: 'Manajemen Pengguna', level: 1 }).waitFor();
    await page.getByText('Anda tidak memiliki akses ke sumber daya ini.').waitFor();
    await expect(page.getByText(ADMIN.email).count()).resolves.toBe(0);

    await page.goto('/admin-program');
    await page.getByLabel('Nama Program').fill('Program Siluman');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .filter({ hasText: 'Anda tidak memiliki akses ke sumber daya ini.' })
      .waitFor();
    await expect(page.getByText('Program Siluman', { exact: true }).count()).resolves.toBe(0);
    await context.close();
  });

  it('clears the session and returns to /login when the server says "Token Invalid"', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await page.evaluate(() => localStorage.setItem('token', 'kedaluwarsa'));
    await page.goto('/admin-program');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
    await context.close();
  });

  it('hands the next test a browser as a new visitor has it: signed out, nothing stored', async () => {
    const first = await e2e.newPage();
    await first.page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(first.page, ADMIN, 'admin');
    await first.page.evaluate(() => sessionStorage.setItem('probe', 'left by the last test'));
    await first.context.close();
    const next = await e2e.newPage();
    // The same tab, handed on (harness.ts, contextPool): what it keeps must not show.
    expect(next.page).toBe(first.page);
    expect(next.page.viewportSize()).toEqual({ width: 1280, height: 800 });
    expect(await next.context.cookies()).toEqual([]);
    await next.page.goto('/admin-program');
    await next.page.waitForURL('**/login');
    expect(
      await next.page.evaluate(() => ({
        stored: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
      })),
    ).toEqual({ stored: [], session: [] });
    await next.context.close();
  });
});
