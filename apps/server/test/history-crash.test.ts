import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './harness.js';

/*
 * The history is written in the same transaction as its change (migration 0016), so a server
 * killed in the middle of people's writes (kill -9: no shutdown, calls cut off) can leave no
 * line without its history and no history of a line never stored. Driven against the built
 * server as its own process, as it is deployed.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../dist/server.js');
const ADMIN = { email: 'admin@crash.local', password: 'crash-admin-password-1' };
const API = '/ranwal/api';

/** Starts the built server on `env`'s database and answers its base URL once it listens. */
async function startServer(
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const merged: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    RANWAL_DEMO: '0',
    RANWAL_ADMIN_EMAIL: ADMIN.email,
    RANWAL_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    ...env,
  };
  // A variable given as undefined is left out (PGlite: no DATABASE_URL).
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, [SERVER], {
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ranwal is running')) resolve({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

/** A port nothing listens on now. */
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

async function call(url: string, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${url}${API}/${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    json: (await response.json()) as { data: { id: string; token: string } },
  };
}

describe.each(databaseTargets)('history across a killed server on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps exactly one create in the history for every line stored, and none for a line lost', async () => {
    if (!existsSync(SERVER))
      throw new Error(`${SERVER} is not built: npm run build -w @ranwal/server`);
    let env: Record<string, string | undefined>;
    let query: (text: string) => Promise<Record<string, unknown>[]>;
    if (target === 'postgres') {
      const base = new URL(process.env.DATABASE_URL!);
      const name = `ranwal_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString() };
      const reader = new pg.Client({ connectionString: url.toString() });
      query = async (text) => {
        if (!(reader as unknown as { _connected: boolean })._connected) await reader.connect();
        return (await reader.query(text)).rows;
      };
      cleanups.push(async () => {
        await reader.end().catch(() => {});
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
    } else {
      const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-crash-'));
      env = { DATABASE_URL: undefined, RANWAL_DATA_DIR: path.join(work, 'data') };
      query = async () => {
        throw new Error('PGlite is read through the restarted server');
      };
      cleanups.push(() => rm(work, { recursive: true, force: true }));
    }

    const first = await startServer(env);
    const token = (await call(first.url, 'POST', 'user/sign-in', undefined, ADMIN)).json.data.token;
    const create = async (level: string, body: Record<string, unknown>) =>
      (await call(first.url, 'POST', `${level}/create`, token, body)).json.data.id;
    const chain = {
      program_id: await create('program', { name: 'Program Kilat', is_taxed: false }),
    } as Record<string, string>;
    chain.action_id = await create('action', { name: 'Kegiatan', program_id: chain.program_id });
    chain.sub_action_id = await create('sub-action', { name: 'Sub', action_id: chain.action_id });
    chain.activity_id = await create('activity', {
      name: 'Aktivitas',
      sub_action_id: chain.sub_action_id,
    });
    chain.subtitle_id = await create('subtitle', {
      name: 'Subtitle',
      activity_id: chain.activity_id,
    });
    chain.account_id = await create('account', {
      code: '5.1.02.01',
      name: 'Belanja',
      subtitle_id: chain.subtitle_id,
    });
    chain.supporter_id = await create('supporter', { name: 'Pengampu' });

    // Writers keep creating lines, four at a time, until the server is killed under them.
    const stored: string[] = [];
    // Anything but a 201 before the kill would be a fault of its own: it stops the wait.
    const refused: number[] = [];
    let n = 0;
    const writer = async () => {
      for (;;) {
        n += 1;
        const line = { ...chain, component_name: `Baris ${n}`, unit: 'Rim', price: 1000 + n };
        try {
          const answer = await call(first.url, 'POST', 'detail-program/create', token, line);
          if (answer.status === 201) stored.push(answer.json.data.id);
          else refused.push(answer.status);
        } catch {
          return; // The server is gone.
        }
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    while (stored.length < 40 && refused.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(refused).toEqual([]);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await Promise.all([exited, ...writers]);

    const second = await startServer(env);
    cleanups.push(async () => {
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    });
    const token2 = (await call(second.url, 'POST', 'user/sign-in', undefined, ADMIN)).json.data
      .token;
    const lines: { id: string }[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(
        second.url,
        'GET',
        `detail-program/list?limit=100&page=${page}`,
        token2,
      );
      const data = answer.json.data as unknown as { id: string }[];
      lines.push(...data);
      if (data.length < 100) break;
    }
    const creates: { record_id: string }[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(
        second.url,
        'GET',
        `history/list?record_type=detail_program&limit=100&page=${page}`,
        token2,
      );
      const data = answer.json.data as unknown as { record_id: string; action: string }[];
      creates.push(...data.filter((entry) => entry.action === 'create'));
      if (data.length < 100) break;
    }
    // Every line answered 201 was stored, and every line stored has one create, no more.
    const storedIds = lines.map((line) => line.id).sort();
    expect(storedIds).toEqual(expect.arrayContaining(stored));
    expect(creates.map((entry) => entry.record_id).sort()).toEqual(storedIds);
    if (target === 'postgres') {
      // Nothing half-written below the API either.
      const [counts] = await query(
        "select (select count(*)::int from detail_program) as lines, (select count(*)::int from change_log where record_type = 'detail_program') as history",
      );
      expect(counts).toEqual({ lines: storedIds.length, history: storedIds.length });
    }
  }, 120_000);
});
