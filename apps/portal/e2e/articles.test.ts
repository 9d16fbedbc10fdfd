import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  axeViolations,
  type E2E,
  expectShownFor,
  fieldName,
  headingsLevel1,
  holdNextRequest,
  openFromSidebar,
  pauseClock,
  png,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

const PUBLISHED = {
  title: 'Musrenbang Kecamatan Sukamaju 2025',
  category: 'Tindak Lanjut Hasil Musrenbang',
  tags: ['musrenbang', 'jalan desa'],
  lead: 'Warga menyepakati perbaikan jalan desa',
  bold: 'sebagai prioritas pertama',
};
const DRAFT = {
  title: 'Rencana Reses DPRD Belum Final',
  category: 'Usulan Reses DPRD',
  text: 'Catatan awal yang belum boleh dibaca publik.',
};

/** Whether the image has loaded real pixels (not a broken image). */
const loaded = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

async function openCreatePage(page: Page) {
  await openFromSidebar(page, 'Buat Artikel', '/admin-artikel');
  await page.getByRole('heading', { name: 'Buat Artikel', level: 1 }).waitFor();
}

async function chooseCategory(page: Page, category: string) {
  // The select's button is named by its value and its label ('Pilih kategori Kategori').
  await page.getByRole('button', { name: /Kategori/ }).click();
  await page.getByRole('option', { name: category, exact: true }).click();
}

