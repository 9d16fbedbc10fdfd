import { currentYear } from '@ranwal/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import { portalRoutes, routeAllows } from '../src/routes.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  controlsWithoutFocusRing,
  createChain,
  currentSidebarItem,
  type E2E,
  headingsLevel1,
  openFromSidebar,
  png,
  screenshot,
  sidewaysScrolling,
  signInThroughForm,
  startE2E,
} from './harness.js';

const USER = { name: 'Dewi Lestari', email: 'dewi@e2e.local', password: 'dewi-kata-sandi-1' };
const ARTICLE_TITLE = 'Rapat Koordinasi Perencanaan Pembangunan Kecamatan';
/** How long a server-rendered page may take to load its app on a busy machine. */
const APP_WAIT = { timeout: 20_000 };
/** A common laptop's screen (1 366 × 768): the width a unit's planner works at. */
const LAPTOP = { width: 1366, height: 768 };

/**
 * Each page's one h1 (spec names where the page gives one). The admin dashboard is checked for
 * exactly one h1 only: its content grows with the budget overview.
 */
const expectedHeading: Record<string, string | undefined> = {
  '/': 'Ranwal',
  '/login': 'Selamat Datang Kembali',
  '/artikel/:slug': ARTICLE_TITLE,
  '/admin-perangkat-daerah': 'Perangkat Daerah',
  '/admin-program': 'Program',
  '/admin-kegiatan': 'Kegiatan',
  '/admin-sub-kegiatan': 'Sub Kegiatan',
  '/admin-aktifitas': 'Aktivitas',
  '/admin-subtitle': 'Subtitle',
  '/admin-rekening': 'Kode Rekening',
  '/admin-pengampu': 'Pengampu',
  '/admin-pagu': 'Pagu',
  '/admin-katalog-harga': 'Katalog Harga',
  '/admin-sumber-dana': 'Sumber Dana',
  '/anggaran-kas': 'Anggaran Kas',
  '/realisasi': 'Realisasi Anggaran',
  '/laporan-bulanan': 'Laporan Bulanan',
  '/peta-kegiatan': 'Peta Kegiatan',
  '/lapor-lapangan': 'Lapor dari Lapangan',
  '/admin-pengaturan-perencanaan': 'Pengaturan Perencanaan',
  '/admin-anomali-harga': 'Anomali Harga',
  '/admin-laporan': 'Daftar Laporan Detail Program',
  '/admin-riwayat': 'Riwayat Perubahan',
  '/verifikasi': 'Verifikasi',
  '/admin-tahap': 'Tahap Anggaran',
  '/admin-kunci': 'Kunci Sub Kegiatan',
  '/admin-artikel': 'Buat Artikel',
  '/admin-list-artikel': 'Manajemen Artikel',
  '/admin-user-management': 'Manajemen Pengguna',
  '/user-dashboard': 'Ranwal',
};

/** The sidebar entry that leads to each admin page (the dashboard's goes through /dashboard). */
const sidebarLabel: Record<string, string> = {
  '/admin-dashboard': 'Dashboard',
  '/admin-user-management': 'User Management',
  '/admin-perangkat-daerah': 'Perangkat Daerah',
  '/admin-program': 'Program',
  '/admin-kegiatan': 'Kegiatan',
  '/admin-sub-kegiatan': 'Sub Kegiatan',
  '/admin-aktifitas': 'Aktifitas',
  '/admin-subtitle': 'Subtitle',
  '/admin-rekening': 'Kode Rekening',
  '/admin-pengampu': 'Pengampu',
  '/admin-pagu': 'Pagu',
  '/admin-katalog-harga': 'Katalog Harga',
  '/admin-sumber-dana': 'Sumber Dana',
  '/anggaran-kas': 'Anggaran Kas',
  '/realisasi': 'Realisasi Anggaran',
  '/laporan-bulanan': 'Laporan Bulanan',
  '/peta-kegiatan': 'Peta Kegiatan',
  '/lapor-lapangan': 'Lapor dari Lapangan',
  '/admin-pengaturan-perencanaan': 'Pengaturan Perencanaan',
  '/admin-anomali-harga': 'Anomali Harga',
  '/admin-laporan': 'Laporan',
  '/admin-riwayat': 'Riwayat Perubahan',
  '/verifikasi': 'Verifikasi',
  '/admin-tahap': 'Tahap Anggaran',
  '/admin-kunci': 'Kunci Sub Kegiatan',
  '/admin-artikel': 'Buat Artikel',
  '/admin-list-artikel': 'List Artikel',
};

/** Waits until nothing on the page is loading any more. */
async function settled(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('[aria-busy="true"], :text-is("Memuat data..."), :text-is("Loading articles...")')
        .count(),
    )
    .toBe(0);
}

/**
 * What every page must be: one h1 (the expected one), no axe violations, nothing off-screen, and
 * each control showing where the keyboard is.
 */
