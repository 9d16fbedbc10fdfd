import { contractScenarios, scenarioTag } from '@ranwal/core/contract';
import { SANDBOX_USER_TOKEN } from '@ranwal/core/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agenciesSeed,
  createSandboxClient,
  demoSeed,
  emptySeed,
  endSandboxSessions,
  type SeedTables,
  useSandboxTransport,
} from './sandbox-client.js';

// The server's sandbox host in this process (built by `npm test`), as the stories' dev server runs it.
const hostModule = new URL('../../../../apps/server/dist/sandbox.js', import.meta.url).href;
/** The page's origin the tests' requests come from. */
const ORIGIN = 'http://sandbox.test';
let host: {
  handle(request: Request): Promise<Response>;
  stats(): { databases: number; sessions: number };
  close(): Promise<void>;
};
beforeAll(async () => {
  const { createSandboxHost } = await import(/* @vite-ignore */ hostModule);
  host = createSandboxHost();
  sendClientsTo(host);
}, 60_000);
afterAll(() => host?.close());

/** The sandbox client's calls go to `target`'s sandbox. */
const sendClientsTo = (target: { handle(request: Request): Promise<Response> }) =>
  useSandboxTransport({
    origin: ORIGIN,
    fetch: (input, init) => target.handle(new Request(input, init)),
  });

/**
 * Core's contract scenarios against the sandbox client, as apps/server/test/
 * contract-scenarios.test.ts runs them against the server: a story cannot show behaviour the
 * server does not have. One store, three callers: an admin, a user, and a visitor.
 */
describe('the contract scenarios on the sandbox client', () => {
  const user = demoSeed.users.find((candidate) => candidate.role === 'user')!;
  const seed: SeedTables = { ...emptySeed, users: [...emptySeed.users, user] };
  const admin = createSandboxClient({ seed });
  const callers = {
    admin,
    user: createSandboxClient({ sharedWith: admin, currentUser: user }),
    visitor: createSandboxClient({ sharedWith: admin, currentUser: null }),
    withToken: (token: string) => createSandboxClient({ sharedWith: admin, token }),
  };

  it.each(contractScenarios.map((scenario, index) => [scenario.name, index] as const))(
    '%s',
    async (_, index) => {
      const checks = await contractScenarios[index]!.run(callers, scenarioTag(index));
      for (const { what, actual, expected } of checks) expect(actual, what).toMatchObject(expected);
    },
  );
});

/** Perangkat Daerah on the sandbox client, as the server keeps them (lines reach them through programmes). */
describe('agencies on the sandbox client', () => {
  it("programmes belong to an agency or to none; lines read and filter by their programme's agency", async () => {
    const client = createSandboxClient({ seed: agenciesSeed });
    const [bappeda, dinas] = (await client.agency.list()).data;
    expect(bappeda).toMatchObject({ name: 'BADAN PERENCANAAN PEMBANGUNAN DAERAH' });
    const inBappeda = (await client.program.list({ uuid: bappeda!.id })).data;
    expect(inBappeda.length).toBeGreaterThan(0);
    expect(inBappeda.every((program) => program.agency_name === bappeda!.name)).toBe(true);

    const created = (await client.program.create({ name: 'PROGRAM BARU', agency_id: dinas!.id }))
      .data;
    expect(created).toMatchObject({ agency_id: dinas!.id, agency_name: dinas!.name });
    // Left out of an update, the agency stays; null takes the programme out of it.
    const renamed = await client.program.update(created.id, { name: 'PROGRAM LAMA' });
    expect(renamed.data).toMatchObject({ name: 'PROGRAM LAMA', agency_id: dinas!.id });
    const none = await client.program.update(created.id, { name: 'PROGRAM LAMA', agency_id: null });
    expect(none.data).toMatchObject({ agency_id: null, agency_name: null });

    const lines = (await client.budgetLine.list({ limit: 100 })).data;
    const filtered = (await client.budgetLine.list({ limit: 100, agency_id: bappeda!.id })).data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(lines.filter((line) => line.agency_id === bappeda!.id));
    expect(filtered.every((line) => line.agency_name === bappeda!.name)).toBe(true);
    // An agency with programmes cannot go; one without can.
    await expect(client.agency.delete(bappeda!.id)).rejects.toMatchObject({ status: 409 });
    await client.agency.delete(dinas!.id);
    expect((await client.agency.list()).data).toHaveLength(1);
  });
});

