// Budget lines at real sizes (issue 14): a user's list, searches and the admin's filtered list on
// PostgreSQL seeded with 1 000 000 lines, with the server's list cache off, at 100 connections,
// each request asking for a random page or a random search (not the same URL over and over);
// then the time to export 100 000 filtered lines. See README.md.
//
//   node bench/server/lines.mjs [--duration 10] [--warmup 3] [--connections 100]
//                               [--db NAME] [--keep] [--only user-pages,admin-search]
//   node bench/server/lines.mjs --serial [--requests 200] [--db NAME] [--only …]
//
// `--serial` (issue 39): one request at a time, each timed alone (no queue in front of it), for
// pages by offset and by cursor, searches by how many lines their words find, and filtered lists.
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
    serial: { type: 'boolean', default: false },
    requests: { type: 'string', default: '200' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const connections = Number(options.connections);
const requestsEach = Number(options.requests);

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

/**
 * A word only the bench gives a few lines (the seed has no rare word): every 40 000th line's
 * specification, 25 lines in all, written once (the update is idempotent).
 */
const RARE_WORD = 'genset cadangan';
async function markRareLines(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query(
    `update detail_program set specification = 'Genset Cadangan 5 kVA'
     where specification <> 'Genset Cadangan 5 kVA'
       and extract(epoch from created_at - timestamptz '2024-01-01 00:00:00+07')::bigint / 60 % 40000 = 0`,
  );
  await client.query('analyze detail_program');
  await client.end();
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * One request at a time: each scenario's `prepare()` (untimed: a cursor to start from) then
 * the timed request; p50 and p99 of `requestsEach` requests, after a tenth as many to warm up.
 */
async function runSerial(scenarios) {
  const results = [];
  for (const scenario of scenarios) {
    const timings = [];
    const warmups = Math.ceil(requestsEach / 10);
    for (let n = 0; n < warmups + requestsEach; n++) {
      const path = await scenario.path();
      if (path === null) break;
      const started = performance.now();
      const answer = await call(PORT, 'GET', path, { token: scenario.token });
      const ms = performance.now() - started;
      if (answer.status !== 200) {
        fail(`${scenario.name}: ${answer.status} for ${path}: ${JSON.stringify(answer.json)}`);
        break;
      }
      if (n >= warmups) timings.push(ms);
    }
    if (timings.length === 0) {
      console.log(`  ${scenario.name.padEnd(22)} not run (the server offers no cursor)`);
      continue;
    }
    timings.sort((a, b) => a - b);
    const row = {
      ...scenario,
      count: timings.length,
      p50: percentile(timings, 50),
      p99: percentile(timings, 99),
    };
    results.push(row);
    console.log(
      `  ${scenario.name.padEnd(22)} ${row.count} requests, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms`,
    );
  }
  console.log(
    `\nLoad average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log('\n| Scenario | Each request | p50 | p99 | p99 < 50 ms |');
  console.log('|---|---|---:|---:|---|');
  for (const row of results) {
    console.log(
      `| \`${row.name}\` | ${row.what} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms | ${row.p99 < GOAL.p99 ? 'met' : 'missed'} |`,
    );
  }
}

/**
 * The serial scenarios. A cursor scenario reads a random page by offset first (untimed) and
 * times the next page by its `next_cursor`: a deep page as someone paging on would reach it.
 */
function serialScenarios(admin, user) {
  const sorts = ['newest', 'oldest', 'total_desc', 'total_asc'];
  const userPages = Math.ceil(SIZES.lines / SIZES.agencies / 100);
  const adminPages = SIZES.lines / 100;
  const byCursor = (token, start) => async () => {
    const answer = await call(PORT, 'GET', start(), { token });
    const cursor = answer.json?.filter?.next_cursor;
    if (typeof cursor !== 'string') return null;
    const next = new URL(start(), 'http://x');
    next.searchParams.delete('page');
    next.searchParams.set('after', cursor);
    return `${next.pathname}?${next.searchParams}`;
  };
  // The cursor scenarios' starting pages are read at once; their own URL is built from them.
  const cursorAfter = (token, path) => {
    let last = '';
    const start = () => last;
    const follow = byCursor(token, start);
    return async () => {
      last = path();
      return follow();
    };
  };
  const search = (words) => () =>
    `${LIST}?limit=10&year=2025&search=${encodeURIComponent(pick(words))}`;
  const filtered = () =>
    `${LIST}?limit=10&year=2025&program_id=${seededId('program', randomInt(SIZES.programs))}&sort=${pick(sorts)}&page=${randomInt(50)}`;
  return [
    {
      name: 'user-pages',
      what: `a user's random page of 100 (of ${userPages}) by offset, random order`,
      token: user.token,
      path: () => `${LIST}?limit=100&page=${randomInt(userPages)}&sort=${pick(sorts)}`,
    },
    {
      name: 'user-cursor',
      what: "a user's next page of 100 by cursor from a random page, random order",
      token: user.token,
      path: cursorAfter(
        user.token,
        () => `${LIST}?limit=100&page=${randomInt(userPages - 1)}&sort=${pick(sorts)}`,
      ),
    },
    {
      name: 'admin-pages',
      what: `the admin's random page of 100 (of ${adminPages}) by offset, random order`,
      token: admin.token,
      path: () => `${LIST}?limit=100&page=${randomInt(adminPages)}&sort=${pick(sorts)}`,
    },
    {
      name: 'admin-cursor',
      what: "the admin's next page of 100 by cursor from a random page, random order",
      token: admin.token,
      path: cursorAfter(
        admin.token,
        () => `${LIST}?limit=100&page=${randomInt(adminPages - 1)}&sort=${pick(sorts)}`,
      ),
    },
    {
      name: 'search-rare',
      what: `the admin's 2025 search for '${RARE_WORD}' (a dozen lines), page of 10`,
      token: admin.token,
      path: search([RARE_WORD, 'cadangan 5 kva']),
    },
    {
      name: 'search-common',
      what: "the admin's 2025 search for a common word (10 000s of lines), page of 10",
      token: admin.token,
      path: search(['rapat', 'kertas', 'alat tulis', 'spesifikasi', 'perjalanan dinas']),
    },
    {
      name: 'search-middling',
      what: "the admin's 2025 search for 'spesifikasi 42' (~5 000 lines) or an account code",
      token: admin.token,
      path: search(['spesifikasi 42', '5.1.02.01.01.0033', 'pengembangan daerah 12']),
    },
    {
      name: 'search-nothing',
      what: "the admin's 2025 search for words no line has, page of 10",
      token: admin.token,
      path: search(['tidak ada yang seperti ini', 'xyzzy', 'genset besar']),
    },
    {
      name: 'user-search',
      what: "a user's random search, first page of 100",
      token: user.token,
      path: () => `${LIST}?limit=100&search=${encodeURIComponent(pick(SEARCHES))}`,
    },
    {
      name: 'admin-filtered',
      what: "the admin's Laporan: 2025, a random programme and order, a random page of 10",
      token: admin.token,
      path: filtered,
    },
    {
      name: 'admin-filtered-cursor',
      what: 'the same, the next page by cursor',
      token: admin.token,
      path: cursorAfter(admin.token, filtered),
    },
    {
      name: 'admin-year',
      what: "the admin's 2025 list, random order, random page of 10 (of 50)",
      token: admin.token,
      path: () => `${LIST}?limit=10&year=2025&sort=${pick(sorts)}&page=${randomInt(50)}`,
    },
    // The lists beside the lines' that read the line table: whether each sumber dana is in use,
    // the pagu of each unit against what its lines plan, the history of every change.
    {
      name: 'funding-sources',
      what: "the admin's list of sumber dana, each with whether lines name it",
      token: admin.token,
      path: () => '/ranwal/api/funding-source/list?limit=100',
    },
    {
      name: 'pagu-list',
      what: "the admin's 2025 pagu of each unit, page of 10 of 172",
      token: admin.token,
      path: () => `/ranwal/api/pagu/list?year=2025&limit=10&page=${1 + randomInt(17)}`,
    },
    {
      name: 'history',
      what: "the admin's history of changes, first page",
      token: admin.token,
      path: () => '/ranwal/api/history/list',
    },
  ];
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
    options.serial
      ? `Database ${dbName}; one request at a time, ${requestsEach} per scenario; list cache off; load ${os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(' ')}`
      : `Database ${dbName}; ${connections} connections, ${warmup} s warm-up, ${duration} s measured; list cache off`,
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

  if (options.serial) {
    await markRareLines(dbUrl);
    await runSerial(
      serialScenarios(admin, user).filter(
        ({ name }) => !options.only || options.only.split(',').includes(name),
      ),
    );
    await stopChildren();
    await dropOrKeep(options['pg-url'], dbName, options.keep || Boolean(options.db));
    return;
  }
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
