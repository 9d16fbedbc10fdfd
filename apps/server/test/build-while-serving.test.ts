import { spawn } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm start` in a checkout whose server is already running: the build writes new folders and
 * switches `dist` to them (scripts/build-swap.mjs), so the running server keeps serving its
 * pages and their assets while the portal and the server are built again, and after.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const PORTAL_DIST = path.join(ROOT, 'apps/portal/dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a build while the server serves from the checkout', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('leaves the running server serving its pages and assets, during the build and after', async () => {
    if (!existsSync(SERVER) || !existsSync(path.join(PORTAL_DIST, 'index.html'))) {
      throw new Error(
        'build the portal and the server first: npm run build -w @ranwal/portal -w @ranwal/server',
      );
    }
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ranwal-build-serving-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      RANWAL_DATA_DIR: dataDir,
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_PASSWORD: 'build-serving-password',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    cleanups.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Ranwal is running')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const page = await (await fetch(`${url}/login`)).text();
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets.length).toBeGreaterThan(0);
    const before = readlinkSync(PORTAL_DIST);

    // What the server answers, again and again while the portal and the server are rebuilt.
    const failures = new Set<string>();
    const check = async () => {
      const login = await fetch(`${url}/login`);
      const text = await login.text();
      if (login.status !== 200 || text !== page) failures.add(`/login ${login.status}`);
      for (const asset of assets) {
        const response = await fetch(`${url}${asset}`);
        await response.arrayBuffer();
        if (response.status !== 200) failures.add(`${asset} ${response.status}`);
      }
    };
    const build = spawn(
      'npm',
      ['run', 'build', '--silent', '-w', '@ranwal/portal', '-w', '@ranwal/server'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let buildOutput = '';
    build.stdout!.on('data', (chunk) => (buildOutput += chunk));
    build.stderr!.on('data', (chunk) => (buildOutput += chunk));
    const built = new Promise<number | null>((resolve) => build.once('exit', resolve));
    let done = false;
    void built.then(() => (done = true));
    let checks = 0;
    while (!done) {
      await check();
      checks += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await built, buildOutput).toBe(0);
    await check();
    expect(checks).toBeGreaterThan(5);
    expect([...failures]).toEqual([]);
    // The build did happen: `dist` is the new build, and the server still answers its own.
    expect(readlinkSync(PORTAL_DIST)).not.toBe(before);
  }, 300_000);
});
