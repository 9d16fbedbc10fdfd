import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  currentYear,
  formatRupiah,
  messagesId,
  type RanwalClient,
  spreadEvenly,
} from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  downloadFrom,
  type E2E,
  openFromSidebar,
  pdfPages,
  readable,
  readWorkbook,
  SHOTS_DIR,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Issue 36, the Anggaran Kas in the browser. The admin makes the region require the plan to
 * equal the lines (Pengaturan Perencanaan); the unit's planner opens Anggaran Kas from the
 * links under the dashboard's header, pastes twelve figures copied from a spreadsheet into one
 * kode rekening and spreads the other, and watches the selisih reach zero; the verifier is
 * refused 'Tandai Terverifikasi' before that and allowed after. The planner prints the plan
 * (workbook and PDF) and the admin the recap by sumber dana; each is read back against the lines.
 */

const YEAR = currentYear();
const UNIT = { code: '1.02.0.00.0.00.01.0000', name: 'Dinas Kesehatan' };
const PLANNER = { name: 'Dewi Kasari', email: 'dewi.kas@e2e.local', password: 'dewi-pass-1' };
const VERIFIER = { name: 'Vino Verifikasi', email: 'vino.kas@e2e.local', password: 'vino-pass-1' };
const SUB_ACTION = 'Penyediaan Layanan Kesehatan Posyandu';
const ACCOUNTS = [
  { code: '5.1.02.01.01.0024', name: 'Belanja Alat Tulis Kantor' },
  { code: '5.1.02.04.01.0001', name: 'Belanja Perjalanan Dinas Biasa' },
];
const t = messagesId.cashPlan.grid;
const printed = messagesId.cashPlan.workbook;
const recapText = messagesId.funding.recap;
/** The line of each kode rekening is paid from this source. */
const SOURCES = ['DAU', 'PAD'] as const;
/** A sum as the printouts write it: Indonesian digits, no 'Rp'. */
const digits = (amount: bigint) => new Intl.NumberFormat('id-ID').format(amount);

