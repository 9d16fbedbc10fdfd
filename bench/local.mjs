// What the benches, the docs' screenshot script and the test suites share about the machine they
// run on: a free local port for a server they start, and how Chromium is launched (nothing may be
// downloaded at run time, so no browser comes from Playwright's download).
import { execFileSync, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A local TCP port nothing listens on right now (for a server the caller is about to start). */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const canRun = (file) => {
  try {
    accessSync(file, constants.X_OK);
    execFileSync(file, ['--version'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to drive: `CHROMIUM_PATH`, else Debian's package, else the one that comes from
 * the npm registry inside `@sparticuz/chromium` (unpacked to the temporary directory once), so
 * `npm ci && npm test` needs nothing else on a fresh machine. When none starts, one line says
 * what to install.
 */
async function chromiumExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (canRun(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const packaged = await import('@sparticuz/chromium')
    .then(({ default: chromium }) => chromium.executablePath())
    .catch(() => null);
  if (packaged && canRun(packaged)) return packaged;
  throw new Error(
    "No Chromium starts here: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launch options for headless Chromium (see `chromiumExecutable` for which one). */
export const chromiumLaunchOptions = {
  executablePath: await chromiumExecutable(),
  args: launchArgs,
};

/**
 * Launch options for the end-to-end journeys: Debian's old headless shell
 * (`apt-get install chromium-headless-shell`, the same Blink and V8 as its `chromium`, as
 * Playwright's own headless default is) when it starts and `CHROMIUM_PATH` is not set, else
 * `chromiumLaunchOptions`. Without a browser's window machinery it took about a fifth less CPU
 * for three journeys (docs/performance.md). The stories keep the full browser: their kept
 * screenshots are what a person's Chromium draws (the shell draws a focus ring otherwise), while
 * the journeys compare no pictures.
 */
export const journeyChromiumLaunchOptions =
  !process.env.CHROMIUM_PATH && canRun(DEBIAN_HEADLESS_SHELL)
    ? { executablePath: DEBIAN_HEADLESS_SHELL, args: launchArgs }
    : chromiumLaunchOptions;

/**
 * Makes a used browser context look to `baseUrl` as a new one does (signed out, nothing stored or
 * cached) while its renderer, and what it compiled, stays: `page` leaves for a JSON page of the
 * same site (a form left with changes asks first: it is left), then session and local storage,
 * cookies, permissions and the HTTP cache are cleared. The journeys hand contexts on with it
 * (apps/portal/e2e/harness.ts); bench/portal/page-loads.mjs measures what it saves.
 */
export async function clearForNextVisitor(context, page, baseUrl) {
  const leave = (dialog) => void dialog.accept().catch(() => undefined);
  page.on('dialog', leave);
  try {
    await page.goto(`${baseUrl}/ranwal/api/health`, { timeout: 10_000 });
  } finally {
    page.off('dialog', leave);
  }
  await page.evaluate(() => sessionStorage.clear());
  await context.clearCookies();
  await context.clearPermissions();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Storage.clearDataForOrigin', { origin: baseUrl, storageTypes: 'all' });
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The built server (`apps/server/dist/server.js`, production mode) on a free port with a fresh
 * embedded database in `dataDir` (the demo articles loaded), serving the portal build in
 * `portalDir`; `admin` is the first admin's sign-in. Resolves once `/` answers; stop it with
 * `child.kill('SIGTERM')`.
 */
export async function startBuiltServer({ dataDir, portalDir, admin }) {
  const port = await freePort();
  // The embedded database, whatever the caller's environment says.
  const { DATABASE_URL: _ignored, ...environment } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...environment,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      RANWAL_DATA_DIR: dataDir,
      RANWAL_PORTAL_DIR: portalDir,
      RANWAL_DEMO: '1',
      RANWAL_ADMIN_EMAIL: admin.email,
      RANWAL_ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/`);
      if (response.ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer within 120 s:\n${output}`);
}
