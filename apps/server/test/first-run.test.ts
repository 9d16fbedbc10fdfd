import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirHolder } from '../src/db/data-dir-lock.js';
import { firstRunBlock } from '../src/first-run.js';
import { logFormatFor, prettyLogStream } from '../src/log-format.js';

/*
 * What a person sees in the terminal on the first start of the built server (`npm start`): the
 * two passwords in a framed block at the end of the start-up output, once; request logs as
 * lines a person reads on a terminal, and JSON lines when the output is not a terminal.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../dist/server.js');

// Not bench/local.mjs's freePort: importing that module finds a Chromium first, which a server
// test must not need.
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

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server on `dataDir` and waits until `ready` is in its output. With `tty`, its
 * standard output is a terminal (util-linux `script` gives it a pseudo-terminal).
 */
async function start(dataDir: string, ready: string, tty = false): Promise<Started> {
  if (!existsSync(SERVER))
    throw new Error(`${SERVER} is not built: npm run build -w @ranwal/server`);
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    RANWAL_DATA_DIR: dataDir,
    RANWAL_DEMO: '1',
    LOG_LEVEL: 'info',
  };
  for (const key of [
    'DATABASE_URL',
    'RANWAL_ADMIN_PASSWORD',
    'RANWAL_ADMIN_EMAIL',
    'RANWAL_LOG_FORMAT',
  ])
    delete env[key];
  const child = tty
    ? spawn('script', ['-qfec', `${process.execPath} ${SERVER}`, '/dev/null'], {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(ready)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await dataDirReleased(dataDir);
    },
  };
}

/**
 * Waits until no running process holds `dataDir` (its lock names the server's process). Under
 * `script` the child is `script`, which can end before the server it started has closed its
 * database: a next start on the same directory then found it in use (a CI run, 2026-12-04).
 */
async function dataDirReleased(dataDir: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let holder = await dataDirHolder(dataDir); holder !== null; ) {
    if (Date.now() > deadline)
      throw new Error(`process ${holder} still holds ${dataDir} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    holder = await dataDirHolder(dataDir);
  }
}

describe('the log format', () => {
  it('is lines for a person on a terminal, JSON elsewhere, unless RANWAL_LOG_FORMAT says', () => {
    expect(logFormatFor({ isTTY: true })).toBe('pretty');
    expect(logFormatFor({ isTTY: false })).toBe('json');
    expect(logFormatFor({})).toBe('json');
    expect(logFormatFor({ isTTY: true }, 'json')).toBe('json');
    expect(logFormatFor({ isTTY: false }, 'pretty')).toBe('pretty');
  });

  it('writes a request as one line with its method, path, status and time', () => {
    const lines: string[] = [];
    const stream = prettyLogStream({ write: (text) => lines.push(text) });
    const base = { level: 30, time: Date.now(), pid: 1, hostname: 'h', reqId: 'req-1' };
    stream.write(
      JSON.stringify({ ...base, msg: 'incoming request', req: { method: 'GET', url: '/x' } }),
    );
    stream.write(
      JSON.stringify({
        ...base,
        msg: 'request completed',
        res: { statusCode: 404 },
        responseTime: 3.4,
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/x 404 3 ms\n$/);
  });
});

describe('the first-run block', () => {
  it('is framed, says the passwords are shown once, and is not there when no account was made', () => {
    const block = firstRunBlock('http://localhost:8080/', [
      { label: 'Admin', email: 'admin@ranwal.local', password: 'rahasia-1' },
      { label: 'Demo user', email: 'demo@ranwal.local', password: 'rahasia-2' },
    ])!;
    const lines = block.split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    // Every line is as wide as the frame.
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(block).toContain('│ Admin      admin@ranwal.local  rahasia-1');
    expect(block).toContain('│ Demo user  demo@ranwal.local   rahasia-2');
    expect(block).toContain('shown once');
    expect(firstRunBlock('http://localhost:8080/', [])).toBeNull();
    // A password the configuration gave is not printed.
    const configured = firstRunBlock('http://localhost:8080/', [
      { label: 'Admin', email: 'admin@ranwal.local' },
    ])!;
    expect(configured).toContain('(password from RANWAL_ADMIN_PASSWORD)');
    expect(configured).not.toContain('shown once');
  });
});

describe('the first start of the built server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // One data directory for both starts: a first start makes the database (initdb, migrations,
  // the demo data), the costliest part of this file, so it is made once.
  it('on a terminal: lines for a person, then the two passwords framed, once; off one: JSON lines', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ranwal-first-run-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await start(dataDir, 'shown once', true);
    cleanups.push(server.stop);
    // Give the block time to be written whole.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colours are taken out
    const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
    const output = plain(server.output());
    const running = output.indexOf('Ranwal is running');
    const top = output.indexOf('┌');
    const bottom = output.indexOf('┘');
    expect(running).toBeGreaterThan(-1);
    expect(top).toBeGreaterThan(running);
    expect(bottom).toBeGreaterThan(top);
    // Nothing of the start comes after the block.
    expect(output.slice(bottom + 1).trim()).toBe('');
    const block = output.slice(top, bottom + 1);
    expect(block).toContain('shown once');
    const admin = block.match(/│ Admin\s+(\S+@\S+)\s+(\S+)/);
    const demo = block.match(/│ Demo user\s+(\S+@\S+)\s+(\S+)/);
    expect(admin?.[1]).toBe('admin@ranwal.local');
    expect(demo?.[1]).toBe('demo@ranwal.local');
    for (const [, email, password] of [admin!, demo!]) {
      const response = await fetch(`${server.url}/ranwal/api/user/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(response.status, `${email} signs in with the printed password`).toBe(200);
    }
    // A request is a line a person reads, not JSON.
    await fetch(`${server.url}/ranwal/api/health`);
    await expect
      .poll(() => plain(server.output()), { timeout: 10_000 })
      .toMatch(/INFO.*GET \/ranwal\/api\/health 200 \d+ ms/);
    expect(plain(server.output())).not.toMatch(/^\{"level"/m);
    await server.stop();

    // The next start, its output not a terminal, makes no account (no block, no password) and
    // logs every line as a JSON object, a request's included.
    const again = await start(dataDir, 'Ranwal is running');
    cleanups.push(again.stop);
    await fetch(`${again.url}/ranwal/api/health`);
    const completed = () =>
      again
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; res?: { statusCode: number } })
        .filter((record) => record.msg === 'request completed');
    // The request's line comes through the pipe after its answer: waited for, not for a while.
    await expect.poll(() => completed().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(again.output()).not.toContain('┌');
    expect(again.output()).not.toContain(admin![2]!);
    await again.stop();
  }, 240_000);
});
