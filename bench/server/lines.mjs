// Budget lines at real sizes (issue 14): a user's list, searches and the admin's filtered list on
// PostgreSQL seeded with 1 000 000 lines, with the server's list cache off, at 100 connections,
// each request asking for a random page or a random search (not the same URL over and over);
// then the time to export 100 000 filtered lines. See README.md.
//
//   node bench/server/lines.mjs [--duration 10] [--warmup 3] [--connections 100]
//                               [--db NAME] [--keep] [--only user-pages,admin-search]
//
// Needs `npm run build` first (it runs apps/server/dist/server.js). Exits non-zero on errors (a
// failed start, a non-2xx answer), never on a missed goal.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ADMIN,
  benchUser,
  call,
  dropOrKeep,
  ensureDatabase,
  ensureSeeded,
  serverEntry,
  signIn,
  start,
  stopChildren,
} from './processes.mjs';
import { SIZES, seededId } from './seed.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '100' },
    'pool-size': { type: 'string', default: '10' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const connections = Number(options.connections);

const GOAL = { p99: 50, exportSeconds: 10 };
const PORT = 18090;
const LIST = '/ranwal/api/detail-program/list';
/** What people type into 'Cari laporan': components, specifications, programmes, accounts. */
const SEARCHES = [
  'kertas',
  'tinta printer',
  'rapat',
  'honorarium',
  'tiket pesawat',
  'servis berkala',
  'spesifikasi 42',
  'alat tulis',
  '1.1.12.01',
  'perjalanan dinas',
  'map snelhecter',
  'tidak ada yang seperti ini',
];
/** The export: a year's lines for meetings (2 of the 10 components), about 105 000 lines. */
const EXPORT_QUERY = 'year=2025&search=rapat';

let failed = false;
const fail = (message) => {
  failed = true;
  console.error(`ERROR: ${message}`);
};
const pick = (values) => values[Math.floor(Math.random() * values.length)];
const randomInt = (max) => Math.floor(Math.random() * max) + 1;

/** Load with a fresh random path per request; autocannon's result. */
function load(token, nextPath, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: nextPath() }),
      },
    ],
  });
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error('run `npm run build` first');
  const dbName = options.db ?? `ranwal_lines_${process.pid}`;
  const dbUrl = `${options['pg-url']}/${dbName}`;
  const version = await ensureDatabase(options['pg-url'], dbName);
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${version}`,
  );
  console.log(
    `Database ${dbName}; ${connections} connections, ${warmup} s warm-up, ${duration} s measured; list cache off`,
  );

  await start(
    'server',
    [serverEntry],
    {
      DATABASE_URL: dbUrl,
      DATABASE_POOL_SIZE: options['pool-size'],
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      RANWAL_SIGN_IN_LIMIT: '1000',
      RANWAL_LIST_CACHE_MB: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    'Ranwal is running',
  );
  const admin = await signIn(PORT, ADMIN);
  if (!admin) throw new Error('admin sign-in failed');
  const user = await benchUser(PORT, admin);
  await ensureSeeded(dbUrl, dbName, user.id);

  const userPages = Math.ceil(SIZES.lines / SIZES.agencies / 100);
  const adminPages = SIZES.lines / 100;
  const sorts = ['newest', 'oldest', 'total_desc', 'total_asc'];
  const scenarios = [
    {
      name: 'user-pages',
      what: `a user's random page of 100 (of ${userPages}), random order`,
      token: user.token,
      path: () => `${LIST}?limit=100&page=${randomInt(userPages)}&sort=${pick(sorts)}`,
    },
    {
      name: 'user-search',
      what: "a user's random search, first page",
      token: user.token,
      path: () => `${LIST}?limit=100&search=${encodeURIComponent(pick(SEARCHES))}`,
    },
    {
      name: 'admin-pages',
      what: `the admin's random page of 100 (of ${adminPages}), newest first`,
      token: admin.token,
      path: () => `${LIST}?limit=100&page=${randomInt(adminPages)}`,
    },
    {
      name: 'admin-search',
      what: "the admin's random search of 2025, first page",
      token: admin.token,
      path: () => `${LIST}?limit=10&year=2025&search=${encodeURIComponent(pick(SEARCHES))}`,
    },
    {
      name: 'admin-filtered',
      what: "the admin's Laporan: 2025, a random program and order, a random page of 10",
      token: admin.token,
      path: () =>
        `${LIST}?limit=10&year=2025&program_id=${seededId('program', randomInt(SIZES.programs))}&sort=${pick(sorts)}&page=${randomInt(50)}`,
    },
  ].filter(({ name }) => !options.only || options.only.split(',').includes(name));

  const results = [];
  for (const scenario of scenarios) {
    if (warmup > 0) await load(scenario.token, scenario.path, warmup);
    const result = await load(scenario.token, scenario.path, duration);
    const { errors, timeouts, non2xx, requests, latency } = result;
    if (errors + timeouts + non2xx > 0 || requests.total === 0) {
      fail(
        `${scenario.name}: ${requests.total} requests, ${errors} errors, ${timeouts} timeouts, ${non2xx} non-2xx`,
      );
    }
    results.push({ ...scenario, rps: requests.average, p50: latency.p50, p99: latency.p99 });
    console.log(
      `  ${scenario.name.padEnd(15)} ${requests.average.toFixed(0).padStart(6)} req/s, p50 ${latency.p50} ms, p99 ${latency.p99} ms`,
    );
  }

  // The filtered export: the link, then the whole workbook streamed and counted.
  let exported = null;
  if (!options.only || options.only.split(',').includes('export')) {
    const started = performance.now();
    const link = await call(PORT, 'GET', `/ranwal/api/detail-program/report?${EXPORT_QUERY}`, {
      token: admin.token,
    });
    if (link.status !== 200) fail(`export link: ${link.status}`);
    const response = await fetch(link.json.data.path);
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    const { rows } = await check.query(
      `select count(*) from detail_program where year = 2025 and search_text like '%rapat%'`,
    );
    await check.end();
    exported = { lines: Number(rows[0].count), seconds, bytes };
    console.log(
      `  export          ${exported.lines.toLocaleString('en')} lines in ${seconds.toFixed(1)} s (${(bytes / 2 ** 20).toFixed(1)} MiB)`,
    );
  }

  console.log('\n| Scenario | What | req/s | p50 | p99 | p99 < 50 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const row of results) {
    console.log(
      `| \`${row.name}\` | ${row.what} | ${row.rps.toFixed(0)} | ${row.p50} ms | ${row.p99} ms | ${row.rps > 0 && row.p99 < GOAL.p99 ? 'met' : 'missed'} |`,
    );
  }
  if (exported) {
    console.log(
      `| \`export\` | ${EXPORT_QUERY}: ${exported.lines.toLocaleString('en')} lines | | | ${exported.seconds.toFixed(1)} s | ${exported.seconds < GOAL.exportSeconds ? 'met (< 10 s)' : 'missed (≥ 10 s)'} |`,
    );
  }

  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, options.keep || Boolean(options.db));
}

main()
  .catch((error) => {
    fail(error.stack ?? String(error));
  })
  .finally(async () => {
    await stopChildren();
    process.exitCode = failed ? 1 : 0;
  });
