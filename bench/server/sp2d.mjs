// Realisasi keuangan at a kabupaten's size (issue 37): the built server on PostgreSQL, a year of
// 6 381 sub kegiatan with five kode rekening each (one budget line per account, a balanced
// Anggaran Kas), and a year of paid orders: `--rows` (200 000) SP2D rows, four rows per SP2D,
// spread over the twelve months.
//
// 1. The import through the API (`POST /api/realisation/import`, the whole sheet in one call,
//    as the CLI sends it): first load (every SP2D new), then the same sheet again (unchanged).
// 2. The SQL floor for the same tables: the same rows (with the importer in `updated_by`, as
//    the API stores them) inserted by one `insert … select from unnest(…)` straight into `sp2d`
//    (its history triggers and foreign keys included), after deleting them.
//    Goal: the API's first load ≤ 1.5 × the floor.
// 3. `--calls` (300) realisation grids of random sub kegiatan (`GET /api/realisation`), one at
//    a time. Goal: p99 under 50 ms.
// 4. Bappeda's dashboard over the same year, the sub kegiatan spread over `--units` (50)
//    Perangkat Daerah, each with six months of physical progress and a sent report: the units'
//    month (`GET /api/realisation/summary`, goal p99 under 100 ms), then the drill-down: a
//    unit's month (`GET /api/monthly-report`), its trend (`GET /api/realisation/trend`) and the
//    region's trend, each `--calls` times one at a time (goal p99 under 50 ms for a unit's),
//    on the server as deployed (answers kept while the database does not change) and on a
//    second process with that cache off (what a call costs right after a write).
//
//   npm run build && node bench/server/sp2d.mjs [--rows 200000] [--calls 300]
//
// Exits non-zero on errors (a non-2xx answer, counts that do not add up), never on a missed goal.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { seedPlannedYear } from './planned-year.mjs';
import {
  ADMIN,
  call,
  describeMachine,
  dropOrKeep,
  ensureDatabase,
  signIn,
  startServer,
  stopChildren,
} from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    calls: { type: 'string', default: '300' },
    units: { type: 'string', default: '50' },
    // Keeps the bench database afterwards, to read its plans (EXPLAIN) by hand.
    keep: { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18098;
const UNCACHED_PORT = 18099;
const YEAR = 2026;
const SUB_ACTIONS = 6381;
const ACCOUNTS_PER_SUB_ACTION = 5;
const ROWS_PER_SP2D = 4;
const API = '/ranwal/api';
const dbName = `ranwal_bench_sp2d_${process.pid}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const seconds = (since) => (performance.now() - since) / 1000;

async function main() {
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  await startServer(`${options['pg-url']}/${dbName}`, PORT);
  const admin = await signIn(PORT, ADMIN);
  const db = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await db.connect();
  // The database is dropped (with force) when a step fails: that ends this connection, and the
  // step's own error is the one to read.
  db.on('error', () => undefined);
  let started = performance.now();
  await seedPlannedYear(db, {
    year: YEAR,
    subActions: SUB_ACTIONS,
    accountsPerSubAction: ACCOUNTS_PER_SUB_ACTION,
    label: 'Bench SP2D',
    adminEmail: ADMIN.email,
  });
  await db.query('analyze');
  console.log(
    `Seeded ${SUB_ACTIONS} sub kegiatan and their plan in ${seconds(started).toFixed(1)} s`,
  );

  // The sheet: row n pays 1 000 to sub kegiatan n mod 6 381, kode rekening n mod 5 + 1, in the
  // month its SP2D falls in; four rows to an SP2D. Amounts stay under the lines (1 200 000).
  const total = Number(options.rows);
  const rows = Array.from({ length: total }, (_, n) => {
    const sp2d = Math.floor(n / ROWS_PER_SP2D);
    const month = (sp2d % 12) + 1;
    return {
      row: n + 2,
      sp2d_number: `${String(sp2d + 1).padStart(6, '0')}/SP2D/LS/${YEAR}`,
      date: `${YEAR}-${String(month).padStart(2, '0')}-${String((sp2d % 28) + 1).padStart(2, '0')}`,
      sub_action_code: `9.99.99.2.01.${String((n % SUB_ACTIONS) + 1).padStart(4, '0')}`,
      account_code: `5.1.02.01.01.${String((n % ACCOUNTS_PER_SUB_ACTION) + 1).padStart(4, '0')}`,
      amount: 1000,
    };
  });
  const sheet = { year: YEAR, rows };
  console.log(`Sheet: ${total} rows, ${JSON.stringify(sheet).length / 1e6} MB as JSON`);

  const load = async (label) => {
    started = performance.now();
    const answer = await call(PORT, 'POST', `${API}/realisation/import`, {
      token: admin.token,
      body: sheet,
    });
    const took = seconds(started);
    if (answer.status !== 200) {
      throw new Error(`${label}: ${JSON.stringify(answer.json).slice(0, 400)}`);
    }
    const { created, changed, unchanged, rows: counted } = answer.json.data;
    console.log(
      `${label}: ${took.toFixed(1)} s (${created} new, ${changed} changed, ${unchanged} unchanged SP2D, ${counted} rows)`,
    );
    return { took, data: answer.json.data };
  };
  const first = await load('API import, first load');
  if (first.data.created !== Math.ceil(total / ROWS_PER_SP2D)) throw new Error('counts differ');
  const again = await load('API import, the same sheet again');
  if (again.data.unchanged !== first.data.created) throw new Error('not unchanged');

  // The floor: the same rows, resolved, in one statement into the same table and triggers.
  const { rows: ids } = await db.query('select code, id from sub_action');
  const idOf = new Map(ids.map((row) => [row.code, row.id]));
  await db.query('delete from sp2d where year = $1', [YEAR]);
  await db.query('vacuum analyze sp2d');
  started = performance.now();
  await db.query(
    `insert into sp2d (year, sp2d_number, sp2d_date, month, sub_action_id, account_code,
       funding_source_id, amount, updated_by)
     select $1, n, d, extract(month from d)::smallint, s, a, null, v,
       (select id from app_user where email = $7)
     from unnest($2::text[], $3::date[], $4::uuid[], $5::text[], $6::bigint[]) as r(n, d, s, a, v)`,
    [
      YEAR,
      rows.map((row) => row.sp2d_number),
      rows.map((row) => row.date),
      rows.map((row) => idOf.get(row.sub_action_code)),
      rows.map((row) => row.account_code),
      rows.map((row) => row.amount),
      ADMIN.email,
    ],
  );
  const floor = seconds(started);
  console.log(
    `SQL floor (one insert from unnest, same table and triggers): ${floor.toFixed(1)} s; the API's first load is ${(first.took / floor).toFixed(2)} × it (goal ≤ 1.5)`,
  );

  const { rows: subActions } = await db.query('select id from sub_action order by random()');
  const reads = [];
  const calls = Number(options.calls);
  for (let n = 0; n < calls + 20; n++) {
    started = performance.now();
    const answer = await call(
      PORT,
      'GET',
      `${API}/realisation?sub_action_id=${subActions[n % subActions.length].id}&year=${YEAR}`,
      { token: admin.token },
    );
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.json).slice(0, 400));
    // The first 20 warm the server up.
    if (n >= 20) reads.push(performance.now() - started);
  }
  reads.sort((a, b) => a - b);
  console.log(
    `realisation.get, ${calls} calls: p50 ${percentile(reads, 50).toFixed(1)} ms, p95 ${percentile(reads, 95).toFixed(1)} ms, p99 ${percentile(reads, 99).toFixed(1)} ms (goal under 50 ms)`,
  );

  // 4. The dashboard: the programme's sub kegiatan spread over the units (a programme, a kegiatan
  //    per unit; the lines follow their sub kegiatan), six months of progress, June sent.
  const units = Number(options.units);
  started = performance.now();
  await db.query(`
    insert into agency (code, name)
      select '9.99.0.00.0.00.' || lpad(g::text, 2, '0') || '.0000', 'Dinas Bench ' || g
      from generate_series(1, ${units}) g;
    insert into program (name, agency_id)
      select 'Program ' || a.name, a.id from agency a where a.name like 'Dinas Bench %';
    insert into action (name, program_id)
      select 'Kegiatan ' || p.name, p.id from program p where p.agency_id is not null;
    -- Lines keep their chain by composite keys that refuse a move (migration 0006): the bench
    -- moves a whole consistent year at once, with those checks (and the history) off meanwhile.
    set session_replication_role = replica;
    with numbered as (
      select s.id, right(s.code, 4)::int % ${units} as unit from sub_action s),
    actions as (
      select k.id as action_id, k.program_id,
        row_number() over (order by a.code) - 1 as unit
      from action k join program p on p.id = k.program_id join agency a on a.id = p.agency_id)
    update sub_action s set action_id = actions.action_id
      from numbered join actions using (unit) where numbered.id = s.id;
    update detail_program d set action_id = s.action_id, program_id = k.program_id
      from sub_action s join action k on k.id = s.action_id where s.id = d.sub_action_id;
    set session_replication_role = origin;
    insert into physical_progress (sub_action_id, year, month, progress_tenths, problems, actions)
      select s.id, ${YEAR}, m, least(1000, m * 80 + right(s.code, 2)::int), 'Cuaca', 'Lembur'
      from sub_action s, generate_series(1, 6) m;
    insert into monthly_report (agency_id, year, month, status, sent_at)
      select id, ${YEAR}, 6, 'sent', now() from agency where name like 'Dinas Bench %';
    analyze;`);
  console.log(
    `Spread over ${units} Perangkat Daerah with six months of progress in ${seconds(started).toFixed(1)} s`,
  );
  const { rows: agencies } = await db.query(
    `select id from agency where name like 'Dinas Bench %' order by random()`,
  );
  // The same calls on a second server process with its answer cache off: what each costs when
  // the database has just changed (on a deadline day, after nearly every call).
  await startServer(`${options['pg-url']}/${dbName}`, UNCACHED_PORT, { RANWAL_LIST_CACHE_MB: '0' });
  const timed = async (label, goal, pathOf) => {
    for (const [port, kind] of [
      [PORT, 'answers kept while nothing changes'],
      [UNCACHED_PORT, 'cache off'],
    ]) {
      await timedOn(port, `${label}, ${kind}`, goal, pathOf);
    }
  };
  const timedOn = async (port, label, goal, pathOf) => {
    const took = [];
    for (let n = 0; n < calls + 10; n++) {
      started = performance.now();
      const answer = await call(port, 'GET', `${API}/${pathOf(n)}`, { token: admin.token });
      if (answer.status !== 200) throw new Error(JSON.stringify(answer.json).slice(0, 400));
      if (n >= 10) took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    console.log(
      `${label}, ${calls} calls: p50 ${percentile(took, 50).toFixed(1)} ms, p95 ${percentile(took, 95).toFixed(1)} ms, p99 ${percentile(took, 99).toFixed(1)} ms (goal under ${goal} ms)`,
    );
  };
  const unitOf = (n) => agencies[n % agencies.length].id;
  await timed(
    "realisation.summary (the units' June)",
    100,
    () => `realisation/summary?year=${YEAR}&month=6`,
  );
  await timed(
    "monthlyReport.get (a unit's June)",
    50,
    (n) => `monthly-report?year=${YEAR}&month=6&agency_id=${unitOf(n)}`,
  );
  await timed(
    "realisation.trend (a unit's year)",
    50,
    (n) => `realisation/trend?year=${YEAR}&agency_id=${unitOf(n)}`,
  );
  await timed("realisation.trend (the region's year)", 100, () => `realisation/trend?year=${YEAR}`);
  await db.end();
}

try {
  await main();
} finally {
  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, options.keep);
}
