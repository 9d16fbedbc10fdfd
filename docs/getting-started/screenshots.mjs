// Takes the screenshots of docs/getting-started.md from the real app, as a newcomer sees it:
// a fresh embedded database with the demo data, the built portal, Debian's Chromium.
//
//   npm run build -w @ranwal/core -w @ranwal/ui -w @ranwal/portal -w @ranwal/server
//   node docs/getting-started/screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, freePort } from '../../bench/local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
// SCREENSHOTS_DIR: somewhere else than beside the docs (to try the script without changing them).
const SHOTS = process.env.SCREENSHOTS_DIR ?? here;

/** Starts `npm start`'s server on a fresh data dir; resolves with the credentials it prints. */
async function startServer(dataDir, port) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), RANWAL_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const credentials = await new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      // The first start ends with a framed block of the two accounts (apps/server/src/first-run.ts).
      const admin = output.match(/│ Admin\s+(\S+@\S+)\s+(\S+)/);
      const demo = output.match(/│ Demo user\s+(\S+@\S+)\s+(\S+)/);
      if (admin && demo && output.includes('shown once')) {
        resolve({
          admin: { email: admin[1], password: admin[2] },
          demo: { email: demo[1], password: demo[2] },
        });
      }
    });
  });
  return { child, credentials, output };
}

async function signIn(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('Alamat Email').fill(email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs `who` in on a new page and waits for their dashboard (`admin-dashboard`, `user-dashboard`). */
async function signedIn(context, who, dashboard) {
  const page = await context.newPage();
  await signIn(page, who);
  await page.waitForURL(`**/${dashboard}`);
  return page;
}

/** Signs out by forgetting the session, and closes the page. */
async function signOut(page) {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.close();
}

/** Opens the combo box labelled `label` and takes its first option. */
async function chooseFirst(page, label) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
  await box.click();
  // The list opens on typing or on the arrow key, as in any combo box.
  await box.press('ArrowDown');
  await page.getByRole('option').first().click();
  await page.waitForTimeout(300);
}

/** Picks `option` in the combo box labelled `label`, typing to find it. */
async function choose(page, label, option) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForTimeout(300);
}

/** Lets the toasts of the last steps run out (the longest stays 3 s), so they hide nothing. */
const settle = (page) => page.waitForTimeout(3500);

const shot = (page, name, options = {}) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), ...options });

/** A row's cells as a person reads them, in the order shown. */
const cellTexts = (row) => row.getByRole('gridcell').or(row.getByRole('rowheader')).allInnerTexts();

/**
 * Draws page `number` of a PDF to a PNG with pdf.js (its canvas in Node is @napi-rs/canvas,
 * pdf.js's own optional dependency), as a reader would see it printed.
 */
