import { currentYear, type RanwalClient } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  chooseInComboBox,
  createChain,
  currentSidebarItem,
  type E2E,
  fieldName,
  openFromSidebar,
  screenshot,
  signInThroughForm,
  startE2E,
} from './harness.js';

/**
 * Issue 33: the budget year is the person's choice and the same on every page. The admin opens
 * the year being planned (a running stage, a pagu and a catalogue of its own); the unit's user
 * sees that year by default and prices from its catalogue, not last year's; a year chosen in
 * the URL (`?tahun=`) stays through the sidebar.
 */

/** The year being planned: its stage runs now (2027 while this is 2026). */
const PLANNED = currentYear() + 1;
/** A year before, with its own catalogue. */
const EARLIER = currentYear() - 1;
const PLANNER = { name: 'Sari Pertiwi', email: 'sari@e2e.local', password: 'sari-password-1' };
const CHAIN = {
  program: { code: '4.01.03', name: 'Program Perencanaan Tahunan' },
  action: { code: '4.01.03.2.01', name: 'Penyusunan Rencana Kerja' },
  subAction: { code: '4.01.03.2.01.0001', name: 'Penyusunan Renja Perangkat Daerah' },
  account: { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' },
};
const coded = ({ code, name }: { code: string; name: string }) => `${code} - ${name}`;
/** A day counted from today in WIB, as YYYY-MM-DD (the server checks dates in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

describe('one budget year on every page, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const { sub_action: subAction } = await createChain(admin, {
      program: { ...CHAIN.program, is_taxed: false },
      action: CHAIN.action,
      sub_action: CHAIN.subAction,
      activity: { name: 'Rapat Renja' },
      subtitle: { name: 'Tim Renja' },
      account: CHAIN.account,
      supporter: { name: 'Sekretariat' },
    });
    await createUserService(e2e.database.db).create({ ...PLANNER, role: 'user' });
    // Last year's catalogue and the planned year's, each with an item of its own.
    const item = (name: string) => ({
      kind: 'SSH' as const,
      code: `1.1.7.01.01.${name.length}`,
      name,
      unit: 'Buah',
      price: 5_000,
      account_codes: [CHAIN.account.code],
    });
    await admin.priceItem.import({ year: EARLIER, items: [item('Pulpen')] });
    await admin.priceItem.import({ year: PLANNED, items: [item('Map Plastik')] });
    await admin.pagu.set({ sub_action_id: subAction.id, year: PLANNED, amount: 10_000_000 });
    await admin.stage.schedule({
      year: PLANNED,
      stages: [{ kind: 'ranwal', starts_on: day(-5), ends_on: day(30) }],
    });
    await admin.stage.advance({ year: PLANNED });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it("the unit's user opens on the year whose stage runs and prices from its catalogue", async () => {
    const { page, context } = await e2e.newPage();
    page.on('pageerror', (error) => console.log('page error:', error.message));
    await signInThroughForm(page, PLANNER, 'user');
    const year = page.getByRole('button', { name: /Tahun Anggaran/ });
    await expect.poll(() => year.textContent()).toContain(String(PLANNED));
    for (const [label, option] of [
      ['Program', coded(CHAIN.program)],
      ['Kegiatan', coded(CHAIN.action)],
      ['Sub Kegiatan', coded(CHAIN.subAction)],
      ['Aktivitas', 'Rapat Renja'],
      ['Subtitle', 'Tim Renja'],
      ['Kode Rekening', coded(CHAIN.account)],
      ['Pengampu', 'Sekretariat'],
    ] as const) {
      await chooseInComboBox(page, label, option);
    }
    const form = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
    // The pagu panel and the catalogue are the planned year's.
    await form.getByRole('region', { name: `Pagu Tahun ${PLANNED}` }).waitFor();
    const componentName = form.getByRole('combobox', { name: fieldName('Nama Komponen') });
    await componentName.fill('Map');
    await page.getByRole('option', { name: /Map Plastik/ }).waitFor();
    await componentName.fill('Pulpen');
    await expect.poll(() => page.getByRole('option', { name: /Pulpen/ }).count()).toBe(0);
    await componentName.fill('');
    await componentName.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'budget-year-user-default');
    // On a phone the header's year picker wraps with the rest: nothing off-screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'budget-year-user-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Choosing last year: its catalogue, and the choice kept in the address.
    await componentName.fill('');
    await year.click();
    await page.getByRole('option', { name: String(EARLIER), exact: true }).click();
    await page.waitForURL(`**/user-dashboard?tahun=${EARLIER}`);
    await componentName.fill('Pulpen');
    await page.getByRole('option', { name: /Pulpen/ }).waitFor();
    await context.close();
  }, 90_000);

  it('keeps the year chosen in the URL through the sidebar, and opens on the running one without it', async () => {
    const { page, context } = await e2e.newPage();
    page.on('pageerror', (error) => console.log('page error:', error.message));
    await signInThroughForm(page, ADMIN, 'admin');
    // Without a choice, every page opens on the year whose stage runs.
    await openFromSidebar(page, 'Pagu', '/admin-pagu');
    await page.getByRole('grid', { name: `Pagu Sub Kegiatan Tahun ${PLANNED}` }).waitFor();

    await page.goto(`/admin-katalog-harga?tahun=${EARLIER}`);
    // 'Tahun Anggaran' on the planning pages, 'Filter Tahun' on Laporan.
    const yearShown = () =>
      page
        .getByRole('button', { name: /Tahun Anggaran|Filter Tahun/ })
        .first()
        .textContent();
    await expect.poll(yearShown).toContain(String(EARLIER));
    await page.getByText('Pulpen').first().waitFor();
    for (const [label, path] of [
      ['Pagu', '/admin-pagu'],
      ['Tahap Anggaran', '/admin-tahap'],
      ['Laporan', '/admin-laporan'],
      ['Katalog Harga', '/admin-katalog-harga'],
    ] as const) {
      await openFromSidebar(page, label, path);
      expect(new URL(page.url()).searchParams.get('tahun')).toBe(String(EARLIER));
      await expect.poll(yearShown).toContain(String(EARLIER));
    }
    await page.getByText('Pulpen').first().waitFor();
    expect(await currentSidebarItem(page).textContent()).toBe('Katalog Harga');

    // A year chosen on a page is the next page's.
    await page
      .getByRole('button', { name: /Tahun Anggaran/ })
      .first()
      .click();
    await page.getByRole('option', { name: String(PLANNED), exact: true }).click();
    await page.waitForURL(`**/admin-katalog-harga?tahun=${PLANNED}`);
    await page.getByText('Map Plastik').first().waitFor();
    await openFromSidebar(page, 'Pagu', '/admin-pagu');
    await page.getByRole('grid', { name: `Pagu Sub Kegiatan Tahun ${PLANNED}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'budget-year-admin-pagu');
    await context.close();
  }, 90_000);
});
