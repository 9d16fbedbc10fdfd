import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import { ADMIN, type E2E, signInThroughForm, startE2E } from './harness.js';

const USER = { email: 'pengguna@e2e.local', password: 'pengguna-password' };
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** WCAG 2.x A/AA violations found by axe-core (react-aria's hidden live region is not content). */
async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP rightly forbids inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string }[] }> };
      }
    ).axe;
    const result = await axe.run(
      { exclude: [['[data-live-announcer]']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      },
    );
    return result.violations.map((v) => v.id);
  });
}

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
    await signInThroughForm(page, ADMIN);
    await page.waitForURL('**/admin-dashboard');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('admin');
    await page.getByRole('link', { name: 'Kegiatan', exact: true }).click();
    await page.waitForURL('**/admin-kegiatan');
    const current = page.locator('[aria-current="page"]');
    await expect(current.textContent()).resolves.toBe('Kegiatan');
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
    await signInThroughForm(page, USER);
    await page.waitForURL('**/user-dashboard');
    await page.goto('/admin-user-management');
    await page.waitForURL('**/user-dashboard');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const response = await page.request.get('/ranwal/api/user/list', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
    await context.close();
  });

  it('clears the session and returns to /login when the server says "Token Invalid"', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN);
    await page.waitForURL('**/admin-dashboard');
    await page.evaluate(() => localStorage.setItem('token', 'kedaluwarsa'));
    await page.goto('/admin-program');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
    await context.close();
  });
});