describe('the Anggaran Kas of a sub kegiatan, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let planner: RanwalClient;
  let subActionId = '';
  let folder = '';
  const linesTotal: bigint[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    admin = await apiAs(e2e, ADMIN);
    const unit = (await admin.agency.create(UNIT)).data;
    const program = (
      await admin.program.create({
        code: '1.02.02',
        name: 'Program Pemenuhan Upaya Kesehatan',
        is_taxed: true,
        agency_id: unit.id,
      })
    ).data;
    const action = (
      await admin.action.create({
        code: '1.02.02.2.02',
        name: 'Penyediaan Layanan Kesehatan',
        program_id: program.id,
      })
    ).data;
    const subAction = (
      await admin.sub_action.create({
        code: '1.02.02.2.02.0033',
        name: SUB_ACTION,
        action_id: action.id,
      })
    ).data;
    subActionId = subAction.id;
    const activity = (
      await admin.activity.create({ name: 'Posyandu Balita', sub_action_id: subAction.id })
    ).data;
    const subtitle = (
      await admin.subtitle.create({ name: 'Posyandu Mawar', activity_id: activity.id })
    ).data;
    const supporter = (await admin.supporter.create({ name: 'Puskesmas Mawar' })).data;
    const users = createUserService(e2e.database.db);
    await users.create({ ...PLANNER, role: 'user', agency_ids: [unit.id] });
    await users.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });
    planner = await apiAs(e2e, PLANNER);
    folder = await mkdtemp(path.join(tmpdir(), 'ranwal-cash-plan-'));
    await mkdir(SHOTS_DIR, { recursive: true });
    const sources = (await admin.fundingSource.list({ limit: 100 })).data;
    const sourceId = (code: string) => sources.find((source) => source.code === code)!.id;
    for (const [index, code] of ACCOUNTS.entries()) {
      const account = (await admin.account.create({ ...code, subtitle_id: subtitle.id })).data;
      const line = (
        await planner.budgetLine.create({
          component_code: `KMP-0${index + 1}`,
          component_name: index === 0 ? 'Kertas HVS A4' : 'Perjalanan ke Puskesmas',
          specification: '-',
          unit: index === 0 ? 'Rim' : 'OH',
          price: index === 0 ? 55_000 : 350_000,
          first_volume: index === 0 ? 24 : 10,
          second_volume: 1,
          third_volume: 1,
          year: YEAR,
          is_taxed: true,
          program_id: program.id,
          action_id: action.id,
          sub_action_id: subAction.id,
          activity_id: activity.id,
          subtitle_id: subtitle.id,
          account_id: account.id,
          supporter_id: supporter.id,
          funding_source_id: sourceId(SOURCES[index]!),
        })
      ).data;
      linesTotal.push(BigInt(line.total_after_tax));
    }
  }, 120_000);
  afterAll(() => e2e?.close());

  it('is filled by pasting from a spreadsheet, and holds verification until it balances', async () => {
    // --- The admin makes the region require it ------------------------------------------------
    const { page: adminPage, context: adminContext } = await e2e.newPage();
    await signInThroughForm(adminPage, ADMIN, 'admin');
    await openFromSidebar(adminPage, 'Pengaturan Perencanaan', '/admin-pengaturan-perencanaan');
    const label = 'Anggaran Kas wajib sama dengan rincian belanja';
    const rule = adminPage.getByRole('checkbox', { name: label });
    expect(await rule.isChecked()).toBe(false);
    // As a person ticks it: on its words (the box itself is drawn over the hidden input).
    await adminPage.getByText(label, { exact: true }).click();
    await toast(adminPage, 'Aturan perencanaan berhasil disimpan.').waitFor();
    await expect.poll(() => rule.isChecked()).toBe(true);
    await screenshot(adminPage, 'cash-plan-0-rule');
    await adminContext.close();

    // --- The verifier cannot verify yet -----------------------------------------------------
    const { page: verifierPage, context: verifierContext } = await e2e.newPage();
    await signInThroughForm(verifierPage, VERIFIER, 'verifier');
    await verifierPage.getByRole('button', { name: new RegExp(`^Buka .*${SUB_ACTION}`) }).click();
    await verifierPage.getByRole('heading', { level: 1, name: new RegExp(SUB_ACTION) }).waitFor();
    await verifierPage.getByRole('button', { name: 'Tandai Terverifikasi' }).click();
    // Said above the lines, in the server's words, naming each kode rekening's selisih.
    const refusal = verifierPage.getByText(/^Sub Kegiatan belum dapat diverifikasi: Anggaran Kas/);
    await refusal.waitFor();
    expect(readable(await refusal.innerText())).toContain(
      `${ACCOUNTS[0]!.code} ${formatRupiah(-linesTotal[0]!)}`,
    );

    // --- The planner opens Anggaran Kas from the dashboard ----------------------------------
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, PLANNER, 'user');
    await page
      .getByRole('navigation', { name: messagesId.app.userNavigation })
      .getByRole('link', { name: 'Anggaran Kas' })
      .click();
    await page.waitForURL((url) => url.pathname === '/anggaran-kas');
    await page.getByRole('heading', { level: 2, name: 'Anggaran Kas', exact: true }).waitFor();
    const picker = page.getByRole('combobox', { name: /Sub Kegiatan/ });
    await picker.fill('Posyandu');
    await page.getByRole('option', { name: new RegExp(SUB_ACTION) }).click();
    const table = page.getByRole('table', { name: new RegExp(SUB_ACTION) });
    await table.waitFor();
    const status = page.getByRole('status').filter({ hasText: /Selisih|sudah sama/ });
    expect(await status.innerText()).toContain(
      formatRupiah(linesTotal[0]! + linesTotal[1]!).replace('Rp', '-Rp'),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Twelve figures as a spreadsheet copies them (Indonesian thousands, tabs, a last line break).
    const copied = `${spreadEvenly(linesTotal[0]!)
      .map((amount) => formatRupiah(amount).replace(/^Rp\s*/, ''))
      .join('\t')}\r\n`;
    const january = page.getByRole('textbox', {
      name: t.cellLabel('Januari', ACCOUNTS[0]!.code),
    });
    await january.click();
    await page.evaluate((text) => {
      const target = document.activeElement as HTMLElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, copied);
    const firstRow = table.getByRole('row').filter({ hasText: ACCOUNTS[0]!.code });
    await expect
      .poll(async () => readable((await firstRow.getByRole('cell').allInnerTexts()).at(-2) ?? ''))
      .toBe('Rp 0');
    await screenshot(page, 'cash-plan-1-pasted', { fullPage: true });
    // The grid scrolls inside its box: the page itself does not widen, on a laptop or a phone.
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `page overflow at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `cash-plan-2-width-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The other kode rekening in one go with a helper.
    await page.getByRole('button', { name: t.helpersFor(ACCOUNTS[1]!.code) }).click();
    await page.getByRole('menuitem', { name: t.spreadEvenly }).click();
    await page.getByText(t.balanced).waitFor();
    await page.getByRole('button', { name: t.save }).click();
    await toast(page, t.saved(SUB_ACTION, YEAR)).waitFor();

    // --- The planner prints the plan: its totals are the lines' --------------------------------
    const sum = linesTotal[0]! + linesTotal[1]!;
    const workbook = await downloadFrom(
      page,
      page.getByRole('button', { name: printed.download }),
      printed.downloaded,
      folder,
    );
    expect(workbook.name).toBe(`anggaran-kas-${YEAR}.xlsx`);
    const sheet = (await readWorkbook(workbook.body)).worksheets[0]!;
    const grand = (sheet.getSheetValues() as unknown[][]).find(
      (row) => row?.[2] === printed.grandTotal,
    )!;
    // Total Rincian, then the twelve months, the four quarters, Jumlah and Selisih.
    expect(grand.slice(3).map((cell) => BigInt(String(cell)))).toEqual([
      sum,
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(
        (month) => spreadEvenly(linesTotal[0]!)[month]! + spreadEvenly(linesTotal[1]!)[month]!,
      ),
      ...[0, 1, 2, 3].map((quarter) =>
        [0, 1, 2].reduce(
          (total, at) =>
            total +
            spreadEvenly(linesTotal[0]!)[quarter * 3 + at]! +
            spreadEvenly(linesTotal[1]!)[quarter * 3 + at]!,
          0n,
        ),
      ),
      sum,
      0n,
    ]);
    const pdf = await downloadFrom(
      page,
      page.getByRole('button', { name: printed.downloadPdf }),
      printed.downloaded,
      folder,
    );
    expect(pdf.name).toBe(`anggaran-kas-${YEAR}.pdf`);
    const pdfText = (await pdfPages(pdf.body)).join(' ');
    expect(pdfText).toContain(`${printed.grandTotal} ${digits(sum)} `);

    // Below the grid, the unit's own recap by source.
    const ownRecap = page.getByRole('grid', { name: recapText.title(YEAR) });
    await expect
      .poll(async () =>
        readable(await ownRecap.getByRole('row', { name: /Dana Alokasi Umum/ }).innerText()),
      )
      .toContain(formatRupiah(linesTotal[0]!));
    await context.close();

    // What was stored: the whole plan equals the lines.
    const stored = (await planner.cashPlan.get({ sub_action_id: subActionId, year: YEAR })).data;
    expect(stored.totals.selisih).toBe('0');
    expect(stored.rows.map((row) => row.months[0])).toEqual(
      [linesTotal[0]!, linesTotal[1]!].map((total) => String(spreadEvenly(total)[0])),
    );

    // --- Now the verifier may verify ----------------------------------------------------------
    await verifierPage.getByRole('button', { name: 'Tandai Terverifikasi' }).click();
    await verifierPage
      .getByRole('alertdialog')
      .filter({ hasText: new RegExp(`${SUB_ACTION} ditandai terverifikasi`) })
      .waitFor();
    await verifierContext.close();

    // --- The admin's dashboard draws the region's plan per month -------------------------------
    const { page: dashboard, context: dashboardContext } = await e2e.newPage();
    await signInThroughForm(dashboard, ADMIN, 'admin');
    const chart = dashboard.getByRole('table', {
      name: messagesId.cashPlan.chart.label(YEAR),
    });
    const planned = spreadEvenly(linesTotal[0]!)[0]! + spreadEvenly(linesTotal[1]!)[0]!;
    expect(readable(await chart.getByRole('row', { name: /Januari/ }).innerText())).toBe(
      `Januari ${formatRupiah(planned)}`,
    );
    await dashboard.getByRole('img', { name: messagesId.cashPlan.chart.label(YEAR) }).waitFor();
    // ... and the region's lines by sumber dana, each line under its own source.
    const recap = dashboard.getByRole('grid', { name: recapText.title(YEAR) });
    for (const [index, name] of ['Dana Alokasi Umum', 'Pendapatan Asli Daerah'].entries()) {
      expect(
        readable(await recap.getByRole('row', { name: new RegExp(name) }).innerText()),
      ).toContain(formatRupiah(linesTotal[index]!));
    }
    const recapPdf = await downloadFrom(
      dashboard,
      dashboard.getByRole('button', { name: recapText.downloadPdf }),
      recapText.downloaded,
      folder,
    );
    expect(recapPdf.name).toBe(`rekap-sumber-dana-${YEAR}.pdf`);
    const recapLines = (await pdfPages(recapPdf.body)).join(' ');
    expect(recapLines).toContain(
      `DAU Dana Alokasi Umum 1 ${recapText.noCeiling} ${digits(linesTotal[0]!)}`,
    );
    expect(recapLines).toContain(`${recapText.grandTotal} `);
    await screenshot(
      dashboard.getByRole('region', { name: recapText.title(YEAR) }),
      'cash-plan-4-funding-recap',
    );
    await writeFile(path.join(SHOTS_DIR, 'cash-plan-5-printed.pdf'), pdf.body);
    expect(await axeViolations(dashboard)).toEqual([]);
    await screenshot(dashboard, 'cash-plan-3-admin-dashboard', { fullPage: true });
    await dashboardContext.close();
    // Four people's pages and four printouts read back: over 60 s while a full run loads the machine.
  }, 240_000);
});