/**
 * A story's loaders make clients of their own and never end them; when the story is left,
 * `endSandboxSessions` (the preview's cleanup) gives their databases back, or the pool keeps
 * them until they are idle for 20 s and a later story waits for one.
 */
describe("a story's clients when the story is left", () => {
  let pool: SandboxPool;
  beforeAll(async () => {
    // One database, and no wait for it: a session still held is a refusal, not a delay.
    pool = await oneDatabaseHost();
    await pool.warm();
    sendClientsTo(pool);
  }, 60_000);
  afterAll(async () => {
    sendClientsTo(host);
    await pool?.close();
  });

  it('gives back the database of every session the page opened, a refused one included', async () => {
    const admin = createSandboxClient({ seed: emptySeed });
    const user = createSandboxClient({ sharedWith: admin, currentUser: emptySeed.users[0]! });
    createSandboxClient({ seed: emptySeed }); // made, never called: it opened nothing
    await admin.agency.list();
    await user.agency.list();
    // The next story's client finds the one database taken.
    await expect(createSandboxClient({ seed: emptySeed }).agency.list()).rejects.toThrow(/503/);

    await endSandboxSessions();
    const next = createSandboxClient({ seed: emptySeed });
    await expect(next.agency.list()).resolves.toMatchObject({ data: [] });
    // The ended session's database now serves the next one.
    await expect(user.agency.list()).rejects.toMatchObject({ status: 410 });
    await endSandboxSessions();
    expect(pool.stats()).toEqual({ databases: 1, sessions: 1 });
  });
});

/**
 * The host's own guards (issue 34): any web page could open sessions (a `text/plain` POST from
 * its own origin), twelve of them kept a preview server at 3.8 GB, and a malformed seed answered
 * a stack trace.
 */
/** PGlite always; PostgreSQL too when the run has one (DATABASE_URL), as CI's stories use it. */
const hostTargets = [
  ['PGlite', undefined],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL] as const] : []),
] as const;

/** A sandbox host as a test holds it: its pool's calls, and its size. */
interface SandboxPool {
  warm(): Promise<void>;
  handle(request: Request): Promise<Response>;
  stats(): { databases: number; sessions: number };
  close(): Promise<void>;
}

/**
 * A host of one database that refuses a session at once while it is taken, so each session
 * takes over the database the one before left (PostgreSQL's when `postgresUrl` is given).
 */
async function oneDatabaseHost(postgresUrl?: string): Promise<SandboxPool> {
  const { createSandboxHost } = await import(/* @vite-ignore */ hostModule);
  return createSandboxHost({ poolSize: 1, maxDatabases: 1, waitMs: 0, postgresUrl });
}

/**
 * What a story's page asks a pool: open a session from a seed, call the API in it, end it.
 * `poolOf` gives the pool at each call (a describe's pool is made in its `beforeAll`).
 */
