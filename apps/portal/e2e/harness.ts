import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { ensureFirstAdmin } from '../../server/src/boot.js';
import { loadConfig } from '../../server/src/config.js';
import type { DatabaseHandle } from '../../server/src/db/connect.js';
import { freshDatabase } from '../../server/test/harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PORTAL_DIR = path.resolve(here, '../dist');

export const ADMIN = { email: 'admin@e2e.local', password: 'admin-e2e-password' };

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface E2E {
  baseUrl: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  browser: Browser;
  /** A fresh browser context (its own local storage) and page. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** The real server (built portal + API) on a fresh embedded database, and a headless Chromium. */
export async function startE2E(): Promise<E2E> {
  if (!existsSync(path.join(PORTAL_DIR, 'index.html'))) {
    throw new Error(`The portal is not built (${PORTAL_DIR}); run npm run build -w @ranwal/portal`);
  }
  const database = await freshDatabase('pglite');
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RANWAL_PORTAL_DIR: PORTAL_DIR,
    RANWAL_ADMIN_EMAIL: ADMIN.email,
    RANWAL_ADMIN_PASSWORD: ADMIN.password,
    RANWAL_SIGN_IN_LIMIT: '1000',
  });
  const app = await buildApp({ config, database, logger: false });
  await ensureFirstAdmin(database, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    app,
    database,
    browser,
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'id-ID',
        timezoneId: 'Asia/Jakarta',
      });
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await app.close();
      await database.close();
    },
  };
}

/** Signs in through the login screen as a person would. */
export async function signInThroughForm(
  page: Page,
  credentials: { email: string; password: string },
) {
  await page.goto('/login');
  await page.getByLabel('Alamat Email').fill(credentials.email);
  await page.getByLabel('Kata Sandi', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
