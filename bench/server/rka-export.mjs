// The RKA export at real size (issue 18): 'Download Laporan' in the RKA layout, as a workbook and as
// a PDF, of about 100 000 lines of PostgreSQL seeded with 1 000 000, timed end to end, with the
// server's CPU and peak memory and the PostgreSQL backends' CPU during each export. Two cases:
// `year`, a budget year holding 100 000 lines exported whole (the goal's case), and `search`,
// 105 408 of a 527 040-line year found by a search (the same filter as the flat export in
// lines.mjs).
//
//   node bench/server/rka-export.mjs [--db NAME] [--keep] [--rounds 2] [--formats xlsx,pdf,flat]
//                                    [--cases year,search]
//
// `flat` is the flat sheet of the same lines, for comparison.
// Needs `npm run build` first (it runs apps/server/dist/server.js). Exits non-zero on errors (a
// failed start, a non-2xx answer, a file that is not whole), never on a missed goal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  ensureSeeded,
  serverEntry,
  signIn,
  startServer,
  stopChildren,
} from './processes.mjs';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    formats: { type: 'string', default: 'xlsx,pdf' },
    cases: { type: 'string', default: 'year,search' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
  },
});

const GOAL = { seconds: 15, megabytes: 300 };
const PORT = 18091;
/** The budget year the bench gives 100 000 of the seed's lines (the seed has 2025 and 2026). */
const WHOLE_YEAR = 2027;
const WHOLE_YEAR_LINES = 100_000;
const CASES = {
  /** A budget year of 100 000 lines, exported whole. */
  year: { query: `year=${WHOLE_YEAR}`, where: `year = ${WHOLE_YEAR}` },
  /**
   * 126 489 of 2025's 527 040 lines, as lines.mjs exports: the meetings (2 of the 10 components)
   * and the lines of the accounts named 'Rapat' (4 000 of 100 000), as the search finds them.
   */
  search: {
    query: 'year=2025&search=rapat',
    where: `year = 2025 and (search_text like '%rapat%'
      or account_id in (select id from account where code_lower like '%rapat%' or name_lower like '%rapat%')
      or program_id in (select id from program where name ilike '%rapat%'))`,
  },
};
let failed = false;
const fail = (message) => {
  failed = true;
  console.error(`ERROR: ${message}`);
};

/** A process's resident memory now and at its peak, in MiB (Linux's /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

const loadNow = () => os.loadavg()[0];

/** Starts counting the peak anew (writing 5 to clear_refs resets VmHWM); false where refused. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Does the body end as a whole file of its format ends? */
function looksWhole(format, head, tail) {
  if (format === 'pdf') return head.startsWith('%PDF-') && tail.includes('%%EOF');
  // An xlsx (the RKA's or the flat sheet) is a zip:
  // it ends with its end-of-central-directory record (PK\x05\x06) in its last bytes.
  return head.startsWith('PK') && tail.includes('PK\x05\x06');
}

