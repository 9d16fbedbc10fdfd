import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { todayInRegion } from '@ranwal/core';
import {
  SANDBOX_PATH,
  SANDBOX_USER_TOKEN,
  SANDBOX_YEAR,
  type SandboxSessionRequest,
} from '@ranwal/core/demo';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase, pgliteDatabase } from '../db/connect.js';
import { migratedPostgresTemplate, openMigratedPglite } from '../db/migrated-template.js';
import { signSessionToken } from '../plugins/auth.js';
import { TokenService } from '../services/tokens.js';
import { emptyTables, nextTransactionId, writeSeed } from './seed.js';
import type { WorkerAnswer, WorkerCall } from './worker.js';

/*
 * The real server for Storybook's stories: each story opens a session on a database of its own,
 * seeded with the tables it gives, and its calls are served by the app exactly as in production
 * (same routes, services, SQL and triggers), so the stories check the screens against the real
 * rules instead of a second implementation of them. Served in the Vite process that serves the
 * stories (.storybook/sandbox-plugin.ts, on a worker thread), and in Node tests directly
 * (`handle`). The paths and the stories' tokens are core's (`SANDBOX_PATH` in @ranwal/core/demo).
 *
 * A new PGlite takes about half a second (a copy of the migrated one, db/migrated-template.ts),
 * so databases are pooled: a session takes a free one (or the one unused longest), empties it
 * and writes its seed (tens of milliseconds). Each pooled database keeps its app too: building
 * one (some 150 routes) took half of a session's opening and of its CPU. The app serves one
 * session at a time, its links under that session's path; it remembers no user between calls.
 * A session whose seed a free database already holds, with nothing written since (a story that
 * only read), takes that one as it is: emptying and seeding took 0.3–1.2 s of a connected
 * story's first 3 s in `npm run storybook` on a busy two-core machine (issue 35).
 */

/**
 * The region's day the sandbox's apps take: the real one within SANDBOX_YEAR (the year they take
 * as this one), its last day once that year is over. So what a story shows of a month (late,
 * begun, open to the unit) does not change under its kept picture when the calendar moves past
 * the year: a December draft would turn late on 11 January.
 */
export function sandboxToday(now: Date = new Date()): string {
  const today = todayInRegion(now);
  const lastDay = `${SANDBOX_YEAR}-12-31`;
  return today < lastDay ? today : lastDay;
}

/** How many databases `warm` opens ahead; the pool grows past it when every one is busy. */
const POOL_SIZE = 6;
/**
 * The most databases the pool holds (each about 150 MB): past it, a new session waits for one to
 * free up, then is refused (503). Databases past POOL_SIZE are closed once their session ends.
 * Twelve sessions held open by a page took a preview server to 3.8 GB, never given back (issue 34).
 */
const MAX_DATABASES = 8;
/**
 * A session untouched this long may lose its database to a new one (a story that stopped without
 * ending it); one with a call in flight never does. Stories in parallel stay well within it.
 */
const IDLE_MS = 20_000;

export interface SandboxOptions {
  /** Databases opened ahead by `warm` and kept between sessions (POOL_SIZE). */
  poolSize?: number;
  /** Databases at most (MAX_DATABASES). */
  maxDatabases?: number;
  /** How long a new session waits for a database when all are taken (past IDLE_MS by default). */
  waitMs?: number;
  /**
   * A PostgreSQL server to keep the stories' databases on (any database's URL on it; the role
   * may create databases), instead of PGlite in this process: `DATABASE_URL` in a test run (CI
   * has PostgreSQL). Its queries then run natively, beside this process instead of in it.
   */
  postgresUrl?: string | undefined;
}

/** A request the host refuses: its status and a message, never a stack. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
const SECRET = 'sandbox-signing-secret-for-stories-only-0123456789';

interface Slot {
  /** Settles once the database is cloned. */
  ready: Promise<void>;
  database: DatabaseHandle;
  /** Its apps, by whether free-form lines are allowed (a server flag a seed states). */
  apps: Map<boolean, Promise<FastifyInstance>>;
  /** Where the links its apps hand out start: the path of the session it serves. */
  linkOrigin: string;
  session: Session | null;
  usedAt: number;
  /**
   * The seed its database holds as a session wrote it, and the transaction id that was next
   * then: while that is still next, nothing has written since.
   */
  seeded?: { key: string; nextTransaction: string } | undefined;
}
interface Session {
  id: string;
  slot: Slot;
  /** Its database's app, which it does not own. */
  app: FastifyInstance;
  tokens: Map<string, string>;
  /** Calls being answered (its opening included): never reused meanwhile. */
  inFlight: number;
  /** Ended by its story: its database is the first to be reused. */
  released: boolean;
}

