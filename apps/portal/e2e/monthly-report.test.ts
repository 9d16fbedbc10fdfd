import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  currentYear,
  formatRupiah,
  type MonthlyReport,
  messagesId,
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
  downloadFrom,
  type E2E,
  openFromSidebar,
  readable,
  readWorkbook,
  SHOTS_DIR,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

/*
 * Issue 37, the monthly cycle in the browser. The admin loads the finance system's SP2D of
 * March in the portal (a mistyped code refused by its row first); the unit's planner opens Laporan Bulanan, reads what was paid against the Anggaran Kas, types
 * each sub kegiatan's physical progress with its problems (as people type: '40,5') and sends
 * the month; the verifier sends it back with a note; the planner fixes it and sends it again;
 * the verifier verifies it; the admin reads the region's month, weighted by money, with the
 * unit's month verified. What the screens say is read back against what was stored.
 */

const YEAR = currentYear();
const MONTH = 'Maret';
const MONTH_OF = `${MONTH} ${YEAR}`;
const UNIT = { code: '1.03.0.00.0.00.01.0000', name: 'Dinas Pekerjaan Umum' };
const PLANNER = { name: 'Rina Bulanan', email: 'rina.bulanan@e2e.local', password: 'rina-pass-1' };
const VERIFIER = { name: 'Vera Bulanan', email: 'vera.bulanan@e2e.local', password: 'vera-pass-1' };
const ROAD = {
  code: '1.03.10.2.01.0001',
  name: 'Pembangunan Jalan Desa Sukamaju',
  price: 3_000_000,
};
const BRIDGE = {
  code: '1.03.10.2.01.0002',
  name: 'Rehabilitasi Jembatan Cibeureum',
  price: 1_000_000,
};
const ACCOUNT = '5.2.04.01.01.0001';
const INDICATOR = 'Panjang jalan desa yang diaspal';
const t = messagesId.monthlyReport;
const summaryText = messagesId.realisation.summary;
const realisationText = messagesId.realisation;
const evaluationText = messagesId.indicators.print;