async function checkPage(page: Page, path: string, shot: string, expected = expectedHeading[path]) {
  await settled(page);
  await expect.poll(() => headingsLevel1(page)).toHaveLength(1);
  const [heading] = await headingsLevel1(page);
  if (expected) expect(heading, `h1 of ${path}`).toBe(expected);
  expect(await axeViolations(page), `axe on ${path}`).toEqual([]);
  await expectNothingSideways(page, path);
  await screenshot(page, shot);
  await expectFocusShown(page, path);
}

/** The page is no wider than the window, and no box in it scrolls sideways. */
async function expectNothingSideways(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow of ${where}`).toBeLessThanOrEqual(0);
  // Nor does a box scroll sideways: a table's last columns (the actions) are in sight; on a
  // phone tables are cards and the trend chart is drawn at the phone's width.
  expect(await sidewaysScrolling(page), `sideways scrolling on ${where}`).toEqual([]);
}

/** Every control of the page shows a ring when the keyboard reaches it. */
async function expectFocusShown(page: Page, path: string) {
  // A server-rendered page's controls are the app's only once the keyboard has loaded it.
  await expect
    .poll(() => controlsWithoutFocusRing(page), { message: `focus shown on ${path}`, ...APP_WAIT })
    .toEqual([]);
}

describe('every route of the route table: accessible, one h1, laid out', () => {
  let e2e: E2E;
  let slug = '';
  beforeAll(async () => {
    e2e = await startE2E();
    // Pages with data in them, seeded through the API (the journeys build these by hand).
    await createUserService(e2e.database.db).create({ ...USER, role: 'user' });
    const admin = await apiAs(e2e, ADMIN);
    const chain = await createChain(admin, {
      program: { name: 'Program Kesehatan Masyarakat', is_taxed: true },
      action: { name: 'Pelayanan Posyandu' },
      sub_action: { name: 'Penyediaan Alat Kesehatan' },
      activity: { name: 'Pengadaan Timbangan' },
      subtitle: { name: 'Posyandu Melati' },
      account: { code: '5.1.02.01', name: 'Belanja Alat Kesehatan' },
      supporter: { name: 'Puskesmas Sukamaju' },
    });
    const user = await apiAs(e2e, USER);
    await user.budgetLine.create({
      component_code: 'ALK-01',
      component_name: 'Timbangan bayi digital',
      specification: 'Kapasitas 20 kg',
      unit: 'Unit',
      price: 1_750_000,
      first_volume: 4,
      second_volume: 1,
      third_volume: 1,
      year: currentYear(),
      is_taxed: true,
      ...chain.line,
    });
    const cover = await admin.upload.file(
      new Blob([new Uint8Array(png(48, 24, [20, 120, 80]))]),
      'sampul.png',
    );
    const article = await admin.article.create({
      title: ARTICLE_TITLE,
      content: '<p>Rapat membahas <strong>usulan prioritas</strong> tahun depan.</p>',
      cover_image: cover.data.path,
      tags: ['rapat', 'perencanaan'],
      status: 'published',
      category: 'Kegiatan Rutin',
    });
    slug = article.data.slug;
    await admin.article.create({
      title: 'Jadwal Reses Anggota DPRD',
      content: '<p>Draf jadwal.</p>',
      tags: [],
      status: 'draft',
      category: 'Usulan Reses DPRD',
    });
  });
  afterAll(() => e2e?.close());

  const publicRoutes = portalRoutes.filter((route) => !route.requiresAuth);
  const adminRoutes = portalRoutes.filter((route) => route.role && routeAllows(route, 'admin'));
  const userRoutes = portalRoutes.filter(
    (route) => route.requiresAuth && routeAllows(route, 'user'),
  );

  it('covers the whole route table', () => {
    expect(portalRoutes.map((route) => route.path).sort()).toEqual(
      Object.keys(expectedHeading).concat('/admin-dashboard').sort(),
    );
  });

  it('public pages, signed out', async () => {
    const { page, context } = await e2e.newPage();
    for (const route of publicRoutes) {
      await page.goto(route.path.replace(':slug', slug));
      await checkPage(page, route.path, `route${route.path.replace(/[/:]+/g, '-')}`);
    }
    await context.close();
  });

  it('admin pages, reached through the sidebar, which marks the current one', async () => {
    // Signed in through the form and then moved on through the sidebar without a reload, as a
    // person does: the first page is checked with what the sign-in left on it.
    const { page, context } = await e2e.newPage();
    // A laptop's screen, the narrowest the sidebar and a page's tables are laid out for.
    await page.setViewportSize(LAPTOP);
    await signInThroughForm(page, ADMIN, 'admin');
    for (const route of adminRoutes) {
      const label = sidebarLabel[route.path];
      expect(label, `sidebar entry for ${route.path}`).toBeDefined();
      await page
        .getByRole('navigation', { name: 'Navigasi admin' })
        .getByRole('link', { name: label, exact: true })
        .click();
      await page.waitForURL(`**${route.path}`);
      await expect.poll(() => currentSidebarItem(page).allTextContents()).toEqual([label]);
      await checkPage(page, route.path, `route${route.path.replace(/\//g, '-')}`);
    }
    // Buttons and fields ease their colours in 150 ms; for a person who asked their system for
    // less motion, nothing on the page moves.
    const slowestTransition = () =>
      page.evaluate(() =>
        Math.max(
          ...Array.from(
            document.querySelectorAll('*'),
            (element) => Number.parseFloat(getComputedStyle(element).transitionDuration) || 0,
          ),
        ),
      );
    expect(await slowestTransition()).toBeGreaterThanOrEqual(0.15);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await slowestTransition()).toBeLessThan(0.001);
    await context.close();
    // Every admin route, each with its axe run and screenshot: 61 s in a full CI run.
  }, 240_000);

  it('the user dashboard, signed in as a user', async () => {
    const { page, context } = await e2e.newPage();
    await page.setViewportSize(LAPTOP);
    await signInThroughForm(page, USER, 'user');
    for (const route of userRoutes) {
      // The page the sign-in leads to is checked as it lands: a reload would clear what the
      // sign-in left behind.
      if (new URL(page.url()).pathname !== route.path) await page.goto(route.path);
      if (route.path === '/user-dashboard') {
        await page
          .getByRole('grid', { name: 'Daftar Laporan', exact: true })
          .getByRole('row')
          .nth(1)
          .waitFor();
      } else {
        // Each other unit page is a section under the header, titled as its route.
        const title = expectedHeading[route.path];
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      }
      // A unit's pages sit under its own header, whose h1 is the app's name.
      await checkPage(page, route.path, `route${route.path.replace(/\//g, '-')}-user`, 'Ranwal');
    }
    await context.close();
  });

  it('dialogs, open: edit and delete on a hierarchy page, view and edit an article', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');

    await openFromSidebar(page, 'Kegiatan', '/admin-kegiatan');
    const row = page.getByRole('grid', { name: 'Daftar Kegiatan' }).getByRole('row').nth(1);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Kegiatan' });
    await edit.waitFor();
    expect(await axeViolations(page), 'Edit Kegiatan').toEqual([]);
    await screenshot(page, 'dialog-edit-kegiatan');
    await edit.getByRole('button', { name: 'Batal' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Hapus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Konfirmasi Hapus' });
    await confirm.waitFor();
    expect(await axeViolations(page), 'Konfirmasi Hapus').toEqual([]);
    await screenshot(page, 'dialog-konfirmasi-hapus');
    await confirm.getByRole('button', { name: 'Batal' }).click();
    await confirm.waitFor({ state: 'detached' });

    await openFromSidebar(page, 'List Artikel', '/admin-list-artikel');
    const article = page
      .getByRole('grid', { name: 'Manajemen Artikel' })
      .getByRole('row')
      .filter({ hasText: ARTICLE_TITLE });
    await article.getByRole('button', { name: 'Lihat' }).click();
    const view = page.getByRole('dialog', { name: 'Detail Artikel' });
    await view.getByRole('heading', { name: ARTICLE_TITLE }).waitFor();
    expect(await axeViolations(page), 'Detail Artikel').toEqual([]);
    await screenshot(page, 'dialog-detail-artikel');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    await article.getByRole('button', { name: 'Edit' }).click();
    const editArticle = page.getByRole('dialog', { name: 'Edit Artikel' });
    await editArticle.waitFor();
    expect(await axeViolations(page), 'Edit Artikel').toEqual([]);
    await screenshot(page, 'dialog-edit-artikel');
    await context.close();
  });

  it('a phone-sized screen: no page is wider than the screen', async () => {
    const pages: [credentials: typeof ADMIN | null, paths: string[]][] = [
      [null, ['/', '/login', `/artikel/${slug}`]],
      [ADMIN, adminRoutes.map((route) => route.path)],
      [USER, userRoutes.map((route) => route.path)],
    ];
    for (const [credentials, paths] of pages) {
      const { page, context } = await e2e.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      if (credentials) {
        await signInThroughForm(page, credentials, credentials === ADMIN ? 'admin' : 'user');
      }
      for (const path of paths) {
        await page.goto(path);
        await settled(page);
        await expect.poll(() => headingsLevel1(page)).toHaveLength(1);
        await expectNothingSideways(page, `${path} at 390 px`);
        await screenshot(page, `phone${path.replace(/\//g, '-')}`);
        await expectFocusShown(page, `${path} at 390 px`);
      }
      await context.close();
    }
    // A page load per route of the table (about thirty): longer than one test's default on a
    // loaded machine (CI timed out at 60 s while every project ran).
  }, 240_000);
});
