// The deadline-day bench (issue 39): an open-loop load of the calls people make in the week the
// budget is due, at rising arrival rates, on the server and, in the same run, on a bare
// node:http handler replaying the SQL the server ran for each of those calls (bare.mjs). Reports
// per kind of call its p50 and p99 at each rate, and the highest rate each side holds with every
// kind's p99 under 300 ms. See README.md ("The deadline day").
//
//   node bench/server/deadline.mjs [--db NAME] [--keep]            # PostgreSQL, province-sized
//   node bench/server/deadline.mjs --embedded [--data-dir DIR]    # PGlite, kabupaten-sized
//          [--rates 5,10,20,40] [--duration 20] [--warmup 5] [--variants 20] [--only server]
//
// Needs `npm run build` first. Exits non-zero on errors (a failed start, a refused call while
// capturing, a call the bare handler cannot replay), never on a missed goal.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { managedEntities } from '@ranwal/core';
import { openPglite } from './pglite.mjs';
import {
  ADMIN,
  benchUser,
  call,
  describeMachine,
  dropOrKeep,
  ensureDatabase,
  ensureSeeded,
  serverEntry,
  signIn,
  start,
  stopChildren,
} from './processes.mjs';
import { isReplayed } from './replay-rules.mjs';
import { chainOf, KABUPATEN_SIZES, SIZES, seed } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const { values: options } = parseArgs({
  options: {
    embedded: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    rates: { type: 'string' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    variants: { type: 'string', default: '20' },
    'pool-size': { type: 'string', default: '10' },
    'list-cache': { type: 'string' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const embedded = options.embedded;
const sizes = embedded ? KABUPATEN_SIZES : SIZES;
const rates = (options.rates ?? (embedded ? '2,5,10,20,40' : '5,10,20,40,80,120,160'))
  .split(',')
  .map(Number);
const duration = Number(options.duration);
const warmup = Number(options.warmup);
const variants = Number(options.variants);
const sides = (options.only ?? 'server,bare').split(',');

const P99_LIMIT_MS = 300;
const GOAL_SHARE = 0.7;
const SERVER_PORT = 18110;
const BARE_PORT = 18111;
const YEAR = 2026;
const jwtSecret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

let failed = false;
const fail = (message) => {
  failed = true;
  console.error(`ERROR: ${message}`);
};

/** A small deterministic generator (mulberry32), so both sides get the same arrivals. */
function random(seedValue) {
  let state = seedValue >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The deadline week's mix, as the portal sends it, in calls per ten lines a planner enters and
 * four they edit (one planner's busy hour), with the verifier and the admin alongside. See
 * README.md for where each figure comes from.
 */
const MIX = [
  { kind: 'cascade', weight: 54, what: 'a level list under the chosen parent (the line form)' },
  { kind: 'catalogue', weight: 48, what: "the catalogue's search under a kode rekening" },
  { kind: 'pagu', weight: 14, what: "the chosen sub kegiatan's pagu status" },
  { kind: 'line-create', weight: 10, what: 'a new budget line' },
  { kind: 'line-edit', weight: 4, what: 'a budget line edited' },
  { kind: 'lines', weight: 34, what: "the planner's list: a page, in an order" },
  { kind: 'lines-search', weight: 6, what: "the planner's list searched" },
  { kind: 'verifier', weight: 10, what: "the verifier's sub kegiatan, and one's lines" },
  { kind: 'admin', weight: 5, what: "the admin's Laporan filtered by unit and year" },
  { kind: 'rka', weight: 2, what: "a sub kegiatan's RKA workbook (the download)" },
  { kind: 'cash-plan', weight: 1, what: "the unit's Anggaran Kas workbook (the download)" },
];
const TOTAL_WEIGHT = MIX.reduce((sum, { weight }) => sum + weight, 0);

const SEARCHES = ['kertas', 'rapat', 'honorarium', 'tiket', 'spesifikasi 4', 'servis', 'zzz'];
const CATALOGUE_TYPED = ['ke', 'kert', 'kertas', 'nasi', 'honor', 'tin', 'a4', ''];
const ORDERS = ['newest', 'oldest', 'total_desc', 'total_asc'];
const CATALOGUE_ITEMS = 5_000;
/** Planners of the unit who download (each may have two downloads in progress). */
const DOWNLOADERS = 10;
const ACCOUNT_CODES = [
  '5.1.02.01.01.0024',
  '5.1.02.01.01.0025',
  '5.1.02.01.01.0029',
  '5.1.02.02.01.0003',
  '5.1.02.04.01.0001',
];

const api = (suffix) => `/ranwal/api/${suffix}`;
const listOf = (key) => api(`${managedEntities[key].path}/list`);

/** A line as the form sends it, under a chain of the planner's unit. */
function lineBody(chain, n) {
  const { agency_id: _, ...ids } = chain;
  return {
    component_code: '1.1.12.01.03.0001',
    component_name: `Kertas HVS 80 gram folio ${n}`,
    specification: `Spesifikasi ${n % 97}`,
    unit: 'Rim',
    price: 60_000 + n * 100,
    first_volume: 1 + (n % 12),
    year: YEAR,
    ...ids,
  };
}

/**
 * The calls of the mix, `variants` of each kind (a different page, chain, search, …), each
 * `{ key, kind, method, url, token, body? }`; the signed links of the downloads are asked for
 * here (they are what a person downloads).
 */
async function catalogueOfCalls({ planner, verifier, admin, downloaders }) {
  const pick = random(39);
  const at = (list) => list[Math.floor(pick() * list.length)];
  const ownUnitChains = Array.from({ length: variants }, () =>
    chainOf(sizes, 1, Math.floor(pick() * 1_000_000)),
  );
  const ownLines = (
    await call(SERVER_PORT, 'GET', `${api('detail-program/list')}?year=${YEAR}&limit=100`, {
      token: planner.token,
    })
  ).json.data.map((line) => line.id);
  if (ownLines.length === 0) throw new Error(`the planner's unit has no line in ${YEAR}`);
  const unitPages = Math.ceil(sizes.lines / sizes.agencies / 10);
  const calls = [];
  const add = (kind, n, call) => calls.push({ key: `${kind}:${n}`, kind, method: 'GET', ...call });
  const cascadeLevels = ['program', 'action', 'sub_action', 'activity', 'subtitle', 'account'];
  for (let n = 0; n < variants; n++) {
    const chain = ownUnitChains[n];
    const level = cascadeLevels[n % cascadeLevels.length];
    const parent = managedEntities[level].parent;
    const parentId = parent ? chain[`${parent}_id`] : chain.agency_id;
    add('cascade', n, {
      url: `${listOf(level)}?uuid=${parentId}&limit=20`,
      token: planner.token,
    });
    const typed = at(CATALOGUE_TYPED);
    add('catalogue', n, {
      url: `${api('price-item/list')}?year=${YEAR}&account_code=${at(ACCOUNT_CODES)}&limit=20${typed ? `&search=${encodeURIComponent(typed)}` : ''}`,
      token: planner.token,
    });
    add('pagu', n, {
      url: `${api('pagu/status')}?sub_action_id=${chain.sub_action_id}&year=${YEAR}`,
      token: planner.token,
    });
    add('line-create', n, {
      method: 'POST',
      url: api('detail-program/create'),
      token: planner.token,
      body: lineBody(chain, n),
    });
    add('line-edit', n, {
      method: 'PUT',
      url: api(`detail-program/${ownLines[n % ownLines.length]}/update`),
      token: planner.token,
      body: lineBody(chain, n + 1),
    });
    add('lines', n, {
      url: `${api('detail-program/list')}?limit=10&page=${n < variants / 2 ? 1 : 1 + Math.floor(pick() * unitPages)}&sort=${at(ORDERS)}`,
      token: planner.token,
    });
    add('lines-search', n, {
      url: `${api('detail-program/list')}?limit=10&search=${encodeURIComponent(at(SEARCHES))}`,
      token: planner.token,
    });
    add('verifier', n, {
      url:
        n % 2 === 0
          ? `${api('verification/sub-actions')}?year=${YEAR}&limit=10&page=${1 + (n % 3)}`
          : `${api('detail-program/list')}?year=${YEAR}&sub_action_id=${chain.sub_action_id}&limit=10`,
      token: verifier.token,
    });
    const unit = 1 + Math.floor(pick() * sizes.agencies);
    add('admin', n, {
      url: `${api('detail-program/list')}?year=${YEAR}&agency_id=${chainOf(sizes, unit, 0).agency_id}&sort=${at(ORDERS)}&limit=10&page=${1 + Math.floor(pick() * 5)}`,
      token: admin.token,
    });
  }
  // Downloads: a few variants each, each by another planner of the unit (the server lets one
  // person have two downloads in progress); the link is asked for as the portal does, then
  // followed, and asked for again before each step (links expire after ten minutes).
  for (let n = 0; n < Math.min(variants, downloaders.length); n++) {
    const token = downloaders[n].token;
    const links = {
      rka: `${api('detail-program/report')}?year=${YEAR}&layout=rka&sub_action_id=${ownUnitChains[n].sub_action_id}`,
      'cash-plan': `${api('cash-plan/workbook')}?year=${YEAR}&agency_id=${ownUnitChains[n].agency_id}`,
    };
    for (const [kind, linkUrl] of Object.entries(links)) {
      const follow = async () => {
        const link = await call(SERVER_PORT, 'GET', linkUrl, { token });
        if (link.status !== 200) throw new Error(`${kind} link: ${JSON.stringify(link.json)}`);
        const url = new URL(link.json.data.path, 'http://server');
        return `${url.pathname}${url.search}`;
      };
      add(kind, n, { url: await follow(), follow });
    }
  }
  return calls;
}

// --- Sending ----------------------------------------------------------------------------------

// Idle sockets are dropped after 4 s: the server closes one idle for 5 s (Node's default
// keep-alive timeout, which its own http server keeps), and a call sent on a socket it is just
// closing would fail with no answer, an artefact of the bench (a browser sends it again).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024, timeout: 4_000 });

/** Sends one call; resolves with its status once the whole answer has arrived. */
function send(port, request, headers) {
  return new Promise((resolve) => {
    const body = request.body ? JSON.stringify(request.body) : undefined;
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent,
        headers: {
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
          ...headers,
        },
      },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode));
        response.on('error', () => resolve(0));
      },
    );
    outgoing.on('error', () => resolve(0));
    outgoing.end(body);
  });
}

/**
 * One open-loop step: arrivals every 1000 / rate ms for `seconds`, whatever the answers do; each
 * call's latency counts from when it was due, so a stall delays (and counts) every call due in
 * it. Answers per kind the sorted latencies and the failures, and the calls still unanswered
 * 10 s after the last arrival (counted as failures).
 */
async function openLoop(port, calls, rate, seconds, seedValue) {
  const byKind = new Map(MIX.map(({ kind }) => [kind, calls.filter((c) => c.kind === kind)]));
  const draw = random(seedValue);
  const chooseKind = () => {
    let point = draw() * TOTAL_WEIGHT;
    for (const { kind, weight } of MIX) {
      point -= weight;
      if (point < 0) return kind;
    }
    return MIX.at(-1).kind;
  };
  const results = new Map(
    MIX.map(({ kind }) => [kind, { latencies: [], failures: 0, statuses: new Set() }]),
  );
  const interval = 1000 / rate;
  const count = Math.floor(rate * seconds);
  const started = performance.now();
  const pending = new Set();
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < count && started + next * interval <= now) {
        const due = started + next * interval;
        const kind = chooseKind();
        const choices = byKind.get(kind);
        const request = choices[Math.floor(draw() * choices.length)];
        next += 1;
        const sent = send(port, request, { 'x-bench-request': request.key }).then((status) => {
          const result = results.get(kind);
          if (status >= 200 && status < 300) result.latencies.push(performance.now() - due);
          else {
            result.failures += 1;
            result.statuses.add(status || 'no answer');
          }
          pending.delete(sent);
        });
        pending.add(sent);
      }
      if (next >= count) return resolve();
      setTimeout(tick, Math.max(0, started + next * interval - performance.now()));
    };
    tick();
  });
  const late = await Promise.race([
    Promise.all(pending).then(() => 0),
    new Promise((resolve) => setTimeout(() => resolve(pending.size), 10_000)),
  ]);
  for (const result of results.values()) result.latencies.sort((a, b) => a - b);
  return { results, late, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** The captures the log holds so far: key -> how many statements the bare handler replays. */
const capturedKeys = (file) =>
  new Map(
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const { key, statements } = JSON.parse(line);
            return [key, statements.filter(({ text }) => isReplayed(text)).length];
          })
      : [],
  );

