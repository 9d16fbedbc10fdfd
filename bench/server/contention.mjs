// Other people's calls while a long job runs, on the embedded PGlite (issue 15, item 2): 10
// clients each list a user's report lines (a random page) every 100 ms while an admin downloads the report of
// 100 000 lines and imports 100 000 account codes through the `ranwal` CLI. PGlite is one
// database session, so whatever holds it holds everyone; the goal is a p99 under 250 ms for the
// list calls made while both jobs run. See README.md.
//
//   node bench/server/contention.mjs [--lines 100000] [--rows 100000] [--connections 10]
//                                    [--interval 100] [--jobs export,import] [--baseline 5]
//
// Needs the builds of core, server and cli (`npm run bench:contention` does them). Works in a
// fresh temporary data directory, removed at the end. Exits non-zero on errors, never on a
// missed goal.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeCsv } from '../import/rows.mjs';
import { freePort } from '../local.mjs';
import { openPglite } from './pglite.mjs';
import {
  ADMIN,
  benchUser,
  call,
  root,
  serverEntry,
  signIn,
  start,
  stopChildren,
  USER,
} from './processes.mjs';
import { SIZES, seed } from './seed.mjs';

const { values: options } = parseArgs({
  options: {
    lines: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '10' },
    /** Milliseconds between one client's calls. */
    interval: { type: 'string', default: '100' },
    baseline: { type: 'string', default: '5' },
    /** Rows per import call (the CLI's --batch-size; its default unless given). */
    'batch-size': { type: 'string' },
    /** Which long jobs run during the measured calls. */
    jobs: { type: 'string', default: 'export,import' },
  },
});
const LINES = Number(options.lines);
const ROWS = Number(options.rows);
const GOAL_P99_MS = 250;
const JOBS = new Set(options.jobs.split(','));
const cliEntry = path.join(root, 'packages/cli/dist/bin.js');

const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-bench-contention-'));
const dataDir = path.join(work, 'data');
const configHome = path.join(work, 'config');

function ranwal(args, env = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliEntry, ...args],
      { env: { ...process.env, XDG_CONFIG_HOME: configHome, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`ranwal ${args.join(' ')}: ${stderr || error.message}`))
          : resolve({ seconds: (performance.now() - started) / 1000, stdout }),
    );
  });
}

async function startServer(port) {
  return start(
    'server',
    [serverEntry],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: undefined,
      RANWAL_DATA_DIR: dataDir,
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    'Ranwal is running',
  );
}

/** PGlite's query answer in node-postgres's shape, for the seed. */
const seedClient = (pglite) => ({
  query: async (text, values) => {
    const result = await pglite.query(text, values);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  },
});

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Runs the list calls until `until` settles: each client calls on a fixed schedule (every
 * `--interval` ms), and a call's latency counts from when it was due, so a call that waited
 * behind a stalled one counts its wait (closed-loop clients would just call less and hide it).
 */
async function listCalls(port, token, pages, until) {
  const latencies = [];
  let failures = 0;
  let stopped = false;
  until.finally(() => {
    stopped = true;
  });
  const interval = Number(options.interval);
  const client = async (index) => {
    const first = performance.now() + (interval * index) / Number(options.connections);
    for (let call = 0; !stopped; call++) {
      const due = first + call * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      const page = 1 + Math.floor(Math.random() * pages);
      const response = await fetch(
        `http://127.0.0.1:${port}/ranwal/api/detail-program/list?page=${page}&limit=10`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      await response.arrayBuffer();
      latencies.push(performance.now() - due);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: Number(options.connections) }, (_, i) => client(i)));
  latencies.sort((a, b) => a - b);
  return {
    calls: latencies.length,
    failures,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1),
  };
}

const ms = (value) => `${Math.round(value)} ms`;
const describe = (label, result) =>
  console.log(
    `  ${label.padEnd(28)} ${String(result.calls).padStart(6)} calls, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}, ${result.failures} failed`,
  );

