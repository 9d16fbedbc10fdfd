// Shared parts of the reliability suites: the built server as a child process, fresh PostgreSQL
// databases, the typed API client, and reading a process's memory from /proc.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createClient, type RanwalClient } from '@ranwal/core';
import pg from 'pg';
import { freePort } from '../../../bench/local.mjs';
import { pgliteExtensions } from '../src/db/pglite-extensions.js';
import { createChainWith } from '../test/fixtures.js';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
export const CLI_ENTRY = path.join(ROOT, 'packages/cli/dist/bin.js');

export const ADMIN = { email: 'admin@reliability.local', password: 'reliability-admin-1' };

/** The built server and CLI: `npm run test:reliability` builds them first. */
export function requireBuilds(): void {
  for (const entry of [SERVER_ENTRY, CLI_ENTRY]) {
    if (!existsSync(entry)) {
      throw new Error(
        `${path.relative(ROOT, entry)} is missing: run \`npm run build -w @ranwal/core -w @ranwal/server -w @ranwal/cli\` (npm run test:reliability does)`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The server the suites create their databases on: DATABASE_URL's, else 127.0.0.1:5432. */
export const POSTGRES_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on its own connection. */
export async function query<R extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Fails with one clear line when PostgreSQL is not there: these suites need it. */
export async function requirePostgres(): Promise<void> {
  try {
    await query(POSTGRES_URL, 'select 1');
  } catch (error) {
    throw new Error(
      `The reliability suites need PostgreSQL at ${new URL(POSTGRES_URL).host} (set DATABASE_URL to use another): ${(error as Error).message}`,
    );
  }
}

export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database (the server under test migrates it), dropped by `drop`. */
export async function createDatabase(): Promise<FreshDatabase> {
  const name = `ranwal_reliability_${randomBytes(5).toString('hex')}`;
  await query(POSTGRES_URL, `create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await query(POSTGRES_URL, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The local cluster's version directory (/etc/postgresql/15 → '15'), for pg_ctlcluster. */
function localCluster(): string {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (versions.length !== 1) {
    throw new Error(
      'Restarting PostgreSQL needs exactly one local cluster under /etc/postgresql (pg_ctlcluster)',
    );
  }
  return versions[0]!;
}

/**
 * Restarts the local PostgreSQL (fast shutdown: every connection is cut) and resolves once it
 * accepts connections again. Only the faults suite calls this.
 */
export async function restartPostgres(): Promise<void> {
  const version = localCluster();
  await new Promise<void>((resolve, reject) => {
    execFile(
      'pg_ctlcluster',
      ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast'],
      { timeout: 120_000 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(),
    );
  });
  await waitFor('PostgreSQL to accept connections', async () => {
    await query(POSTGRES_URL, 'select 1');
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// PGlite

/** Opens a stopped server's PGlite directory to look at what it holds. */
export async function withPglite<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server process

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  origin: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  /** SIGKILL, then wait for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (drains in-flight requests), then wait for the exit. */
  stop(): Promise<void>;
}

export type DatabaseChoice = { postgres: string } | { pglite: string };

/** The environment a server gets: none of the caller's RANWAL_* or DATABASE_URL leak in. */
function serverEnv(database: DatabaseChoice, port: number, extra: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('RANWAL_') && key !== 'DATABASE_URL' && key !== 'PORT',
    ),
  );
  return {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RANWAL_DEMO: '0',
    RANWAL_ADMIN_EMAIL: ADMIN.email,
    RANWAL_ADMIN_PASSWORD: ADMIN.password,
    RANWAL_SIGN_IN_LIMIT: '100000',
    RANWAL_SIGN_IN_ADDRESS_LIMIT: '100000',
    RANWAL_SIGN_IN_ACCOUNT_LIMIT: '100000',
    ...('postgres' in database
      ? { DATABASE_URL: database.postgres }
      : { RANWAL_DATA_DIR: database.pglite }),
    ...extra,
  };
}

const READY = 'Ranwal is running';

/** Starts `node apps/server/dist/server.js` and resolves once it listens. */
export async function startServer(
  database: DatabaseChoice,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: serverEnv(database, port, options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waitExit = async () => {
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    kill9: async () => {
      child.kill('SIGKILL');
      await waitExit();
    },
    stop: async () => {
      if (!server.running()) return;
      child.kill('SIGTERM');
      await waitExit();
    },
  };
  try {
    await waitFor(
      `the server on port ${port} to start`,
      async () => {
        if (!server.running()) {
          throw new StopWaiting(
            `the server exited (${child.exitCode}) before listening:\n${output}`,
          );
        }
        return output.includes(READY);
      },
      { timeoutMs: 180_000, everyMs: 100 },
    );
  } catch (error) {
    await server.kill9();
    throw error;
  }
  return server;
}

/** Resident memory of a process in kB, from /proc/<pid>/status (VmRSS). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

// ---------------------------------------------------------------------------------------------
// Calling it

/** The typed client of @ranwal/core on a server, optionally signed in. */
export function clientFor(origin: string, token?: string): RanwalClient {
  return createClient({ baseUrl: origin, getToken: () => token });
}

export async function signIn(
  origin: string,
  credentials: { email: string; password: string } = ADMIN,
) {
  const { data } = await clientFor(origin).user.signIn(credentials);
  return data.token;
}

export interface RawAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked by the tests.
  json: any;
}

/** One HTTP call with fetch; a JSON answer is parsed. */
export async function call(
  origin: string,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    raw?: Buffer | string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawAnswer> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body:
      options.body !== undefined
        ? JSON.stringify(options.body)
        : options.raw !== undefined
          ? new Uint8Array(Buffer.from(options.raw))
          : undefined,
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, json };
}

/**
 * A whole budget-line hierarchy (Perangkat Daerah to account) and a supporter, made through the
 * API: the ids a line names, and the unit (`agency_id`) whose users may write under it (issue 34).
 */
export async function createChain(origin: string, token: string, tag: string) {
  const made = await createChainWith(
    async (path, body) => {
      const answer = await call(origin, 'POST', `/ranwal/api/${path}/create`, { token, body });
      if (answer.status !== 201)
        throw new Error(`creating ${path}: ${JSON.stringify(answer.json)}`);
      return answer.json.data;
    },
    tag,
    {
      overrides: {
        program: { is_taxed: true },
        account: { code: '5.1.02.01.01.0024', name: `Belanja ${tag}` },
      },
    },
  );
  return {
    agency_id: made.agency.id,
    program_id: made.program.id,
    action_id: made.action.id,
    sub_action_id: made.sub_action.id,
    activity_id: made.activity.id,
    subtitle_id: made.subtitle.id,
    account_id: made.account.id,
    supporter_id: made.supporter.id,
  };
}
export type Chain = Awaited<ReturnType<typeof createChain>>;

/** A budget line to create, told apart by its component code. */
export const reportBody = (
  { agency_id: _unit, ...chain }: Chain,
  code: string,
  price = 150_000,
) => ({
  ...chain,
  component_code: code,
  component_name: `Komponen ${code}`,
  specification: 'Kertas HVS A4 80 gram',
  unit: 'Rim',
  price,
  first_volume: 2,
  second_volume: 3,
  third_volume: 1,
  is_taxed: true,
  year: 2025,
});

// ---------------------------------------------------------------------------------------------
// Waiting

/** Thrown from a `waitFor` check to stop waiting at once. */
export class StopWaiting extends Error {}

/** Polls `check` until it answers true; errors other than StopWaiting count as "not yet". */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 60_000, everyMs = 200 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error instanceof StopWaiting) throw error;
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(
    `gave up waiting for ${what} after ${timeoutMs / 1000} s${last ? ` (last: ${(last as Error).message})` : ''}`,
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
