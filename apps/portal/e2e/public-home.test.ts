import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiAs,
  axeViolations,
  type E2E,
  headingsLevel1,
  holdNextRequest,
  isBlockedWorkerWarning,
  startE2E,
} from './harness.js';

// The public home and an article's page come server-rendered (apps/server plugins/public-pages.ts):
// readable, with working links, before the app's script loads; the app loads on the first
// interaction and takes the same markup over, without losing that interaction.

const ARTICLES = [
  { title: 'Panen Raya Padi di Desa Sukamaju', category: 'Kegiatan Rutin' },
  {
    title: 'Perbaikan Jalan Hasil Musrenbang Kecamatan',
    category: 'Tindak Lanjut Hasil Musrenbang',
  },
  { title: 'Usulan Warga tentang Lampu Jalan', category: 'Usulan Langsung Warga Masyarakat' },
] as const;
const DRAFT = 'Catatan Reses yang Belum Terbit';
/** The app loads, then searches after a 300 ms pause: on a busy machine, seconds. */
const POLL = { timeout: 20_000 };

/** The app's own chunk (`main.tsx`), as opposed to the small loader the page starts with. */
const isAppChunk = (url: string) => /\/assets\/main-[\w-]+\.js$/.test(new URL(url).pathname);

/** A page that records the scripts it requested and every error the app reported. */
async function watchedPage(e2e: E2E) {
  const { context, page } = await e2e.newPage();
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (isBlockedWorkerWarning(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  return { context, page, scripts, errors, appLoaded: () => scripts.some(isAppChunk) };
}

const articleLink = (page: Page, title: string) =>
  page.getByRole('main').getByRole('link', { name: title, exact: true });

describe('the server-rendered public home', () => {
  let e2e: E2E;
  const slugs = new Map<string, string>();
  beforeAll(async () => {
    e2e = await startE2E();
    const api = await apiAs(e2e, ADMIN);
    for (const { title, category } of ARTICLES) {
      const { data } = await api.article.create({
        title,
        content: `<p>Berita tentang ${title.toLowerCase()}.</p>`,
        category,
        status: 'published',
      });
      slugs.set(title, data.slug);
    }
    await api.article.create({
      title: DRAFT,
      content: '<p>Belum boleh dibaca.</p>',
      category: 'Usulan Reses DPRD',
      status: 'draft',
    });
  });
  afterAll(() => e2e?.close());

  it('shows the articles before the app loads, then loads it on the first click, which still opens the category filter', async () => {
    const { context, page, scripts, errors, appLoaded } = await watchedPage(e2e);
    await page.goto('/');
    for (const { title } of ARTICLES) await articleLink(page, title).waitFor();
    expect(await page.getByText(DRAFT).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(appLoaded()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(appLoaded()).toBe(false);

    // The first click lands before the app exists; the app then opens the list box all the same.
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'Kegiatan Rutin', exact: true }).click();
    expect(appLoaded()).toBe(true);
    await expect
      .poll(() => page.getByRole('main').getByRole('link').allInnerTexts(), POLL)
      .toEqual([ARTICLES[0].title, 'Read More']);

    // Search goes through the app too.
    await page.getByRole('button', { name: /Category/ }).click();
    await page.getByRole('option', { name: 'All Categories', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search articles...' }).fill('lampu');
    await expect
      .poll(() => page.getByRole('main').getByRole('link').allInnerTexts(), POLL)
      .toEqual([ARTICLES[2].title, 'Read More']);

    // An article opens at its own URL, within the app.
    await articleLink(page, ARTICLES[2].title).click();
    await page.waitForURL(`**/artikel/${slugs.get(ARTICLES[2].title)}`);
    await expect.poll(() => headingsLevel1(page), POLL).toEqual([ARTICLES[2].title]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves an article page that reloads, counts one view per visit, and goes back to the list', async () => {
    const { context, page, errors, appLoaded } = await watchedPage(e2e);
    const title = ARTICLES[1].title;
    const slug = slugs.get(title) ?? '';
    const api = await apiAs(e2e, ADMIN);
    const views = async () => (await api.article.get(slug)).data.views_count;
    const before = await views();

    await page.goto(`/artikel/${slug}`);
    expect(await headingsLevel1(page)).toEqual([title]);
    await page.reload();
    expect(await headingsLevel1(page)).toEqual([title]);
    await page.getByText(`Berita tentang ${title.toLowerCase()}.`).waitFor();
    expect(appLoaded()).toBe(false);
    expect(await views()).toBe(before + 2);

    // 'Back to Articles' is a button of the app: the click loads it and is then carried out.
    await page.getByRole('button', { name: 'Back to Articles' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await articleLink(page, ARTICLES[0].title).waitFor();
    expect(appLoaded()).toBe(true);
    // Taking the page over fetched the article no second time.
    expect(await views()).toBe(before + 2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("follows links before the app loads: an article, and 'Sign In' to the login page", async () => {
    const { context, page, errors, appLoaded } = await watchedPage(e2e);
    await page.goto('/');
    await articleLink(page, ARTICLES[0].title).click();
    await page.waitForURL(`**/artikel/${slugs.get(ARTICLES[0].title)}`);
    expect(await headingsLevel1(page)).toEqual([ARTICLES[0].title]);

    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Alamat Email').waitFor();
    expect(appLoaded()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps text typed into the search before the app loads, and searches for it', async () => {
    const { context, page, errors, appLoaded } = await watchedPage(e2e);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(appLoaded()).toBe(false);
    await page.getByRole('searchbox', { name: 'Search articles...' }).fill('lampu');
    await expect
      .poll(() => page.getByRole('main').getByRole('link').allInnerTexts(), POLL)
      .toEqual([ARTICLES[2].title, 'Read More']);
    expect(await page.getByRole('searchbox', { name: 'Search articles...' }).inputValue()).toBe(
      'lampu',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps keyboard focus where it was when the app takes over', async () => {
    const { context, page, errors, appLoaded } = await watchedPage(e2e);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Sign In');
    await expect.poll(appLoaded, POLL).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await focused()).toBe('Sign In');
    // The next control is the category filter, now working from the keyboard.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The list the app opens is named by the label the server rendered: the two trees agree on
    // react-aria's ids (a production build does not patch a mismatch, it leaves them unlinked).
    await page.getByRole('listbox', { name: 'Category' }).waitFor(POLL);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the focus ring on the control the keyboard reached while the app was on its way', async () => {
    const { context, page, errors } = await watchedPage(e2e);
    // A slow network: the app's chunk arrives only once the keyboard has moved on.
    const appChunk = await holdNextRequest(page, '**/assets/main-*.js');
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focusedRing = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused) return null;
        const { outlineStyle, outlineWidth } = getComputedStyle(focused);
        return { text: focused.textContent, outline: `${outlineStyle} ${outlineWidth}` };
      });
    await appChunk.held;
    expect((await focusedRing())?.text).toBe('All Categories');
    appChunk.release();
    await expect.poll(focusedRing, POLL).toEqual({ text: 'All Categories', outline: 'solid 2px' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
