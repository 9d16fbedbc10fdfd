import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BudgetLine,
  type BudgetLineInput,
  currentYear,
  type RanwalClient,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  createChain,
  type E2E,
  readable,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Budget lines at working sizes, as people meet them (issue 14): a user's 105 lines paged and
 * searched with the view in the URL, a line edited through the same cascade, a double click
 * that stores one line, the admin's filtered download read back cell by cell, a session ended
 * in another tab, and a phone's cards.
 */

const USER = { name: 'Dewi Lestari', email: 'dewi@e2e.local', password: 'dewi-password-1' };
const OTHER = { name: 'Rudi Hartono', email: 'rudi@e2e.local', password: 'rudi-password-1' };
const LINE_COUNT = 105;
/** The budget year the pages open on (no stage runs: the current year); the lines are of it. */
const YEAR = currentYear();

type ChainIds = Pick<
  BudgetLineInput,
  | 'program_id'
  | 'action_id'
  | 'sub_action_id'
  | 'activity_id'
  | 'subtitle_id'
  | 'account_id'
  | 'supporter_id'
>;

async function buildChain(admin: RanwalClient, tag: string): Promise<ChainIds> {
  const made = await createChain(admin, {
    program: { name: `Program ${tag}`, is_taxed: false },
    action: { name: `Kegiatan ${tag}` },
    sub_action: { name: `Sub Kegiatan ${tag}` },
    activity: { name: `Aktivitas ${tag}` },
    subtitle: { name: `Subtitle ${tag}` },
    account: { name: `Belanja ${tag}`, code: `5.1.02.${tag.length}${tag.charCodeAt(0)}` },
    supporter: { name: `Pengampu ${tag}` },
  });
  return made.line;
}

const numbered = (n: number) => `Kertas Nomor ${String(n).padStart(3, '0')}`;
const dailyList = (page: Page) => page.getByRole('grid', { name: 'Daftar Laporan', exact: true });
const bodyRows = (page: Page, grid: string) =>
  page
    .getByRole('grid', { name: grid, exact: true })
    .getByRole('row')
    .filter({
      has: page.getByRole('gridcell'),
    });