describe('articles: written by an admin, read by the public', () => {
  let e2e: E2E;
  let publishedSlug = '';
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  it('admin writes a published article with a cover image and a draft', async () => {
    const { page, context } = await e2e.newPage({ clock: true });
    await signInThroughForm(page, ADMIN, 'admin');
    await openCreatePage(page);

    const submit = page.getByRole('button', { name: 'Publikasikan Artikel' });
    await expect(submit.isDisabled()).resolves.toBe(true); // title and content still blank
    await page.getByRole('textbox', { name: fieldName('Judul') }).fill(PUBLISHED.title);
    const content = page.getByRole('textbox', { name: fieldName('Konten') });
    await content.click();
    await page.keyboard.type(`${PUBLISHED.lead} `);
    await page.getByRole('button', { name: 'Tebal' }).click();
    await page.keyboard.type(PUBLISHED.bold);
    await expect(content.locator('strong, b').textContent()).resolves.toBe(PUBLISHED.bold);

    // A category is required: saving without one says so.
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'Error: Kategori wajib dipilih' }).waitFor();
    await chooseCategory(page, PUBLISHED.category);

    // The cover: a real PNG through the file chooser; 'Gambar berhasil diunggah!' stays 3 s.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Unggah Gambar' }).click();
    await expectShownFor(
      page,
      page.getByRole('status').filter({ hasText: 'Gambar berhasil diunggah!' }),
      3000,
      async () =>
        (await chooser).setFiles({
          name: 'sampul.png',
          mimeType: 'image/png',
          buffer: png(64, 32, [30, 90, 160]),
        }),
    );
    const preview = page.getByRole('img', { name: 'Gambar Sampul' });
    await expect.poll(() => loaded(preview)).toBe(true);
    await page.getByRole('button', { name: 'Hapus Gambar' }).waitFor();

    // Tags: Enter adds one, the button another.
    const tag = page.getByRole('textbox', { name: 'Tag' });
    await tag.fill(PUBLISHED.tags[0]!);
    await tag.press('Enter');
    await tag.fill(PUBLISHED.tags[1]!);
    await page.getByRole('button', { name: 'Tambah', exact: true }).click();
    await expect(
      page.getByRole('grid', { name: 'Tag' }).getByRole('row').allInnerTexts(),
    ).resolves.toEqual(PUBLISHED.tags);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-artikel-filled', { fullPage: true });

    // Published by default: 'Artikel berhasil dipublikasikan!', then the list after 1.5 s.
    await pauseClock(page);
    await submit.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Artikel berhasil dipublikasikan!' })
      .waitFor();
    await page.clock.runFor(1400);
    expect(new URL(page.url()).pathname).toBe('/admin-artikel');
    await page.clock.runFor(200);
    await page.waitForURL('**/admin-list-artikel');
    await page.clock.resume();
    await page.getByRole('heading', { name: 'Manajemen Artikel', level: 1 }).waitFor();

    // A draft: the button says 'Simpan Artikel' and the message 'Artikel berhasil disimpan!'.
    await openCreatePage(page);
    await page.getByRole('textbox', { name: fieldName('Judul') }).fill(DRAFT.title);
    await page.getByRole('textbox', { name: fieldName('Konten') }).click();
    await page.keyboard.type(DRAFT.text);
    await chooseCategory(page, DRAFT.category);
    await page.getByText('Draf', { exact: true }).click();
    await page.getByRole('button', { name: 'Simpan Artikel' }).click();
    await page.getByRole('status').filter({ hasText: 'Artikel berhasil disimpan!' }).waitFor();
    await page.waitForURL('**/admin-list-artikel');

    // Both in 'Manajemen Artikel', with their status badges.
    const table = page.getByRole('grid', { name: 'Manajemen Artikel' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await row(DRAFT.title).waitFor();
    const published = readable(await row(PUBLISHED.title).innerText());
    expect(published).toContain(PUBLISHED.category);
    expect(published).toContain('Dipublikasikan');
    for (const tagText of PUBLISHED.tags) expect(published).toContain(tagText);
    expect(readable(await row(DRAFT.title).innerText())).toContain('Draf');
    await expect.poll(() => loaded(row(PUBLISHED.title).locator('img'))).toBe(true);
    await screenshot(page, 'admin-list-artikel-two');

    const articles = await e2e.app.inject({ method: 'GET', url: '/ranwal/api/article/list' });
    publishedSlug = articles.json().data[0].slug;
    expect(articles.json().data.map((a: { title: string }) => a.title)).toEqual([PUBLISHED.title]);
    await context.close();
  });

  it('a sidebar link asks before leaving an article not yet saved', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openCreatePage(page);
    await page
      .getByRole('textbox', { name: fieldName('Judul') })
      .fill('Tulisan yang belum selesai');
    const questions: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    const laporan = page
      .getByRole('navigation', { name: 'Navigasi admin' })
      .getByRole('link', { name: 'Laporan', exact: true });
    answer(false);
    await laporan.click();
    await expect.poll(() => questions.length).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/admin-artikel');
    await expect(
      page.getByRole('textbox', { name: fieldName('Judul') }).inputValue(),
    ).resolves.toBe('Tulisan yang belum selesai');
    answer(true);
    await laporan.click();
    await page.waitForURL('**/admin-laporan');
    expect(questions).toEqual([
      'Ada isian yang belum disimpan. Tinggalkan halaman ini?',
      'Ada isian yang belum disimpan. Tinggalkan halaman ini?',
    ]);
    await context.close();
  });

  it("the browser's Back button asks before leaving an article not yet saved", async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openCreatePage(page);
    const title = page.getByRole('textbox', { name: fieldName('Judul') });
    await title.fill('Tulisan yang belum selesai');
    const questions: string[] = [];
    const answer = (accept: boolean) =>
      page.once('dialog', (dialog) => {
        questions.push(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    const entry = () => page.evaluate(() => (window.history.state as { idx: number }).idx);
    const here = await entry();
    answer(false);
    await page.evaluate(() => window.history.back());
    await expect.poll(() => questions.length).toBe(1);
    // Staying puts the address back (the same history entry) and keeps what was typed.
    await expect.poll(entry).toBe(here);
    expect(new URL(page.url()).pathname).toBe('/admin-artikel');
    await expect(title.inputValue()).resolves.toBe('Tulisan yang belum selesai');
    // The address moves at once and comes back while the question is open: wait for the answer.
    answer(true);
    await page.evaluate(() => window.history.back());
    await expect.poll(() => questions.length).toBe(2);
    await page
      .getByRole('heading', { name: 'Buat Artikel', level: 1 })
      .waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).not.toBe('/admin-artikel');
    expect(questions).toEqual([
      'Ada isian yang belum disimpan. Tinggalkan halaman ini?',
      'Ada isian yang belum disimpan. Tinggalkan halaman ini?',
    ]);
    await context.close();

    // With nothing typed (a new tab: this one keeps the draft to offer back), Back does not ask.
    const fresh = await e2e.newPage();
    await signInThroughForm(fresh.page, ADMIN, 'admin');
    await openCreatePage(fresh.page);
    fresh.page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await fresh.page.evaluate(() => window.history.back());
    await fresh.page
      .getByRole('heading', { name: 'Buat Artikel', level: 1 })
      .waitFor({ state: 'detached' });
    expect(questions).toHaveLength(2);
    await fresh.context.close();
  });

  it('the public home shows the published article, never the draft, each at its own URL', async () => {
    const { page, context } = await e2e.newPage();
    await page.goto('/');
    const featured = page.getByRole('article').filter({ hasText: PUBLISHED.title });
    await featured.getByText(PUBLISHED.category, { exact: false }).waitFor();
    await expect.poll(() => loaded(featured.locator('img'))).toBe(true);
    await expect(page.getByText(DRAFT.title).count()).resolves.toBe(0);
    // Searching for the draft finds nothing.
    await page.getByRole('searchbox', { name: 'Search articles...' }).fill('Reses');
    await page.getByText('No articles found').waitFor();
    await page.getByRole('searchbox', { name: 'Search articles...' }).fill('');
    await featured.waitFor();

    // Read More opens the article at its own URL, which survives a reload and can be shared.
    // 'Read More' is a button, or a link to the article's URL once the page renders one.
    await featured
      .getByRole('button', { name: 'Read More' })
      .or(featured.getByRole('link', { name: 'Read More' }))
      .click();
    await page.waitForURL(`**/artikel/${publishedSlug}`);
    const checkArticle = async (view: Page) => {
      await view.getByRole('heading', { name: PUBLISHED.title, level: 1 }).waitFor();
      const article = view.getByRole('article');
      await expect.poll(() => loaded(article.locator('img').first())).toBe(true);
      await expect(
        view.getByRole('list', { name: 'Tag' }).getByRole('listitem').allInnerTexts(),
      ).resolves.toEqual(PUBLISHED.tags);
      await expect(article.locator('strong, b').first().textContent()).resolves.toBe(
        PUBLISHED.bold,
      );
      expect(readable(await article.innerText())).toContain(`${PUBLISHED.lead} ${PUBLISHED.bold}`);
      await expect(headingsLevel1(view)).resolves.toEqual([PUBLISHED.title]);
    };
    await checkArticle(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'artikel-own-url');
    await page.reload();
    await checkArticle(page);
    const shared = await e2e.newPage();
    await shared.page.goto(`/artikel/${publishedSlug}`);
    await checkArticle(shared.page);
    await shared.context.close();

    await page.getByRole('button', { name: 'Back to Articles' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await featured.waitFor();
    await context.close();
  });

  it('admin archives the article (gone from the public home) and deletes the draft', async () => {
    const { page, context } = await e2e.newPage({ clock: true });
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'List Artikel', '/admin-list-artikel');
    const table = page.getByRole('grid', { name: 'Manajemen Artikel' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });

    // Edit: status Diarsipkan; 'Menyimpan...' while saving; the row updates in place, and
    // 'Artikel berhasil diperbarui' stays 5 s.
    await row(PUBLISHED.title).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Artikel' });
    await expect
      .poll(() => edit.getByRole('textbox', { name: fieldName('Judul') }).inputValue())
      .toBe(PUBLISHED.title);
    await edit.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Diarsipkan', exact: true }).click();
    const update = await holdNextRequest(page, '**/article/*/update');
    await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await update.held;
    await edit.getByRole('button', { name: 'Menyimpan...' }).waitFor();
    await expectShownFor(page, toast(page, 'Artikel berhasil diperbarui'), 5000, async () =>
      update.release(),
    );
    await edit.waitFor({ state: 'detached' });
    await expect
      .poll(async () => readable(await row(PUBLISHED.title).innerText()))
      .toContain('Diarsipkan');

    // Delete the draft: the confirmation names it.
    await row(DRAFT.title).getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi Hapus' });
    await confirm
      .getByText(`Apakah Anda yakin ingin menghapus artikel "${DRAFT.title}"?`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Ya, Hapus!' }).click();
    await toast(page, 'Artikel berhasil dihapus').waitFor();
    await row(DRAFT.title).waitFor({ state: 'detached' });
    await context.close();

    // Archived articles are hidden from the public.
    const visitor = await e2e.newPage();
    await visitor.page.goto('/');
    await visitor.page.getByText('No articles found').waitFor();
    await visitor.context.close();
  });
});