function sessionsOf(poolOf: () => SandboxPool) {
  const open = (body: unknown, headers: Record<string, string> = {}) =>
    poolOf().handle(
      new Request(`${ORIGIN}/__sandbox/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  /** The session's id, once the answer says it opened. */
  const opened = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  return {
    open,
    opened,
    /** Opens a session on `seed` and gives its id. */
    openOn: async (seed: SeedTables) => opened(await open({ seed })),
    /** A GET of `path` under `/ranwal/api/` in session `id`, as the person with `userId`. */
    call: (id: string, path: string, userId: string) =>
      poolOf().handle(
        new Request(`${ORIGIN}/__sandbox/s/${id}/ranwal/api/${path}`, {
          headers: { authorization: `Bearer ${SANDBOX_USER_TOKEN}${userId}` },
        }),
      ),
    end: (id: string) =>
      poolOf().handle(new Request(`${ORIGIN}/__sandbox/sessions/${id}`, { method: 'DELETE' })),
  };
}

describe.each(hostTargets)('the sandbox host on %s', (_target, postgresUrl) => {
  let pool: SandboxPool;
  beforeAll(async () => {
    const { createSandboxHost } = await import(/* @vite-ignore */ hostModule);
    pool = createSandboxHost({ poolSize: 1, maxDatabases: 2, waitMs: 0, postgresUrl });
    await pool.warm();
  }, 120_000);
  afterAll(() => pool?.close());
  const { open, opened, call: callAs, end } = sessionsOf(() => pool);
  const call = (id: string) => callAs(id, 'agency/list', emptySeed.users[0]!.id);

  it('opens sessions for the page itself only, and from JSON only', async () => {
    const seed = { seed: emptySeed };
    for (const refused of [
      await open(seed, { origin: 'http://evil.test', 'content-type': 'text/plain' }),
      await open(seed, { origin: 'http://evil.test' }),
      await open(seed, { 'sec-fetch-site': 'cross-site' }),
    ]) {
      expect(refused.status).toBe(403);
    }
    expect((await open(seed, { origin: ORIGIN, 'content-type': 'text/plain' })).status).toBe(415);
    expect(pool.stats().sessions).toBe(0);
    const id = await opened(await open(seed, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }));
    await end(id);
  });

  it('answers a malformed seed with a line, not a stack', async () => {
    for (const body of [
      '{"seed":',
      { seed: 5 },
      { seed: { ...emptySeed, users: [{ ...emptySeed.users[0], id: 'not-an-id' }] } },
    ]) {
      const answer = await open(body);
      expect(answer.status).toBe(400);
      const { message } = (await answer.json()) as { message: string };
      expect(message).toMatch(/^sandbox: /);
      expect(message).not.toMatch(/\n|\bat .+:\d+/);
    }
  });

  it('holds at most its databases, and closes those past its size once their session ends', async () => {
    const first = await opened(await open({ seed: emptySeed }));
    const second = await opened(await open({ seed: emptySeed }));
    expect(pool.stats()).toEqual({ databases: 2, sessions: 2 });
    const busy = await open({ seed: emptySeed });
    expect(busy.status).toBe(503);
    expect(pool.stats().databases).toBe(2);

    // The first story ends: its database, past the pool's size of one, is closed.
    await end(first);
    expect(pool.stats()).toEqual({ databases: 1, sessions: 1 });
    expect((await call(first)).status).toBe(410);
    expect((await call(second)).status).toBe(200);
    await opened(await open({ seed: emptySeed }));
    expect(pool.stats().databases).toBe(2);
  });
});

/**
 * A pooled database keeps its app between sessions (opening one took half as long): the next
 * session must still see only its own seed, and get links under its own path.
 */
describe.each(hostTargets)(
  'one database, one session after another, on %s',
  (_target, postgresUrl) => {
    it('serves each session its own people and its own links', async () => {
      const pool = await oneDatabaseHost(postgresUrl);
      const sessions = sessionsOf(() => pool);
      try {
        const admin = emptySeed.users[0]!;
        const open = (users: SeedTables['users']) => sessions.openOn({ ...emptySeed, users });
        const call = async (id: string, path: string) => {
          const answer = await sessions.call(id, path, admin.id);
          expect(answer.status, await answer.clone().text()).toBe(200);
          return ((await answer.json()) as { data: Record<string, unknown> }).data;
        };

        const first = await open([admin]);
        expect(await call(first, 'user/me')).toMatchObject({ name: admin.name, role: 'admin' });
        const firstLink = (await call(first, 'history/export')).path;
        expect(firstLink).toMatch(new RegExp(`^${ORIGIN}/__sandbox/s/${first}/ranwal/`));
        await sessions.end(first);

        // The same id is someone else in the next story, at once (no cached person outlives it).
        const second = await open([{ ...admin, name: 'Verifikator Bappeda', role: 'verifier' }]);
        expect(await call(second, 'user/me')).toMatchObject({
          name: 'Verifikator Bappeda',
          role: 'verifier',
        });
        await sessions.end(second);
        const third = await open([admin]);
        expect(await call(third, 'user/me')).toMatchObject({ name: admin.name, role: 'admin' });
        expect((await call(third, 'history/export')).path).toMatch(
          new RegExp(`^${ORIGIN}/__sandbox/s/${third}/ranwal/`),
        );
        // One database all along: each session took it over from the one before.
        expect(pool.stats()).toEqual({ databases: 1, sessions: 1 });
      } finally {
        await pool.close();
      }
    });
  },
);

/**
 * A database whose seed a story only read is the next story's as it is, when that story asks
 * for the same seed (no emptying and writing again): it must still see that seed exactly, and
 * a story that wrote leaves nothing behind for the next.
 */
describe.each(hostTargets)('one seed, story after story, on %s', (_target, postgresUrl) => {
  it('gives each story the seed as given, whether the story before read or wrote', async () => {
    const pool = await oneDatabaseHost(postgresUrl);
    sendClientsTo(pool);
    const names = async (client: ReturnType<typeof createSandboxClient>) =>
      (await client.agency.list()).data.map((agency) => agency.name);
    try {
      const reader = createSandboxClient({ seed: agenciesSeed });
      const seeded = await names(reader);
      expect(seeded).toEqual([
        'BADAN PERENCANAAN PEMBANGUNAN DAERAH',
        expect.stringMatching(/^DINAS /),
      ]);
      await endSandboxSessions();

      const writer = createSandboxClient({ seed: agenciesSeed });
      expect(await names(writer)).toEqual(seeded);
      await writer.agency.create({ name: 'DINAS YANG DITAMBAHKAN CERITA' });
      expect(await names(writer)).toContain('DINAS YANG DITAMBAHKAN CERITA');
      await endSandboxSessions();

      const next = createSandboxClient({ seed: agenciesSeed });
      expect(await names(next)).toEqual(seeded);
      await endSandboxSessions();
      // Another seed on the same database, then the first again.
      expect(await names(createSandboxClient({ seed: emptySeed }))).toEqual([]);
      await endSandboxSessions();
      expect(await names(createSandboxClient({ seed: agenciesSeed }))).toEqual(seeded);
      await endSandboxSessions();
      expect(pool.stats()).toEqual({ databases: 1, sessions: 1 });
    } finally {
      sendClientsTo(host);
      await pool.close();
    }
  });
});

// Only where the run has PostgreSQL (DATABASE_URL, as in CI); PGlite's databases live in memory.
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) {
  describe('the sandbox host on PostgreSQL', () => {
    it('keeps its databases there while open, and drops them when closed', async () => {
      const { createSandboxHost } = await import(/* @vite-ignore */ hostModule);
      const pool = createSandboxHost({ poolSize: 1, postgresUrl });
      const { default: pg } = await import('pg');
      const server = new pg.Client({ connectionString: postgresUrl });
      await server.connect();
      const ours = async () =>
        (
          await server.query<{ datname: string }>(
            'select datname from pg_database where datname like $1 order by datname',
            [`ranwal\\_sandbox\\_${process.pid}\\_%`],
          )
        ).rows.map((row) => row.datname);
      try {
        const before = (await ours()).length;
        await pool.warm();
        // The pool's database, a copy of the migrated template the tests share.
        expect((await ours()).length).toBe(before + 1);
        const sessions = sessionsOf(() => pool);
        const id = await sessions.openOn(agenciesSeed);
        const admin = agenciesSeed.users.find((user) => user.role === 'admin')!;
        const agencies = await sessions.call(id, 'agency/list', admin.id);
        expect(((await agencies.json()) as { data: unknown[] }).data).toHaveLength(
          agenciesSeed.entities.agency.length,
        );
        await pool.close();
        expect((await ours()).length).toBe(before);
      } finally {
        await pool.close();
        await server.end();
      }
    }, 60_000);
  });
}
