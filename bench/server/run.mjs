// Loads the server's list calls with autocannon next to a bare node:http + pg handler replaying
// the SQL the server ran for the same call (bare.mjs, capture-sql.mjs), in the same run, on a
// PostgreSQL seeded with 1 000 000 budget lines and 103 200 accounts. Prints req/s and p99 for
// both and their ratio. See README.md.
//
//   node bench/server/run.mjs [--duration 10] [--rounds 3] [--warmup 3] [--connections 100]
//                             [--db NAME] [--keep] [--only account,lines-admin] [--list-cache MB]
//                             [--writes N]
//
// Needs `npm run build` first (it runs apps/server/dist/server.js). Exits non-zero on errors
// (a failed start, a non-2xx answer, the two handlers disagreeing, nothing to replay), never on a
// missed goal.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ADMIN,
  benchUser,
  call,
  ensureDatabase,
  ensureSeeded,
  serverEntry,
  signIn,
  start,
  stopChildren,
} from './processes.mjs';
import { ACCOUNT_SEARCH, seededId } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    'pool-size': { type: 'string', default: '10' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    // The server's RANWAL_LIST_CACHE_MB; unset: its default (on). 0 measures every list read.
    'list-cache': { type: 'string' },
    // Transactions a second that write (each updates one supporter row) while both sides are
    // loaded: what the server's list cache meets on a database people are working on.
    writes: { type: 'string', default: '0' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const duration = Number(options.duration);
const rounds = Number(options.rounds);
const warmup = Number(options.warmup);
const connections = Number(options.connections);
const poolSize = options['pool-size'];

const GOAL = { ratio: 0.7, p99: 50 };
const SERVER_PORT = 18080;
const BARE_PORT = 18081;
const jwtSecret = randomBytes(32).toString('base64url');
/** Linux's USER_HZ: /proc reports CPU time in 1/100 s. */
const CLOCK_TICKS = 100;

let failed = false;
const fail = (message) => {
  failed = true;
  console.error(`ERROR: ${message}`);
};

/** Loads one endpoint; `x-bench-request` names the captured call the bare handler replays. */
function load(port, endpoint, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}${endpoint.url}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${endpoint.token}`, 'x-bench-request': endpoint.name },
  });
}

/** CPU time (ms) a process has used, from /proc; null where there is no /proc (not Linux). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** CPU time of every PostgreSQL backend serving the bench database, by pid. */
async function backendCpu(monitor, dbName) {
  const { rows } = await monitor.query('select pid from pg_stat_activity where datname = $1', [
    dbName,
  ]);
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

/** Runs one measured load: autocannon's result and the CPU time it cost (node, PostgreSQL). */
async function measure(monitor, dbName, child, port, endpoint) {
  const nodeBefore = cpuMs(child.pid);
  const pgBefore = await backendCpu(monitor, dbName);
  const result = await load(port, endpoint, duration);
  const nodeAfter = cpuMs(child.pid);
  const pgAfter = await backendCpu(monitor, dbName);
  // A backend without a /proc entry has exited since, or runs elsewhere (a remote PostgreSQL:
  // then none has one, and there is no figure).
  let pgMs = 0;
  let seen = 0;
  for (const [pid, after] of pgAfter) {
    if (after === null) continue;
    seen += 1;
    pgMs += after - (pgBefore.get(pid) ?? 0);
  }
  return {
    result,
    nodeMs: nodeBefore === null ? Number.NaN : nodeAfter - nodeBefore,
    pgMs: seen === 0 ? Number.NaN : pgMs,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The rounds of one side: median req/s and p99 (the machine is noisy), CPU per request. */
function summarize(runs) {
  const requests = runs.reduce((sum, run) => sum + run.result.requests.total, 0) || 1;
  const perRequest = (key) => {
    const total = runs.reduce((sum, run) => sum + run[key], 0);
    return Number.isNaN(total) ? null : total / requests;
  };
  return {
    rps: median(runs.map((run) => run.result.requests.average)),
    p99: median(runs.map((run) => run.result.latency.p99)),
    nodeCpu: perRequest('nodeMs'),
    pgCpu: perRequest('pgMs'),
  };
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

async function main() {
  if (!existsSync(serverEntry)) {
    throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  }
  const dbName = options.db ?? `ranwal_bench_${process.pid}`;
  const dbUrl = `${options['pg-url']}/${dbName}`;
  const version = await ensureDatabase(options['pg-url'], dbName);

  console.log(`Machine: ${machine()}, PostgreSQL ${version}`);
  console.log(
    `Database: ${dbName}; ${connections} connections, ${warmup} s warm-up, ${rounds} × ${duration} s per side, pool ${poolSize}`,
  );
  console.log(
    `Server list cache: ${options['list-cache'] === undefined ? 'the default (on)' : options['list-cache'] === '0' ? 'off' : `${options['list-cache']} MB`}`,
  );

  // The real server runs the migrations; it writes the statements of each call the bench sends
  // it with `x-bench-capture`, which the bare handler replays.
  const captureLog = path.join(os.tmpdir(), `ranwal-bench-capture-${process.pid}.log`);
  rmSync(captureLog, { force: true });
  const common = {
    DATABASE_URL: dbUrl,
    DATABASE_POOL_SIZE: poolSize,
    RANWAL_JWT_SECRET: jwtSecret,
  };
  const server = await start(
    'server',
    ['--import', path.join(here, 'capture-sql.mjs'), serverEntry],
    {
      ...common,
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      RANWAL_SIGN_IN_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // As deployed: answers are serialized without the development-time zod check.
      NODE_ENV: 'production',
      RANWAL_BENCH_CAPTURE_LOG: captureLog,
      ...(options['list-cache'] === undefined
        ? {}
        : { RANWAL_LIST_CACHE_MB: options['list-cache'] }),
    },
    'Ranwal is running',
  );

  const admin = await signIn(SERVER_PORT, ADMIN);
  if (!admin) throw new Error('admin sign-in failed (a database seeded by another admin?)');
  const user = await benchUser(SERVER_PORT, admin);
  await ensureSeeded(dbUrl, dbName, user.id);

  const bare = await start(
    'bare',
    ['--import', path.join(here, 'capture-sql.mjs'), path.join(here, 'bare.mjs')],
    { ...common, PORT: String(BARE_PORT), RANWAL_BENCH_REPLAY: captureLog },
    'bare handler listening',
  );

  const subtitle = seededId('subtitle', 5_000);
  const endpoints = [
    { name: 'program', url: '/ranwal/api/program/list?limit=100', token: admin.token },
    { name: 'account', url: '/ranwal/api/account/list?page=1&limit=100', token: admin.token },
    {
      name: 'account-subtitle',
      url: `/ranwal/api/account/list?page=1&limit=100&uuid=${subtitle}`,
      token: admin.token,
    },
    {
      name: 'account-search',
      url: `/ranwal/api/account/list?page=1&limit=100&search=${encodeURIComponent(ACCOUNT_SEARCH)}`,
      token: admin.token,
    },
    { name: 'lines-admin', url: '/ranwal/api/detail-program/list?limit=100', token: admin.token },
    { name: 'lines-user', url: '/ranwal/api/detail-program/list?limit=100', token: user.token },
  ].filter(({ name }) => !options.only || options.only.split(',').includes(name));

  /**
   * Whether a replayed statement found the rows the server answered: the same rows in the same
   * order, each with the server's values. A page reads one row past itself (whether another
   * follows) and the key its cursor is made of, which the server leaves out of its answer.
   */
  const holds = (rows, data) =>
    Array.isArray(rows) &&
    (rows.length === data.length || rows.length === data.length + 1) &&
    data.every((row, index) =>
      isDeepStrictEqual(
        Object.fromEntries(Object.keys(row).map((key) => [key, rows[index][key]])),
        row,
      ),
    );
  const monitor = new pg.Client({ connectionString: `${options['pg-url']}/postgres` });
  await monitor.connect();
  const writer = await startWriter(dbUrl, Number(options.writes));
  const results = [];
  for (const endpoint of endpoints) {
    // The server's first answer to the call is captured (its cache, if on, has not seen the
    // URL yet); then the bare handler replays it, and must find the same rows.
    const serverAnswer = await call(SERVER_PORT, 'GET', endpoint.url, {
      ...endpoint,
      headers: { 'x-bench-capture': endpoint.name },
    });
    const bareAnswer = await call(BARE_PORT, 'GET', endpoint.url, {
      ...endpoint,
      headers: { 'x-bench-request': endpoint.name },
    });
    const replayed = bareAnswer.json.data;
    if (!Array.isArray(replayed) || replayed.length === 0) {
      fail(`${endpoint.name}: the server ran no statement to replay (answered from a cache?)`);
      continue;
    }
    if (
      serverAnswer.status !== 200 ||
      !replayed.some((rows) => holds(rows, serverAnswer.json.data))
    ) {
      fail(
        `${endpoint.name}: server and bare answers differ (${serverAnswer.status} / ${bareAnswer.status})`,
      );
      continue;
    }
    const row = {
      name: endpoint.name,
      url: endpoint.url,
      rows: serverAnswer.json.data.length,
      total: serverAnswer.json.filter.total_result,
    };
    const sides = [
      { side: 'server', child: server, port: SERVER_PORT, runs: [] },
      { side: 'bare', child: bare, port: BARE_PORT, runs: [] },
    ];
    if (warmup > 0) {
      for (const { port } of sides) await load(port, endpoint, warmup);
    }
    // Alternating rounds, so a burst of load from elsewhere on the machine hits both sides.
    for (let round = 1; round <= rounds; round++) {
      for (const { side, child, port, runs } of sides) {
        const run = await measure(monitor, dbName, child, port, endpoint);
        const { errors, timeouts, non2xx, requests, latency } = run.result;
        if (errors + timeouts + non2xx > 0) {
          fail(
            `${endpoint.name} on ${side}: ${errors} errors, ${timeouts} timeouts, ${non2xx} non-2xx`,
          );
        }
        runs.push(run);
        console.log(
          `  ${endpoint.name.padEnd(16)} ${side.padEnd(6)} round ${round}: ${requests.average.toFixed(0).padStart(6)} req/s, p99 ${String(latency.p99).padStart(5)} ms`,
        );
      }
    }
    for (const { side, runs } of sides) row[side] = summarize(runs);
    results.push(row);
  }
  await monitor.end();
  const written = await writer.stop();
  if (written !== null) console.log(`Writes made during the run: ${written}`);

  // Kept only when it explains a failure.
  if (!failed) rmSync(captureLog, { force: true });

  printTable(results);
  if (!options.keep && !options.db) {
    await stopChildren();
    const dropper = new pg.Client({ connectionString: `${options['pg-url']}/postgres` });
    await dropper.connect();
    await dropper.query(`drop database if exists ${dbName} with (force)`);
    await dropper.end();
  } else {
    console.log(`\nKept database ${dbName}: rerun with --db ${dbName} to skip seeding.`);
  }
}

/**
 * Writes `perSecond` transactions a second (each updates one supporter row, changing nothing a
 * list shows) until stopped; answers how many it made. 0: none.
 */
async function startWriter(dbUrl, perSecond) {
  if (!(perSecond > 0)) return { stop: async () => null };
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows } = await client.query('select id from supporter order by id limit 1');
  const id = rows[0].id;
  let written = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      await client.query('update supporter set name = name where id = $1', [id]);
      written += 1;
    } catch (error) {
      fail(`writer: ${error.message}`);
    } finally {
      busy = false;
    }
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 5));
      await client.end();
      return written;
    },
  };
}

const ms = (value) => (value === null ? '–' : `${value.toFixed(2)} ms`);

function printTable(results) {
  const table = (header, rows) => {
    const widths = header.map((title, i) =>
      Math.max(title.length, ...rows.map((r) => r[i].length)),
    );
    const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) console.log(line(row));
  };
  console.log(
    `\nMedians of ${rounds} rounds of ${duration} s. Goal: server ≥ ${GOAL.ratio * 100}% of bare req/s and server p99 < ${GOAL.p99} ms at ${connections} connections\n`,
  );
  table(
    ['endpoint', 'server req/s', 'bare req/s', 'ratio', 'server p99', 'bare p99', 'goals'],
    results.map(({ name, server, bare }) => {
      const ratio = server.rps / bare.rps;
      const missed = [ratio < GOAL.ratio && 'ratio', server.p99 >= GOAL.p99 && 'p99'].filter(
        Boolean,
      );
      return [
        name,
        server.rps.toFixed(0),
        bare.rps.toFixed(0),
        Number.isFinite(ratio) ? `${(ratio * 100).toFixed(0)}%` : '–',
        `${server.p99} ms`,
        `${bare.p99} ms`,
        !Number.isFinite(ratio) || server.rps === 0
          ? 'no answers'
          : missed.length
            ? `${missed.join('+')} missed`
            : 'met',
      ];
    }),
  );
  // CPU per request does not depend on how busy the machine was, unlike req/s and p99.
  console.log('\nCPU time per request (node process; PostgreSQL backends):\n');
  table(
    ['endpoint', 'server node', 'bare node', 'server PostgreSQL', 'bare PostgreSQL', 'CPU ratio'],
    results.map(({ name, server, bare }) => [
      name,
      ms(server.nodeCpu),
      ms(bare.nodeCpu),
      ms(server.pgCpu),
      ms(bare.pgCpu),
      // What the req/s ratio would be if CPU were the only limit: bare's cost over the server's.
      server.pgCpu === null || server.nodeCpu === null
        ? '–'
        : `${((100 * (bare.nodeCpu + bare.pgCpu)) / (server.nodeCpu + server.pgCpu)).toFixed(0)}%`,
    ]),
  );
  console.log('\nURLs:');
  for (const row of results)
    console.log(`  ${row.name}: ${row.url} (${row.rows} rows of ${row.total})`);
}

main()
  .catch((error) => fail(error instanceof Error ? error.message : String(error)))
  .finally(async () => {
    await stopChildren();
    process.exit(failed ? 1 : 0);
  });