/**
 * Whether the capture of `key` is written, waiting up to 2 s: a streamed download's last bytes
 * (its length told up front) can reach the bench before the server has ended the answer.
 */
async function captured(file, key) {
  for (let waited = 0; waited < 2_000; waited += 20) {
    const replayed = capturedKeys(file).get(key);
    if (replayed !== undefined) return replayed;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

// --- The run ----------------------------------------------------------------------------------

/** Starts the server (capturing), seeds it, signs the bench's people in. */
async function startServerAndSeed(captureLog) {
  const env = {
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    RANWAL_DEMO: '0',
    RANWAL_ADMIN_EMAIL: ADMIN.email,
    RANWAL_ADMIN_PASSWORD: ADMIN.password,
    RANWAL_SIGN_IN_LIMIT: '1000',
    RANWAL_JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_POOL_SIZE: options['pool-size'],
    RANWAL_BENCH_CAPTURE_LOG: captureLog,
    ...(options['list-cache'] === undefined ? {} : { RANWAL_LIST_CACHE_MB: options['list-cache'] }),
  };
  const launch = (database) =>
    start(
      'server',
      ['--import', path.join(here, 'capture-sql.mjs'), serverEntry],
      { ...env, ...database },
      'Ranwal is running',
    );
  if (!embedded) {
    const dbName = options.db ?? `ranwal_deadline_${process.pid}`;
    const version = await ensureDatabase(options['pg-url'], dbName);
    const dbUrl = `${options['pg-url']}/${dbName}`;
    await launch({ DATABASE_URL: dbUrl });
    const admin = await signIn(SERVER_PORT, ADMIN);
    if (!admin) throw new Error('admin sign-in failed (a database seeded by another admin?)');
    const planner = await benchUser(SERVER_PORT, admin);
    await ensureSeeded(dbUrl, dbName, planner.id);
    return { dbName, version, database: { DATABASE_URL: dbUrl }, admin, launch };
  }
  // The embedded default: the server on a PGlite directory, seeded through SQL while it is
  // stopped, then copied for the bare handler (one process per PGlite directory).
  const dataDir = options['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'ranwal-deadline-'));
  const database = { DATABASE_URL: undefined, RANWAL_DATA_DIR: dataDir };
  await launch(database);
  const firstAdmin = await signIn(SERVER_PORT, ADMIN);
  if (!firstAdmin) throw new Error('admin sign-in failed');
  const planner = await benchUser(SERVER_PORT, firstAdmin);
  const seeded = await call(SERVER_PORT, 'GET', `${api('detail-program/list')}?limit=1`, {
    token: firstAdmin.token,
  });
  await stopChildren();
  if (seeded.json.filter.total_result === 0) {
    console.log(`Seeding ${sizes.lines.toLocaleString('en')} lines into PGlite ${dataDir}…`);
    const pglite = await openPglite(dataDir);
    const client = {
      query: async (text, values) => {
        const result = await pglite.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
    };
    const startedAt = Date.now();
    await pglite.query('begin');
    await seed(client, { benchUserId: planner.id, sizes });
    await pglite.query('commit');
    await pglite.query('vacuum analyze');
    await pglite.close();
    console.log(`Seeded in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  }
  const bareDir = `${dataDir}-bare`;
  rmSync(bareDir, { recursive: true, force: true });
  await launch(database);
  const admin = await signIn(SERVER_PORT, ADMIN);
  return {
    dataDir,
    bareDir,
    version: 'PGlite',
    database,
    admin,
    launch,
  };
}

/** A person of the planner's unit, created through the API unless they can sign in. */
async function benchPerson(admin, name, role, agencyId) {
  const person = {
    name: `Bench ${name}`,
    email: `${name}@bench.local`,
    password: `bench-${name}-password-1`,
  };
  if (!(await signIn(SERVER_PORT, person))) {
    const created = await call(SERVER_PORT, 'POST', api('user/create'), {
      token: admin.token,
      body: { ...person, role, agency_ids: [agencyId] },
    });
    if (created.status !== 201) throw new Error(`${name}: ${JSON.stringify(created.json)}`);
  }
  return signIn(SERVER_PORT, person);
}

/** The catalogue the line form searches: a few thousand items of the year, once. */
async function ensureCatalogue(admin) {
  const probe = await call(SERVER_PORT, 'GET', `${api('price-item/list')}?year=${YEAR}&limit=1`, {
    token: admin.token,
  });
  if (probe.json.filter?.total_result > 0) return;
  const nouns = ['Kertas', 'Tinta', 'Nasi Kotak', 'Honorarium', 'Tiket', 'Servis', 'Map', 'Sewa'];
  const items = Array.from({ length: CATALOGUE_ITEMS }, (_, n) => ({
    kind: 'SSH',
    code: `1.1.7.01.${String(Math.floor(n / 1000)).padStart(2, '0')}.${String(n).padStart(6, '0')}`,
    name: `${nouns[n % nouns.length]} ${['A4', 'F4', 'Standar', 'Kelas I'][n % 4]} ${n}`,
    specification: `Spesifikasi ${n % 97}`,
    unit: ['Buah', 'Paket', 'Rim', 'OH'][n % 4],
    price: 1_000 + ((n * 7919) % 5_000_000),
    account_codes: [ACCOUNT_CODES[n % ACCOUNT_CODES.length]],
  }));
  const loaded = await call(SERVER_PORT, 'POST', api('price-item/import'), {
    token: admin.token,
    body: { year: YEAR, items },
  });
  if (loaded.status >= 300)
    throw new Error(`catalogue: ${JSON.stringify(loaded.json).slice(0, 300)}`);
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error('run `npm run build` first');
  const captureLog = path.join(os.tmpdir(), `ranwal-deadline-capture-${process.pid}.log`);
  rmSync(captureLog, { force: true });
  const setup = await startServerAndSeed(captureLog);
  console.log(describeMachine(setup.version));
  console.log(
    `${embedded ? 'Embedded PGlite, kabupaten-sized' : 'PostgreSQL, province-sized'}: ${sizes.agencies} units, ${sizes.lines.toLocaleString('en')} lines; rates ${rates.join(', ')}/s, ${duration} s each, list cache ${options['list-cache'] ?? 'default'}`,
  );
  const admin = setup.admin;
  const planner = await signIn(SERVER_PORT, {
    email: 'user@bench.local',
    password: 'bench-user-password-1',
  });
  const unit = chainOf(sizes, 1, 0).agency_id;
  const verifier = await benchPerson(admin, 'verifier', 'verifier', unit);
  const downloaders = [];
  for (let n = 1; n <= DOWNLOADERS; n++) {
    downloaders.push(await benchPerson(admin, `planner${n}`, 'user', unit));
  }
  await ensureCatalogue(admin);
  const calls = await catalogueOfCalls({ planner, verifier, admin, downloaders });

  // Each call once, one at a time, to the server: what it ran is captured for the bare handler.
  const capturedAt = performance.now();
  /** side -> kind -> latencies of the calls made one at a time (no load). */
  const alone = { server: new Map(), bare: new Map() };
  const timeAlone = async (side, port, request, headers) => {
    const sentAt = performance.now();
    const status = await send(port, request, headers);
    const list = alone[side].get(request.kind) ?? [];
    list.push(performance.now() - sentAt);
    alone[side].set(request.kind, list);
    return status;
  };
  for (const request of calls) {
    const status = await send(SERVER_PORT, request, { 'x-bench-capture': request.key });
    if (status < 200 || status >= 300) fail(`${request.key} ${request.url}: ${status}`);
    else {
      const replayed = await captured(captureLog, request.key);
      if (replayed === undefined) fail(`${request.key}: nothing captured`);
      // Answered from the server's cache: the bare handler would have nothing to do.
      else if (replayed === 0) fail(`${request.key}: the server ran no SQL to replay`);
    }
  }
  console.log(
    `Captured ${calls.length} calls in ${((performance.now() - capturedAt) / 1000).toFixed(1)} s`,
  );
  if (failed) return;

  let bareDatabase = setup.database;
  if (embedded) {
    // The bare handler's own copy, taken with the server stopped (PGlite is one process's).
    await stopChildren();
    cpSync(setup.dataDir, setup.bareDir, { recursive: true });
    await setup.launch(setup.database);
    bareDatabase = { DATABASE_URL: undefined, RANWAL_BARE_PGLITE_DIR: setup.bareDir };
  }
  await start(
    'bare',
    ['--import', path.join(here, 'capture-sql.mjs'), path.join(here, 'bare.mjs')],
    {
      ...bareDatabase,
      PORT: String(BARE_PORT),
      DATABASE_POOL_SIZE: options['pool-size'],
      RANWAL_JWT_SECRET: jwtSecret,
      RANWAL_BENCH_REPLAY: captureLog,
    },
    'bare handler listening',
  );
  // The bare handler answers each call the server answered.
  for (const request of calls) {
    const status = await send(BARE_PORT, request, { 'x-bench-request': request.key });
    if (status < 200 || status >= 300) fail(`bare ${request.key}: ${status}`);
  }
  if (failed) return;
  // Each call alone, once more on each side now that both have read the data once.
  for (const [side, port] of [
    ['server', SERVER_PORT],
    ['bare', BARE_PORT],
  ]) {
    for (const request of calls) {
      if (request.follow) request.url = await request.follow();
      await timeAlone(side, port, request, { 'x-bench-request': request.key });
    }
  }
  // A kind one of whose calls takes the limit or more alone, on the bare handler (its SQL and
  // nothing else), cannot meet it at any rate: it is reported, and left out of the held rate.
  const slowAlone = new Set(
    MIX.map(({ kind }) => kind).filter((kind) =>
      (alone.bare.get(kind) ?? []).some((latency) => latency >= P99_LIMIT_MS),
    ),
  );
  if (slowAlone.size > 0) {
    console.log(
      `Over ${P99_LIMIT_MS} ms alone on the bare handler, left out of the held rate: ${[...slowAlone].join(', ')}`,
    );
  }

  const ports = { server: SERVER_PORT, bare: BARE_PORT };
  if (warmup > 0) {
    for (const side of sides) await openLoop(ports[side], calls, rates[0], warmup, 1);
  }
  /** side -> [{ rate, kinds: Map(kind -> {p50, p99, n, failures}), held }] */
  const steps = new Map(sides.map((side) => [side, []]));
  // Per side, the kinds still holding, and the highest rate each held: a side keeps rising while
  // any kind holds, so each kind's own limit is found (issue 39 asks for it per kind).
  const measured = MIX.map(({ kind }) => kind).filter((kind) => !slowAlone.has(kind));
  const holding = new Map(sides.map((side) => [side, new Set(measured)]));
  const heldAt = new Map(sides.map((side) => [side, new Map()]));
  for (const [index, rate] of rates.entries()) {
    // Both sides get the same arrivals (same seed), the order alternating step by step.
    const order = index % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const still = holding.get(side);
      if (still.size === 0) continue;
      // A kind that misses is run once more before it counts as missed: on a machine shared
      // with other work, one burst from elsewhere should not end it. The second run is kept.
      for (let attempt = 1; attempt <= 2; attempt++) {
        for (const request of calls) if (request.follow) request.url = await request.follow();
        const step = await measureStep(ports[side], calls, rate, slowAlone);
        const missed = [...still].filter((kind) => kindMissed(step.kinds.get(kind)));
        console.log(
          `  ${side.padEnd(6)} ${String(rate).padStart(4)}/s: ${step.held ? 'held' : 'missed'}${missed.length ? ` (over: ${missed.map((kind) => `${kind} ${step.kinds.get(kind).p99.toFixed(0)} ms`).join(', ')})` : ''}${step.late ? `, ${step.late} unanswered` : ''}; load ${step.load.toFixed(1)}${attempt === 2 ? ' (run again)' : ''}`,
        );
        if (missed.length === 0 || attempt === 2) {
          steps.get(side).push({ ...step, attempt });
          for (const kind of missed) still.delete(kind);
          for (const kind of still) heldAt.get(side).set(kind, rate);
          // Calls left unanswered: the side is past saturation, every kind with it.
          if (step.late > 0) still.clear();
          break;
        }
      }
    }
  }
  printReport(steps, calls, alone, slowAlone, heldAt, holding);
  await stopChildren();
  if (!failed) rmSync(captureLog, { force: true });
  if (embedded) {
    rmSync(setup.bareDir, { recursive: true, force: true });
    if (!options['data-dir'] && !options.keep)
      rmSync(setup.dataDir, { recursive: true, force: true });
  } else {
    await dropOrKeep(options['pg-url'], setup.dbName, options.keep || Boolean(options.db));
  }
}

/** Whether a kind missed in a step: a failed call, or its p99 at the limit or over. */
const kindMissed = (result) =>
  result.failures > 0 || (result.n > 0 && !(result.p99 < P99_LIMIT_MS));

/** One step on one side: per kind p50, p99, answers and failures, and whether it held. */
async function measureStep(port, calls, rate, slowAlone) {
  const load = os.loadavg()[0];
  const { results, late } = await openLoop(port, calls, rate, duration, rate);
  const kinds = new Map();
  let held = late === 0;
  for (const { kind } of MIX) {
    const { latencies, failures, statuses } = results.get(kind);
    const p99 = percentile(latencies, 0.99);
    kinds.set(kind, {
      p50: percentile(latencies, 0.5),
      p99,
      n: latencies.length,
      failures,
      statuses: [...statuses].join(', '),
    });
    if (failures > 0) held = false;
    else if (latencies.length > 0 && !(p99 < P99_LIMIT_MS) && !slowAlone.has(kind)) held = false;
  }
  return { rate, kinds, held, late, load };
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)}` : '–');

function printReport(steps, calls, alone, slowAlone, heldAt, holding) {
  console.log(`\nPer kind of call, p50 / p99 in ms at each arrival rate (calls a second):\n`);
  for (const [side, list] of steps) {
    console.log(`${side}:`);
    console.log(`| kind | weight | ${list.map((step) => `${step.rate}/s`).join(' | ')} |`);
    console.log(`|---|---:|${list.map(() => '---:').join('|')}|`);
    for (const { kind, weight } of MIX) {
      const cells = list.map((step) => {
        const k = step.kinds.get(kind);
        return `${ms(k.p50)} / ${ms(k.p99)}${k.failures ? ` (${k.failures} failed: ${k.statuses})` : ''}`;
      });
      console.log(
        `| ${kind} | ${((100 * weight) / TOTAL_WEIGHT).toFixed(1)} % | ${cells.join(' | ')} |`,
      );
    }
    console.log(`| load (1 min) | | ${list.map((step) => step.load.toFixed(1)).join(' | ')} |\n`);
  }
  // The highest rate each side held with every kind's p99 under the limit (every step up to it
  // held too); per kind, the highest rate that kind held (heldAt).
  const heldRate = (list) => {
    let held = 0;
    for (const step of list) {
      if (!step.held) break;
      held = step.rate;
    }
    return held;
  };
  const kindRate = (side, kind) => heldAt.get(side)?.get(kind) ?? 0;
  const server = steps.get('server') ?? [];
  const bare = steps.get('bare') ?? [];
  console.log(
    `Held (every kind's p99 < ${P99_LIMIT_MS} ms${slowAlone.size ? `, but ${[...slowAlone].join(', ')}` : ''}): server ${heldRate(server)}/s, bare ${heldRate(bare)}/s` +
      (bare.length && server.length
        ? `, the server's share ${((100 * heldRate(server)) / Math.max(1, heldRate(bare))).toFixed(0)} % (goal ≥ ${GOAL_SHARE * 100} %)`
        : ''),
  );
  const aloneOf = (side, kind) => {
    const sorted = [...(alone[side].get(kind) ?? [])].sort((a, b) => a - b);
    return sorted.length ? `${ms(percentile(sorted, 0.5))} / ${ms(sorted.at(-1))}` : '–';
  };
  console.log(
    `\n| kind | alone, server: median / max ms | alone, bare | server holds | bare holds | share |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const { kind } of MIX) {
    const s = kindRate('server', kind);
    const b = kindRate('bare', kind);
    // Still holding at the last rate run: its limit is above it.
    const shown = (side, rate) =>
      slowAlone.has(kind) ? '–' : `${holding.get(side)?.has(kind) ? '≥ ' : ''}${rate}/s`;
    console.log(
      `| ${kind}${slowAlone.has(kind) ? ' (slow alone)' : ''} | ${aloneOf('server', kind)} | ${aloneOf('bare', kind)} | ${shown('server', s)} | ${shown('bare', b)} | ${b && !slowAlone.has(kind) ? `${((100 * s) / b).toFixed(0)} %` : '–'} |`,
    );
  }
  console.log(`\nCalls (${calls.length} variants):`);
  for (const { kind, what } of MIX) {
    const example = calls.find((c) => c.kind === kind);
    console.log(`  ${kind}: ${what}; e.g. ${example?.method} ${example?.url.slice(0, 140)}`);
  }
}

// Stopped by hand: stop the server and the bare handler with it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => stopChildren().then(() => process.exit(130)));
}

main()
  .catch((error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)))
  .finally(async () => {
    await stopChildren();
    process.exit(failed ? 1 : 0);
  });
