import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type E2E, screenshot, signInThroughForm, startE2E } from './harness.js';

/** Every URL path the page's caches hold. */
const cachedPaths = (page: import('playwright-core').Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

describe('installable, and starts without a connection (issue 38)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('serves a web manifest whose icons exist, named by the page', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    const answer = await page.request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Ranwal',
      start_url: './',
      scope: './',
      display: 'standalone',
    });
    // Install prompts need a 192 and a 512 PNG; launchers that crop take the maskable one.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const file = await page.request.get(new URL(icon.src, `${e2e.baseUrl}/`).href);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toContain(icon.type);
    }
    await context.close();
  });

  it('says a sign-in with no connection failed on the network, at once', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('Alamat Email').fill(ADMIN.email);
    await page.getByLabel('Kata Sandi', { exact: true }).fill(ADMIN.password);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Network error. Please check your connection.').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });

  it('opens a page seen before with no connection, and never stores an API answer', async () => {
    const { page, context } = await e2e.newPage({ serviceWorkers: 'allow' });
    await signInThroughForm(page, ADMIN, 'admin');
    await page.getByRole('link', { name: 'Kegiatan', exact: true }).click();
    await page.waitForURL('**/admin-kegiatan');
    await page.getByRole('heading', { name: 'Kegiatan' }).first().waitFor();
    // The worker took the page over and stored the shell.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(async () => (await cachedPaths(page)).includes('/index.html'), { timeout: 10_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    // The signed-in shell starts (the list itself waits for a connection: queries pause offline).
    await page.getByRole('link', { name: 'Kegiatan', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'offline-start-kegiatan');
    await context.setOffline(false);

    const paths = await cachedPaths(page);
    expect(paths.filter((path) => path.startsWith('/ranwal'))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    await context.close();
  });
});
