// The standard price catalogue at a region's size (issue 18): 50 000 items of one budget year,
// loaded through the API's own import, then the line form's search under a kode rekening as
// `--people` people typing use it: each sends a search when they pause (the form waits 500 ms
// after the last key, so at most `--rate` 2 a second each), a random rekening and what they have
// typed so far of a word people look for ('ke', 'kerta', 'kertas'; sometimes nothing yet), with
// the list cache off. Latency counts from when a search was due, not when it could be sent.
// Goal: p99 < 50 ms. `--rate 0` sends as fast as answers come instead (the server's capacity,
// not a latency people meet).
//
//   node bench/server/catalogue-search.mjs [--items 50000] [--people 20] [--rate 2]
//                                          [--duration 20] [--rounds 3] [--warmup 3] [--db NAME]
//
// Needs `npm run build` first. Exits non-zero on errors, never on a missed goal.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ADMIN,
  backendCpu,
  backendSeconds,
  call,
  cpuSeconds,
  describeMachine,
  dropOrKeep,
  ensureDatabase,
  signIn,
  startServer,
  stopChildren,
} from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    people: { type: 'string', default: '20' },
    rate: { type: 'string', default: '2' },
    db: { type: 'string' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18094;
const YEAR = 2026;
const ITEMS = Number(options.items);
const ACCOUNTS = 200;
const GOAL_P99_MS = 50;

const NOUNS = [
  'Kertas',
  'Tinta',
  'Map',
  'Pulpen',
  'Honorarium',
  'Nasi Kotak',
  'Kudapan',
  'Sewa',
  'Tiket',
  'Servis',
  'Bahan Bakar',
  'Meja',
  'Kursi',
  'Laptop',
  'Spanduk',
  'Baliho',
  'Cetak',
  'Fotokopi',
  'Jasa',
  'Uang Harian',
];
const SEARCHES = [
  'kertas',
  'honor',
  'nasi',
  'tinta printer',
  'sewa gedung',
  'laptop',
  '1.1.7',
  'a4',
  'cetak spanduk',
  'uang harian',
];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** What someone has typed when they pause: nothing yet, or two letters up to the whole word. */
function typed() {
  if (Math.random() < 0.1) return '';
  const word = pick(SEARCHES);
  return word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)));
}

const accountCode = (n) => `5.1.02.01.01.${String(n + 1).padStart(4, '0')}`;

function catalogue() {
  return Array.from({ length: ITEMS }, (_, n) => ({
    kind: n % 10 === 0 ? 'SBU' : 'SSH',
    code: `1.1.7.01.${String(Math.floor(n / 1000)).padStart(2, '0')}.${String(n).padStart(6, '0')}`,
    name: `${NOUNS[n % NOUNS.length]} ${['A4', 'F4', 'Standar', 'Eselon II', 'Kelas I'][n % 5]} ${n}`,
    specification: `Spesifikasi ${n % 97}, ${['buah', 'paket', 'rim', 'orang'][n % 4]}`,
    unit: ['Buah', 'Paket', 'Rim', 'OH'][n % 4],
    price: 1_000 + ((n * 7919) % 5_000_000),
    account_codes: [accountCode(n % ACCOUNTS), accountCode((n * 31) % ACCOUNTS)],
  }));
}

async function main() {
  const dbName = options.db ?? `ranwal_bench_catalogue_${process.pid}`;
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  const server = await startServer(`${options['pg-url']}/${dbName}`, PORT, {
    RANWAL_LIST_CACHE_MB: '0',
  });
  const admin = await signIn(PORT, ADMIN);
  if (!admin) throw new Error('admin sign-in failed');
  const loadStarted = performance.now();
  const loaded = await call(PORT, 'POST', '/ranwal/api/price-item/import', {
    token: admin.token,
    body: { year: YEAR, items: catalogue() },
  });
  if (loaded.status !== 200)
    throw new Error(`import: ${JSON.stringify(loaded.json).slice(0, 500)}`);
  console.log(
    `Loaded ${ITEMS} items in ${((performance.now() - loadStarted) / 1000).toFixed(2)} s: ${JSON.stringify(loaded.json.data)}`,
  );

  const path = () => {
    const search = typed();
    return `/ranwal/api/price-item/list?year=${YEAR}&limit=20&account_code=${accountCode(Math.floor(Math.random() * ACCOUNTS))}${search ? `&search=${encodeURIComponent(search)}` : ''}`;
  };
  const people = Number(options.people);
  const rate = Number(options.rate);
  const run = (seconds) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: people,
      ...(rate > 0 ? { connectionRate: rate } : {}),
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: path(),
            headers: { authorization: `Bearer ${admin.token}` },
          }),
        },
      ],
    });
  const monitor = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await monitor.connect();
  await run(Number(options.warmup));
  const load =
    rate > 0 ? `${people} people, ${rate} searches/s each` : `${people} connections, unpaced`;
  console.log(`\nSearch under a kode rekening, ${load}:\n`);
  console.log(
    '| Round | Load (1 min) | Searches | req/s | p50 | p99 | max | Server CPU / search | PostgreSQL CPU / search | p99 < 50 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (let round = 1; round <= Number(options.rounds); round++) {
    const machineLoad = os.loadavg()[0];
    const nodeBefore = cpuSeconds(server.pid);
    const pgBefore = await backendCpu(monitor, dbName);
    const result = await run(Number(options.duration));
    const nodeSeconds = cpuSeconds(server.pid) - nodeBefore;
    const pgSeconds = backendSeconds(pgBefore, await backendCpu(monitor, dbName));
    const searches = result.requests.total;
    const perSearch = (seconds) => `${((seconds * 1000) / searches).toFixed(2)} ms`;
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `| ${round} | ${machineLoad.toFixed(1)} | ${searches} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${perSearch(nodeSeconds)} | ${perSearch(pgSeconds)} | ${result.latency.p99 < GOAL_P99_MS ? 'met' : 'missed'} |`,
    );
    if (errors > 0) {
      console.error(`ERROR: ${errors} searches failed or timed out`);
      process.exitCode = 1;
    }
  }
  await monitor.end();
}

try {
  await main();
} finally {
  await stopChildren();
  // A database of its own is dropped; one named with --db is kept for the next run.
  if (!options.db) {
    await dropOrKeep(options['pg-url'], `ranwal_bench_catalogue_${process.pid}`, false);
  }
}
