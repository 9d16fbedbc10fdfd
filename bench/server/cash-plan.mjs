// Anggaran Kas at a kabupaten's size (issue 36): the built server on PostgreSQL, a year of
// 6 381 sub kegiatan with five kode rekening each (31 905 plan rows, one budget line per
// account), every plan balanced. Then `--calls` (300) sub kegiatan chosen at random: each grid
// read (`GET /api/cash-plan`) and saved back with one month moved (`PUT /api/cash-plan/set`),
// one call at a time, as a user would. Goal: p99 under 50 ms for both.
//
// Then the year's printouts end to end as an admin, `--rounds` (3) times each: the Anggaran Kas
// (`GET /api/cash-plan/workbook`, then its signed link read to the end) as xlsx and PDF, goal
// under 10 s; and the recap by sumber dana, `--recap-calls` (50) JSON reads and its printouts.
// The lines are spread over four sources by sub kegiatan number (every fifth names none), and
// one sub kegiatan in five with a source has a ceiling on it.
//
//   npm run build && node bench/server/cash-plan.mjs [--calls 300] [--rounds 3] [--recap-calls 50]
//
// Exits non-zero on errors (a non-2xx answer, a file that is not whole), never on a missed goal.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedPlannedYear } from './planned-year.mjs';
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
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    'recap-calls': { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18097;
const YEAR = 2026;
const SUB_ACTIONS = 6381;
const ACCOUNTS_PER_SUB_ACTION = 5;
const GOAL_MS = 50;
const PRINT_GOAL_SECONDS = 10;
/** Sumber dana by sub kegiatan number modulo five; the fifth names none. */
const SOURCES = ['PAD', 'DAU', 'DBH', 'DAK-FISIK'];
const API = '/ranwal/api';
const dbName = `ranwal_bench_cash_${process.pid}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Does the body end as a whole file of its format ends (a zip's end record, a PDF's %%EOF)? */
const looksWhole = (format, head, tail) =>
  format === 'pdf'
    ? head.startsWith('%PDF-') && tail.includes('%%EOF')
    : head.startsWith('PK') && tail.includes('PK\x05\x06');

async function main() {
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  const server = await startServer(`${options['pg-url']}/${dbName}`, PORT);
  const admin = await signIn(PORT, ADMIN);
  const db = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await db.connect();
  let started = performance.now();
  // The hierarchy, the lines (over the sources) and a balanced plan.
  await seedPlannedYear(db, {
    year: YEAR,
    subActions: SUB_ACTIONS,
    accountsPerSubAction: ACCOUNTS_PER_SUB_ACTION,
    label: 'Bench Kas',
    adminEmail: ADMIN.email,
    sources: SOURCES,
  });
  // One sub kegiatan in five with a source draws on it up to a ceiling a little above its lines.
  await db.query(
    `insert into sub_action_funding (sub_action_id, year, funding_source_id, ceiling, is_default)
     select distinct d.sub_action_id, d.year, d.funding_source_id, 6500000, true
     from detail_program d join sub_action sa on sa.id = d.sub_action_id
     where d.year = $1 and d.funding_source_id is not null
       and right(sa.code, 4)::int % 20 between 1 and 4`,
    [YEAR],
  );
  await db.query('analyze');
  const { rows: counts } = await db.query(
    `select (select count(*) from sub_action) as s, (select count(*) from cash_plan) as c,
       (select count(*) from detail_program where funding_source_id is not null) as f,
       (select count(*) from sub_action_funding) as a`,
  );
  console.log(
    `Seeded ${counts[0].s} sub kegiatan, ${counts[0].c} plan rows (${counts[0].f} lines with a sumber dana, ${counts[0].a} ceilings) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { rows: ids } = await db.query('select id from sub_action order by random()');

  const send = async (method, path, body) => {
    const answer = await call(PORT, method, `${API}/${path}`, { token: admin.token, body });
    if (answer.status !== 200) {
      throw new Error(`${method} ${path}: ${JSON.stringify(answer.json).slice(0, 400)}`);
    }
    return answer.json.data;
  };
  const reads = [];
  const saves = [];
  const calls = Number(options.calls);
  for (let n = 0; n < calls + 20; n++) {
    const id = ids[n % ids.length].id;
    started = performance.now();
    const grid = await send('GET', `cash-plan?sub_action_id=${id}&year=${YEAR}`);
    const read = performance.now() - started;
    // One month moved to the next: still balanced.
    const rows = grid.rows.map((row, index) => {
      const months = row.months.map(Number);
      if (index === 0) {
        months[0] -= 50_000;
        months[1] += 50_000;
      }
      return { account_code: row.account_code, months };
    });
    started = performance.now();
    const saved = await send('PUT', 'cash-plan/set', { sub_action_id: id, year: YEAR, rows });
    const save = performance.now() - started;
    if (saved.totals.selisih !== '0') throw new Error(`selisih ${saved.totals.selisih}`);
    // The first 20 warm the process up.
    if (n >= 20) {
      reads.push(read);
      saves.push(save);
    }
  }
  const row = (name, times) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `| ${name} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1).toFixed(1)} |`;
  };
  console.log(`\nOne sub kegiatan's grid (5 kode rekening), load ${os.loadavg()[0].toFixed(1)}:\n`);
  console.log('| Call | Calls | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('GET /api/cash-plan', reads));
  console.log(row('PUT /api/cash-plan/set', saves));
  const worst = Math.max(
    percentile(
      [...reads].sort((a, b) => a - b),
      99,
    ),
    percentile(
      [...saves].sort((a, b) => a - b),
      99,
    ),
  );
  console.log(
    `\nGoal (p99 under ${GOAL_MS} ms): ${worst < GOAL_MS ? 'met' : 'MISSED'} (worst p99 ${worst.toFixed(1)} ms)`,
  );

  // The recap by sumber dana as the dashboards read it, one call at a time after 5 unmeasured.
  const recaps = [];
  for (let n = 0; n < Number(options['recap-calls']) + 5; n++) {
    started = performance.now();
    const recap = await send('GET', `funding-source/recap?year=${YEAR}`);
    if (n >= 5) recaps.push(performance.now() - started);
    if (n === 0) {
      const sources = recap.sources.map((s) => `${s.code ?? '(none)'} ${s.sub_action_count}`);
      console.log(`\nRecap by sumber dana (sub kegiatan per source): ${sources.join(', ')}`);
    }
  }
  console.log(`\nThe recap by sumber dana, load ${os.loadavg()[0].toFixed(1)}:\n`);
  console.log('| Call | Calls | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(row('GET /api/funding-source/recap', recaps));

  // A printout end to end: the link, then the file read to the end; with the CPU the server
  // and the PostgreSQL backends spent on it, to tell the query's time from the writing's.
  const print = async (linkPath, format) => {
    const load = os.loadavg()[0];
    const cpuBefore = cpuSeconds(server.pid);
    const pgBefore = await backendCpu(db, dbName);
    started = performance.now();
    const link = await send('GET', `${linkPath}?year=${YEAR}&format=${format}`);
    const response = await fetch(new URL(link.path, `http://127.0.0.1:${PORT}`));
    if (response.status !== 200) throw new Error(`${linkPath} ${format}: ${response.status}`);
    let bytes = 0;
    let head = '';
    let tail = Buffer.alloc(0);
    for await (const chunk of response.body) {
      if (bytes === 0) head = Buffer.from(chunk.subarray(0, 8)).toString('latin1');
      bytes += chunk.length;
      tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-1024);
    }
    const seconds = (performance.now() - started) / 1000;
    if (!looksWhole(format, head, tail.toString('latin1'))) {
      throw new Error(`${linkPath} ${format}: the file is not whole`);
    }
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const pgCpu = backendSeconds(pgBefore, await backendCpu(db, dbName));
    return { seconds, bytes, cpu, pgCpu, load };
  };
  const printouts = [
    { name: 'Anggaran Kas xlsx', path: 'cash-plan/workbook', format: 'xlsx', goal: true },
    { name: 'Anggaran Kas PDF', path: 'cash-plan/workbook', format: 'pdf', goal: true },
    { name: 'Recap xlsx', path: 'funding-source/recap/download', format: 'xlsx' },
    { name: 'Recap PDF', path: 'funding-source/recap/download', format: 'pdf' },
  ];
  console.log('');
  for (const printout of printouts) {
    printout.runs = [];
    for (let round = 1; round <= Number(options.rounds); round++) {
      const run = await print(printout.path, printout.format);
      printout.runs.push(run);
      console.log(
        `  ${printout.name.padEnd(17)} round ${round}: ${run.seconds.toFixed(2)} s (server CPU ${run.cpu.toFixed(1)} s, PostgreSQL ${run.pgCpu.toFixed(1)} s), ${(run.bytes / 2 ** 20).toFixed(2)} MiB, load ${run.load.toFixed(1)}`,
      );
    }
  }
  await db.end();
  console.log(`\nThe year's printouts end to end (link, then the file), ${options.rounds} each:\n`);
  console.log(
    '| Printout | File | min s | median s | max s | Server CPU s (median) | PostgreSQL CPU s (median) | Load (1 min) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const { name, runs } of printouts) {
    const seconds = runs.map((run) => run.seconds);
    const loads = runs.map((run) => run.load);
    const kib = runs[0].bytes / 1024;
    const size = kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(1)} MiB`;
    console.log(
      `| ${name} | ${size} | ${Math.min(...seconds).toFixed(2)} | ${median(seconds).toFixed(2)} | ${Math.max(...seconds).toFixed(2)} | ${median(runs.map((run) => run.cpu)).toFixed(1)} | ${median(runs.map((run) => run.pgCpu)).toFixed(1)} | ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`,
    );
  }
  for (const { name, runs } of printouts.filter((printout) => printout.goal)) {
    const slowest = Math.max(...runs.map((run) => run.seconds));
    console.log(
      `Goal (${name} under ${PRINT_GOAL_SECONDS} s): ${slowest < PRINT_GOAL_SECONDS ? 'met' : 'MISSED'} (slowest ${slowest.toFixed(2)} s)`,
    );
  }
}

try {
  await main();
} finally {
  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, false);
}
