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
import { createClient } from '@ranwal/core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, freePort } from '../../bench/local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The year the day plans: next year, as a planning officer plans it in the autumn. */
const YEAR = new Date().getFullYear() + 1;
const UNIT = { name: 'Badan Perencanaan Pembangunan Daerah' };
const PROGRAMME = 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA';
const SUB_ACTION = 'Penyusunan Dokumen Perencanaan Perangkat Daerah';
const ACCOUNT_CODE = '5.1.02.01.01.0025';
const VERIFIER = {
  name: 'Rudi Hartono',
  email: 'verifikator@ranwal.local',
  password: 'verifikator-bappeda-1',
};
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

/** Picks `option` in the combo box labelled `label`, typing to find it. */
async function choose(page, label, option) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
  await box.click();
  await box.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForTimeout(300);
}

/** A core client signed in as `who` (the setup a region's import would do). */
async function apiAs(baseUrl, who) {
  let token;
  const client = createClient({ baseUrl, getToken: () => token });
  token = (await client.user.signIn(who)).data.token;
  return client;
}

/** Chooses `year` in the page's 'Tahun Anggaran'. */
async function chooseYear(page, year) {
  const select = page.getByRole('button', { name: /Tahun Anggaran/ }).first();
  await select.waitFor();
  if ((await select.innerText()).includes(String(year))) return;
  await select.click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
}

/** A day counted from today, as the date field takes it (WIB). */
const day = (offset) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

/** Fills the schedule dialog's `n`th stage: its kind and its first and last day. */
async function fillStage(dialog, n, kind, startsOn, endsOn) {
  const row = dialog.getByRole('group', { name: `Tahap ke-${n}` });
  await row.getByRole('button', { name: /Tahap\*?$/ }).click();
  await dialog.page().getByRole('option', { name: kind, exact: true }).click();
  await fillDate(row, 'Tanggal Mulai', startsOn);
  await fillDate(row, 'Tanggal Selesai', endsOn);
}

/** Types an ISO day into the date field labelled `label`, segment by segment as a person types. */
async function fillDate(scope, label, iso) {
  const [year, month, date] = iso.split('-');
  const field = scope.getByRole('group', { name: new RegExp(`^${label}`) });
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(`${date}${month}${year}`);
}

/** Lets the toasts of the last steps run out (the longest stays 3 s), so they hide nothing. */
const settle = (page) => page.waitForTimeout(3500);