async function renderPdfPage(file, number, pngFile) {
  const document = await getDocument({ data: new Uint8Array(await readFile(file)), verbosity: 0 })
    .promise;
  const page = await document.getPage(number);
  const viewport = page.getViewport({ scale: 1.6 });
  const { canvas, context } = document.canvasFactory.create(viewport.width, viewport.height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  await writeFile(pngFile, canvas.toBuffer('image/png'));
  await document.destroy();
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ranwal-docs-'));
const port = await freePort();
const { child, credentials, output } = await startServer(dataDir, port);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  let page = await context.newPage();

  // 1. The public home, then the sign-in page.
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, '01-home');
  await page.goto('/login');
  await page.getByLabel('Alamat Email').fill(credentials.admin.email);
  await shot(page, '02-login');

  // 2. The admin: dashboard, then the programmes of the demo budget.
  await signIn(page, credentials.admin);
  await page.waitForURL('**/admin-dashboard');
  await page.waitForLoadState('networkidle');
  // The dashboard's lazy parts load after the network quiets once: a shot before showed only
  // 'Memuat data...'.
  await page.waitForFunction(() => !document.body.innerText.includes('Memuat data'));
  // A taller window rather than a full-page shot: the sidebar keeps to the window's height.
  await page.setViewportSize({ width: 1280, height: 940 });
  await shot(page, '03-admin-dashboard');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin-program');
  await page.waitForLoadState('networkidle');
  await shot(page, '04-admin-program');
  await signOut(page);

  // 3. The demo user walks the cascade and creates a report.
  page = await signedIn(context, credentials.demo, 'user-dashboard');
  await page.waitForLoadState('networkidle');
  for (const label of [
    'Program',
    'Kegiatan',
    'Sub Kegiatan',
    'Aktivitas',
    'Subtitle',
    'Kode Rekening',
    'Pengampu',
  ]) {
    await chooseFirst(page, label);
  }
  const form = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
  await form.getByLabel('Kode Komponen').fill('ATK-07');
  // Typed freely: where the year has a catalogue, Nama Komponen also searches it.
  await form.getByRole('combobox', { name: /^Nama Komponen/ }).fill('Tinta Printer Hitam 70 ml');
  await form.getByLabel('Spesifikasi').fill('Botol isi ulang');
  await form.getByLabel('Satuan', { exact: true }).fill('Botol');
  await form.getByLabel('Harga (Rp)').fill('85000');
  await form.getByLabel('Volume 1', { exact: true }).fill('12');
  await form.getByLabel('Volume 3', { exact: true }).blur();
  await settle(page);
  await shot(page, '05-user-report-form', { fullPage: true });
  await form.getByRole('button', { name: 'Buat Laporan' }).click();
  await page.getByText('Laporan berhasil dibuat').first().waitFor();
  const list = page.getByRole('grid', { name: 'Daftar Laporan', exact: true });
  await list.getByRole('row').filter({ hasText: 'Tinta Printer Hitam 70 ml' }).waitFor();
  await settle(page);
  // The list's card, heading included.
  await page
    .getByRole('heading', { name: 'Daftar Laporan', exact: true })
    .locator('xpath=..')
    .screenshot({ path: path.join(SHOTS, '06-user-report-list.png') });
  await list
    .getByRole('row')
    .filter({ hasText: 'Tinta Printer Hitam 70 ml' })
    .getByRole('button', { name: 'Lihat Detail' })
    .click();
  const detail = page.getByRole('dialog', { name: 'Detail Laporan' });
  await detail.waitFor();
  await page.waitForTimeout(300);
  await shot(page, '07-user-report-detail');
  await detail.getByRole('button', { name: 'Tutup' }).click();
  await detail.waitFor({ state: 'detached' });

  // 4. The user corrects the line: twelve bottles were fifteen.
  await list
    .getByRole('row')
    .filter({ hasText: 'Tinta Printer Hitam 70 ml' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Rincian Belanja' });
  await editor.waitFor();
  await editor.getByLabel('Volume 1', { exact: true }).fill('15');
  await editor.getByLabel('Volume 2', { exact: true }).focus();
  await settle(page);
  await shot(page, '08-user-edit-line');
  await editor.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await page.getByText('Rincian belanja berhasil diperbarui').first().waitFor();
  await editor.waitFor({ state: 'detached' });
  await signOut(page);

  // 5. From pagu to printed RKA: the admin sets the pagu of the sub kegiatan the user plans in,
  // a little above what is planned there.
  const SUB_ACTION = 'Penyusunan Dokumen Perencanaan Perangkat Daerah';
  page = await signedIn(context, credentials.admin, 'admin-dashboard');
  await page.goto('/admin-pagu');
  await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  const paguRow = page
    .getByRole('grid', { name: 'Pagu Sub Kegiatan Tahun 2025', exact: true })
    .getByRole('row')
    .filter({ hasText: SUB_ACTION });
  await paguRow.waitFor();
  await page.waitForLoadState('networkidle');
  // Its amounts read Pagu, Sudah Direncanakan and Sisa Pagu, in that order.
  const amounts = (await cellTexts(paguRow)).filter((text) => /^-?Rp/.test(text.trim()));
  const planned = Number(amounts[1].replace(/\D/g, ''));
  const pagu = Math.ceil((planned + 1_000_000) / 500_000) * 500_000;
  await paguRow.getByRole('button', { name: `Atur Pagu ${SUB_ACTION}` }).click();
  const paguDialog = page.getByRole('dialog', { name: 'Atur Pagu Sub Kegiatan' });
  await paguDialog
    .getByRole('textbox', { name: /^Pagu \(Rp\)/ })
    .fill(pagu.toLocaleString('id-ID'));
  await paguDialog.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Pagu berhasil disimpan.').first().waitFor();
  await paguDialog.waitFor({ state: 'detached' });
  await settle(page);
  await paguRow.scrollIntoViewIfNeeded();
  await shot(page, '09-admin-pagu');

  // Katalog Harga: an item added in the browser, with the import's rules.
  await page.goto('/admin-katalog-harga');
  await page.getByRole('button', { name: /Tahun Anggaran/ }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Tambah Item' }).click();
  const itemDialog = page.getByRole('dialog', { name: 'Tambah Item Katalog Harga 2025' });
  const itemField = (label) =>
    itemDialog.getByRole('textbox', {
      name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`),
    });
  await itemField('Kode').fill('1.1.7.01.03.02.001.00002');
  await itemField('Nama').fill('Map Plastik');
  await itemField('Spesifikasi').fill('Folio, bening');
  await itemField('Satuan').fill('Buah');
  await itemField('Harga (Rp)').fill('4.500');
  await itemField('Kode Rekening').fill('5.1.02.01.01.0024');
  await shot(page, '09b-admin-catalogue-add');
  await itemDialog.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Map Plastik ditambahkan ke katalog harga.').first().waitFor();
  await signOut(page);

  // The demo user searches the catalogue under the chosen Kode Rekening, and the pagu panel
  // follows the line as it is typed.
  page = await signedIn(context, credentials.demo, 'user-dashboard');
  await page.waitForLoadState('networkidle');
  for (const [label, option] of [
    ['Program', 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA'],
    ['Kegiatan', 'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah'],
    ['Sub Kegiatan', SUB_ACTION],
    ['Aktivitas', 'Penyusunan Renja dan RKA Perangkat Daerah'],
    ['Subtitle', 'Rapat Koordinasi'],
    ['Kode Rekening', '5.1.02.01.01.0052 - Belanja Makanan dan Minuman Rapat'],
    ['Pengampu', 'Bidang Perencanaan'],
  ]) {
    await choose(page, label, option);
  }
  await settle(page);
  const lineForm = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
  const component = lineForm.getByRole('combobox', { name: /^Nama Komponen/ });
  await component.fill('Kudapan');
  const item = page.getByRole('option', { name: 'Kudapan Rapat' }).first();
  await item.waitFor();
  await page.waitForTimeout(300);
  // The page down to the form's end: the cascade, the search's options and the pagu panel.
  const formBottom = await lineForm.evaluate(
    (form) => form.getBoundingClientRect().bottom + window.scrollY,
  );
  await shot(page, '10-user-pagu-catalogue', {
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: Math.ceil(formBottom + 32) },
  });
  await item.click();
  // A hundred boxes: more than the sisa pagu, refused by the server with the excess.
  const volume = lineForm.getByLabel('Volume 1', { exact: true });
  await volume.fill('100');
  await volume.blur();
  await lineForm.getByRole('button', { name: 'Buat Laporan' }).click();
  const paguPanel = lineForm.getByRole('region', { name: 'Pagu Tahun 2025' });
  await paguPanel.getByText('Rincian belanja ditolak').waitFor();
  await settle(page);
  // The panel at the foot of the window, the line's volumes and totals above it.
  await paguPanel.evaluate((panel) => panel.scrollIntoView({ block: 'end' }));
  await shot(page, '11-user-pagu-refused');
  await volume.fill('40');
  await volume.blur();
  await lineForm.getByRole('button', { name: 'Buat Laporan' }).click();
  await page.getByText('Laporan berhasil dibuat').first().waitFor();
  await signOut(page);

  // The admin's Laporan: 'Jenis Laporan' beside 'Download Laporan', then the RKA as a PDF.
  page = await signedIn(context, credentials.admin, 'admin-dashboard');
  await page.goto('/admin-laporan');
  await page
    .getByRole('grid', { name: 'Daftar Laporan Detail Program' })
    .getByRole('row')
    .nth(1)
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /Jenis Laporan/ }).click();
  await page.getByRole('option', { name: 'RKA (PDF)' }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, '12-admin-laporan-download');
  await page.getByRole('option', { name: 'RKA (PDF)' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Laporan' }).click(),
  ]);
  const pdf = path.join(dataDir, download.suggestedFilename());
  await download.saveAs(pdf);
  await renderPdfPage(pdf, 1, path.join(SHOTS, '13-rka-pdf.png'));
  console.log(`screenshots written to ${SHOTS}`);
} catch (error) {
  console.error(output);
  throw error;
} finally {
  await browser.close();
  // The server lets go of its data directory before it is removed.
  const exited = new Promise((resolve) => child.once('close', resolve));
  child.kill();
  await exited;
  await rm(dataDir, { recursive: true, force: true });
}
