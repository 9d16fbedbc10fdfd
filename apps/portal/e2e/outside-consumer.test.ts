import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { messagesEn } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/local.mjs';
import { ADMIN, apiAs, createChain, type E2E, screenshot, startE2E } from './harness.js';

/*
 * What other agencies get from the registry, used from the outside (issue 16): @ranwal/core,
 * @ranwal/ui and @ranwal/cli packed with `npm pack` exactly as they would be published, the
 * tarballs installed into a copy of examples/agency-app (not a workspace member; React, Vite and
 * TypeScript from the registry), the app type-checked (no skipLibCheck) and built, then driven in
 * Chromium against a real Ranwal server on another origin; the packed CLI installed globally
 * into a temporary prefix. A missing export, an undeclared dependency, a stylesheet not shipped
 * or a type that does not resolve fails here, where no workspace link can hide it.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
// Installs take what `npm ci` of the checkout already cached without asking the registry whether
// it is still current (prefer-offline); anything missing is still fetched.
const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  run('npm', args, {
    cwd,
    env: {
      ...process.env,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_prefer_offline: 'true',
      ...env,
    },
    maxBuffer: 32 << 20,
  });
const DEWI = { name: 'Dewi Lestari', email: 'dewi@agency.local', password: 'dewi-sandi-1' };

/** Serves the example's build (one page) on its own origin, as the agency would. */
async function serveStatic(directory: string): Promise<{ origin: string; server: Server }> {
  const port = await freePort();
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = pathname.startsWith('/assets/') ? pathname : '/index.html';
    try {
      const body = await readFile(path.join(directory, file));
      response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'text/plain' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${port}`, server };
}

describe('the published packages, used from the outside', () => {
  let work: string;
  let packs: Record<'core' | 'ui' | 'cli', string>;
  let app: { origin: string; server: Server };
  let e2e: E2E;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'ranwal-outside-'));
    const packed = await Promise.all(
      (['core', 'ui', 'cli'] as const).map(async (name) => {
        const { stdout } = await npm(
          ['pack', '--silent', '--pack-destination', work],
          path.join(ROOT, 'packages', name),
        );
        return [name, path.join(work, stdout.trim().split('\n').at(-1)!)] as const;
      }),
    );
    packs = Object.fromEntries(packed) as typeof packs;
    const example = path.join(work, 'agency-app');
    await cp(path.join(ROOT, 'examples/agency-app'), example, {
      recursive: true,
      filter: (source) => !/node_modules|dist/.test(path.relative(ROOT, source)),
    });
    await npm(['install', packs.core, packs.ui], example);
    await npm(['run', 'build'], example);
    app = await serveStatic(path.join(example, 'dist'));
    e2e = await startE2E({ RANWAL_CORS_ORIGIN: app.origin });
  }, 300_000);
  afterAll(async () => {
    app?.server.close();
    await e2e?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('an agency app embeds the line entry and the list with its own messages and colour, and creates a line', async () => {
    const admin = await apiAs(e2e, ADMIN);
    await admin.user.create({ ...DEWI, role: 'user' });
    await createChain(admin, {
      program: { name: 'Harbour Works', is_taxed: false },
      action: { name: 'Quay Repair' },
      sub_action: { name: 'North Quay' },
      activity: { name: 'Survey' },
      subtitle: { name: 'Materials' },
      account: { name: 'Cement', code: '5.1.02.01' },
      supporter: { name: 'Port Authority' },
    });

    const { page, context } = await e2e.newPage();
    await page.goto(`${app.origin}/?api=${encodeURIComponent(e2e.baseUrl)}`);
    await page.getByLabel('Work email').fill(DEWI.email);
    await page.getByLabel('Password').fill(DEWI.password);
    await page.getByRole('button', { name: 'Sign in to planning' }).click();
    await page.getByText('Harbour Agency — Planning').waitFor();
    // The pieces come without Ranwal's own page: no second header, no Ranwal Logout.
    await page.getByRole('heading', { name: 'Enter a budget line' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    expect(await page.getByRole('button', { name: messagesEn.logout.label }).count()).toBe(0);

    const m = messagesEn;
    const form = m.reports.form;
    for (const [key, option] of [
      ['program', 'Harbour Works'],
      ['action', 'Quay Repair'],
      ['sub_action', 'North Quay'],
      ['activity', 'Survey'],
      ['subtitle', 'Materials'],
    ] as const) {
      await page
        .getByRole('combobox', { name: new RegExp(`^${m.levels[key].label}\\s*\\*?$`) })
        .click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await page.getByRole('combobox', { name: new RegExp(`^${m.levels.account.label}`) }).click();
    await page.getByRole('option', { name: /Cement/ }).click();
    await page
      .getByRole('combobox', { name: new RegExp(`^${m.levels.supporter.label}\\s*\\*?$`) })
      .click();
    await page.getByRole('option', { name: 'Port Authority', exact: true }).click();
    await page
      .getByRole('textbox', { name: new RegExp(`^${form.componentName}`) })
      .fill('Cement bags');
    await page.getByRole('textbox', { name: /^Price \(Rp\)/ }).fill('2.500.000');
    await page.getByRole('textbox', { name: /^Volume 1/ }).fill('2');

    // The agency's brand colour, set through the documented tokens, is what the button shows.
    const submit = page.getByRole('button', { name: form.submit });
    expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      'rgb(22, 101, 52)',
    );
    await submit.click();
    await page.getByText(m.reports.created).first().waitFor();
    // The line shows in the embedded list, which reloads after the entry's create.
    const ourLines = page.getByRole('grid', { name: m.reports.list.title });
    await ourLines.getByText('Cement bags', { exact: true }).first().waitFor();
    await screenshot(page, 'outside-agency-app');
    const dewi = await apiAs(e2e, DEWI);
    expect((await dewi.budgetLine.list({ search: 'Cement bags' })).data).toMatchObject([
      { component_name: 'Cement bags', total_price: 5_000_000 },
    ]);
    await context.close();
  });

  it('each package passes npm publish --dry-run and ships every file its exports and bin name', async () => {
    for (const name of ['core', 'ui', 'cli'] as const) {
      const directory = path.join(ROOT, 'packages', name);
      const manifest = JSON.parse(await readFile(path.join(directory, 'package.json'), 'utf8'));
      const { stdout } = await npm(['publish', '--dry-run', '--json'], directory);
      const shipped = new Set<string>(
        (JSON.parse(stdout)[manifest.name].files as { path: string }[]).map((file) => file.path),
      );
      /** Every path a consumer can reach: export conditions, main, types and bin. */
      const named = (value: unknown): string[] =>
        typeof value === 'string'
          ? [value]
          : value && typeof value === 'object'
            ? Object.values(value).flatMap(named)
            : [];
      const reachable = [manifest.exports, manifest.main, manifest.types, manifest.bin]
        .flatMap(named)
        .map((file) => path.posix.normalize(file))
        .filter((file) => file !== 'package.json');
      expect(
        reachable.filter((file) => !shipped.has(file)),
        manifest.name,
      ).toEqual([]);
      expect([...shipped].filter((file) => /README|CHANGELOG/.test(file)).sort()).toEqual([
        'CHANGELOG.md',
        'README.md',
      ]);
    }
  });

  it('the same build fails when a package leaves out what the app imports', async () => {
    // The check itself: the installed @ranwal/ui without its stylesheet export, as a packaging
    // mistake would ship it, and the app's bundling must refuse it by name. The installed
    // manifest is edited in place and put back (the app was built and served from its own
    // `dist` above), and only Vite runs: the type check before it passes either way, as a
    // stylesheet is not a type (a copy of the app and a second check cost about 20 s of CPU).
    const example = path.join(work, 'agency-app');
    const manifest = path.join(example, 'node_modules/@ranwal/ui/package.json');
    const shipped = await readFile(manifest, 'utf8');
    const ui = JSON.parse(shipped);
    delete ui.exports['./styles.css'];
    await writeFile(manifest, JSON.stringify(ui));
    try {
      const failure = await run(
        process.execPath,
        [path.join(example, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', 'dist-broken'],
        { cwd: example, maxBuffer: 32 << 20 },
      ).then(
        () => 'built',
        (error: { stderr?: string; stdout?: string }) => `${error.stdout}${error.stderr}`,
      );
      expect(failure).toMatch(/Missing "\.\/styles\.css" specifier in "@ranwal\/ui" package/);
    } finally {
      await writeFile(manifest, shipped);
    }
  }, 240_000);

  it('the packed CLI installs outside the workspace and talks to the server', async () => {
    // As `npm install --global @ranwal/cli` once both are on the registry: npm would fetch the
    // CLI's @ranwal/core from there; offline, the packed core stands where the registry would.
    const install = await mkdtemp(path.join(work, 'cli-'));
    await npm(['init', '--yes'], install);
    await npm(['install', packs.core, packs.cli], install);
    const ranwal = (args: string[]) =>
      run(path.join(install, 'node_modules', '.bin', 'ranwal'), args, {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: work,
          XDG_CONFIG_HOME: path.join(work, 'config'),
          RANWAL_PASSWORD: ADMIN.password,
        },
      });
    const version = JSON.parse(
      await readFile(path.join(ROOT, 'packages/cli/package.json'), 'utf8'),
    ).version;
    expect((await ranwal(['--version'])).stdout.trim()).toBe(version);
    await ranwal(['login', '--server', e2e.baseUrl, '--email', ADMIN.email]);
    const programs = JSON.parse((await ranwal(['programs', 'list', '--json'])).stdout);
    expect(programs.map((program: { name: string }) => program.name)).toContain('Harbour Works');
    // An npm install of two packed packages: 60 s and more while a full run loads the machine.
  }, 240_000);
});