const shot = (page, name, options = {}) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), ...options });

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
  const contextOptions = {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  };
  const context = await browser.newContext(contextOptions);
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

  // 3. The demo's unit, with its programmes and the demo user, came with the demo (a region's
  // come from its reference: ranwal import hierarchy). Its verifier is added through the API as
  // the admin would on 'User Management'.
  const api = await apiAs(`http://127.0.0.1:${port}`, credentials.admin);
  const [unit] = (await api.agency.list({ search: UNIT.name })).data;
  await api.user.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });

  // 4. The admin opens the year: two stages, the first running today.
  await page.goto('/admin-tahap');
  await chooseYear(page, YEAR);
  await page.getByRole('button', { name: 'Atur Jadwal' }).click();
  const schedule = page.getByRole('dialog', { name: `Atur Jadwal Tahap ${YEAR}` });
  await fillStage(schedule, 1, 'Rancangan Awal', day(-7), day(30));
  await schedule.getByRole('button', { name: 'Tambah Tahap' }).click();
  await fillStage(schedule, 2, 'Rancangan Akhir', day(31), day(60));
  await schedule.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Jadwal tahap berhasil disimpan.').first().waitFor();
  await schedule.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Lanjut ke Tahap Berikutnya' }).click();
  await page.getByRole('button', { name: 'Ya, Lanjutkan' }).click();
  await page.getByText('Tahap Rancangan Awal kini berjalan.').first().waitFor();
  await settle(page);
  await shot(page, '04-admin-stages');

  // The sub kegiatan's pagu for the year.
  await page.goto('/admin-pagu');
  await chooseYear(page, YEAR);
  const paguRow = page
    .getByRole('grid', { name: `Pagu Sub Kegiatan Tahun ${YEAR}`, exact: true })
    .getByRole('row')
    .filter({ hasText: SUB_ACTION });
  await paguRow.getByRole('button', { name: `Atur Pagu ${SUB_ACTION}` }).click();
  const paguDialog = page.getByRole('dialog', { name: 'Atur Pagu Sub Kegiatan' });
  await paguDialog.getByRole('textbox', { name: /^Pagu \(Rp\)/ }).fill('1.000.000');
  await paguDialog.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Pagu berhasil disimpan.').first().waitFor();
  await paguDialog.waitFor({ state: 'detached' });
  await settle(page);
  await paguRow.scrollIntoViewIfNeeded();
  await shot(page, '05-admin-pagu');

  // 'Map Plastik' in the year's catalogue, added on the page.
  await page.goto('/admin-katalog-harga');
  await chooseYear(page, YEAR);
  await page.getByRole('button', { name: 'Tambah Item' }).click();
  const item = page.getByRole('dialog', { name: `Tambah Item Katalog Harga ${YEAR}` });
  await item.getByRole('textbox', { name: /^Kode\s*\*?$/ }).fill('1.1.7.01.01.02.003.00010');
  await item.getByRole('textbox', { name: /^Nama\s*\*?$/ }).fill('Map Plastik');
  await item.getByRole('textbox', { name: /^Spesifikasi/ }).fill('Map plastik kancing, folio');
  await item.getByRole('textbox', { name: /^Satuan/ }).fill('Buah');
  await item.getByRole('textbox', { name: /^Harga \(Rp\)/ }).fill('5.000');
  await item.getByRole('textbox', { name: /^Kode Rekening/ }).fill(ACCOUNT_CODE);
  await page.waitForTimeout(300);
  await shot(page, '06-admin-catalogue-item');
  await item.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Map Plastik ditambahkan ke katalog harga.').first().waitFor();
  await item.waitFor({ state: 'detached' });

  // Who signs the unit's RKA.
  await page.goto('/admin-pengaturan-perencanaan');
  const signers = page.getByRole('grid', { name: 'Penandatangan RKA' });
  await signers
    .getByRole('row')
    .filter({ hasText: UNIT.name })
    .getByRole('button', { name: /^Atur penandatangan/ })
    .click();
  const signer = page.getByRole('dialog', { name: /^Penandatangan RKA / });
  await signer.getByRole('textbox', { name: /^Tempat/ }).fill('Kota Contoh');
  await signer.getByRole('textbox', { name: /^Jabatan/ }).fill('Kepala Bappeda');
  await signer.getByRole('textbox', { name: /^Nama/ }).fill('Ir. Bambang Wijaya, M.T.');
  await signer.getByRole('textbox', { name: /^NIP/ }).fill('19710202 199703 1 003');
  await signer.getByRole('button', { name: 'Simpan' }).click();
  await page.getByText('Penandatangan RKA berhasil disimpan.').first().waitFor();
  await signer.waitFor({ state: 'detached' });
  await settle(page);
  await signers.scrollIntoViewIfNeeded();
  await shot(page, '07-admin-signer');
  await signOut(page);

  // 5. The demo user plans the year: it opens on its own, 'Map Plastik' from its catalogue.
  page = await signedIn(context, credentials.demo, 'user-dashboard');
  await page.waitForLoadState('networkidle');
  for (const [label, option] of [
    ['Program', PROGRAMME],
    ['Kegiatan', 'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah'],
    ['Sub Kegiatan', SUB_ACTION],
    ['Aktivitas', 'Penyusunan Renja dan RKA Perangkat Daerah'],
    ['Subtitle', 'Penggandaan Dokumen Perencanaan'],
    [
      'Kode Rekening',
      `${ACCOUNT_CODE} - Belanja Alat/Bahan untuk Kegiatan Kantor-Kertas dan Cover`,
    ],
    ['Pengampu', 'Bidang Perencanaan'],
  ]) {
    await choose(page, label, option);
  }
  await settle(page);
  const lineForm = page.getByRole('region', { name: 'Buat Laporan Detail Program' });
  const paguPanel = lineForm.getByRole('region', { name: `Pagu Tahun ${YEAR}` });
  await paguPanel.waitFor();
  const component = lineForm.getByRole('combobox', { name: /^Nama Komponen/ });
  const option = page.getByRole('option', { name: 'Map Plastik' }).first();
  // Typed again if the search went out before the Kode Rekening's list had settled.
  for (let attempt = 1; ; attempt += 1) {
    await component.fill('');
    await component.pressSequentially('Map', { delay: 50 });
    try {
      await option.waitFor({ timeout: 5000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await page.waitForTimeout(300);
  // The page down to the form's end: the cascade, the catalogue's option and the pagu panel.
  const formBottom = await lineForm.evaluate(
    (form) => form.getBoundingClientRect().bottom + window.scrollY,
  );
  await shot(page, '08-user-catalogue', {
    fullPage: true,
    clip: { x: 0, y: 0, width: 1280, height: Math.ceil(formBottom + 32) },
  });
  await option.click();
  // 300 folders: over the pagu, refused with the excess.
  const volume = lineForm.getByLabel('Volume 1', { exact: true });
  await volume.fill('300');
  await volume.blur();
  await lineForm.getByRole('button', { name: 'Buat Laporan' }).click();
  await paguPanel.getByText('Rincian belanja ditolak').waitFor();
  await settle(page);
  await paguPanel.evaluate((panel) => panel.scrollIntoView({ block: 'end' }));
  await shot(page, '09-user-pagu-refused');
  await volume.fill('100');
  await volume.blur();
  await lineForm.getByRole('button', { name: 'Buat Laporan' }).click();
  await page.getByText('Laporan berhasil dibuat').first().waitFor();
  await settle(page);
  // A second line, free-form: the one deleted and restored below.
  await component.fill('Pembatas Dokumen Warna');
  await lineForm.getByLabel('Satuan', { exact: true }).fill('Pak');
  await lineForm.getByLabel('Harga (Rp)').fill('15.000');
  await volume.fill('4');
  await volume.blur();
  await lineForm.getByRole('button', { name: 'Buat Laporan' }).click();
  await page.getByText('Laporan berhasil dibuat').first().waitFor();
  const list = page.getByRole('grid', { name: 'Daftar Laporan', exact: true });
  await list.getByRole('row').filter({ hasText: 'Pembatas Dokumen Warna' }).waitFor();
  await settle(page);
  await page
    .getByRole('heading', { name: 'Daftar Laporan', exact: true })
    .locator('xpath=..')
    .screenshot({ path: path.join(SHOTS, '10-user-report-list.png') });
  await signOut(page);

  // 6. The unit's verifier opens the sub kegiatan: its own address.
  page = await context.newPage();
  await signIn(page, VERIFIER);
  await page.waitForURL('**/verifikasi');
  await page.getByRole('button', { name: new RegExp(`^Buka .*${SUB_ACTION}`) }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(SUB_ACTION) }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: new RegExp(SUB_ACTION) }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Tandai Terverifikasi' }).click();
  await page.getByText(`${SUB_ACTION} ditandai terverifikasi.`).first().waitFor();
  await settle(page);
  await shot(page, '11-verifier');
  await signOut(page);

  // 7. The user prints the unit's RKA from the dashboard.
  page = await signedIn(context, credentials.demo, 'user-dashboard');
  await page.waitForLoadState('networkidle');
  const print = page.getByRole('region', { name: 'Cetak RKA' });
  await print.getByText(`Rencana Kerja dan Anggaran ${YEAR}`).waitFor();
  await print.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await shot(page, '12-user-print-rka');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    print.getByRole('button', { name: 'Cetak RKA (PDF)' }).click(),
  ]);
  const pdf = path.join(dataDir, download.suggestedFilename());
  await download.saveAs(pdf);
  await renderPdfPage(pdf, 1, path.join(SHOTS, '13-rka-pdf.png'));

  // 8. The user deletes a line; the admin restores it from the history; the user is told.
  const deleted = page
    .getByRole('grid', { name: 'Daftar Laporan', exact: true })
    .getByRole('row')
    .filter({ hasText: 'Pembatas Dokumen Warna' });
  await deleted.getByRole('button', { name: 'Hapus' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, Hapus!' }).click();
  await deleted.waitFor({ state: 'detached' });
  const userPage = page;
  // The admin at another desk: a browser of their own.
  const adminContext = await browser.newContext(contextOptions);
  page = await signedIn(adminContext, credentials.admin, 'admin-dashboard');
  await page.goto('/admin-riwayat');
  const deletion = page
    .getByRole('grid', { name: 'Riwayat Perubahan' })
    .getByRole('row')
    .filter({ hasText: 'Pembatas Dokumen Warna' })
    .filter({ hasText: 'Dihapus' });
  await deletion.getByRole('button', { name: /^Pulihkan versi ini/ }).click();
  const restore = page.getByRole('alertdialog', { name: 'Konfirmasi Pemulihan' });
  await restore.waitFor();
  await page.waitForTimeout(300);
  await shot(page, '14-admin-restore');
  await restore.getByRole('button', { name: 'Ya, Pulihkan' }).click();
  await page.getByText('Laporan berhasil dipulihkan ke versi yang dipilih.').first().waitFor();
  await page.close();
  await userPage.reload();
  await userPage.waitForLoadState('networkidle');
  await userPage.getByRole('button', { name: /^Notifikasi/ }).click();
  await userPage
    .getByText(/dipulihkan dari riwayat oleh/)
    .first()
    .waitFor();
  await userPage.waitForTimeout(300);
  await shot(userPage, '15-user-notified');
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
