// Comparing two stages of a budget year (issue 19) at a real size: the built server on
// PostgreSQL, a year of `--lines` (100 000) budget lines under 100 sub kegiatan, its first
// stage closed (its lines kept as its figures: the advance is timed too), then a tenth of the
// lines edited, a twentieth deleted and a twentieth added in the stage after, and
// `GET /api/stage/compare` of the two, timed `--rounds` (3) times. Goal: under 5 s.
//
//   npm run build && node bench/server/stage-compare.mjs [--lines 100000] [--rounds 3]
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
    lines: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});
const PORT = 18096;
const YEAR = 2026;
const SUB_ACTIONS = 100;
const LINES = Number(options.lines);
const GOAL_SECONDS = 5;
const API = '/ranwal/api';
const dbName = `ranwal_bench_stages_${process.pid}`;

const seconds = (started) => (performance.now() - started) / 1000;

async function main() {
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));
  await startServer(`${options['pg-url']}/${dbName}`, PORT);
  const admin = await signIn(PORT, ADMIN);
  const send = async (method, path, body, status = 200) => {
    const answer = await call(PORT, method, `${API}/${path}`, { token: admin.token, body });
    if (answer.status !== status) {
      throw new Error(`${method} ${path}: ${JSON.stringify(answer.json).slice(0, 400)}`);
    }
    return answer.json.data;
  };
  const create = (path, body) => send('POST', `${path}/create`, body, 201);

  // 100 sub kegiatan under one programme and kegiatan, each with one account to plan under.
  const program = await create('program', { name: 'Program Bench Tahap', is_taxed: true });
  const action = await create('action', { name: 'Kegiatan Bench', program_id: program.id });
  for (let n = 1; n <= SUB_ACTIONS; n++) {
    const subAction = await create('sub-action', {
      name: `Sub Kegiatan ${n}`,
      action_id: action.id,
    });
    const activity = await create('activity', {
      name: `Aktivitas ${n}`,
      sub_action_id: subAction.id,
    });
    const subtitle = await create('subtitle', { name: `Subtitle ${n}`, activity_id: activity.id });
    await create('account', {
      code: '5.1.02.01.01.0001',
      name: 'Belanja Alat Tulis Kantor',
      subtitle_id: subtitle.id,
    });
  }
  await create('supporter', { name: 'Pengampu Bench' });

  const db = new pg.Client({ connectionString: `${options['pg-url']}/${dbName}` });
  await db.connect();
  /** Lines straight into the database, spread over the accounts; numbered from `first`. */
  const insertLines = (first, count) =>
    db.query(
      `with chain as (
         select a.id as account_id, s.id as subtitle_id, ac.id as activity_id,
           sa.id as sub_action_id, k.id as action_id, p.id as program_id,
           row_number() over (order by a.id) as n
         from account a join subtitle s on s.id = a.subtitle_id
         join activity ac on ac.id = s.activity_id join sub_action sa on sa.id = ac.sub_action_id
         join action k on k.id = sa.action_id join program p on p.id = k.program_id)
       insert into detail_program (component_code, component_name, specification, unit, price,
         first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
         program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
         supporter_id, created_by)
       select 'K-' || g.i, 'Komponen ' || g.i, 'Spesifikasi ' || g.i, 'Unit', 1000 + g.i % 5000,
         1, 1, 1, 1000 + g.i % 5000, 0, 1000 + g.i % 5000, $3,
         c.program_id, c.action_id, c.sub_action_id, c.activity_id, c.subtitle_id, c.account_id,
         (select id from supporter limit 1), (select id from app_user where email = $4)
       from generate_series($1::int, $1::int + $2::int - 1) g(i)
       join chain c on c.n = g.i % ${SUB_ACTIONS} + 1`,
      [first, count, YEAR, ADMIN.email],
    );
  let started = performance.now();
  await insertLines(0, LINES);
  await db.query('analyze');
  console.log(`Seeded ${LINES} lines of ${YEAR} in ${seconds(started).toFixed(1)} s`);

  await send('PUT', 'stage/schedule', {
    year: YEAR,
    stages: [
      { kind: 'ranwal', starts_on: `${YEAR - 1}-01-01`, ends_on: `${YEAR + 1}-12-31` },
      { kind: 'ranhir', starts_on: `${YEAR - 1}-01-01`, ends_on: `${YEAR + 1}-12-31` },
    ],
  });
  await send('POST', 'stage/advance', { year: YEAR });
  started = performance.now();
  const stages = await send('POST', 'stage/advance', { year: YEAR });
  const advanceSeconds = seconds(started);
  console.log(
    `Into Ranhir, keeping Ranwal's ${stages[0].snapshot_lines} lines: ${advanceSeconds.toFixed(2)} s`,
  );

  // The final draft differs: a tenth edited, a twentieth deleted, a twentieth added.
  const { rows: ids } = await db.query(
    'select id from detail_program where year = $1 order by id',
    [YEAR],
  );
  const every = (step, offset) => ids.filter((_, n) => n % step === offset).map((row) => row.id);
  await db.query(
    `update detail_program set price = price + 500, total_price = total_price + 500,
       total_after_tax = total_after_tax + 500, updated_at = now()
     where id = any($1::uuid[])`,
    [every(10, 0)],
  );
  await db.query('delete from detail_program where id = any($1::uuid[])', [every(20, 1)]);
  await insertLines(LINES, LINES / 20);
  await db.query('analyze');

  const query = `stage/compare?year=${YEAR}&from=ranwal&to=ranhir&limit=100`;
  console.log(`\nGET /api/stage/compare of ${LINES} lines against the stage before:\n`);
  console.log('| Round | Load (1 min) | Seconds | Added | Removed | Changed | Difference |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  const times = [];
  for (let round = 1; round <= Number(options.rounds); round++) {
    started = performance.now();
    const comparison = await send('GET', query);
    const took = seconds(started);
    times.push(took);
    const { added, removed, changed } = comparison.counts;
    console.log(
      `| ${round} | ${os.loadavg()[0].toFixed(1)} | ${took.toFixed(2)} | ${added} | ${removed} | ${changed} | ${comparison.totals.difference} |`,
    );
  }
  await db.end();
  const worst = Math.max(...times);
  console.log(
    `\nGoal (a stage comparison over ${LINES} lines under ${GOAL_SECONDS} s): ${worst < GOAL_SECONDS ? 'met' : 'MISSED'} (slowest ${worst.toFixed(2)} s)`,
  );
  console.log(JSON.stringify({ lines: LINES, advanceSeconds, compareSeconds: times }));
}

try {
  await main();
} finally {
  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, false);
}