/** A printed sheet's rows as text, empty cells as '' (exceljs leaves holes). */
const cellsOf = (sheet: ExcelJS.Worksheet) =>
  (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((row) =>
    Array.from(row.slice(1), (cell) => (cell === undefined || cell === null ? '' : String(cell))),
  );
const upload = messagesId.realisation.upload;

/** Picks a month in the page's 'Sampai Bulan' drop-down. */
async function chooseMonth(page: Page, month: string) {
  await page.getByRole('button', { name: new RegExp(summaryText.month) }).click();
  await page.getByRole('option', { name: month, exact: true }).click();
}

describe('the monthly report of a unit, through the portal', () => {
  let e2e: E2E;
  let admin: RanwalClient;
  let planner: RanwalClient;
  let unitId = '';
  let roadId = '';

  beforeAll(async () => {
    // Mid-April on the server's clock: March has begun whenever the journey runs.
    e2e = await startE2E({}, { today: () => `${YEAR}-04-15` });
    admin = await apiAs(e2e, ADMIN);
    const unit = (await admin.agency.create(UNIT)).data;
    unitId = unit.id;
    const program = (
      await admin.program.create({
        code: '1.03.10',
        name: 'Program Penyelenggaraan Jalan',
        is_taxed: false,
        agency_id: unit.id,
      })
    ).data;
    const action = (
      await admin.action.create({
        code: '1.03.10.2.01',
        name: 'Penyelenggaraan Jalan Kabupaten',
        program_id: program.id,
      })
    ).data;
    const supporter = (await admin.supporter.create({ name: 'Bidang Bina Marga' })).data;
    const users = createUserService(e2e.database.db);
    await users.create({ ...PLANNER, role: 'user', agency_ids: [unit.id] });
    await users.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });
    planner = await apiAs(e2e, PLANNER);
    for (const work of [ROAD, BRIDGE]) {
      const subAction = (
        await admin.sub_action.create({ code: work.code, name: work.name, action_id: action.id })
      ).data;
      if (work === ROAD) roadId = subAction.id;
      const activity = (
        await admin.activity.create({ name: `Fisik ${work.name}`, sub_action_id: subAction.id })
      ).data;
      const subtitle = (
        await admin.subtitle.create({ name: 'Konstruksi', activity_id: activity.id })
      ).data;
      const account = (
        await admin.account.create({
          code: ACCOUNT,
          name: 'Belanja Modal Jalan Kabupaten',
          subtitle_id: subtitle.id,
        })
      ).data;
      await planner.budgetLine.create({
        component_code: 'JLN-01',
        component_name: `Pekerjaan ${work.name}`,
        specification: '-',
        unit: 'Paket',
        price: work.price,
        first_volume: 1,
        second_volume: 1,
        third_volume: 1,
        year: YEAR,
        is_taxed: false,
        program_id: program.id,
        action_id: action.id,
        sub_action_id: subAction.id,
        activity_id: activity.id,
        subtitle_id: subtitle.id,
        account_id: account.id,
        supporter_id: supporter.id,
      });
      // Planned: the whole line in March.
      await planner.cashPlan.set({
        sub_action_id: subAction.id,
        year: YEAR,
        rows: [
          {
            account_code: ACCOUNT,
            months: Array.from({ length: 12 }, (_, at) => (at === 2 ? work.price : 0)),
          },
        ],
      });
    }
    // The road's output indicator, planned with its lines: 2 km of village road paved.
    await planner.indicator.create({
      sub_action_id: roadId,
      year: YEAR,
      description: INDICATOR,
      target: 2,
      unit: 'km',
    });
    await mkdir(SHOTS_DIR, { recursive: true });
  }, 120_000);
  afterAll(() => e2e?.close());

  it('goes from the unit to the verifier and back, is verified, and reaches the dashboard', async () => {
    // --- The admin loads March's SP2D from the finance system's export ------------------------
    // The finance system paid Rp 1.200.000 for the road in March, nothing for the bridge.
    const { page: loader, context: loaderContext } = await e2e.newPage();
    await signInThroughForm(loader, ADMIN, 'admin');
    await openFromSidebar(loader, messagesId.realisation.title, '/realisasi');
    const fileInput = loader.locator('input[type=file]');
    // First a CSV as Indonesian Excel saves it, with a second SP2D under a mistyped code: the
    // check names its row and column, and nothing is loaded.
    const mistyped = '1.03.10.2.01.0009';
    await fileInput.setInputFiles({
      name: 'sp2d-maret.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'nomor_sp2d;tanggal;kode_sub_kegiatan;kode_rekening;sumber_dana;nilai',
          `00012/SP2D/LS/${YEAR};18/03/${YEAR};${ROAD.code};${ACCOUNT};;1.200.000`,
          `00013/SP2D/LS/${YEAR};19/03/${YEAR};${mistyped};${ACCOUNT};;500.000`,
        ].join('\r\n'),
      ),
    });
    const refusal = loader
      .getByRole('alert')
      .filter({ hasText: upload.problemsTitle('sp2d-maret.csv') });
    await refusal.waitFor();
    expect(readable(await refusal.innerText())).toContain(
      realisationText.rowProblem(
        3,
        realisationText.columns.subAction,
        realisationText.unknownSubAction(mistyped),
      ),
    );
    expect(
      (await admin.realisation.get({ sub_action_id: roadId, year: YEAR })).data.totals,
    ).toMatchObject({ realised: '0' });
    // Then the workbook the finance system exports: a title above, a date cell, a number.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('SP2D');
    sheet.addRow([`LAPORAN SP2D BULAN ${MONTH.toUpperCase()} ${YEAR}`]);
    sheet.addRow([
      'No. SP2D',
      'Tgl SP2D',
      'Kode Sub Kegiatan',
      'Kode Rekening',
      'Sumber Dana',
      'Nilai SP2D',
    ]);
    const paid = sheet.addRow([
      `00012/SP2D/LS/${YEAR}`,
      new Date(Date.UTC(YEAR, 2, 18)),
      ROAD.code,
      ACCOUNT,
      null,
      1_200_000,
    ]);
    paid.getCell(2).numFmt = 'dd/mm/yyyy';
    await fileInput.setInputFiles({
      name: 'sp2d-maret.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    const ready = loader
      .getByRole('status')
      .filter({ hasText: upload.previewTitle('sp2d-maret.xlsx') });
    await ready.waitFor();
    expect(readable(await ready.innerText())).toContain(
      upload.preview('1', '1', formatRupiah(1_200_000), YEAR),
    );
    expect(await axeViolations(loader)).toEqual([]);
    await screenshot(loader, 'monthly-report-0-sp2d', { fullPage: true });
    await loader.getByRole('button', { name: upload.load('1') }).click();
    await toast(loader, upload.loaded('1', YEAR)).waitFor();
    await loaderContext.close();

    // --- The planner fills March and sends it ------------------------------------------------
    const { page, context } = await e2e.newPage();
    await signInThroughForm(page, PLANNER, 'user');
    await page
      .getByRole('navigation', { name: messagesId.app.userNavigation })
      .getByRole('link', { name: t.title })
      .click();
    await page.waitForURL((url) => url.pathname === '/laporan-bulanan');
    await page.getByRole('heading', { level: 2, name: t.title, exact: true }).waitFor();
    await chooseMonth(page, MONTH);
    const table = page.getByRole('grid', { name: `${t.title} ${MONTH_OF}` });
    await table.waitFor();
    const rowOf = (code: string) => table.getByRole('row').filter({ hasText: code });
    // What was paid, against what was planned by March.
    expect(readable(await rowOf(ROAD.code).innerText())).toContain(
      `${formatRupiah(1_200_000)} ${t.view.ofPlanned(formatRupiah(3_000_000))} 40 %`,
    );
    const enter = async (code: string, progress: string, problems: string) => {
      await page.getByRole('button', { name: new RegExp(`^(Isi|Ubah) ${code}$`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Realisasi Fisik \(%\)/ }).fill(progress);
      await dialog.getByRole('textbox', { name: t.progressDialog.problems }).fill(problems);
      await dialog.getByRole('button', { name: messagesId.common.save }).click();
      await toast(page, t.view.progressSaved(code)).waitFor();
      await dialog.waitFor({ state: 'detached' });
    };
    await enter(ROAD.code, '40,5', 'Hujan deras menunda pengaspalan');
    await enter(BRIDGE.code, '10', 'Menunggu izin pemakaian jalan');
    expect(readable(await rowOf(ROAD.code).innerText())).toContain('40,5 %');
    // March ends Triwulan I: the road's output so far, typed as people type it.
    await page
      .getByRole('button', { name: messagesId.indicators.achievement.openOf(ROAD.code) })
      .click();
    const quarter = page.getByRole('dialog');
    await quarter.getByRole('textbox', { name: new RegExp(`^${INDICATOR}`) }).fill('0,75');
    await quarter.getByRole('button', { name: messagesId.common.save }).click();
    await toast(page, messagesId.indicators.achievement.saved('Triwulan I', ROAD.code)).waitFor();
    await quarter.waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'monthly-report-1-unit', { fullPage: true });
    await page.getByRole('button', { name: t.actions.send, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: t.sendDialog.title(MONTH_OF) })
      .getByRole('button', { name: t.actions.send })
      .click();
    await toast(page, t.view.sent(MONTH_OF)).waitFor();
    await page.getByText(t.statuses.sent, { exact: true }).first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: new RegExp(`^Ubah ${ROAD.code}$`) }).count())
      .toBe(0);

    // --- The verifier sends it back with a note --------------------------------------------
    const { page: verifier, context: verifierContext } = await e2e.newPage();
    await signInThroughForm(verifier, VERIFIER, 'verifier');
    // The bell says the month was sent; choosing it opens that month of that unit (in the
    // address, so a reload keeps it), not this month's.
    await verifier.getByRole('button', { name: /^Notifikasi/ }).click();
    await verifier
      .getByRole('dialog', { name: 'Notifikasi' })
      .getByRole('button', { name: new RegExp(`${MONTH_OF} .*dikirim oleh ${PLANNER.name}`) })
      .click();
    await verifier.waitForURL(
      (url) =>
        url.pathname === '/laporan-bulanan' && url.searchParams.get('bulan') === `${YEAR}-03`,
    );
    // The verifier of this one unit reads its row as their own, and its month is open at once.
    const units = verifier.getByRole('grid', { name: summaryText.ownTitle });
    await expect
      .poll(async () =>
        readable(await units.getByRole('row', { name: new RegExp(UNIT.name) }).innerText()),
      )
      .toContain(t.statuses.sent);
    await verifier.getByRole('grid', { name: `${t.title} ${MONTH_OF}` }).waitFor();
    await verifier.getByRole('button', { name: t.actions.return }).click();
    const back = verifier.getByRole('dialog', { name: t.returnDialog.title(UNIT.name, MONTH_OF) });
    const note = 'Realisasi fisik jembatan belum didukung foto lapangan.';
    await back.getByRole('textbox', { name: t.returnDialog.note }).fill(note);
    await back.getByRole('button', { name: messagesId.common.save }).click();
    await toast(verifier, t.view.returned(MONTH_OF)).waitFor();
    await screenshot(verifier, 'monthly-report-2-verifier', { fullPage: true });

    // --- The planner reads the note, fixes the bridge and sends again -----------------------
    await page.reload();
    await chooseMonth(page, MONTH);
    await page.getByText(t.view.returnedNote(note)).waitFor();
    await enter(BRIDGE.code, '12,5', 'Izin pemakaian jalan terbit 20 Maret');
    await page.getByRole('button', { name: t.actions.send, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: t.sendDialog.title(MONTH_OF) })
      .getByRole('button', { name: t.actions.send })
      .click();
    await toast(page, t.view.sent(MONTH_OF)).waitFor();
    // At a phone's width the month still fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'page overflow at 390 px').toBeLessThanOrEqual(0);
    await screenshot(page, 'monthly-report-3-phone', { fullPage: true });
    await context.close();

    // --- The verifier verifies it ------------------------------------------------------------
    await verifier.reload();
    await verifier.getByRole('grid', { name: `${t.title} ${MONTH_OF}` }).waitFor();
    await verifier.getByRole('button', { name: t.actions.verify }).click();
    await toast(verifier, t.view.verified(MONTH_OF)).waitFor();
    await verifierContext.close();

    // What was stored, which the screens and printouts below must say.
    const stored: MonthlyReport = (
      await admin.monthlyReport.get({ agency_id: unitId, year: YEAR, month: 3 })
    ).data;

    // --- The admin reads the region's March --------------------------------------------------
    const { page: bappeda, context: bappedaContext } = await e2e.newPage();
    await signInThroughForm(bappeda, ADMIN, 'admin');
    await openFromSidebar(bappeda, t.title, '/laporan-bulanan');
    await chooseMonth(bappeda, MONTH);
    const row = bappeda
      .getByRole('grid', { name: summaryText.title })
      .getByRole('row', { name: new RegExp(UNIT.name) });
    // Money: 1 200 000 of 4 000 000 planned, 30 %. Fisik weighted by the lines:
    // (405 × 3 000 000 + 125 × 1 000 000) ÷ 4 000 000 = 335 tenths, 33,5 % of 100 % planned.
    await expect.poll(async () => readable(await row.innerText())).toContain(t.statuses.verified);
    const shown = readable(await row.innerText());
    expect(shown).toContain(`${formatRupiah(4_000_000)} ${formatRupiah(1_200_000)} 30 %`);
    expect(shown).toContain(`33,5 % Merah ${summaryText.plannedProgress('100 %')}`);
    expect(await axeViolations(bappeda)).toEqual([]);
    await screenshot(bappeda, 'monthly-report-4-bappeda', { fullPage: true });

    // --- Bappeda drills down to the road's line and prints the month and the quarter ---------
    await bappeda
      .getByRole('grid', { name: summaryText.title })
      .getByRole('button', { name: summaryText.openReportOf(`${UNIT.code} - ${UNIT.name}`) })
      .click();
    await bappeda.getByRole('grid', { name: `${t.title} ${MONTH_OF}` }).waitFor();
    await bappeda.getByRole('button', { name: t.actions.detailsOf(ROAD.code) }).click();
    const accounts = bappeda.getByRole('grid', {
      name: realisationText.view.accountsTitle(ROAD.name),
    });
    expect(
      readable(await accounts.getByRole('row', { name: new RegExp(ACCOUNT) }).innerText()),
    ).toContain(`${formatRupiah(3_000_000)} ${formatRupiah(3_000_000)} ${formatRupiah(1_200_000)}`);
    // The line itself: the SP2D the finance system paid for it.
    const paidRow = bappeda
      .getByRole('grid', { name: realisationText.entry.title(ROAD.name) })
      .getByRole('row', { name: new RegExp(`00012/SP2D/LS/${YEAR}`) });
    expect(readable(await paidRow.innerText())).toContain(realisationText.entry.fromFinance);
    await paidRow.scrollIntoViewIfNeeded();
    await screenshot(bappeda, 'monthly-report-5-drill-down');
    const folder = path.join(SHOTS_DIR, 'monthly-downloads');
    await mkdir(folder, { recursive: true });
    const month = await downloadFrom(
      bappeda,
      bappeda.getByRole('button', { name: t.print.download, exact: true }),
      t.print.downloaded,
      folder,
    );
    const monthCells = cellsOf((await readWorkbook(month.body)).worksheets[0]!);
    const monthTotal = monthCells.find((row) => row[1] === t.print.total)!;
    expect(monthTotal.slice(2, 5)).toEqual([
      stored.totals.lines_total,
      stored.totals.planned_cumulative,
      stored.totals.realised_cumulative,
    ]);
    const evaluation = await downloadFrom(
      bappeda,
      bappeda.getByRole('button', { name: evaluationText.download, exact: true }),
      evaluationText.downloaded,
      folder,
    );
    const evaluationCells = cellsOf((await readWorkbook(evaluation.body)).worksheets[0]!);
    expect(evaluationCells).toContainEqual([evaluationText.period('Triwulan I', YEAR)]);
    const road = evaluationCells.find((row) => row[1] === ROAD.code)!;
    // Target 2 km and Rp 3.000.000; Triwulan I 0,75 km and Rp 1.200.000: 37,5 % and 40 %.
    expect(road.slice(3)).toEqual([
      INDICATOR,
      '2 km',
      '3000000',
      '0,75',
      '1200000',
      '0,75',
      '1200000',
      '37,5 %',
      '40 %',
      UNIT.name,
    ]);
    const evaluationTotal = evaluationCells.find((row) => row[2] === evaluationText.total)!;
    expect([evaluationTotal[5], evaluationTotal[7]]).toEqual([
      stored.totals.lines_total,
      stored.totals.realised_cumulative,
    ]);

    // --- The month under review goes along to the map, and no further ---------------------
    // Chosen on Laporan Bulanan, March is the month Peta Kegiatan opens on (not April's); the
    // opened unit stays behind, and a page of no month (Anggaran Kas) leaves the month out.
    await openFromSidebar(bappeda, messagesId.evidence.mapPage.title, '/peta-kegiatan');
    const mapAddress = new URL(bappeda.url()).searchParams;
    expect([mapAddress.get('bulan'), mapAddress.has('perangkat-daerah')]).toEqual([
      `${YEAR}-03`,
      false,
    ]);
    await expect
      .poll(() =>
        bappeda
          .getByRole('button', { name: new RegExp(`\\b${messagesId.evidence.mapPage.month}\\b`) })
          .textContent(),
      )
      .toContain(MONTH);
    await openFromSidebar(bappeda, messagesId.cashPlan.title, '/anggaran-kas');
    expect(new URL(bappeda.url()).searchParams.has('bulan')).toBe(false);
    await bappedaContext.close();

    expect(stored.status).toBe('verified');
    expect(stored.totals).toMatchObject({
      realised_cumulative: '1200000',
      progress_tenths: 335,
      planned_progress_tenths: 1000,
    });
    expect(stored.sub_actions.map((sub) => [sub.sub_action_code, sub.progress_tenths])).toEqual([
      [ROAD.code, 405],
      [BRIDGE.code, 125],
    ]);
    // Four people's pages: over 60 s while a full run loads the machine.
  }, 240_000);
});