export interface SandboxHost {
  /** Migrates the base and fills the pool, so the first stories need not wait for it. */
  warm(): Promise<void>;
  /**
   * Answers a request under SANDBOX_PATH (anything else: 404). Only from the page's own origin
   * (a request with another `Origin` or a cross-site `Sec-Fetch-Site`: 403), sessions only from
   * JSON (415 otherwise: a foreign page's `text/plain` form post never opens one); an error is a
   * status and a one-line message, never a stack.
   */
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The host in this thread, which can also say what its pool holds. */
export interface SandboxPool extends SandboxHost {
  /** The databases the pool holds now, and the sessions open. */
  stats(): { databases: number; sessions: number };
}

/** Where the pool's databases come from: copies of one migrated base, made on first use. */
interface DatabaseSource {
  clone(): Promise<DatabaseHandle>;
  /** Closes a database of the pool and gives back what it held. */
  discard(database: DatabaseHandle): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite in this process, each database a copy of the migrated one kept between runs (migrating
 * took most of the first story's wait in `npm run storybook`).
 */
function pgliteSource(): DatabaseSource {
  return {
    clone: async () => pgliteDatabase(await openMigratedPglite(), 'sandbox'),
    discard: (database) => database.close(),
    close: async () => undefined,
  };
}

/** The stories' databases of a process on PostgreSQL: `ranwal_sandbox_<pid>_<run>_…`. */
const SANDBOX_DATABASE = /^ranwal_sandbox_(\d+)_/;

/** Whether a process of this machine still runs (a sandbox's databases are its own). */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Databases on a PostgreSQL server, each a copy (`create database … template`, a fraction of a
 * second) of the migrated template the tests use too (db/migrated-template.ts). Dropped when the
 * host closes; those of a process that stopped without closing are dropped by the next host.
 */
function postgresSource(serverUrl: string): DatabaseSource {
  const prefix = `ranwal_sandbox_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Pool({ connectionString: serverUrl, max: 1 });
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const names = new Map<DatabaseHandle, string>();
  let made = 0;
  const drop = (name: string) => admin.query(`drop database if exists ${name} with (force)`);
  let template: Promise<string> | undefined;
  const templateDatabase = () => {
    template ??= (async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'ranwal\\_sandbox\\_%'",
      );
      for (const { datname } of rows) {
        const owner = Number(SANDBOX_DATABASE.exec(datname)?.[1]);
        if (owner && owner !== process.pid && !running(owner)) await drop(datname);
      }
      return migratedPostgresTemplate(serverUrl);
    })();
    return template;
  };
  return {
    async clone() {
      const from = await templateDatabase();
      made += 1;
      const name = `${prefix}_${made}`;
      await admin.query(`create database ${name} template ${from}`);
      const handle = await openDatabase({ url: urlOf(name), poolSize: 3 });
      names.set(handle, name);
      return handle;
    },
    async discard(database) {
      await database.close();
      const name = names.get(database);
      names.delete(database);
      if (name) await drop(name);
    },
    close: () => admin.end(),
  };
}

export function createSandboxHost({
  poolSize = POOL_SIZE,
  maxDatabases = MAX_DATABASES,
  waitMs = IDLE_MS + 5_000,
  postgresUrl,
}: SandboxOptions = {}): SandboxPool {
  const slots: Slot[] = [];
  const sessions = new Map<string, Session>();
  const tokens = new TokenService(new TextEncoder().encode(SECRET), 24 * 3600);
  const source = postgresUrl ? postgresSource(postgresUrl) : pgliteSource();
  let closing: Promise<void> | undefined;

  /** Ends `session`; its database stays with `next` when another session took it. */
  const endSession = (session: Session, next?: Slot) => {
    sessions.delete(session.id);
    if (!next && session.slot?.session === session) session.slot.session = null;
  };

  /** Closes a database of the pool and its apps. */
  const discardSlot = async (slot: Slot) => {
    const apps = [...slot.apps.values()];
    slot.apps.clear();
    await Promise.all(apps.map(async (app) => (await app.catch(() => null))?.close()));
    if (slot.database) await source.discard(slot.database);
  };

  /** Whether a new session may take this database now. */
  const reusable = (slot: Slot, now: number) =>
    !slot.session ||
    (slot.session.inFlight === 0 && (slot.session.released || now - slot.usedAt > IDLE_MS));

  /**
   * A database for `session`, claimed before any wait (sessions open concurrently): a free one
   * (ended or idle; one seeded with `seedKey` first, then one never used, then the one unused
   * longest), else a new clone while the pool is under `maxDatabases`, else the first to free
   * up within `waitMs` (else 503).
   */
  const takeSlot = async (session: Session, seedKey: string): Promise<Slot> => {
    const since = Date.now();
    const holdsSeed = (slot: Slot) => Number(slot.seeded?.key === seedKey);
    for (;;) {
      const now = Date.now();
      const slot = slots
        .filter((candidate) => reusable(candidate, now))
        .sort(
          (a, b) =>
            holdsSeed(b) - holdsSeed(a) ||
            Number(Boolean(a.session)) - Number(Boolean(b.session)) ||
            a.usedAt - b.usedAt,
        )[0];
      if (slot) {
        const previous = slot.session;
        slot.session = session;
        slot.usedAt = now;
        if (previous) endSession(previous, slot);
        await slot.ready;
        return slot;
      }
      if (slots.length < maxDatabases) {
        const fresh = addSlot(session);
        await fresh.ready;
        return fresh;
      }
      if (now - since >= waitMs) {
        throw new Refusal(503, `sandbox busy: all ${maxDatabases} databases are in use`);
      }
      await sleep(100);
    }
  };

  /**
   * Gives a database past `poolSize` back once its session has ended (and its calls are done):
   * closed, its memory returned, so a burst of sessions does not keep the pool at its peak.
   */
  const retire = async (session: Session) => {
    const slot = session.slot;
    if (!session.released || session.inFlight > 0 || slot?.session !== session) return;
    if (slots.length <= poolSize) return;
    slots.splice(slots.indexOf(slot), 1);
    endSession(session);
    await discardSlot(slot);
  };

  /** A new database in the pool, cloned from the migrated base. */
  const addSlot = (session: Session | null): Slot => {
    const slot = { session, usedAt: Date.now(), apps: new Map(), linkOrigin: '' } as Slot;
    slot.ready = (async () => {
      slot.database = await source.clone();
    })();
    slots.push(slot);
    return slot;
  };

  /** The app of `slot`'s database for `freeForm`, built on first use and kept with it. */
  const appOf = (slot: Slot, freeForm: boolean): Promise<FastifyInstance> => {
    let app = slot.apps.get(freeForm);
    if (!app) {
      app = (async () => {
        const config = loadConfig({
          LOG_LEVEL: 'silent',
          RANWAL_JWT_SECRET: SECRET,
          // A server flag that a seed's planning settings state (free-form lines by default).
          RANWAL_FREE_FORM_COMPONENTS: String(freeForm),
          // Limits no story reaches: a refusal remembered in the app would outlive its session.
          RANWAL_SIGN_IN_LIMIT: '1000',
          RANWAL_SIGN_IN_ADDRESS_LIMIT: '1000',
          RANWAL_SIGN_IN_ACCOUNT_LIMIT: '1000',
          RANWAL_LIST_CACHE_MB: '0',
        });
        const built = await buildApp({
          config,
          database: slot.database,
          logger: false,
          currentYear: () => SANDBOX_YEAR,
          today: () => sandboxToday(),
          linkOrigin: () => slot.linkOrigin,
          userCacheMs: 0,
        });
        await built.ready();
        return built;
      })();
      slot.apps.set(freeForm, app);
      // A build that failed is tried again by the next session.
      app.catch(() => slot.apps.get(freeForm) === app && slot.apps.delete(freeForm));
    }
    return app;
  };

  const openSession = async ({ seed }: SandboxSessionRequest, origin: string): Promise<Session> => {
    if (typeof seed !== 'object' || seed === null || !Array.isArray(seed.users)) {
      throw new Refusal(400, 'sandbox: the body needs a seed with its tables (seed.users, …)');
    }
    const id = randomUUID();
    const session = { id, inFlight: 1, released: false } as Session;
    const seedKey = createHash('sha256').update(JSON.stringify(seed)).digest('base64url');
    const slot = await takeSlot(session, seedKey);
    session.slot = slot;
    try {
      const { db } = slot.database;
      const kept = slot.seeded;
      slot.seeded = undefined;
      if (kept?.key !== seedKey || kept.nextTransaction !== (await nextTransactionId(db))) {
        await emptyTables(db);
        try {
          await writeSeed(db, seed);
        } catch (error) {
          const reason = String((error as Error).message ?? error).split('\n')[0];
          throw new Refusal(400, `sandbox: the seed could not be written: ${reason}`);
        }
      }
      if (slot.session !== session) throw new Error('sandbox: the pool needed this database back');
      slot.linkOrigin = `${origin}${SANDBOX_PATH}/s/${id}`;
      session.app = await appOf(slot, seed.planning?.settings?.free_form_components ?? true);
      session.tokens = new Map(
        await Promise.all(
          seed.users.map(
            async (user) => [user.id, await signSessionToken(tokens, user, 0)] as const,
          ),
        ),
      );
      // After the app's build, which may write its settings on a new database.
      slot.seeded = { key: seedKey, nextTransaction: await nextTransactionId(db) };
    } catch (error) {
      if (slot.session === session) slot.session = null;
      // A database past the pool's size is not kept for the next one.
      if (slots.length > poolSize && slot.session === null) {
        slots.splice(slots.indexOf(slot), 1);
        await discardSlot(slot);
      }
      throw error;
    } finally {
      session.inFlight -= 1;
    }
    sessions.set(id, session);
    return session;
  };

  const forward = async (session: Session, request: Request, path: string) => {
    session.inFlight += 1;
    try {
      return await answer(session, request, path);
    } finally {
      session.inFlight -= 1;
      session.slot.usedAt = Date.now();
      await retire(session);
    }
  };

  const answer = async (session: Session, request: Request, path: string) => {
    const headers = Object.fromEntries(request.headers);
    delete headers.host;
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (bearer?.startsWith(SANDBOX_USER_TOKEN)) {
      const token = session.tokens.get(bearer.slice(SANDBOX_USER_TOKEN.length));
      if (token) headers.authorization = `Bearer ${token}`;
    }
    const payload =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : Buffer.from(await request.arrayBuffer());
    const answer = await session.app.inject({
      method: request.method as 'GET',
      url: path,
      headers,
      ...(payload && payload.length > 0 ? { payload } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || name === 'content-length' || name === 'transfer-encoding')
        continue;
      responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };

  /** A new database in the pool with its app for the seeds' default (free-form lines allowed). */
  const addWarmSlot = async () => {
    const slot = addSlot(null);
    await slot.ready;
    await appOf(slot, true);
  };
  // Once: the base, then the pool, one clone and its app at a time (each holds the thread for a
  // second or two). The first app also compiles the server's code and builds its schemas (1.6 s
  // against 0.15 s for every later one, on two cores), which the first story would wait for.
  let warming: Promise<void> | undefined;
  /** The first database and its app (warmPool sets it before its first wait). */
  let firstReady: Promise<void> | undefined;
  const warmPool = () => {
    warming ??= (async () => {
      firstReady = addWarmSlot();
      await firstReady;
      while (slots.length < poolSize) await addWarmSlot();
    })();
    return warming;
  };
  /**
   * Settles once the base and one pooled database exist and an app was built once on it (or the
   * pool failed): a first session can open, while the other clones go on behind it. `warm()`
   * itself still waits for the pool.
   */
  const firstWarm = () => {
    // Its failure is the first database's, which firstReady gives.
    warmPool().catch(() => undefined);
    return firstReady as Promise<void>;
  };

  const route = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const rest = url.pathname.slice(SANDBOX_PATH.length);
    // The page's own origin only: any other web page could open sessions (and fill the pool).
    const from = request.headers.get('origin');
    const site = request.headers.get('sec-fetch-site');
    if (
      (from !== null && from !== url.origin) ||
      (site !== null && !['same-origin', 'none'].includes(site))
    ) {
      throw new Refusal(403, 'sandbox: requests from the page itself only');
    }
    // Answers once the first database is ready (the base migrated, one clone): a test run or a
    // story waits here once, instead of its first stories waiting out their own timeouts behind
    // the migration. Waiting for all POOL_SIZE clones made the first story in `npm run storybook`
    // wait for six clones it does not use (issue 35); a session that finds no free database
    // waits for the clone being made, or makes one.
    if (request.method === 'GET' && rest === '/ready') {
      await firstWarm();
      return new Response(null, { status: 204 });
    }
    if (request.method === 'POST' && rest === '/sessions') {
      if (!/^application\/json\b/.test(request.headers.get('content-type') ?? '')) {
        throw new Refusal(415, 'sandbox: a session is opened with application/json');
      }
      const body = await request.json().catch(() => {
        throw new Refusal(400, 'sandbox: the body is not JSON');
      });
      const session = await openSession(body as SandboxSessionRequest, url.origin);
      return Response.json({ id: session.id });
    }
    // A story's end: its database goes first to the next session (once its calls are done);
    // one past the pool's size is closed.
    const ended = /^\/sessions\/([^/]+)$/.exec(rest);
    if (request.method === 'DELETE' && ended) {
      const session = sessions.get(ended[1]!);
      if (session) {
        session.released = true;
        await retire(session);
      }
      return new Response(null, { status: 204 });
    }
    const served = /^\/s\/([^/]+)(\/.*)$/.exec(rest);
    const session = served && sessions.get(served[1]!);
    if (served && session) return forward(session, request, `${served[2]}${url.search}`);
    return Response.json(
      { message: served ? 'sandbox session ended (the pool reused its database)' : 'not found' },
      { status: served ? 410 : 404 },
    );
  };

  return {
    warm: warmPool,
    async handle(request) {
      try {
        return await route(request);
      } catch (error) {
        if (error instanceof Refusal) {
          return Response.json({ message: error.message }, { status: error.status });
        }
        // The developer's terminal has the details; the page gets a line.
        console.error('sandbox:', error);
        return Response.json({ message: 'sandbox: internal error' }, { status: 500 });
      }
    },
    stats: () => ({ databases: slots.length, sessions: sessions.size }),
    close() {
      // Once, whoever asks again (a test's own close, then its teardown's).
      closing ??= (async () => {
        for (const session of sessions.values()) endSession(session);
        await Promise.all(
          slots.map(async (slot) => {
            await slot.ready.catch(() => undefined);
            await discardSlot(slot);
          }),
        );
        await source.close();
      })();
      return closing;
    },
  };
}

/**
 * The same host on a worker thread (src/sandbox/worker.ts): what a dev server mounts, so the
 * stories' databases never hold up its own thread.
 */
export function createSandboxWorker(): SandboxHost {
  const worker = new Worker(new URL('./sandbox-worker.js', import.meta.url));
  const pending = new Map<number, (answer: WorkerAnswer) => void>();
  let lastId = 0;
  worker.on('message', (answer: WorkerAnswer) => {
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
  });
  worker.on('error', (error) => {
    for (const settle of pending.values()) settle({ id: 0, error: String(error) });
    pending.clear();
  });
  const call = (message: Omit<WorkerCall, 'id'>, transfer: ArrayBuffer[] = []) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (answer) =>
        answer.error ? reject(new Error(`sandbox worker: ${answer.error}`)) : resolve(answer),
      );
      worker.postMessage({ id, ...message }, transfer);
    });
  return {
    warm: async () => void (await call({ kind: 'warm' })),
    async handle(request) {
      const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer();
      const { response } = await call(
        {
          kind: 'handle',
          request: {
            url: request.url,
            method: request.method,
            headers: [...request.headers],
            body,
          },
        },
        body ? [body] : [],
      );
      return new Response(response?.body ?? null, {
        status: response?.status ?? 500,
        headers: response?.headers ?? [],
      });
    },
    async close() {
      await call({ kind: 'close' });
      await worker.terminate();
    },
  };
}