async function main() {
  if (!existsSync(serverEntry)) throw new Error('run `npm run build` first');
  const dbName = options.db ?? `ranwal_rka_${process.pid}`;
  const dbUrl = `${options['pg-url']}/${dbName}`;
  const version = await ensureDatabase(options['pg-url'], dbName);
  console.log(describeMachine(version));

  const server = await startServer(dbUrl, PORT, { RANWAL_SIGN_IN_LIMIT: '1000' });
  const admin = await signIn(PORT, ADMIN);
  if (!admin) throw new Error('admin sign-in failed');
  const user = await benchUser(PORT, admin);
  await ensureSeeded(dbUrl, dbName, user.id);

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // The whole year: 100 000 of 2026's lines, the first under 40 of the 172 programmes (40 units'
  // 24 000 accounts, about 4 lines each), moved into a year of their own, once (the seed keeps
  // its 1 000 000 lines).
  const { rows: wholeYear } = await db.query(
    'select count(*)::int as lines from detail_program where year = $1',
    [WHOLE_YEAR],
  );
  if (wholeYear[0].lines === 0) {
    const started = performance.now();
    await db.query(
      `update detail_program set year = $1
       where id in (
         select id from detail_program
         where year = 2026 and program_id in (select id from program order by id limit 40)
         order by created_at limit $2)`,
      [WHOLE_YEAR, WHOLE_YEAR_LINES],
    );
    await db.query('analyze detail_program');
    console.log(
      `Moved ${WHOLE_YEAR_LINES.toLocaleString('en')} lines of 2026 into ${WHOLE_YEAR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // The seed writes lines after the migrations ran, so the lines exported get what migration
  // 0015 gives the lines it finds: the unit as the first volume's, 12% where PPN was charged;
  // and a second volume unit, so coefficients read as an RKA's do ('2 Orang x 3 Hari').
  const cases = options.cases.split(',').map((name) => {
    if (!CASES[name]) throw new Error(`unknown case ${name}: year or search`);
    return { name, ...CASES[name] };
  });
  for (const exportCase of cases) {
    await db.query(
      `update detail_program set first_volume_unit = 'Orang', second_volume_unit = 'Hari',
         tax_rate = case when tax > 0 then 12 else 0 end
       where ${exportCase.where} and first_volume_unit is null`,
    );
    exportCase.lines = Number(
      (await db.query(`select count(*) from detail_program where ${exportCase.where}`)).rows[0]
        .count,
    );
  }
  // What those updates left dead is not the next bench's to read past.
  await db.query('vacuum analyze detail_program');
  const idle = memoryOf(server.pid);
  console.log(
    `Database ${dbName}; ${cases.map((c) => `${c.name}: ${c.query} (${c.lines.toLocaleString('en')} lines)`).join('; ')}; server idle at ${idle.rss.toFixed(0)} MiB`,
  );

  const results = [];
  for (let round = 1; round <= Number(options.rounds); round++) {
    for (const exportCase of cases)
      for (const format of options.formats.split(',')) {
        const load = loadNow();
        const exact = resetPeak(server.pid);
        const cpuBefore = cpuSeconds(server.pid);
        const pgBefore = await backendCpu(db, dbName);
        const started = performance.now();
        const query =
          format === 'flat' ? exportCase.query : `${exportCase.query}&layout=rka&format=${format}`;
        const link = await call(PORT, 'GET', `/ranwal/api/detail-program/report?${query}`, {
          token: admin.token,
        });
        if (link.status !== 200) {
          fail(`${format} link: ${link.status} ${JSON.stringify(link.json)}`);
          continue;
        }
        let peak = 0;
        const sampler = setInterval(() => {
          peak = Math.max(peak, memoryOf(server.pid).rss);
        }, 20);
        let bytes = 0;
        let head = '';
        let tail = Buffer.alloc(0);
        // The link is a path unless RANWAL_PUBLIC_URL is set.
        const response = await fetch(new URL(link.json.data.path, `http://127.0.0.1:${PORT}`));
        try {
          for await (const chunk of response.body) {
            if (bytes === 0) head = Buffer.from(chunk.subarray(0, 8)).toString('latin1');
            bytes += chunk.length;
            tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-1024);
          }
        } finally {
          clearInterval(sampler);
        }
        const seconds = (performance.now() - started) / 1000;
        const cpu = cpuSeconds(server.pid) - cpuBefore;
        const pgCpu = backendSeconds(pgBefore, await backendCpu(db, dbName));
        if (response.status !== 200) fail(`${format} file: ${response.status}`);
        else if (!looksWhole(format, head, tail.toString('latin1'))) {
          fail(`${format}: the file is not whole`);
        }
        const megabytes = exact
          ? memoryOf(server.pid).peak
          : Math.max(peak, memoryOf(server.pid).rss);
        const row = {
          round,
          exportCase,
          format,
          load,
          seconds,
          cpu,
          pgCpu,
          bytes,
          megabytes,
          exact,
        };
        results.push(row);
        console.log(
          `  round ${round} ${exportCase.name.padEnd(6)} ${format.padEnd(4)} ${seconds.toFixed(1).padStart(5)} s (server CPU ${cpu.toFixed(1)} s, PostgreSQL ${pgCpu.toFixed(1)} s), ${(bytes / 2 ** 20).toFixed(1)} MiB file, server peak ${megabytes.toFixed(0)} MiB${exact ? '' : ' (sampled)'}, load ${load.toFixed(1)}`,
        );
      }
  }
  await db.end();

  console.log(
    `\n| Export | Lines | File | Time | Server CPU | PostgreSQL CPU | Server peak RSS (idle ${idle.rss.toFixed(0)} MiB) | Load (1 min) | Under 15 s and 300 MB |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of results) {
    const met = row.seconds < GOAL.seconds && row.megabytes < GOAL.megabytes;
    const name = row.format === 'flat' ? 'flat sheet' : `RKA ${row.format}`;
    console.log(
      `| ${name}, ${row.exportCase.name} (round ${row.round}) | ${row.exportCase.lines.toLocaleString('en')} | ${(row.bytes / 2 ** 20).toFixed(1)} MiB | ${row.seconds.toFixed(1)} s | ${row.cpu.toFixed(1)} s | ${row.pgCpu.toFixed(1)} s | ${row.megabytes.toFixed(0)} MiB | ${row.load.toFixed(1)} | ${met ? 'met' : 'missed'} |`,
    );
  }

  await stopChildren();
  await dropOrKeep(options['pg-url'], dbName, options.keep || Boolean(options.db));
}

main()
  .catch((error) => {
    fail(error.stack ?? String(error));
  })
  .finally(async () => {
    await stopChildren();
    process.exitCode = failed ? 1 : 0;
  });