describe('budget lines at working sizes, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let user: RanwalClient;
  let jalan: ChainIds;
  let gedung: ChainIds;
  let downloads: string;

  beforeAll(async () => {
    e2e = await startE2E();
    downloads = await mkdtemp(path.join(tmpdir(), 'ranwal-e2e-lines-'));
    const users = createUserService(e2e.database.db);
    await users.create({ ...USER, role: 'user' });
    await users.create({ ...OTHER, role: 'user' });
    admin = await apiAs(e2e, ADMIN);
    user = await apiAs(e2e, USER);
    const other = await apiAs(e2e, OTHER);
    jalan = await buildChain(admin, 'Jalan');
    gedung = await buildChain(admin, 'Gedung');
    // The user's 105 lines, oldest first (so 'Nomor 105' is the newest), a few in Gedung.
    for (let n = 1; n <= LINE_COUNT; n++) {
      await user.budgetLine.create({
        ...(n % 10 === 0 ? gedung : jalan),
        component_name: numbered(n),
        specification: n === 42 ? 'Ukuran F4 khusus arsip' : '',
        unit: 'Rim',
        price: 50_000 + n,
        year: YEAR,
      });
    }
    // Someone else's lines, which the user never sees and the admin's user filter leaves out.
    for (const n of [1, 2, 3]) {
      await other.budgetLine.create({
        ...gedung,
        component_name: `Semen Rudi ${n}`,
        unit: 'Sak',
        price: 70_000,
        year: YEAR,
      });
    }
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    if (downloads) await rm(downloads, { recursive: true, force: true });
  });

  it("pages and searches a user's 105 lines, and a reload keeps the view", async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    await expect
      .poll(() => page.getByText('Menampilkan 1 sampai 100 dari 105 hasil').count())
      .toBe(1);
    expect(await bodyRows(page, 'Daftar Laporan').count()).toBe(100);
    expect(readable(await bodyRows(page, 'Daftar Laporan').first().innerText())).toContain(
      numbered(105),
    );

    await page.getByRole('button', { name: 'Selanjutnya' }).click();
    await page.getByText('Menampilkan 101 sampai 105 dari 105 hasil').waitFor();
    expect(page.url()).toContain('page=2');
    await expect.poll(() => bodyRows(page, 'Daftar Laporan').count()).toBe(5);
    await page.reload();
    await page.getByText('Menampilkan 101 sampai 105 dari 105 hasil').waitFor();
    expect(readable(await bodyRows(page, 'Daftar Laporan').last().innerText())).toContain(
      numbered(1),
    );

    // A search by the specification, typed as a person types, finds the one line.
    await page.getByRole('searchbox', { name: 'Cari laporan' }).fill('f4 KHUSUS');
    await expect.poll(() => bodyRows(page, 'Daftar Laporan').count()).toBe(1);
    expect(readable(await dailyList(page).innerText())).toContain(numbered(42));
    expect(new URL(page.url()).searchParams.get('q')).toBe('f4 KHUSUS');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    // Sorted by total, largest first: the dearest line (price 50 000 + n) is Nomor 105.
    await page.getByRole('searchbox', { name: 'Cari laporan' }).fill('');
    await page.getByRole('button', { name: /Urutkan/ }).click();
    await page.getByRole('option', { name: 'Total terkecil' }).click();
    await expect
      .poll(async () => readable(await bodyRows(page, 'Daftar Laporan').first().innerText()), {
        // The re-sorted list under a full run's load (the CI of 3449a0e waited past 5 s).
        timeout: 60_000,
      })
      .toContain(numbered(1));
    const shared = page.url();
    expect(new URL(shared).searchParams.get('sort')).toBe('total_asc');

    // The same link in a new tab shows the same view.
    const second = await context.newPage();
    await second.goto(shared);
    await expect
      .poll(async () => readable(await bodyRows(second, 'Daftar Laporan').first().innerText()))
      .toContain(numbered(1));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'user-daftar-laporan-sorted');
    await context.close();
    // Above the re-sort's own 60 s wait: the whole test ran 60.0 s in a loaded CI (the journey's
    // steps before it take 10 to 20 s there).
  }, 120_000);

  it('edits a line through the cascade; the server prices it again and says who', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    await page.getByRole('searchbox', { name: 'Cari laporan' }).fill(numbered(7));
    await expect.poll(() => bodyRows(page, 'Daftar Laporan').count()).toBe(1);
    await bodyRows(page, 'Daftar Laporan').first().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Rincian Belanja' });
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /^Program/ }).inputValue()).toBe(
      'Program Jalan',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'user-edit-line');

    await dialog.getByRole('textbox', { name: /^Nama Komponen/ }).fill('Kertas HVS F4');
    const price = dialog.getByRole('textbox', { name: /^Harga \(Rp\)/ });
    await price.fill('2.500.000');
    await dialog.getByRole('textbox', { name: /^Volume 1/ }).fill('1,5');
    await dialog.getByRole('button', { name: 'Simpan Perubahan' }).click();
    await toast(page, 'Rincian belanja berhasil diperbarui').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const { data } = await user.budgetLine.list({ search: 'Kertas HVS F4' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      price: 2_500_000,
      first_volume: 1.5,
      total_price: 3_750_000,
      updated_by_name: USER.name,
      program_name: 'Program Jalan',
    });
    await context.close();
  }, 60_000);

  it("a note on a line tells its owner, and the notification opens that line's detail", async () => {
    // Issue 33: clicking a notification opens what it is about, not only the page of one's role.
    const [line] = (await user.budgetLine.list({ search: numbered(42) })).data;
    await admin.verification.create({ line_id: line!.id, body: 'Harga kertas F4 mohon dicek.' });
    for (const width of [1366, 390]) {
      const { page, context } = await e2e.newPage();
      await page.setViewportSize({ width, height: 900 });
      await signInThroughForm(page, USER, 'user');
      await page.getByRole('button', { name: /^Notifikasi/ }).click();
      const told = page.getByRole('dialog', { name: 'Notifikasi' }).getByRole('button', {
        name: new RegExp(`menulis catatan pada .*${numbered(42)}`),
      });
      await told.click();
      await page.waitForURL((url) => url.searchParams.get('rincian') === line!.id);
      const detail = page.getByRole('dialog', { name: 'Detail Laporan' });
      await detail.getByText(numbered(42)).first().waitFor();
      expect(readable(await detail.innerText())).toContain('Rp 50.042');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `user-notification-opens-line-${width}`);
      // Closed, the address forgets it.
      await detail.getByRole('button', { name: 'Tutup' }).first().click();
      await detail.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('rincian')).toBeNull();
      await context.close();
    }
  }, 90_000);

  it('a double click on Buat Laporan stores one line, with 1.5 read as one and a half', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    const before = (await user.budgetLine.list({ limit: 1 })).filter.total_result;
    for (const [label, option] of [
      ['Program', 'Program Gedung'],
      ['Kegiatan', 'Kegiatan Gedung'],
      ['Sub Kegiatan', 'Sub Kegiatan Gedung'],
      ['Aktivitas', 'Aktivitas Gedung'],
      ['Subtitle', 'Subtitle Gedung'],
    ] as const) {
      const box = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
      await box.click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    const account = page.getByRole('combobox', { name: /^Kode Rekening/ });
    await account.click();
    await page.getByRole('option', { name: /Belanja Gedung/ }).click();
    const supporter = page.getByRole('combobox', { name: /^Pengampu\s*\*?$/ });
    await supporter.click();
    await page.getByRole('option', { name: 'Pengampu Gedung', exact: true }).click();

    await page.getByRole('textbox', { name: /^Nama Komponen/ }).fill('Cat Tembok');
    await page.getByRole('textbox', { name: /^Harga \(Rp\)/ }).fill('2.500.000');
    await page.getByRole('textbox', { name: /^Volume 1/ }).fill('1.5');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Total Harga' }).inputValue())
      .toBe('Rp 3.750.000');
    await page.getByRole('button', { name: 'Buat Laporan' }).dblclick();
    await toast(page, 'Laporan berhasil dibuat').first().waitFor();
    await page.waitForTimeout(500);
    const after = await user.budgetLine.list({ search: 'Cat Tembok' });
    expect(after.data).toHaveLength(1);
    expect(after.data[0]).toMatchObject({ first_volume: 1.5, total_price: 3_750_000 });
    expect((await user.budgetLine.list({ limit: 1 })).filter.total_result).toBe(before + 1);
    await context.close();
  }, 60_000);

  it("downloads exactly the filtered table, and the workbook's title names the filters", async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, ADMIN, 'admin');
    const me = await user.user.me();
    // A shared link: Gedung's lines of the year by Dewi, largest first.
    await page.goto(
      `/admin-laporan?program=${gedung.program_id}&pengguna=${me.data.id}&sort=total_desc`,
    );
    const table = 'Daftar Laporan Detail Program';
    await expect.poll(() => bodyRows(page, table).count()).toBeGreaterThan(0);
    const shown: BudgetLine[] = (
      await admin.budgetLine.list({
        program_id: gedung.program_id,
        created_by: me.data.id,
        year: YEAR,
        sort: 'total_desc',
      })
    ).data;
    await expect.poll(() => bodyRows(page, table).count()).toBe(Math.min(shown.length, 10));
    // The pickers name what the URL chose.
    expect(await page.getByRole('combobox', { name: 'Filter Program' }).inputValue()).toBe(
      'Program Gedung',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Laporan' }).click(),
    ]);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getCell(1, 1).value)).toBe(
      `Laporan Detail Program Tahun ${YEAR} (Program: Program Gedung; Dibuat oleh: ${USER.name})`,
    );
    const headers = (sheet.getRow(2).values as ExcelJS.CellValue[]).map(String);
    const nameColumn = headers.indexOf('Nama Komponen');
    expect(nameColumn).toBeGreaterThan(0);
    // Line rows are numbered in 'No'; subtotal and total rows are not.
    const names: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 2 && typeof row.getCell(1).value === 'number') {
        names.push(String(row.getCell(nameColumn).value));
      }
    });
    expect(names.sort()).toEqual(shown.map((line) => line.component_name).sort());
    expect(names).not.toContain('Semen Rudi 1');
    await context.close();
  }, 60_000);

  it('signing out in another tab sends this one to /login, and the typed line comes back', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    const program = page.getByRole('combobox', { name: /^Program\s*\*?$/ });
    await program.click();
    await page.getByRole('option', { name: 'Program Jalan', exact: true }).click();
    for (const [label, option] of [
      ['Kegiatan', 'Kegiatan Jalan'],
      ['Sub Kegiatan', 'Sub Kegiatan Jalan'],
      ['Aktivitas', 'Aktivitas Jalan'],
      ['Subtitle', 'Subtitle Jalan'],
    ] as const) {
      await page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await page.getByRole('combobox', { name: /^Kode Rekening/ }).click();
    await page.getByRole('option', { name: /Belanja Jalan/ }).click();
    await page.getByRole('textbox', { name: /^Nama Komponen/ }).fill('Rambu Lalu Lintas');

    const other = await context.newPage();
    await other.goto('/user-dashboard');
    await other.getByRole('button', { name: 'Logout' }).click();
    await other.waitForURL('**/login');

    await page.waitForURL('**/login');
    await toast(page, 'Sesi Anda telah berakhir').waitFor();
    await signInThroughForm(page, USER, 'user');
    await page.getByText('Isian laporan yang belum disimpan dipulihkan.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Nama Komponen/ }).inputValue()).toBe(
      'Rambu Lalu Lintas',
    );
    expect(await page.getByRole('combobox', { name: /^Program\s*\*?$/ }).inputValue()).toBe(
      'Program Jalan',
    );
    await context.close();
  }, 60_000);

  it('a 401 on a call signs the tab out to /login', async () => {
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, USER, 'user');
    await page.getByText(/^Menampilkan 1 sampai/).waitFor();
    // The token goes bad behind the page's back (its signature no longer matches, as after the
    // server's secret changed).
    await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      localStorage.setItem('token', `${token.slice(0, -4)}AAAA`);
    });
    await page.getByRole('searchbox', { name: 'Cari laporan' }).fill('apa saja');
    await page.waitForURL('**/login');
    await toast(page, 'Sesi Anda telah berakhir').waitFor();
    await context.close();
  }, 60_000);

  it('on a 390 px phone, each line is a card with its total and actions', async () => {
    const { page, context } = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(page, ADMIN, 'admin');
    await page.goto('/admin-laporan?sort=total_desc');
    const cards = page.getByRole('listitem').filter({ hasText: 'Lihat Detail' });
    await expect.poll(() => cards.count()).toBe(10);
    expect(await page.getByRole('grid').count()).toBe(0);
    const first = cards.first();
    const text = readable(await first.innerText());
    expect(text).toMatch(/Rp \d/);
    for (const action of ['Lihat Detail', 'Edit', 'Hapus']) {
      const box = await first.getByRole('button', { name: action }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    // The filters fold behind one button that counts what is in use (here the order).
    const more = page.getByRole('button', { name: 'Filter dan Urutan (1 aktif)' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: /Urutkan/ }).count()).toBe(0);
    await screenshot(page, 'admin-laporan-phone-top');
    await more.click();
    await page.getByRole('button', { name: /Urutkan/ }).waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-laporan-phone', { fullPage: true });
    await context.close();
  }, 60_000);
});
