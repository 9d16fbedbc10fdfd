import { currentYear, type RanwalClient } from '@ranwal/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiAs,
  chooseInComboBox,
  type E2E,
  fieldName,
  fillDate,
  openFromSidebar,
  readable,
  signInThroughForm,
  startE2E,
} from './harness.js';

/*
 * The admin lists keep their view in the URL: a filter, the search and the page survive a
 * reload, and Back returns to the filter before. Katalog Harga and Riwayat Perubahan over 25
 * SSH items named 'Kertas …' (two pages of 20) among others, all added today; Pagu over a
 * Perangkat Daerah's sub kegiatan.
 */

const YEAR = currentYear();
/**
 * Yesterday in WIB, as the date field takes it: every change of the run is on or after it,
 * whichever time zone the server reads the day in.
 */
const since = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
  new Date(Date.now() - 86_400_000),
);

const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });
/** A table's rows under its heading, as read. */
const rowsOf = async (table: Locator) =>
  (await table.getByRole('row').allInnerTexts()).slice(1).map(readable);
/** A catalogue item's row, by its name. */
const itemRow = (table: Locator, name: string) =>
  table.getByRole('rowheader', { name, exact: true });
const pageButton = (page: Page, n: number) =>
  page
    .getByRole('navigation', { name: 'Navigasi halaman' })
    .getByRole('button', { name: String(n), exact: true });
const currentPage = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Navigasi halaman' })
    .locator('[aria-current="page"]')
    .innerText();
const query = (page: Page) => new URL(page.url()).searchParams;

