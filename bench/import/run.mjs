// Imports 100 000 account codes (over a realistic hierarchy) into PostgreSQL through the `ranwal`
// CLI and a real server process, next to PostgreSQL's own COPY of the same rows into a plain
// table, and next to PostgreSQL's own INSERT … SELECT of the same records into the indexed
// tables (the floor), in the same run; then exports 100 000 report lines through the CLI (unless
// --lines 0). Prints times, the import/COPY ratio, CPU times and the CLI's peak memory. See
// README.md.
//
//   npm run bench:import [-- --rows 100000 --lines 100000 --pg-url postgres://postgres@127.0.0.1:5432]
//
// Needs the builds of core, server and cli (the npm script does them). Creates a fresh database
// and drops it at the end. Exits non-zero on errors, never on a missed goal.
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../local.mjs';
import { ADMIN, cpuSeconds, root, startServer } from '../server/processes.mjs';
import { writeCsv } from './rows.mjs';

const cliEntry = path.join(root, 'packages/cli/dist/bin.js');

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    lines: { type: 'string', default: '100000' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    keep: { type: 'boolean', default: false },
    // A multi-unit DPA with codes at every level (issue 17): records matched by code.
    codes: { type: 'boolean', default: false },
    // Rows per import call (the CLI's --batch-size); the CLI's default when left out.
    'batch-size': { type: 'string' },
    // The hierarchy tables' history triggers off for the import and the floor alike: what the
    // import costs over the floor on the tables as they were before the history (issue 19).
    'no-history': { type: 'boolean', default: false },
  },
});
const ROWS = Number(options.rows);
const LINES = Number(options.lines);
const CODES = options.codes;
const GOALS = {
  importSeconds: 20,
  copyRatio: 5,
  floorRatio: 1.5,
  fileMemoryRatio: 3,
  exportSeconds: 15,
  exportMegabytes: 300,
};

const database = `ranwal_bench_import_${process.pid}`;
const base = new URL(options['pg-url']);
const databaseUrl = new URL(base);
databaseUrl.pathname = `/${database}`;
const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-bench-import-'));
const configHome = path.join(work, 'config');
let server = null;

const seconds = (ms) => (ms / 1000).toFixed(2);

