// What the history of every change (issue 19) costs a budget line write: the built server on
// PostgreSQL, one person writing lines one after another (create, edit, delete), with the
// history's triggers on the line table on and off in alternating rounds, side by side on the
// same database and process. Reports the server's and PostgreSQL's CPU per write and the wall
// time per write in each mode, and the ratio. Goal: the history adds at most 20%.
//
//   npm run build && node bench/server/history-cost.mjs [--writes 300] [--rounds 4]
//
// Exits non-zero on errors, never on a missed goal.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ADMIN,
  backendCpu,
  backendSeconds,
  benchUser,
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
    writes: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '4' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18095;
const CYCLES = Math.ceil(Number(options.writes) / 3);
const GOAL_RATIO = 1.2;
const API = '/ranwal/api';
const dbName = `ranwal_bench_history_${process.pid}`;
const historyTriggers = ['insert', 'update', 'delete'].map(
  (event) => `detail_program_history_${event}`,
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function created(token, path, body) {
  const answer = await call(PORT, 'POST', `${API}/${path}/create`, { token, body });
  if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.json)}`);
  return answer.json.data.id;
}

async function main() {
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  const server = await startServer(`${options['pg-url']}/${dbName}`, PORT);
  const admin = await signIn(PORT, ADMIN);
  const user = await benchUser(PORT, admin);
  const chain = {};
  chain.program_id = await created(admin.token, 'program', {
    name: 'Program Bench',
    is_taxed: true,
  });
  chain.action_id = await created(admin.token, 'action', {
    name: 'Kegiatan Bench',
    program_id: chain.program_id,
  });
  chain.sub_action_id = await created(admin.token, 'sub-action', {
    name: 'Sub Kegiatan Bench',
    action_id: chain.action_id,
  });
  chain.activity_id = await created(admin.token, 'activity', {
    name: 'Aktivitas Bench',
    sub_action_id: chain.sub_action_id,
  });
  chain.subtitle_id = await created(admin.token, 'subtitle', {
    name: 'Subtitle Bench',
    activity_id: chain.activity_id,
  });
  chain.account_id = await created(admin.token, 'account', {
    code: '5.1.02.01.01.0001',
    name: 'Belanja Alat Tulis Kantor',
    subtitle_id: chain.subtitle_id,
  });
  chain.supporter_id = await created(admin.token, 'supporter', { name: 'Pengampu Bench' });
  const line = (n, price) => ({
    ...chain,
    component_code: `K-${n}`,
    component_name: `Kertas HVS 70 gram ${n}`,
    specification: 'A4, 500 lembar',
    unit: 'Rim',
    price,
    first_volume: 2,
    first_volume_unit: 'Rim',
    second_volume: 3,
    second_volume_unit: 'Bulan',
    year: 2026,
  });
  // A write: its answer must be what the form expects, or the figures mean nothing.
  const write = async (method, path, body, status) => {
    const answer = await call(PORT, method, `${API}/detail-program/${path}`, {
      token: user.token,
      body,
    });
    if (answer.status !== status)
      throw new Error(`${method} ${path}: ${JSON.stringify(answer.json)}`);
    return answer.json.data;
  };

  const monitor = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await monitor.connect();
  const setHistory = async (on) => {
    for (const trigger of historyTriggers) {
      await monitor.query(
        `alter table detail_program ${on ? 'enable' : 'disable'} trigger ${trigger}`,
      );
    }
  };
  /** CYCLES lines created, edited and deleted one after another: 3 writes each. */
  const round = async () => {
    const nodeBefore = cpuSeconds(server.pid);
    const pgBefore = await backendCpu(monitor, dbName);
    const started = performance.now();
    for (let n = 0; n < CYCLES; n++) {
      const { id } = await write('POST', 'create', line(n, 15_000), 201);
      await write('PUT', `${id}/update`, line(n, 16_500), 200);
      await write('DELETE', `${id}/delete`, undefined, 200);
    }
    const writes = CYCLES * 3;
    return {
      wallMs: (performance.now() - started) / writes,
      serverMs: ((cpuSeconds(server.pid) - nodeBefore) * 1000) / writes,
      postgresMs: (backendSeconds(pgBefore, await backendCpu(monitor, dbName)) * 1000) / writes,
    };
  };

  // Warm up both ways (the server's code gets faster over its first thousand calls), then
  // alternate on, off, off, on, … so drift in the machine and the process falls on both alike.
  for (const on of [false, true, false, true]) {
    await setHistory(on);
    await round();
  }
  const results = { on: [], off: [] };
  console.log(`\n${CYCLES * 3} writes a round (create, edit, delete), one at a time:\n`);
  console.log(
    '| Round | History | Load (1 min) | Wall / write | Server CPU / write | PostgreSQL CPU / write |',
  );
  console.log('|---:|---|---:|---:|---:|---:|');
  for (let n = 1; n <= Number(options.rounds) * 2; n++) {
    const on = [true, false, false, true][(n - 1) % 4];
    await setHistory(on);
    const result = await round();
    results[on ? 'on' : 'off'].push(result);
    console.log(
      `| ${Math.ceil(n / 2)} | ${on ? 'on' : 'off'} | ${os.loadavg()[0].toFixed(1)} | ${result.wallMs.toFixed(2)} ms | ${result.serverMs.toFixed(2)} ms | ${result.postgresMs.toFixed(2)} ms |`,
    );
  }
  await setHistory(true);
  // With the triggers off the server still tells the database who is writing (with each write
  // transaction's `begin`, db/change-actor.ts), so the rounds above leave that out of the
  // difference: timed here from a client of its own, and added to the history's side.
  const settingsMs = await settingsCost(monitor);
  const { rows } = await monitor.query(
    "select count(*) as count from change_log where record_type = 'detail_program'",
  );
  await monitor.end();

  const of = (mode, key) => median(results[mode].map((result) => result[key]));
  const cpu = (mode) => of(mode, 'serverMs') + of(mode, 'postgresMs');
  const ratios = {
    wall: of('on', 'wallMs') / (of('off', 'wallMs') - settingsMs),
    cpu: cpu('on') / (cpu('off') - settingsMs),
  };
  console.log(
    `\nMedians: wall ${of('off', 'wallMs').toFixed(2)} → ${of('on', 'wallMs').toFixed(2)} ms per write; server + PostgreSQL CPU ${cpu('off').toFixed(2)} → ${cpu('on').toFixed(2)} ms. Telling the database who writes: ${settingsMs.toFixed(3)} ms a write, taken from the 'off' side. History over none: wall ${ratios.wall.toFixed(3)}x, CPU ${ratios.cpu.toFixed(3)}x. History rows written: ${rows[0].count}.`,
  );
  const met = ratios.wall <= GOAL_RATIO && ratios.cpu <= GOAL_RATIO;
  console.log(`Goal (history adds at most 20% to a line write): ${met ? 'met' : 'MISSED'}`);
  console.log(JSON.stringify({ cycles: CYCLES, results, ratios }));
}

/**
 * What telling the database who writes adds to a write transaction's `begin` (the same round
 * trip), in wall time from a client (an upper bound of its CPU): the median of rounds of 500
 * transactions with it and without.
 */
async function settingsCost(client) {
  const settings =
    "select set_config('ranwal.actor', '00000000-0000-4000-8000-000000000000', true), set_config('ranwal.address', '127.0.0.1', true)";
  const transactions = async (withSettings) => {
    const started = performance.now();
    for (let n = 0; n < 500; n++) {
      await client.query(withSettings ? `begin; ${settings}` : 'begin');
      await client.query('commit');
    }
    return (performance.now() - started) / 500;
  };
  const differences = [];
  for (let round = 0; round < 5; round++) {
    differences.push((await transactions(true)) - (await transactions(false)));
  }
  return Math.max(0, median(differences));
}

try {
  await main();
} finally {
  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, false);
}