describe("the admin lists' filters, search and page, kept in the URL", () => {
  let e2e: E2E;
  let admin: RanwalClient;

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const item = (kind: 'SSH' | 'SBU', code: string, name: string) =>
      admin.priceItem.create({
        year: YEAR,
        kind,
        code,
        name,
        specification: '',
        unit: 'Rim',
        price: 50_000,
        account_codes: [],
        open: false,
      });
    for (let n = 1; n <= 25; n += 1) {
      const nn = String(n).padStart(2, '0');
      await item('SSH', `1.1.12.01.${nn}`, `Kertas HVS Nomor ${nn}`);
    }
    for (let n = 1; n <= 3; n += 1) {
      // SBU, first in code order: on the plain list's first page, not on the SSH list's.
      await item('SBU', `1.1.11.0${n}`, `Kertas Honorarium ${n}`);
      await item('SSH', `1.1.13.0${n}`, `Pulpen Hitam ${n}`);
    }
    // Pagu: 12 'Tampilan' and 2 other sub kegiatan of the agency, 3 'Tampilan' of no agency.
    const unit = (await admin.agency.create({ name: 'Dinas Tampilan Daftar' })).data;
    const underUnit = (
      await admin.program.create({ name: 'Program Tampilan', is_taxed: false, agency_id: unit.id })
    ).data;
    const elsewhere = (await admin.program.create({ name: 'Program Lain', is_taxed: false })).data;
    const actionOf = async (program_id: string) =>
      (await admin.action.create({ name: 'Kegiatan Tampilan', program_id })).data.id;
    const [ours, theirs] = [await actionOf(underUnit.id), await actionOf(elsewhere.id)];
    for (let n = 1; n <= 12; n += 1) {
      const nn = String(n).padStart(2, '0');
      await admin.sub_action.create({ name: `Sub Kegiatan Tampilan ${nn}`, action_id: ours });
    }
    for (let n = 1; n <= 2; n += 1) {
      await admin.sub_action.create({ name: `Sub Kegiatan Rapat ${n}`, action_id: ours });
    }
    for (let n = 1; n <= 3; n += 1) {
      await admin.sub_action.create({ name: `Sub Kegiatan Tampilan Lain ${n}`, action_id: theirs });
    }
  }, 120_000);
  afterAll(() => e2e?.close());

  it('Katalog Harga: the kind, the search and the page survive a reload; Back steps back', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'Katalog Harga', '/admin-katalog-harga');
    const catalogue = grid(page, `Katalog Harga Tahun ${YEAR}`);
    await itemRow(catalogue, 'Kertas HVS Nomor 01').waitFor();

    const kind = page.getByRole('button', { name: /Jenis/ });
    await kind.click();
    await page.getByRole('option', { name: 'SSH — Standar Satuan Harga' }).click();
    await expect.poll(() => query(page).get('jenis')).toBe('SSH');
    const search = page.getByRole('searchbox', { name: 'Cari item' });
    await search.pressSequentially('kertas');
    // Once typing pauses: the SSH 'Kertas' items alone, 25 of them on two pages.
    await expect.poll(() => query(page).get('q')).toBe('kertas');
    await expect.poll(async () => (await rowsOf(catalogue)).length).toBe(20);
    const firstPage = await rowsOf(catalogue);
    expect(firstPage.every((row) => row.includes('Kertas HVS Nomor'))).toBe(true);
    await pageButton(page, 2).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    await expect.poll(async () => (await rowsOf(catalogue)).length).toBe(5);
    const secondPage = await rowsOf(catalogue);
    expect(secondPage[0]).toContain('Kertas HVS Nomor 21');
    const address = page.url();

    // A reload, and the same address in another tab: the same view, the same rows.
    for (const shown of [page, (await context.newPage()) as Page]) {
      if (shown === page) await page.reload();
      else await shown.goto(address);
      const table = grid(shown, `Katalog Harga Tahun ${YEAR}`);
      await itemRow(table, 'Kertas HVS Nomor 21').waitFor();
      expect(await rowsOf(table)).toEqual(secondPage);
      expect(readable(await shown.getByRole('button', { name: /Jenis/ }).innerText())).toContain(
        'SSH — Standar Satuan Harga',
      );
      expect(await shown.getByRole('searchbox', { name: 'Cari item' }).inputValue()).toBe('kertas');
      expect(await currentPage(shown)).toBe('2');
    }

    // Back: the first page of the same view; Back again: before the kind was chosen. The typed
    // search rewrote the kind's entry rather than adding one per letter.
    await page.goBack();
    await expect.poll(() => currentPage(page)).toBe('1');
    await expect.poll(() => rowsOf(catalogue)).toEqual(firstPage);
    expect(await search.inputValue()).toBe('kertas');
    await page.goBack();
    await expect.poll(() => search.inputValue()).toBe('');
    await expect.poll(async () => readable(await kind.innerText())).toContain('Semua Jenis');
    await itemRow(catalogue, 'Kertas Honorarium 1').waitFor();
    expect(query(page).toString()).not.toMatch(/jenis|q=|page/);
    await context.close();
  }, 120_000);

  it('Riwayat Perubahan: the kind of record, the first day and the page survive a reload; Back steps back', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'Riwayat Perubahan', '/admin-riwayat');
    const history = grid(page, 'Riwayat Perubahan');
    await history.getByRole('row').nth(1).waitFor();

    const recordType = page.getByRole('button', { name: /Jenis Data/ });
    await recordType.click();
    await page.getByRole('option', { name: 'Item Katalog Harga' }).click();
    await expect.poll(() => query(page).get('jenis')).toBe('price_item');
    await fillDate(page.locator('main'), 'Dari Tanggal', since);
    await expect.poll(() => query(page).get('dari')).toBe(since);
    // 31 catalogue items added today: two pages of 20.
    await expect.poll(async () => (await rowsOf(history)).length).toBe(20);
    await pageButton(page, 2).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    await expect.poll(async () => (await rowsOf(history)).length).toBe(11);
    const secondPage = await rowsOf(history);
    expect(secondPage.every((row) => row.includes('Item Katalog Harga'))).toBe(true);

    await page.reload();
    await expect.poll(async () => (await rowsOf(history)).length).toBe(11);
    expect(await rowsOf(history)).toEqual(secondPage);
    expect(readable(await recordType.innerText())).toContain('Item Katalog Harga');
    const [year, month, day] = since.split('-');
    expect(
      await page
        .getByRole('group', { name: /^Dari Tanggal/ })
        .getByRole('spinbutton')
        .allInnerTexts(),
    ).toEqual([day, month, year]);
    expect(await currentPage(page)).toBe('2');

    // Another kind starts on the first page; Back returns to the catalogue items' second page.
    await recordType.click();
    await page.getByRole('option', { name: 'Perangkat Daerah', exact: true }).click();
    await expect.poll(() => query(page).get('jenis')).toBe('agency');
    await expect.poll(() => rowsOf(history)).toHaveLength(1);
    expect(query(page).get('page')).toBeNull();
    await page.goBack();
    await expect
      .poll(async () => readable(await recordType.innerText()))
      .toContain('Item Katalog Harga');
    await expect.poll(() => rowsOf(history)).toEqual(secondPage);
    expect(await currentPage(page)).toBe('2');
    expect(query(page).get('dari')).toBe(since);
    await context.close();
  }, 120_000);

  it('Pagu: the Perangkat Daerah, the search and the page survive a reload', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'Pagu', '/admin-pagu');
    const pagu = grid(page, `Pagu Sub Kegiatan Tahun ${YEAR}`);
    await pagu.getByRole('row').nth(1).waitFor();

    await chooseInComboBox(page, 'Perangkat Daerah', 'Dinas Tampilan Daftar');
    await expect.poll(() => query(page).get('perangkat-daerah')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('searchbox', { name: 'Cari sub kegiatan' }).pressSequentially('tampilan');
    await expect.poll(() => query(page).get('q')).toBe('tampilan');
    // The agency's 12 'Tampilan' sub kegiatan, ten a page.
    await pageButton(page, 2).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    await expect.poll(async () => (await rowsOf(pagu)).length).toBe(2);
    const secondPage = await rowsOf(pagu);
    expect(secondPage.every((row) => /Sub Kegiatan Tampilan \d\d/.test(row))).toBe(true);

    await page.reload();
    await expect.poll(async () => (await rowsOf(pagu)).length).toBe(2);
    expect(await rowsOf(pagu)).toEqual(secondPage);
    const agency = page.getByRole('combobox', { name: fieldName('Perangkat Daerah') });
    await expect.poll(() => agency.inputValue()).toBe('Dinas Tampilan Daftar');
    expect(await page.getByRole('searchbox', { name: 'Cari sub kegiatan' }).inputValue()).toBe(
      'tampilan',
    );
    expect(await currentPage(page)).toBe('2');
    await context.close();
  }, 120_000);
});
