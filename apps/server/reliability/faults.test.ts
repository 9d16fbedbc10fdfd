// Faults: the built server as a child process, killed with SIGKILL in the middle of a bulk import
// (through the `ranwal` CLI) and of a burst of budget-line creations, then restarted: every
// acknowledged write is there, nothing unacknowledged is half there. PostgreSQL restarted under
// load: the server recovers by itself. The body and upload limits at and one byte past the edge,
// and clients that disconnect half-way through an upload. On PostgreSQL and on PGlite with a
// data directory (the default `npm start`).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BASE_PATH, messagesId } from '@ranwal/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type Chain,
  CLI_ENTRY,
  call,
  createChain,
  createDatabase,
  type DatabaseChoice,
  type FreshDatabase,
  query,
  reportBody,
  requireBuilds,
  requirePostgres,
  restartPostgres,
  type ServerProcess,
  StopWaiting,
  signIn,
  sleep,
  startServer,
  waitFor,
  withPglite,
} from './support.js';

const server = messagesId.server;
const API = `${BASE_PATH}/api`;

requireBuilds();
beforeAll(requirePostgres);

type Kind = 'postgres' | 'pglite';

/** One server under test and the database behind it, restartable on the same port. */
class Target {
  server!: ServerProcess;
  token = '';
  private constructor(
    readonly kind: Kind,
    readonly database: DatabaseChoice,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async open(kind: Kind): Promise<Target> {
    let target: Target;
    if (kind === 'postgres') {
      const fresh: FreshDatabase = await createDatabase();
      target = new Target(kind, { postgres: fresh.url }, fresh.drop);
    } else {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'ranwal-faults-'));
      target = new Target(kind, { pglite: path.join(dir, 'data') }, () =>
        rm(dir, { recursive: true, force: true }),
      );
    }
    try {
      target.server = await startServer(target.database);
      target.token = await signIn(target.server.origin);
    } catch (error) {
      await target.close();
      throw error;
    }
    return target;
  }

  get origin() {
    return this.server.origin;
  }

  async restart(): Promise<void> {
    if (this.server.running()) await this.server.stop();
    this.server = await startServer(this.database, { port: this.server.port });
  }

  /**
   * Runs SQL on the database. PGlite is one process's: the server is stopped for the look and
   * started again (on the same port) afterwards.
   */
  async inspect<R>(text: string): Promise<R[]> {
    if ('postgres' in this.database) return (await query(this.database.postgres, text)) as R[];
    const dataDir = this.database.pglite;
    const wasRunning = this.server.running();
    if (wasRunning) await this.server.stop();
    try {
      return await withPglite(dataDir, async (db) => (await db.query<R>(text)).rows);
    } finally {
      if (wasRunning) this.server = await startServer(this.database, { port: this.server.port });
    }
  }

  async close(): Promise<void> {
    await this.server?.kill9();
    await this.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// The bulk import: 12 batches of 500 rows, each batch a programme of its own with its whole path

const BATCHES = 12;
const BATCH_ROWS = 500;

function importCsv(): string {
  const lines = ['Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening'];
  for (let batch = 0; batch < BATCHES; batch += 1) {
    for (let row = 0; row < BATCH_ROWS; row += 1) {
      lines.push(
        [
          `Program Impor ${batch}`,
          `Kegiatan Impor ${batch}`,
          `Sub Kegiatan Impor ${batch}`,
          `Aktivitas Impor ${batch}`,
          `Subtitle Impor ${batch}-${Math.floor(row / 100)}`,
          `5.1.${batch}.${row}`,
          `Belanja Impor ${batch}-${row}`,
        ].join(';'),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface BatchCounts {
  batch: number;
  programs: number;
  actions: number;
  sub_actions: number;
  activities: number;
  subtitles: number;
  accounts: number;
}

/** Per batch of the import file, how many records of each level are stored under its programme. */
const BATCH_COUNTS_SQL = `
  with b as (select generate_series(0, ${BATCHES - 1}) as batch)
  select b.batch,
    (select count(*) from program p where p.name = 'Program Impor ' || b.batch)::int as programs,
    (select count(*) from action a where a.name = 'Kegiatan Impor ' || b.batch)::int as actions,
    (select count(*) from sub_action s where s.name = 'Sub Kegiatan Impor ' || b.batch)::int as sub_actions,
    (select count(*) from activity t where t.name = 'Aktivitas Impor ' || b.batch)::int as activities,
    (select count(*) from subtitle u where u.name like 'Subtitle Impor ' || b.batch || '-%')::int as subtitles,
    (select count(*) from account c
       join subtitle u on u.id = c.subtitle_id
       join activity t on t.id = u.activity_id
       join sub_action s on s.id = t.sub_action_id
       join action a on a.id = s.action_id
       join program p on p.id = a.program_id
       where p.name = 'Program Impor ' || b.batch and c.code like '5.1.' || b.batch || '.%')::int as accounts
  from b order by b.batch`;

const WHOLE = {
  programs: 1,
  actions: 1,
  sub_actions: 1,
  activities: 1,
  subtitles: 5,
  accounts: 500,
};
const NONE = { programs: 0, actions: 0, sub_actions: 0, activities: 0, subtitles: 0, accounts: 0 };

function cli(args: string[], configHome: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: configHome, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, output: () => `${stdout}${stderr}` };
}

/**
 * Resolves once at least two batches are stored and a third is being applied. On PostgreSQL that
 * is seen directly: the import's transaction holds its advisory lock. On PGlite (one session, so
 * a read waits for the import's transaction) the programme count is read through the API between
 * batches, and the CLI sends the next batch at once.
 */
async function midImport(target: Target, importing: ReturnType<typeof cli>): Promise<string> {
  const cliRunning = () => {
    if (importing.child.exitCode !== null) {
      throw new StopWaiting(`the import ended before the kill: ${importing.output()}`);
    }
  };
  if ('postgres' in target.database) {
    const watcher = new pg.Client({ connectionString: target.database.postgres });
    await watcher.connect();
    try {
      let seen = '';
      await waitFor(
        'a third import batch in flight',
        async () => {
          cliRunning();
          const { rows } = await watcher.query<{ programs: number; locks: number }>(`
            select (select count(*) from program where name like 'Program Impor %')::int as programs,
              (select count(*) from pg_locks l join pg_database d on d.oid = l.database
                where d.datname = current_database() and l.locktype = 'advisory' and l.granted)::int as locks`);
          const { programs, locks } = rows[0]!;
          seen = `${programs} batches committed, an import transaction open`;
          return programs >= 2 && locks > 0;
        },
        { timeoutMs: 300_000, everyMs: 10 },
      );
      return seen;
    } finally {
      await watcher.end();
    }
  }
  let programs = 0;
  await waitFor(
    'two import batches',
    async () => {
      cliRunning();
      const answer = await call(
        target.origin,
        'GET',
        `${API}/program/list?limit=1&search=${encodeURIComponent('Program Impor')}`,
        { token: target.token },
      );
      programs = answer.json.filter.filtered_result;
      return programs >= 2;
    },
    { timeoutMs: 300_000, everyMs: 20 },
  );
  // The next batch left the CLI when the last one was answered: give it a moment to start.
  await sleep(40);
  return `${programs} batches committed`;
}

// ---------------------------------------------------------------------------------------------
// A burst of budget-line creations

type Outcome = 'acknowledged' | 'lost' | 'not sent' | `status ${number}`;

/**
 * Creates `count` budget lines, `concurrency` at a time, each with its own component code; calls
 * `onAcknowledged` after each 2xx. A call that gets no answer is 'lost'; once one is lost, the rest
 * are not sent.
 */
async function burst(
  origin: string,
  token: string,
  chain: Chain,
  prefix: string,
  count: number,
  concurrency: number,
  onAcknowledged: (acknowledged: number) => void = () => {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = Array.from({ length: count }, () => 'not sent');
  let next = 0;
  let acknowledged = 0;
  let down = false;
  const worker = async () => {
    while (!down && next < count) {
      const index = next++;
      try {
        const answer = await call(origin, 'POST', `${API}/detail-program/create`, {
          token,
          body: reportBody(chain, `${prefix}-${index}`),
        });
        if (answer.status >= 200 && answer.status < 300) {
          outcomes[index] = 'acknowledged';
          acknowledged += 1;
          onAcknowledged(acknowledged);
        } else {
          outcomes[index] = `status ${answer.status}`;
        }
      } catch {
        outcomes[index] = 'lost';
        down = true;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

interface StoredLine {
  component_code: string;
  copies: number;
  whole: boolean;
}

/** Every stored line of a burst: how many copies of each code, and whether each is whole. */
const burstLinesSql = (prefix: string, chain: Chain) => `
  select component_code, count(*)::int as copies,
    bool_and(component_name = 'Komponen ' || component_code and specification = 'Kertas HVS A4 80 gram'
      and unit = 'Rim' and price = 150000 and first_volume = 2 and second_volume = 3
      and third_volume = 1 and total_price = 900000 and tax = 108000 and total_after_tax = 1008000
      and year = 2025 and program_id = '${chain.program_id}' and account_id = '${chain.account_id}'
      and supporter_id = '${chain.supporter_id}'
      and created_by = (select id from app_user where email = '${ADMIN.email}')) as whole
  from detail_program where component_code like '${prefix}-%'
  group by component_code`;

function checkBurst(outcomes: Outcome[], stored: StoredLine[], prefix: string) {
  const byCode = new Map(stored.map((line) => [line.component_code, line]));
  const sent = new Set(outcomes.map((_, index) => `${prefix}-${index}`));
  for (const line of stored) {
    expect(sent.has(line.component_code), `${line.component_code} was never sent`).toBe(true);
    expect(line.copies, `${line.component_code} stored ${line.copies} times`).toBe(1);
    expect(line.whole, `${line.component_code} is stored whole`).toBe(true);
  }
  outcomes.forEach((outcome, index) => {
    const code = `${prefix}-${index}`;
    if (outcome === 'acknowledged') expect(byCode.has(code), `${code} was acknowledged`).toBe(true);
    if (outcome === 'not sent') expect(byCode.has(code), `${code} was never sent`).toBe(false);
  });
}

const tally = (outcomes: Outcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  }, {});

// ---------------------------------------------------------------------------------------------
// Raw HTTP, for bodies at the limits and uploads cut off half-way

/** A valid 1×1 PNG; bytes after its end do not change what it is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

const BOUNDARY = '----ranwal-reliability-boundary';
function multipartBody(file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="sampul.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** JSON padded with trailing spaces (still valid JSON) to exactly `size` bytes. */
function jsonOfSize(value: unknown, size: number): string {
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text) > size) throw new Error('value larger than the wanted size');
  return text + ' '.repeat(size - Buffer.byteLength(text));
}

/**
 * Opens a connection, sends the headers of an upload of `body` and its first `sent` bytes, then
 * drops the connection without a word.
 */
async function abandonUpload(origin: string, token: string, body: Buffer, sent: number) {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.write(
    `POST ${API}/upload-file HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${multipartHeaders['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await new Promise<void>((resolve) => socket.write(body.subarray(0, sent), () => resolve()));
  // Let the server start reading the file before the client vanishes.
  await sleep(300);
  socket.destroy();
}

// ---------------------------------------------------------------------------------------------

describe.each(['postgres', 'pglite'] as const)('faults on %s', (kind) => {
  let target: Target;
  let work: string;
  let chain: Chain;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-faults-work-'));
    target = await Target.open(kind);
    chain = await createChain(target.origin, target.token, 'Uji Gangguan');
  });
  afterAll(async () => {
    await target?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('kill -9 during `ranwal import hierarchy`: whole batches only; the same command then completes it', async () => {
    const file = path.join(work, 'rekening.csv');
    await writeFile(file, importCsv());
    const configHome = path.join(work, 'config');
    const login = await cli(
      ['login', '--server', target.origin, '--email', ADMIN.email],
      configHome,
      {
        RANWAL_PASSWORD: ADMIN.password,
      },
    ).done;
    expect(login.code, login.stderr).toBe(0);

    const importing = cli(
      ['import', 'hierarchy', file, '--batch-size', String(BATCH_ROWS), '--json'],
      configHome,
    );
    const when = await midImport(target, importing);
    await target.server.kill9();
    const stopped = await importing.done;
    console.log(`[${kind}] killed the server with ${when}; the CLI said: ${stopped.stderr.trim()}`);

    // The CLI says the connection was lost and how many rows the server acknowledged.
    expect(stopped.code).toBe(5);
    const acknowledgedRows = Number(
      /server mengonfirmasi ([\d.,]+) dari/.exec(stopped.stderr)?.[1]?.replace(/[.,]/g, ''),
    );
    expect(acknowledgedRows % BATCH_ROWS).toBe(0);
    const acknowledged = acknowledgedRows / BATCH_ROWS;
    expect(acknowledged).toBeGreaterThanOrEqual(2);
    expect(acknowledged).toBeLessThan(BATCHES);

    await target.restart();
    const counts = await target.inspect<BatchCounts>(BATCH_COUNTS_SQL);
    for (const { batch, ...stored } of counts) {
      if (batch < acknowledged) expect(stored, `acknowledged batch ${batch}`).toEqual(WHOLE);
      // The batch in flight may have committed before the kill; either way all or nothing.
      else if (batch === acknowledged)
        expect([WHOLE, NONE], `batch ${batch}`).toContainEqual(stored);
      else expect(stored, `batch ${batch}, never sent`).toEqual(NONE);
    }

    // Running the same command again completes the import and creates no duplicates.
    const again = await cli(['import', 'hierarchy', file, '--json'], configHome).done;
    expect(again.code, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout);
    const storedBefore = counts.filter((row) => row.accounts === BATCH_ROWS).length;
    expect(report.levels.account).toEqual({
      created: (BATCHES - storedBefore) * BATCH_ROWS,
      renamed: 0,
      existing: storedBefore * BATCH_ROWS,
    });
    const after = await target.inspect<BatchCounts>(BATCH_COUNTS_SQL);
    for (const { batch, ...stored } of after) expect(stored, `batch ${batch}`).toEqual(WHOLE);
  });

  it('kill -9 during a burst of budget-line creations: every acknowledged line exactly once, nothing half there', async () => {
    const prefix = 'ledakan';
    let killing: Promise<void> | undefined;
    const outcomes = await burst(target.origin, target.token, chain, prefix, 400, 24, (n) => {
      if (n === 60) killing = target.server.kill9();
    });
    await killing;
    const counts = tally(outcomes);
    console.log(`[${kind}] burst outcomes at the kill: ${JSON.stringify(counts)}`);
    // The kill came mid-burst: calls were answered, calls were cut off, calls were never made.
    expect(counts.acknowledged).toBeGreaterThanOrEqual(60);
    expect(counts.lost).toBeGreaterThan(0);
    expect(counts['not sent']).toBeGreaterThan(0);
    expect(Object.keys(counts).filter((outcome) => outcome.startsWith('status'))).toEqual([]);

    await target.restart();
    // What a user sees: the list holds at least every acknowledged line.
    const listed = await call(
      target.origin,
      'GET',
      `${API}/detail-program/list?limit=1&search=${prefix}`,
      { token: target.token },
    );
    expect(listed.status).toBe(200);
    expect(listed.json.filter.filtered_result).toBeGreaterThanOrEqual(counts.acknowledged!);
    checkBurst(outcomes, await target.inspect<StoredLine>(burstLinesSql(prefix, chain)), prefix);
  });

  it('accepts a JSON body of exactly the body limit and refuses one byte more with 413 and a message', async () => {
    const LIMIT = 2 * 1024 * 1024;
    const atLimit = await call(target.origin, 'POST', `${API}/supporter/create`, {
      token: target.token,
      raw: jsonOfSize({ name: 'Pengampu Tepat Batas' }, LIMIT),
      headers: { 'content-type': 'application/json' },
    });
    expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(201);
    expect(atLimit.json.data.name).toBe('Pengampu Tepat Batas');

    // One byte over, and far over (the client is still sending when the server refuses it).
    for (const size of [LIMIT + 1, 10 * LIMIT]) {
      const over = await call(target.origin, 'POST', `${API}/supporter/create`, {
        token: target.token,
        raw: jsonOfSize({ name: 'Pengampu Lewat Batas' }, size),
        headers: { 'content-type': 'application/json' },
      });
      expect(over.status).toBe(413);
      expect(over.json).toMatchObject({ status: 413, message: server.payloadTooLarge, data: null });
    }
    const listed = await call(target.origin, 'GET', `${API}/supporter/list?search=Lewat%20Batas`, {
      token: target.token,
    });
    expect(listed.json.data).toEqual([]);
  });

  it('uploads: exactly 5 MB is stored, one byte more is refused with 413; cut-off uploads leave no file and the server keeps serving', async () => {
    const FIVE_MB = 5 * 1024 * 1024;
    const countUploads = async () =>
      (await target.inspect<{ count: number }>('select count(*)::int as count from upload'))[0]!
        .count;
    const before = await countUploads();

    const edge = pngOfSize(FIVE_MB);
    const stored = await call(target.origin, 'POST', `${API}/upload-file`, {
      token: target.token,
      raw: multipartBody(edge),
      headers: multipartHeaders,
    });
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    // The link is a path from the root (no RANWAL_PUBLIC_URL here).
    const served = await fetch(new URL(stored.json.data.path, target.origin));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(edge)).toBe(true);

    for (const size of [FIVE_MB + 1, 4 * FIVE_MB]) {
      const over = await call(target.origin, 'POST', `${API}/upload-file`, {
        token: target.token,
        raw: multipartBody(pngOfSize(size)),
        headers: multipartHeaders,
      });
      expect(over.status).toBe(413);
      expect(over.json).toMatchObject({ status: 413, message: server.payloadTooLarge });
    }

    // Clients that vanish half-way through a file: at several points, one after the other and
    // five at once.
    const body = multipartBody(pngOfSize(3 * 1024 * 1024));
    for (const fraction of [0.01, 0.5, 0.99]) {
      await abandonUpload(target.origin, target.token, body, Math.floor(body.length * fraction));
    }
    await Promise.all(
      Array.from({ length: 5 }, () =>
        abandonUpload(target.origin, target.token, body, Math.floor(body.length / 2)),
      ),
    );
    const health = await call(target.origin, 'GET', `${API}/health`);
    expect(health.status).toBe(200);
    const small = await call(target.origin, 'POST', `${API}/upload-file`, {
      token: target.token,
      raw: multipartBody(PNG),
      headers: multipartHeaders,
    });
    expect(small.status).toBe(200);
    expect(target.server.running()).toBe(true);
    // The 5 MB file and the small one; nothing from the refused or abandoned uploads.
    expect(await countUploads()).toBe(before + 2);
  });
});

describe('one PGlite data directory, two servers', () => {
  // A regression test: the second used to start too, each seeing only its own writes, and their
  // pages would have overwritten each other's on disk.
  it('refuses a second server on a directory in use, and takes over after a kill -9', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-faults-lock-'));
    const database = { pglite: path.join(work, 'data') };
    let first: ServerProcess | undefined;
    let third: ServerProcess | undefined;
    try {
      first = await startServer(database);
      const second = startServer(database);
      await expect(second).rejects.toThrow(
        `in use by another Ranwal server (process ${first.pid})`,
      );
      expect((await call(first.origin, 'GET', `${API}/health`)).status).toBe(200);
      await first.kill9();
      third = await startServer(database);
      expect((await call(third.origin, 'GET', `${API}/health`)).status).toBe(200);
    } finally {
      await first?.kill9();
      await third?.stop();
      await rm(work, { recursive: true, force: true });
    }
  });
});

/**
 * Eight clients alternately creating a budget line and reading a page of the list, until stopped;
 * every answer is kept with the phase it came in.
 */
function steadyLoad(target: Target, chain: Chain, prefix: string) {
  const load = {
    phase: 'before',
    answers: [] as { phase: string; status: number; message: unknown }[],
    lost: [] as string[],
    acknowledged: [] as string[],
    running: true,
    done: Promise.resolve() as Promise<unknown>,
  };
  const worker = async (id: number) => {
    for (let i = 0; load.running; i += 1) {
      const create = i % 2 === 0;
      const code = `${prefix}-${id}-${i}`;
      try {
        const answer = create
          ? await call(target.origin, 'POST', `${API}/detail-program/create`, {
              token: target.token,
              body: reportBody(chain, code),
            })
          : await call(target.origin, 'GET', `${API}/detail-program/list?limit=20`, {
              token: target.token,
            });
        load.answers.push({
          phase: load.phase,
          status: answer.status,
          message: answer.json?.message,
        });
        if (create && answer.status === 201) load.acknowledged.push(code);
      } catch (error) {
        load.lost.push(`${load.phase}: ${(error as Error).message}`);
        await sleep(100);
      }
    }
  };
  load.done = Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
  return load;
}
type Load = ReturnType<typeof steadyLoad>;

/** Waits until `count` more lines are acknowledged than now. */
const moreCreated = (load: Load, count: number) => {
  const goal = load.acknowledged.length + count;
  return waitFor(
    `${count} more acknowledged creations`,
    async () => load.acknowledged.length >= goal,
    {
      timeoutMs: 120_000,
    },
  );
};

const ok = (answer: { status: number }) => answer.status === 200 || answer.status === 201;

/** What every load test checks at the end: alive, no lost calls, a free pool, nothing lost. */
async function checkAfterLoad(target: Target, load: Load, prefix: string, label: string) {
  const failed = load.answers.filter((answer) => !ok(answer));
  const kinds = [...new Set(failed.map((answer) => `${answer.status} ${answer.message}`))];
  console.log(
    `[${label}] ${load.answers.length} answers, ${failed.length} failed (${kinds.join('; ') || 'none'}), ${load.lost.length} without an answer`,
  );
  expect(target.server.running(), target.server.output()).toBe(true);
  // Every call got an answer; every failure is a 503 saying the database is away, to retry.
  expect(load.lost).toEqual([]);
  for (const answer of failed) {
    expect(answer).toEqual({ phase: answer.phase, status: 503, message: server.unavailable });
  }
  expect(load.answers.filter((answer) => answer.phase === 'before').every(ok)).toBe(true);
  expect(load.answers.filter((answer) => answer.phase === 'after').every(ok)).toBe(true);

  // No stuck pool: many more calls at once than the pool has connections all succeed.
  const together = await Promise.all(
    Array.from({ length: 40 }, () =>
      call(target.origin, 'GET', `${API}/detail-program/list?limit=5`, { token: target.token }),
    ),
  );
  expect(together.map((answer) => answer.status)).toEqual(together.map(() => 200));

  // Every acknowledged line is stored, exactly once.
  const stored = await target.inspect<{ component_code: string; copies: number }>(
    `select component_code, count(*)::int as copies from detail_program
     where component_code like '${prefix}-%' group by component_code`,
  );
  const copies = new Map(stored.map((row) => [row.component_code, row.copies]));
  for (const code of load.acknowledged) expect(copies.get(code), code).toBe(1);
  expect(stored.filter((row) => row.copies !== 1)).toEqual([]);
}

describe('PostgreSQL connections lost under load', () => {
  let target: Target;
  let chain: Chain;
  beforeAll(async () => {
    target = await Target.open('postgres');
    chain = await createChain(target.origin, target.token, 'Uji Koneksi');
  });
  afterAll(() => target?.close());

  // A regression test: a connection lost while checked out (between two statements) used to end
  // the process with an unhandled 'error' event.
  it('survives its connections being cut again and again (pg_terminate_backend)', async () => {
    const database = (target.database as { postgres: string }).postgres;
    const name = new URL(database).pathname.slice(1);
    const load = steadyLoad(target, chain, 'putus');
    await moreCreated(load, 20);
    load.phase = 'cutting';
    for (let round = 0; round < 8; round += 1) {
      await query(
        database,
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await sleep(250);
    }
    load.phase = 'recovering';
    await waitFor(
      'health to answer 200 again',
      async () => (await call(target.origin, 'GET', `${API}/health`)).status === 200,
      { timeoutMs: 30_000, everyMs: 100 },
    );
    load.phase = 'after';
    await moreCreated(load, 20);
    load.running = false;
    await load.done;
    await checkAfterLoad(target, load, 'putus', 'connections cut');
  });

  it('survives a restart of PostgreSQL under load and recovers by itself within seconds', async () => {
    const load = steadyLoad(target, chain, 'restart');
    await moreCreated(load, 20);
    load.phase = 'restart';
    const restartStarted = performance.now();
    await restartPostgres();
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    load.phase = 'recovering';
    const back = performance.now();
    await waitFor(
      'health to answer 200 again',
      async () => {
        if (!target.server.running())
          throw new StopWaiting(`the server died:\n${target.server.output()}`);
        return (await call(target.origin, 'GET', `${API}/health`)).status === 200;
      },
      { timeoutMs: 30_000, everyMs: 100 },
    );
    const recoverySeconds = (performance.now() - back) / 1000;
    load.phase = 'after';
    await moreCreated(load, 20);
    load.running = false;
    await load.done;
    console.log(
      `[postgres restart] pg_ctlcluster restart took ${restartSeconds.toFixed(1)} s; health answered 200 ${recoverySeconds.toFixed(2)} s after PostgreSQL accepted connections again`,
    );
    await checkAfterLoad(target, load, 'restart', 'postgres restart');
  });
});
