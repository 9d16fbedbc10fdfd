import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, axeViolations, type E2E, screenshot, startE2E } from './harness.js';

describe('a tab open across a deploy', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it("offers a reload in the app's words when a page's code is gone, and the reload works", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Alamat Email').fill(ADMIN.email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill(ADMIN.password);
    // A deploy happens: the scripts this tab has not loaded yet are no longer on the server.
    const gone = (route: { fulfill(options: { status: number }): Promise<void> }) =>
      route.fulfill({ status: 404 });
    await page.route('**/assets/**/*.js', gone);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin-dashboard');

    const alert = page.getByRole('alert').filter({ hasText: 'Versi baru Ranwal tersedia' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Versi baru Ranwal tersedia. Muat ulang halaman.');
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'deploy-reload-offered');
    // On a phone too: the message and the button fit, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'deploy-reload-offered-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The new version is there: the reload shows the page.
    await page.unroute('**/assets/**/*.js', gone);
    await page.getByRole('button', { name: 'Muat Ulang' }).click();
    await page.getByRole('link', { name: 'Kegiatan', exact: true }).waitFor();
    expect(await page.getByText('Versi baru Ranwal tersedia').count()).toBe(0);
    await context.close();
  });
});
