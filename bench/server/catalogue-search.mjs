// The standard price catalogue at a region's size (issue 18): 50 000 items of one budget year,
// loaded through the API's own import, then the line form's search under a kode rekening at
// `--connections` concurrent people, each request a random rekening and a random search (the
// words people type: 'kertas', 'honor', 'nasi'), with the list cache off. Goal: p99 < 50 ms.
//
//   node bench/server/catalogue-search.mjs [--items 50000] [--duration 10] [--warmup 3]
//                                          [--connections 10] [--db NAME]
//
// Needs `npm run build` first. Exits non-zero on errors, never on a missed goal.
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  ADMIN,
  call,
  ensureDatabase,
  serverEntry,
  signIn,
  start,
  stopChildren,
} from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    items: { type: 'string', default: '50000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
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
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model}, Node ${process.version}, PostgreSQL ${version}; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await start(
    'server',
    [serverEntry],
    {
      DATABASE_URL: `${options['pg-url']}/${dbName}`,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      RANWAL_LIST_CACHE_MB: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    'Ranwal is running',
  );
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

  const path = () =>
    `/ranwal/api/price-item/list?year=${YEAR}&limit=20&account_code=${accountCode(Math.floor(Math.random() * ACCOUNTS))}&search=${encodeURIComponent(pick(SEARCHES))}`;
  const run = (seconds) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: Number(options.connections),
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
  await run(Number(options.warmup));
  const result = await run(Number(options.duration));
  const errors = result.non2xx + result.errors;
  console.log(
    `search under a kode rekening, ${options.connections} connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (goal < ${GOAL_P99_MS} ms: ${result.latency.p99 < GOAL_P99_MS ? 'met' : 'missed'}), ${errors} errors`,
  );
  if (errors > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await stopChildren();
}