async function admin(sql) {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs a command, timing it; with `measure`, under /usr/bin/time for its peak RSS. */
function run(command, args, { env = {}, measure = false } = {}) {
  const started = performance.now();
  const [program, argv] = measure
    ? ['/usr/bin/time', ['-f', 'peak-rss-kb=%M cpu-seconds=%U+%S', command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    execFile(
      program,
      argv,
      { env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const ms = performance.now() - started;
        if (error) {
          reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
          return;
        }
        const peak = /peak-rss-kb=(\d+)/.exec(stderr);
        const cpu = /cpu-seconds=([\d.]+)\+([\d.]+)/.exec(stderr);
        resolve({
          ms,
          stdout,
          stderr,
          peakMegabytes: peak ? Number(peak[1]) / 1024 : null,
          cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null,
        });
      },
    );
  });
}

const ranwal = (args, options = {}) =>
  run(process.execPath, [cliEntry, ...args], {
    ...options,
    env: { XDG_CONFIG_HOME: configHome, ...options.env },
  });

/** CPU seconds a local process has used, or 0 once it has exited. */
const cpuSecondsOf = (pid) => cpuSeconds(pid) ?? 0;

/**
 * CPU seconds so far of the server process and of the PostgreSQL backends serving the bench
 * database (its pool's connections), to tell where an import's time goes whatever the load.
 */
async function serverCpu() {
  const { rows } = await admin(
    `select pid from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
  );
  const backends = new Map();
  for (const { pid } of rows) backends.set(pid, cpuSecondsOf(pid));
  return { server: cpuSecondsOf(server.pid), backends };
}

/** CPU seconds used since `before` (backends that started since count whole). */
async function cpuSince(before) {
  const after = await serverCpu();
  let backends = 0;
  for (const [pid, seconds] of after.backends)
    backends += seconds - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, postgres: backends };
}

/**
 * psql's `\\copy` of the CSV into the plain table, timed from psql's start to the end of the
 * COPY; with the CPU time of psql and of its backend, read before the session ends.
 */
function timedCopy(csv) {
  const started = performance.now();
  const child = spawn('psql', [databaseUrl.toString(), '-q', '-At', '-v', 'ON_ERROR_STOP=1'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`psql exited (${code}): ${output}`)));
    child.stdout.setEncoding('utf8').on('data', async (chunk) => {
      output += chunk;
      const pid = /^(\d+)$/m.exec(output)?.[1];
      if (!pid) return;
      child.stdout.removeAllListeners('data');
      const ms = performance.now() - started;
      const cpuSeconds = cpuSecondsOf(pid) + cpuSecondsOf(child.pid);
      child.removeAllListeners('exit');
      child.stdin.end();
      child.once('exit', () => resolve({ ms, cpuSeconds }));
    });
    child.stdin.write(
      `\\copy bench_copy from '${csv}' with (format csv, header true, delimiter ';')\nselect pg_backend_pid();\n`,
    );
  });
}

const hierarchyTables = ['program', 'action', 'sub_action', 'activity', 'subtitle', 'account'];

/**
 * What PostgreSQL alone takes to write the records the import created into the six tables as
 * they are indexed (seven indexes on account, two of them trigram GIN; a foreign key per level):
 * in one transaction, each table emptied by TRUNCATE (fresh, empty indexes, as for the first
 * import) and refilled with INSERT … SELECT from a copy; then rolled back. No lookups, no HTTP.
 */
/** Turns the hierarchy tables' history triggers (migration 0016) off in the bench's database. */
async function withoutHistory() {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    for (const table of hierarchyTables) {
      for (const event of ['insert', 'update', 'delete']) {
        await client.query(`alter table ${table} disable trigger ${table}_history_${event}`);
      }
    }
  } finally {
    await client.end();
  }
  console.log('History triggers off on the hierarchy tables (--no-history)');
}

async function insertFloor() {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local jit = off');
    for (const table of hierarchyTables) {
      await client.query(
        `create temp table copy_${table} on commit drop as select * from ${table}`,
      );
    }
    await client.query(`truncate ${hierarchyTables.join(', ')} cascade`);
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const cpuBefore = cpuSecondsOf(rows[0].pid);
    const perTable = {};
    for (const table of hierarchyTables) {
      // Generated columns (account's lower-cased name and code) are computed, not copied.
      const { rows: columns } = await client.query(
        `select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as list
         from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
        [table],
      );
      const list = columns[0].list;
      const started = performance.now();
      await client.query(`insert into ${table} (${list}) select ${list} from copy_${table}`);
      perTable[table] = (performance.now() - started) / 1000;
    }
    const cpuSeconds = cpuSecondsOf(rows[0].pid) - cpuBefore;
    await client.query('rollback');
    return { perTable, cpuSeconds };
  } finally {
    await client.end();
  }
}

