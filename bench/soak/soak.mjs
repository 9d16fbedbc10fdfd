// The load soak: the built server on a fresh PostgreSQL database, autocannon on loopback at a
// steady rate on the budget-line list and create calls, the server's resident memory sampled
// from /proc. Used by bench/soak/run.mjs (the 10-minute run) and by the reliability suite
// (apps/server/reliability/soak.test.ts, a shorter one).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { managedEntities, managedEntityKeys, messagesId } from '@ranwal/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../local.mjs';
import { startServer } from '../server/processes.mjs';

const ADMIN = { email: 'admin@soak.local', password: 'soak-admin-password-1' };
const SOAK_CODE = 'soak';

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

async function admin(url, sql, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function api(origin, method, url, { token, body } = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.message}`);
  return json.data;
}

/** A programme-to-account path and a supporter for the lines the soak creates (the level table). */
async function createChain(origin, token) {
  const ids = {};
  for (const key of managedEntityKeys) {
    const level = managedEntities[key];
    const record = await api(origin, 'POST', `/ranwal/api/${level.path}/create`, {
      token,
      body: {
        name:
          key === 'account'
            ? 'Belanja Alat Tulis Kantor'
            : `${messagesId.levels[key].label} Uji Beban`,
        ...(level.parentField ? { [level.parentField]: ids[level.parentField] } : {}),
        ...(level.codeRequired ? { code: '5.1.02.01.01.0024' } : {}),
        ...(level.hasTaxFlag ? { is_taxed: true } : {}),
      },
    });
    ids[`${key}_id`] = record.id;
  }
  return ids;
}

function load(origin, { token, seconds, rate, connections, method, url, body }) {
  return autocannon({
    url: `${origin}${url}`,
    method,
    connections,
    overallRate: rate,
    duration: seconds,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** autocannon's figures for one endpoint. */
function figures(result) {
  return {
    requests: result.requests.total,
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Runs the soak and answers its figures. `seconds` of measured load at `rate` requests a second
 * on each of the two calls (list, create), after `warmup` seconds of the same load; the server's
 * RSS is sampled every `sampleSeconds`. The start and end memory are the medians of the first
 * and the last third of the samples of the measured part: RSS is a sawtooth (the heap grows
 * until a major collection), and a single sample lands anywhere on a tooth.
 */
export async function runSoak({
  pgUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  seconds = 600,
  warmup = 60,
  rate = 50,
  connections = 10,
  sampleSeconds = 5,
  log = () => {},
} = {}) {
  const name = `ranwal_soak_${randomBytes(5).toString('hex')}`;
  await admin(pgUrl, `create database ${name}`);
  const databaseUrl = new URL(pgUrl);
  databaseUrl.pathname = `/${name}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const loadAverage = { start: os.loadavg() };
  let server = null;
  try {
    server = await startServer(databaseUrl.toString(), port, {
      // Nothing of the shell's Ranwal settings: the soak measures the server as it ships.
      ...Object.fromEntries(
        Object.keys(process.env)
          .filter((key) => key.startsWith('RANWAL_'))
          .map((key) => [key, undefined]),
      ),
      RANWAL_DEMO: '0',
      RANWAL_ADMIN_EMAIL: ADMIN.email,
      RANWAL_ADMIN_PASSWORD: ADMIN.password,
    });
    const { token } = await api(origin, 'POST', '/ranwal/api/user/sign-in', { body: ADMIN });
    const chain = await createChain(origin, token);
    const line = {
      ...chain,
      component_code: SOAK_CODE,
      component_name: 'Kertas HVS A4',
      specification: 'Kertas HVS A4 80 gram, 1 rim isi 500 lembar',
      unit: 'Rim',
      price: 65_000,
      first_volume: 4,
      second_volume: 12,
      third_volume: 1,
      is_taxed: true,
      year: 2025,
    };
    const calls = [
      { name: 'list', method: 'GET', url: '/ranwal/api/detail-program/list?limit=20' },
      { name: 'create', method: 'POST', url: '/ranwal/api/detail-program/create', body: line },
    ];
    const both = (duration) =>
      Promise.all(
        calls.map((call) => load(origin, { token, seconds: duration, rate, connections, ...call })),
      );

    log(`warm-up: ${warmup} s at ${rate} req/s on each of list and create`);
    const warm = await both(warmup);
    const samples = [];
    const sample = () => {
      samples.push({ at: samples.length * sampleSeconds, rss: rssMegabytes(server.pid) });
    };
    log(`measuring: ${seconds} s, RSS every ${sampleSeconds} s`);
    sample();
    const sampler = setInterval(sample, sampleSeconds * 1000);
    const measured = await both(seconds);
    clearInterval(sampler);
    sample();
    loadAverage.end = os.loadavg();

    const [{ count }] = await admin(
      databaseUrl.toString(),
      'select count(*)::int as count from detail_program where component_code = $1',
      [SOAK_CODE],
    );
    const createdOk = warm[1]['2xx'] + measured[1]['2xx'];
    const rss = samples.map((s) => s.rss);
    const third = Math.max(1, Math.floor(rss.length / 3));
    const start = median(rss.slice(0, third));
    const end = median(rss.slice(-third));
    return {
      seconds,
      warmup,
      rate,
      connections,
      list: figures(measured[0]),
      create: figures(measured[1]),
      warmupErrors:
        warm[0].errors +
        warm[0].non2xx +
        warm[0].timeouts +
        warm[1].errors +
        warm[1].non2xx +
        warm[1].timeouts,
      rss: {
        start,
        end,
        change: (end - start) / start,
        min: Math.min(...rss),
        max: Math.max(...rss),
        samples,
      },
      linesStored: count,
      linesAcknowledged: createdOk,
      serverRunning: server.exitCode === null,
      loadAverage,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    };
  } catch (error) {
    if (server) error.message += `\nserver output:\n${server.output().slice(-4000)}`;
    throw error;
  } finally {
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await admin(pgUrl, `drop database if exists ${name} with (force)`);
  }
}

/** The figures as the lines of a short report. */
export function describeSoak(result) {
  const row = (name, f) =>
    `  ${name.padEnd(7)} ${String(f.requests).padStart(7)} requests, ${f.throughput.toFixed(1)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms; errors ${f.errors}, non-2xx ${f.non2xx}, timeouts ${f.timeouts}`;
  const load = (l) => l.map((n) => n.toFixed(2)).join(' ');
  return [
    `Soak: ${result.seconds} s measured after ${result.warmup} s warm-up, ${result.rate} req/s on each call, ${result.connections} connections each`,
    row('list', result.list),
    row('create', result.create),
    `  server RSS ${result.rss.start.toFixed(1)} MB at the start, ${result.rss.end.toFixed(1)} MB at the end (${(result.rss.change * 100).toFixed(1)}%; min ${result.rss.min.toFixed(1)}, max ${result.rss.max.toFixed(1)})`,
    `  lines stored ${result.linesStored}, creations acknowledged ${result.linesAcknowledged}; warm-up errors ${result.warmupErrors}`,
    `  load average (1, 5, 15 min) ${load(result.loadAverage.start)} at the start, ${load(result.loadAverage.end)} at the end; ${result.machine}`,
  ].join('\n');
}
