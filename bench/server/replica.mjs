// What a read replica (issue 39, DATABASE_READ_URL) costs and where its reads land: a primary and
// its streaming replica started here (bench/streaming-replica.mjs), the built server twice on the
// same database, without and with the replica, called in alternating rounds by one person who
// writes and reads back and another who only reads. Reports the median time of each call on
// each side, how many transactions the replica served, and the bare statements the
// read-your-own-write rule adds (the fence written after a write, the check before a read) next
// to the alternatives: a logged fence table, and no fence at all.
//
//   npm run build && node bench/server/replica.mjs [--calls 200] [--rounds 3]
//
// Exits non-zero on errors.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startStreamingReplica } from '../streaming-replica.mjs';
import { ADMIN, call, describeMachine, signIn, startServer, stopChildren } from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    calls: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
  },
});
const CALLS = Number(options.calls);
const ROUNDS = Number(options.rounds);
const API = '/ranwal/api';
const DB = 'ranwal_bench_replica';
const OTHER = {
  name: 'Bench Other',
  email: 'other@bench.local',
  password: 'bench-other-password-1',
};
const PORTS = { primary: 18101, replica: 18102 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(2)} ms`;

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** One round on `port`: CALLS × (a write, the writer's read of it, another's read twice). */
async function round(port, admin, other) {
  const times = { write: [], ownRead: [], otherRead: [], otherReadAgain: [] };
  for (let i = 0; i < CALLS; i++) {
    const write = await timed(() =>
      call(port, 'POST', `${API}/program/create`, {
        token: admin,
        body: { name: `Program ${port} ${i} ${Date.now()}` },
      }),
    );
    if (write.result.status !== 201) throw new Error(JSON.stringify(write.result.json));
    const id = write.result.json.data.id;
    const own = await timed(() =>
      call(port, 'GET', `${API}/history/list?record_type=program&record_id=${id}`, {
        token: admin,
      }),
    );
    if (own.result.json.data?.length !== 1) {
      throw new Error(`the writer did not see their write: ${JSON.stringify(own.result.json)}`);
    }
    const summary = () => call(port, 'GET', `${API}/detail-program/summary`, { token: other });
    const first = await timed(summary);
    const again = await timed(summary);
    times.write.push(write.ms);
    times.ownRead.push(own.ms);
    times.otherRead.push(first.ms);
    times.otherReadAgain.push(again.ms);
  }
  return times;
}

/** Transactions the replica's backends have ended in the bench database (read from another). */
async function replicaTransactions(url) {
  // Backends report their counts at most 10 s after going idle (PGSTAT_IDLE_INTERVAL).
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
    [DB],
  );
  await client.end();
  return Number(rows[0]?.count ?? 0);
}

/** The median of `n` runs of one statement on `client`, in ms. */
async function statement(client, text, values = [], n = 2000) {
  const times = [];
  for (let i = 0; i < n; i++) times.push((await timed(() => client.query(text, values))).ms);
  return median(times);
}

async function main() {
  const cluster = await startStreamingReplica();
  try {
    const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
    await admin.connect();
    await admin.query(`create database ${DB}`);
    const version = (await admin.query('show server_version')).rows[0].server_version;
    await admin.end();
    console.log(describeMachine(version));

    const primaryUrl = cluster.primaryUrl(DB);
    await startServer(primaryUrl, PORTS.primary);
    await startServer(primaryUrl, PORTS.replica, { DATABASE_READ_URL: cluster.replicaUrl(DB) });
    const adminToken = (await signIn(PORTS.primary, ADMIN)).token;
    const created = await call(PORTS.primary, 'POST', `${API}/user/create`, {
      token: adminToken,
      body: { ...OTHER, role: 'admin' },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.json));
    const otherToken = (await signIn(PORTS.primary, OTHER)).token;
    await cluster.caughtUp();

    const sides = { primary: [], replica: [] };
    // Only the server with the replica knows it: whatever the replica serves is that server's.
    const before = await replicaTransactions(cluster.replicaUrl());
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of ['primary', 'replica']) {
        sides[side].push(await round(PORTS[side], adminToken, otherToken));
      }
    }
    const servedByReplica = (await replicaTransactions(cluster.replicaUrl())) - before;
    console.log(
      `\n${ROUNDS} rounds × ${CALLS} of each call per side; medians of the rounds' medians`,
    );
    console.log('| Call | Primary only | With the replica |');
    console.log('|---|---:|---:|');
    for (const [key, label] of [
      ['write', 'a write (create a program)'],
      ['ownRead', "the writer's lag-tolerant read of it (history, new query)"],
      ['otherRead', "another person's lag-tolerant read after it (dashboard summary)"],
      ['otherReadAgain', 'the same read again (list cache)'],
    ]) {
      const of = (side) => median(sides[side].map((times) => median(times[key])));
      console.log(`| ${label} | ${ms(of('primary'))} | ${ms(of('replica'))} |`);
    }
    console.log(
      `\nTransactions the replica served: ${servedByReplica}, for ${ROUNDS * CALLS * 3} lag-tolerant calls`,
    );

    // The rule's statements alone, and the alternatives weighed (docs/server.md).
    const primary = new pg.Client({ connectionString: primaryUrl });
    const replica = new pg.Client({ connectionString: cluster.replicaUrl(DB) });
    await primary.connect();
    await replica.connect();
    await primary.query(
      'create table if not exists bench_logged_fence (person_id uuid primary key, lsn pg_lsn not null)',
    );
    const person = '00000000-0000-4000-8000-000000000001';
    const upsert = (table) => `insert into ${table} (person_id, lsn)
      values ($1, pg_current_wal_insert_lsn()) on conflict (person_id)
      do update set lsn = greatest(${table}.lsn, excluded.lsn)`;
    const figures = {
      'fence after a write, unlogged table (as built)': await statement(
        primary,
        upsert('read_fence'),
        [person],
      ),
      'fence after a write, logged table (WAL + flush)': await statement(
        primary,
        upsert('bench_logged_fence'),
        [person],
      ),
      'primary: position and fence before a read': await statement(
        primary,
        'select pg_current_wal_insert_lsn()::text, (select lsn::text from read_fence where person_id = $1::uuid)',
        [person],
      ),
      'replica: replayed position and age before a read': await statement(
        replica,
        'select pg_is_in_recovery(), pg_last_wal_replay_lsn()::text, extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8',
      ),
      'a trivial statement (select 1), for scale': await statement(primary, 'select 1'),
    };
    console.log('\n| Statement (one connection, 2 000 runs) | Median |');
    console.log('|---|---:|');
    for (const [label, value] of Object.entries(figures))
      console.log(`| ${label} | ${ms(value)} |`);
    await primary.end();
    await replica.end();
  } finally {
    await stopChildren();
    await cluster.close();
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopChildren();
  process.exit(1);
});