/** 100 000 budget lines over the imported accounts, written straight into the database. */
async function seedLines(count) {
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    await client.query(`insert into supporter (name)
      select 'Pengampu ' || n from generate_series(1, 10) n`);
    await client.query(
      `with chain as (
         select a.id as account_id, s.id as subtitle_id, ac.id as activity_id,
                sa.id as sub_action_id, k.id as action_id, p.id as program_id, p.is_taxed,
                row_number() over (order by a.id) as n
         from account a
         join subtitle s on s.id = a.subtitle_id
         join activity ac on ac.id = s.activity_id
         join sub_action sa on sa.id = ac.sub_action_id
         join action k on k.id = sa.action_id
         join program p on p.id = k.program_id
       ),
       supporters as (select id, row_number() over (order by id) as n from supporter),
       lines as (
         select c.*, g.i, ((g.i * 7919) % 5000 + 1) * 1000 as price
         from generate_series(0, $1::int - 1) g(i)
         join chain c on c.n = g.i % (select count(*) from chain) + 1
       )
       insert into detail_program (component_code, component_name, specification, unit, price,
         first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
         program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id, supporter_id,
         created_by)
       select 'K-' || l.i, 'Komponen ' || l.i, 'Spesifikasi barang ' || l.i, 'Unit', l.price,
         1, 1, 1, l.price, case when l.is_taxed then round(l.price * 0.12) else 0 end,
         l.price + case when l.is_taxed then round(l.price * 0.12) else 0 end, 2025,
         l.program_id, l.action_id, l.sub_action_id, l.activity_id, l.subtitle_id, l.account_id,
         (select id from supporters where supporters.n = l.i % 10 + 1),
         (select id from app_user where email = $2)
       from lines l`,
      [count, ADMIN.email],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

const results = {};
const loadAtStart = os.loadavg()[0];
try {
  await admin(`create database ${database}`);
  console.log(`Database ${database} on ${base.host}; working in ${work}`);
  await chmod(work, 0o755);
  const csv = path.join(work, 'rekening.csv');
  await writeCsv(csv, ROWS, { codes: CODES });
  const fileMegabytes = (await stat(csv)).size / 1024 / 1024;
  console.log(
    `Wrote ${ROWS} rows${CODES ? ' with codes at every level' : ''} (${fileMegabytes.toFixed(1)} MB)`,
  );

  const port = await freePort();
  server = await startServer(databaseUrl.toString(), port);
  if (options['no-history']) await withoutHistory();
  const serverUrl = `http://127.0.0.1:${port}`;
  await ranwal(['login', '--server', serverUrl, '--email', ADMIN.email], {
    env: { RANWAL_PASSWORD: ADMIN.password },
  });

  // PostgreSQL's own COPY of the same file into a plain table, through psql over the wire.
  await run('psql', [
    databaseUrl.toString(),
    '-q',
    '-c',
    CODES
      ? 'create table bench_copy (kode_program text, program text, kode_kegiatan text, kegiatan text, kode_sub_kegiatan text, sub_kegiatan text, kode_aktivitas text, aktivitas text, kode_subtitle text, subtitle text, kode_rekening text, nama_rekening text)'
      : 'create table bench_copy (program text, kegiatan text, sub_kegiatan text, aktivitas text, subtitle text, kode_rekening text, nama_rekening text)',
  ]);
  const copy = await timedCopy(csv);
  results.copy = { seconds: copy.ms / 1000, cpuSeconds: copy.cpuSeconds };

  const cpuBefore = await serverCpu();
  const batch = options['batch-size'] ? ['--batch-size', options['batch-size']] : [];
  const first = await ranwal(['import', 'hierarchy', csv, ...batch, '--json'], { measure: true });
  const cpu = { cli: first.cpuSeconds, ...(await cpuSince(cpuBefore)) };
  const report = JSON.parse(first.stdout);
  results.import = {
    seconds: first.ms / 1000,
    cpuSeconds: cpu,
    peakMegabytes: first.peakMegabytes,
    created: Object.fromEntries(Object.entries(report.levels).map(([k, v]) => [k, v.created])),
  };
  const again = await ranwal(['import', 'hierarchy', csv, '--json']);
  const rerun = JSON.parse(again.stdout);
  results.rerun = {
    seconds: again.ms / 1000,
    created: Object.values(rerun.levels).reduce((sum, level) => sum + level.created, 0),
  };
  const dry = await ranwal(['import', 'hierarchy', csv, '--dry-run', '--json']);
  results.dryRun = { seconds: dry.ms / 1000 };
  const floor = await insertFloor();
  results.floor = {
    seconds: Object.values(floor.perTable).reduce((sum, value) => sum + value, 0),
    accountSeconds: floor.perTable.account,
    cpuSeconds: floor.cpuSeconds,
  };

  // --lines 0: the import only.
  let exported = null;
  let exportedCsv = null;
  let csvLines = 0;
  if (LINES > 0) {
    await seedLines(LINES);
    const xlsx = path.join(work, 'laporan.xlsx');
    exported = await ranwal(['export', 'reports', '--year', '2025', '--out', xlsx, '--json'], {
      measure: true,
    });
    results.export = {
      seconds: exported.ms / 1000,
      peakMegabytes: exported.peakMegabytes,
      megabytes: (await stat(xlsx)).size / 1024 / 1024,
    };
    const csvOut = path.join(work, 'laporan.csv');
    exportedCsv = await ranwal(['export', 'reports', '--year', '2025', '--out', csvOut, '--json'], {
      measure: true,
    });
    csvLines = (await readFile(csvOut, 'utf8')).split('\r\n').length - 1;
    results.exportCsv = {
      seconds: exportedCsv.ms / 1000,
      peakMegabytes: exportedCsv.peakMegabytes,
      rows: csvLines,
    };
  }

  const ratio = results.import.seconds / results.copy.seconds;
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const line = (label, ms, note = '') =>
    console.log(`  ${label.padEnd(44)} ${seconds(ms).padStart(7)} s   ${note}`);
  const created = Object.entries(results.import.created).map(([level, n]) => `${n} ${level}`);
  console.log(`\nImport of ${ROWS} account codes (${created.join(', ')})`);
  line(
    'PostgreSQL COPY (psql \\copy, plain table)',
    copy.ms,
    `CPU: psql and PostgreSQL ${copy.cpuSeconds.toFixed(2)} s`,
  );
  line(
    'INSERT … SELECT of the records (SQL only)',
    results.floor.seconds * 1000,
    `${(results.floor.seconds / results.copy.seconds).toFixed(1)}x COPY (account alone ${results.floor.accountSeconds.toFixed(2)} s); CPU ${results.floor.cpuSeconds.toFixed(2)} s, ${(results.floor.cpuSeconds / copy.cpuSeconds).toFixed(1)}x COPY's: the indexed tables' floor`,
  );
  line(
    'ranwal import hierarchy',
    first.ms,
    `${ratio.toFixed(1)}x COPY, peak ${first.peakMegabytes.toFixed(0)} MB; goals < ${GOALS.importSeconds} s ${mark(results.import.seconds < GOALS.importSeconds)}, <= ${GOALS.copyRatio}x ${mark(ratio <= GOALS.copyRatio)}`,
  );
  const floorRatio = results.import.seconds / results.floor.seconds;
  const memoryRatio = first.peakMegabytes / fileMegabytes;
  console.log(
    `  ${''.padEnd(44)}           ${floorRatio.toFixed(2)}x the SQL-only floor (goal <= ${GOALS.floorRatio}x ${mark(floorRatio <= GOALS.floorRatio)}); CLI peak ${memoryRatio.toFixed(1)}x the file (goal <= ${GOALS.fileMemoryRatio}x ${mark(memoryRatio <= GOALS.fileMemoryRatio)})`,
  );
  const cpuTotal = cpu.cli + cpu.server + cpu.postgres;
  console.log(
    `  ${''.padEnd(44)}           CPU: CLI ${cpu.cli.toFixed(2)} s, server ${cpu.server.toFixed(2)} s, PostgreSQL ${cpu.postgres.toFixed(2)} s; ${(cpuTotal / copy.cpuSeconds).toFixed(1)}x COPY's CPU`,
  );
  line(`the same file again (creates ${results.rerun.created})`, again.ms);
  line('--dry-run of the same file', dry.ms);
  if (exported) {
    console.log(`Export of ${LINES} report lines`);
    line(
      `ranwal export reports (.xlsx, ${results.export.megabytes.toFixed(1)} MB)`,
      exported.ms,
      `peak ${exported.peakMegabytes.toFixed(0)} MB; goals < ${GOALS.exportSeconds} s ${mark(results.export.seconds < GOALS.exportSeconds)}, < ${GOALS.exportMegabytes} MB ${mark(exported.peakMegabytes < GOALS.exportMegabytes)}`,
    );
    line(
      `ranwal export reports --format csv`,
      exportedCsv.ms,
      `peak ${exportedCsv.peakMegabytes.toFixed(0)} MB, ${csvLines} rows`,
    );
  }
  const load = `${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`;
  console.log(`\nMachine: ${os.cpus().length} cores, 1-minute load average ${load}`);
  console.log(JSON.stringify({ rows: ROWS, lines: LINES, ratio, ...results }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  if (!options.keep) {
    await admin(`drop database if exists ${database} with (force)`).catch((error) =>
      console.error(`could not drop ${database}: ${error.message}`),
    );
    await rm(work, { recursive: true, force: true });
  }
}