try {
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, PGlite in ${dataDir}`);
  const port = await freePort();
  // First start: migrations and the admin; the bench user through the API.
  await startServer(port);
  const firstAdmin = await signIn(port, ADMIN);
  const user = await benchUser(port, firstAdmin);
  await stopChildren();

  console.log(`Seeding ${LINES.toLocaleString('en')} lines into PGlite…`);
  const pglite = await openPglite(dataDir);
  // Ten units of one programme each; the bench user plans for the first: 10 000 lines to page.
  const sizes = { ...SIZES, agencies: 10, programs: 10, usersPerAgency: 1, lines: LINES };
  await pglite.query('begin');
  await seed(seedClient(pglite), { benchUserId: user.id, sizes });
  await pglite.query('commit');
  await pglite.query('vacuum analyze');
  await pglite.close();

  await startServer(port);
  const admin = await signIn(port, ADMIN);
  const userToken = (await signIn(port, USER))?.token;
  if (!admin || !userToken) throw new Error('sign-in failed after seeding');
  const pages = Math.ceil(LINES / sizes.agencies / 10);
  const csv = path.join(work, 'accounts.csv');
  await writeCsv(csv, ROWS);
  await ranwal(['login', '--server', `http://127.0.0.1:${port}`, '--email', ADMIN.email], {
    RANWAL_PASSWORD: ADMIN.password,
  });

  console.log(
    `${options.connections} clients each listing a user's lines every ${options.interval} ms (random page of ${pages}):`,
  );
  const baseline = await listCalls(
    port,
    userToken,
    pages,
    new Promise((resolve) => setTimeout(resolve, Number(options.baseline) * 1000)),
  );
  describe('alone', baseline);

  const jobs = { export: null, import: null };
  const exportJob = (async () => {
    if (!JOBS.has('export')) return;
    const started = performance.now();
    const link = await call(port, 'GET', '/ranwal/api/detail-program/report?year=2025', {
      token: admin.token,
    });
    if (link.status !== 200) throw new Error(`report link: ${JSON.stringify(link.json)}`);
    const file = await fetch(new URL(link.json.data.path, `http://127.0.0.1:${port}`));
    const bytes = (await file.arrayBuffer()).byteLength;
    if (file.status !== 200) throw new Error(`report file: ${file.status}`);
    jobs.export = { seconds: (performance.now() - started) / 1000, bytes };
  })();
  const importJob = (async () => {
    if (!JOBS.has('import')) return;
    const batch = options['batch-size'] ? ['--batch-size', options['batch-size']] : [];
    const result = await ranwal(['import', 'hierarchy', csv, '--json', ...batch]);
    jobs.import = { seconds: result.seconds };
  })();
  const during = await listCalls(port, userToken, pages, Promise.all([exportJob, importJob]));
  await Promise.all([exportJob, importJob]);
  describe(`during ${[...JOBS].join(' and ')}`, during);
  if (jobs.export) {
    const mib = (jobs.export.bytes / 1048576).toFixed(1);
    console.log(
      `  export ${LINES.toLocaleString('en')} lines: ${jobs.export.seconds.toFixed(1)} s (${mib} MiB)`,
    );
  }
  if (jobs.import) {
    const mib = ((await stat(csv)).size / 1048576).toFixed(1);
    console.log(
      `  import ${ROWS.toLocaleString('en')} rows: ${jobs.import.seconds.toFixed(1)} s (CSV ${mib} MiB)`,
    );
  }
  console.log(
    `\n| Clients | Alone p50 / p99 | During export + import p50 / p99 / max | Calls | p99 < ${GOAL_P99_MS} ms |`,
  );
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${options.connections} | ${ms(baseline.p50)} / ${ms(baseline.p99)} | ${ms(during.p50)} / ${ms(during.p99)} / ${ms(during.max)} | ${during.calls} | ${during.p99 < GOAL_P99_MS ? 'met' : 'missed'} |`,
  );
  if (baseline.failures + during.failures > 0) process.exitCode = 1;
} finally {
  await stopChildren();
  await rm(work, { recursive: true, force: true });
}
