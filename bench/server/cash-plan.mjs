// Anggaran Kas at a kabupaten's size (issue 36): the built server on PostgreSQL, a year of
// 6 381 sub kegiatan with five kode rekening each (31 905 plan rows, one budget line per
// account), every plan balanced. Then `--calls` (300) sub kegiatan chosen at random: each grid
// read (`GET /api/cash-plan`) and saved back with one month moved (`PUT /api/cash-plan/set`),
// one call at a time, as a user would. Goal: p99 under 50 ms for both.
//
//   npm run build && node bench/server/cash-plan.mjs [--calls 300]
//
// Exits non-zero on errors, never on a missed goal.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
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
    calls: { type: 'string', default: '300' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18097;
const YEAR = 2026;
const SUB_ACTIONS = 6381;
const ACCOUNTS_PER_SUB_ACTION = 5;
const GOAL_MS = 50;
const API = '/ranwal/api';
const dbName = `ranwal_bench_cash_${process.pid}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  await startServer(`${options['pg-url']}/${dbName}`, PORT);
  const admin = await signIn(PORT, ADMIN);
  const db = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await db.connect();
  let started = performance.now();
  // The hierarchy, the lines and a balanced plan, set-based; ids are the database's.
  await db.query(`
    insert into program (name) values ('Program Bench Kas');
    insert into action (name, program_id) select 'Kegiatan Bench Kas', id from program;
    insert into sub_action (name, code, action_id)
      select 'Sub Kegiatan ' || g, '9.99.99.2.01.' || lpad(g::text, 4, '0'), (select id from action)
      from generate_series(1, ${SUB_ACTIONS}) g;
    insert into activity (name, sub_action_id) select 'Aktivitas ' || code, id from sub_action;
    insert into subtitle (name, activity_id) select 'Subtitle ' || id, id from activity;
    insert into account (code, name, subtitle_id)
      select '5.1.02.01.01.' || lpad(k::text, 4, '0'), 'Belanja ' || k, s.id
      from subtitle s, generate_series(1, ${ACCOUNTS_PER_SUB_ACTION}) k;
    insert into supporter (name) values ('Pengampu Bench Kas');`);
  await db.query(
    `insert into detail_program (component_code, component_name, specification, unit, price,
       first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
       program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
       supporter_id, created_by)
     select 'K-1', 'Komponen', 'Spesifikasi', 'Unit', 1200000, 1, 1, 1, 1200000, 0, 1200000, $1,
       p.id, k.id, sa.id, ac.id, st.id, a.id,
       (select id from supporter limit 1), (select id from app_user where email = $2)
     from account a join subtitle st on st.id = a.subtitle_id
     join activity ac on ac.id = st.activity_id join sub_action sa on sa.id = ac.sub_action_id
     join action k on k.id = sa.action_id join program p on p.id = k.program_id`,
    [YEAR, ADMIN.email],
  );
  await db.query(
    `insert into cash_plan (year, sub_action_id, account_code, ${Array.from({ length: 12 }, (_, i) => `month_${i + 1}`).join(', ')})
     select $1, d.sub_action_id, a.code, ${Array.from({ length: 12 }, () => '100000').join(', ')}
     from detail_program d join account a on a.id = d.account_id where d.year = $1`,
    [YEAR],
  );
  await db.query('analyze');
  const { rows: counts } = await db.query(
    'select (select count(*) from sub_action) as s, (select count(*) from cash_plan) as c',
  );
  console.log(
    `Seeded ${counts[0].s} sub kegiatan, ${counts[0].c} plan rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { rows: ids } = await db.query('select id from sub_action order by random()');
  await db.end();

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
}

try {
  await main();
} finally {
  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, false);
}
