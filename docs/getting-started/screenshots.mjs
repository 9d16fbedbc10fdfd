// Takes the screenshots of docs/getting-started.md from the real app, as a newcomer sees it:
// a fresh embedded database with the demo data, the built portal, Debian's Chromium.
//
//   npm run build -w @ranwal/core -w @ranwal/ui -w @ranwal/portal -w @ranwal/server
//   node docs/getting-started/screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, freePort } from '../../bench/local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const SHOTS = here;

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
      const admin = output.match(/First admin created: (\S+) \/ (\S+)/);
      const demo = output.match(/Demo user: (\S+) \/ (\S+)/);
      if (admin && demo && output.includes('Ranwal is running')) {
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

/** Opens the combo box labelled `label` and takes its first option. */
async function chooseFirst(page, label) {
  const box = page.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) });
  await box.click();
  // The list opens on typing or on the arrow key, as in any combo box.
  await box.press('ArrowDown');
  await page.getByRole('option').first().click();
  await page.waitForTimeout(300);
}

/** Lets the toasts of the last steps run out (the longest stays 3 s), so they hide nothing. */
const settle = (page) => page.waitForTimeout(3500);

const shot = (page, name, options = {}) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), ...options });

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
  // A taller window rather than a full-page shot: the sidebar keeps to the window's height.
  await page.setViewportSize({ width: 1280, height: 940 });
  await shot(page, '03-admin-dashboard');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin-program');
  await page.waitForLoadState('networkidle');
  await shot(page, '04-admin-program');
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.close();

  // 3. The demo user walks the cascade and creates a report.
  page = await context.newPage();
  await signIn(page, credentials.demo);
  await page.waitForURL('**/user-dashboard');
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
  await form.getByLabel('Nama Komponen').fill('Tinta Printer Hitam 70 ml');
  await form.getByLabel('Spesifikasi').fill('Botol isi ulang');
  await form.getByLabel('Satuan').fill('Botol');
  await form.getByLabel('Harga (Rp)').fill('85000');
  await form.getByLabel('Volume 1').fill('12');
  await form.getByLabel('Volume 3').blur();
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
  const editor = page.getByRole('dialog', { name: 'Edit Laporan' });
  await editor.waitFor();
  await editor.getByLabel('Volume 1').fill('15');
  await editor.getByLabel('Volume 2').focus();
  await settle(page);
  await shot(page, '08-user-edit-line');
  await editor.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await page.getByText('Laporan berhasil diperbarui').first().waitFor();
  await editor.waitFor({ state: 'detached' });
  console.log(`screenshots written to ${SHOTS}`);
} catch (error) {
  console.error(output);
  throw error;
} finally {
  await browser.close();
  child.kill();
  await rm(dataDir, { recursive: true, force: true });
}
