// What the server benches share: the paths, the bench's admin and user, starting and stopping
// node processes, calling the API, a database seeded once (see README.md), and the CPU time of
// a process and of the PostgreSQL backends serving a bench.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SIZES, seed } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');

export const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password-1' };
export const USER = {
  name: 'Bench User',
  email: 'user@bench.local',
  password: 'bench-user-password-1',
};

const children = [];

/**
 * Starts a node process and resolves once it prints `ready` on stdout, with the child process;
 * its `output()` is what it has printed on stdout so far. A variable set to undefined in `env`
 * is removed from the inherited environment.
 */
export function start(label, args, env, ready) {
  // Node flags for every process started here, e.g. BENCH_NODE_ARGS='--cpu-prof
  // --cpu-prof-dir=/tmp/prof' to profile the server (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const merged = Object.entries({ ...process.env, ...env }).filter(
    ([, value]) => value !== undefined,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, ...args], {
      cwd: root,
      env: Object.fromEntries(merged),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.output = () => output;
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(ready)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => process.stderr.write(`[${label}] ${chunk}`));
    child.once('exit', (code) =>
      reject(new Error(`${label} exited (${code}) before ready:\n${output}`)),
    );
  });
}

/** Stops every process `start` started, waiting for each to exit. */
export async function stopChildren() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.removeAllListeners('exit');
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** The machine a bench runs on, and its load: the first line of every bench's output. */
export function describeMachine(postgresVersion) {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `Machine: ${cpus.length} × ${cpus[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${postgresVersion}; load ${load}`;
}

/**
 * The built server on `databaseUrl` at `port`, as production runs it (no demo data, the bench's
 * admin, warnings only); `env` adds to or overrides its configuration.
 */
export function startServer(databaseUrl, port, env = {}) {
  return start(
    'server',
    [serverEntry],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    'Ranwal is running',
  );
}

/** One API call to a local port (`headers` added to the request's): its status and JSON body. */
export async function call(port, method, url, { token, body, headers } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: await response.json() };
}

/** A sign-in's data (token, id, …), or null when it is refused. */
export async function signIn(port, credentials) {
  const answer = await call(port, 'POST', '/ranwal/api/user/sign-in', { body: credentials });
  return answer.status === 200 ? answer.json.data : null;
}

/** Creates the database unless it exists; answers PostgreSQL's version. */
export async function ensureDatabase(pgUrl, dbName) {
  const client = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [dbName]);
  if (exists.rowCount === 0) await client.query(`create database ${dbName}`);
  const version = (await client.query('show server_version')).rows[0].server_version;
  await client.end();
  return version;
}

/** The bench user, created through the API (as the admin) unless it can already sign in. */
export async function benchUser(port, admin) {
  if (!(await signIn(port, USER))) {
    const created = await call(port, 'POST', '/ranwal/api/user/create', {
      token: admin.token,
      body: { ...USER, role: 'user' },
    });
    if (created.status !== 201) {
      throw new Error(`creating the bench user: ${JSON.stringify(created.json)}`);
    }
  }
  return signIn(port, USER);
}

/**
 * Seeds an empty database (one transaction: a failed seed leaves it empty, not half-seeded),
 * or checks that a reused one holds the seed.
 */
export async function ensureSeeded(dbUrl, dbName, benchUserId) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const lines = Number((await db.query('select count(*) from detail_program')).rows[0].count);
  if (lines === 0) {
    console.log('Seeding…');
    const started = Date.now();
    await db.query('begin');
    await seed(db, { benchUserId });
    await db.query('commit');
    await db.query('vacuum analyze');
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else if (lines < SIZES.lines) {
    // More is a seeded database people (the deadline bench) have since added lines to.
    throw new Error(`${dbName} holds ${lines} budget lines, not ${SIZES.lines}: use a fresh --db`);
  } else {
    console.log('Reusing the seeded database');
    // Vacuumed too: another bench's setup may have rewritten lines (rka-export.mjs moves and
    // edits 300 000), and their dead versions and cleared visibility map would slow every
    // index-only scan of the next bench (admin pages 10 times slower, 2026-11-30).
    await db.query('vacuum analyze');
  }
  await db.end();
}

/** Linux's USER_HZ: /proc reports CPU time in 1/100 s. */
const CLOCK_TICKS = 100;

/** CPU seconds a process has used (user and system, from /proc); null once it has exited. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds of each PostgreSQL backend serving the bench database, by pid. */
export async function backendCpu(monitor, dbName) {
  const { rows } = await monitor.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

/** The PostgreSQL backends' CPU seconds between two readings (a backend gone since is lost). */
export function backendSeconds(before, after) {
  let seconds = 0;
  for (const [pid, cpu] of after) {
    if (cpu !== null) seconds += cpu - (before.get(pid) ?? 0);
  }
  return seconds;
}

/** Drops a bench's database, or says how to reuse it when it is kept. */
export async function dropOrKeep(pgUrl, dbName, keep) {
  if (keep) {
    console.log(`\nKept database ${dbName}: rerun with --db ${dbName} to skip seeding.`);
    return;
  }
  const dropper = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await dropper.connect();
  await dropper.query(`drop database if exists ${dbName} with (force)`);
  await dropper.end();
}
