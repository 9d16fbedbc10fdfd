// A legitimate sign-in while one address floods the server with wrong passwords over distinct
// emails (issue 15, item 3): 1 500 guesses, 20 in flight, from one address; one person signs in
// from another address every 250 ms meanwhile. Reports what the guesses were answered and the
// person's sign-in latency before and during the flood. `--limits off` raises every sign-in
// limit out of reach, as the server was before the per-address and per-account limits.
//
//   node bench/server/sign-in-flood.mjs [--guesses 1500] [--concurrency 20] [--limits on|off]
//                                       [--pg postgres://postgres@127.0.0.1:5432]
//
// Needs the builds of core and server (`npm run bench:sign-in` does them). PGlite in a fresh
// temporary data directory unless --pg is given (then a fresh database on it, dropped at the
// end). The server trusts X-Forwarded-For from 127.0.0.1 so that the script can be two
// addresses. Exits non-zero on errors, never on a figure.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../local.mjs';
import {
  ADMIN,
  benchUser,
  call,
  serverEntry,
  signIn,
  start,
  stopChildren,
  USER,
} from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    guesses: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '20' },
    limits: { type: 'string', default: 'on' },
    pg: { type: 'string' },
  },
});
const GUESSES = Number(options.guesses);
const ATTACKER = '198.51.100.7';
const PERSON = '192.0.2.10';

const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-bench-sign-in-'));
const dbName = `ranwal_bench_sign_in_${process.pid}`;
const admin = options.pg ? new pg.Client({ connectionString: `${options.pg}/postgres` }) : null;
if (admin) {
  await admin.connect();
  await admin.query(`create database ${dbName}`);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const summary = (latencies) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `p50 ${Math.round(percentile(sorted, 0.5))} ms, p99 ${Math.round(percentile(sorted, 0.99))} ms, max ${Math.round(sorted.at(-1))} ms (${sorted.length} sign-ins)`;
};

/** One sign-in from `address`; answers its status and milliseconds. */
async function signInFrom(port, address, credentials) {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/ranwal/api/user/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(credentials),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

try {
  const port = await freePort();
  const unlimited = options.limits === 'off' ? '1000000000' : undefined;
  await start(
    'server',
    [serverEntry],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: admin ? `${options.pg}/${dbName}` : undefined,
      RANWAL_DATA_DIR: path.join(work, 'data'),
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
      RANWAL_TRUSTED_PROXIES: '127.0.0.1',
      RANWAL_SIGN_IN_LIMIT: unlimited,
      RANWAL_SIGN_IN_ADDRESS_LIMIT: unlimited,
      RANWAL_SIGN_IN_ACCOUNT_LIMIT: unlimited,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    'Ranwal is running',
  );
  await benchUser(port, await signIn(port, ADMIN));
  await call(port, 'GET', '/ranwal/api/health');
  const person = { email: USER.email, password: USER.password };

  const quiet = [];
  for (let i = 0; i < 20; i++) quiet.push((await signInFrom(port, PERSON, person)).ms);

  const statuses = new Map();
  let next = 0;
  const floodStarted = performance.now();
  const guesser = async () => {
    while (next < GUESSES) {
      const guess = next++;
      const { status } = await signInFrom(port, ATTACKER, {
        email: `pegawai${guess}@example.go.id`,
        password: 'Rahasia2026!',
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const flood = Promise.all(Array.from({ length: Number(options.concurrency) }, guesser));
  const during = [];
  let flooding = true;
  flood.finally(() => {
    flooding = false;
  });
  while (flooding) {
    const { status, ms } = await signInFrom(port, PERSON, person);
    if (status !== 200) throw new Error(`the person's sign-in answered ${status}`);
    during.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await flood;
  const floodSeconds = (performance.now() - floodStarted) / 1000;

  console.log(`Database: ${admin ? 'PostgreSQL' : 'PGlite'}; limits ${options.limits}`);
  console.log(
    `Guesses: ${GUESSES} from one address over distinct emails in ${floodSeconds.toFixed(1)} s: ${[
      ...statuses,
    ]
      .sort()
      .map(([status, count]) => `${count}×${status}`)
      .join(', ')}`,
  );
  console.log(`The person's sign-in, quiet: ${summary(quiet)}`);
  console.log(`The person's sign-in, during the guesses: ${summary(during)}`);
} finally {
  await stopChildren();
  await rm(work, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
