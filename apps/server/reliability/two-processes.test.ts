// Two server processes on different ports, one PostgreSQL database: what one writes or signs the
// other serves, concurrent writes through both land exactly once, and both may start at the same
// moment on an empty database (migrations, the token secret and the first admin are made once).
import { BASE_PATH } from '@ranwal/core';
import { demoData as demoContent } from '@ranwal/core/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type Chain,
  call,
  clientFor,
  createChain,
  createDatabase,
  type FreshDatabase,
  query,
  reportBody,
  requireBuilds,
  requirePostgres,
  type ServerProcess,
  signIn,
  startServer,
  waitFor,
} from './support.js';

const API = `${BASE_PATH}/api`;

requireBuilds();
beforeAll(requirePostgres);

/** What a first start must have made exactly once (the demo brings an admin of its own). */
async function madeOnce(url: string) {
  const [row] = await query<{
    migrations: number;
    distinct_migrations: number;
    secrets: number;
    admins: number;
  }>(
    url,
    `select (select count(*) from kysely_migration)::int as migrations,
       (select count(distinct name) from kysely_migration)::int as distinct_migrations,
       (select count(*) from app_setting where key = 'token_signing_secret')::int as secrets,
       (select count(*) from app_user where role = 'admin' and email = '${ADMIN.email}')::int as admins`,
  );
  return row!;
}

describe('two servers starting at the same moment on an empty database', () => {
  // Three rounds: each is a race, and a lost one shows only now and then. The last also loads
  // the demo data (both processes try; one transaction wins, the other's is rolled back).
  it.each([
    [1, '0'],
    [2, '0'],
    [3, '1'],
  ])(
    'round %i (RANWAL_DEMO=%s): both start; the schema, secret and admin exist once',
    async (_, demo) => {
      const database = await createDatabase();
      let servers: ServerProcess[] = [];
      try {
        const env = { RANWAL_DEMO: demo };
        const starts = await Promise.allSettled([
          startServer({ postgres: database.url }, { env }),
          startServer({ postgres: database.url }, { env }),
        ]);
        servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
        expect(
          starts.flatMap((start) => (start.status === 'rejected' ? [String(start.reason)] : [])),
        ).toEqual([]);
        const once = await madeOnce(database.url);
        expect(once.migrations).toBe(once.distinct_migrations);
        expect(once).toMatchObject({ secrets: 1, admins: 1 });
        if (demo === '1') {
          const [demoData] = await query<{ programs: number; repeated: number; users: number }>(
            database.url,
            `select (select count(*) from program)::int as programs,
             (select count(*) - count(distinct name) from program)::int as repeated,
             (select count(*) from app_user where email <> '${ADMIN.email}')::int as users`,
          );
          expect(demoData!.programs).toBeGreaterThan(0);
          // The demo's people, each once although both servers seeded at the same moment.
          expect(demoData).toMatchObject({ repeated: 0, users: demoContent.users.length });
        }
        // Both sign with the one stored secret: a token of either works on the other.
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const me = await clientFor(b.origin, await signIn(a.origin)).user.me();
        expect(me.data.email).toBe(ADMIN.email);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
      }
    },
  );
});

describe('two servers on one database', () => {
  let database: FreshDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let chain: Chain;
  let tokenA: string;

  beforeAll(async () => {
    database = await createDatabase();
    // One after the other here; the race is the suite above.
    a = await startServer({ postgres: database.url });
    b = await startServer({ postgres: database.url });
    tokenA = await signIn(a.origin);
    chain = await createChain(a.origin, tokenA, 'Dua Proses');
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('accepts a token from either on the other; a user made on one signs in on the other', async () => {
    const tokenB = await signIn(b.origin);
    expect((await clientFor(b.origin, tokenA).user.me()).data.email).toBe(ADMIN.email);
    expect((await clientFor(a.origin, tokenB).user.me()).data.email).toBe(ADMIN.email);

    const user = {
      name: 'Siti Rahayu',
      email: 'siti@reliability.local',
      password: 'siti-password-1',
    };
    await clientFor(a.origin, tokenA).user.create({ ...user, role: 'user' });
    const userToken = await signIn(b.origin, user);
    expect((await clientFor(a.origin, userToken).user.me()).data).toMatchObject({
      email: user.email,
      role: 'user',
    });
  });

  it('refuses a deleted user on both: at once where deleted, within seconds on the other', async () => {
    const user = {
      name: 'Agus Salim',
      email: 'agus@reliability.local',
      password: 'agus-password-1',
    };
    const created = await clientFor(a.origin, tokenA).user.create({ ...user, role: 'user' });
    const userToken = await signIn(a.origin, user);
    // Both processes have looked the user up (and may remember the lookup for a few seconds).
    for (const server of [a, b]) {
      expect(
        (await call(server.origin, 'GET', `${API}/user/me`, { token: userToken })).status,
      ).toBe(200);
    }
    await clientFor(a.origin, tokenA).user.delete(created.data.id);
    const onA = await call(a.origin, 'GET', `${API}/user/me`, { token: userToken });
    expect(onA).toMatchObject({ status: 401, json: { message: 'Token Invalid' } });
    let seconds = 0;
    const started = performance.now();
    await waitFor(
      'the other process to refuse the deleted user',
      async () => {
        const onB = await call(b.origin, 'GET', `${API}/user/me`, { token: userToken });
        seconds = (performance.now() - started) / 1000;
        return onB.status === 401;
      },
      { timeoutMs: 15_000, everyMs: 250 },
    );
    console.log(
      `[two processes] the other process refused the deleted user after ${seconds.toFixed(1)} s`,
    );
  });

  it("ends a person's other sessions on both after a password change on one", async () => {
    const user = {
      name: 'Rina Wati',
      email: 'rina@reliability.local',
      password: 'rina-password-1',
    };
    await clientFor(a.origin, tokenA).user.create({ ...user, role: 'user' });
    const onPhone = await signIn(b.origin, user);
    const onLaptop = await signIn(a.origin, user);
    for (const server of [a, b]) {
      expect((await call(server.origin, 'GET', `${API}/user/me`, { token: onPhone })).status).toBe(
        200,
      );
    }
    const changed = await clientFor(a.origin, onLaptop).user.changePassword({
      current_password: user.password,
      new_password: 'rina-password-2',
    });
    expect((await call(a.origin, 'GET', `${API}/user/me`, { token: onPhone })).status).toBe(401);
    let seconds = 0;
    const started = performance.now();
    await waitFor(
      'the other process to refuse the ended session',
      async () => {
        const onB = await call(b.origin, 'GET', `${API}/user/me`, { token: onPhone });
        seconds = (performance.now() - started) / 1000;
        return onB.status === 401;
      },
      { timeoutMs: 15_000, everyMs: 250 },
    );
    console.log(
      `[two processes] the other process refused the ended session after ${seconds.toFixed(1)} s`,
    );
    expect(
      (await call(b.origin, 'GET', `${API}/user/me`, { token: changed.data.token })).status,
    ).toBe(200);
  });

  it('serves an image uploaded through one from the other', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = await clientFor(a.origin, tokenA).upload.file(
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'sampul.png',
    );
    // A path from the root (no RANWAL_PUBLIC_URL): never an origin taken from the request.
    expect(uploaded.data.path).toMatch(/^\/ranwal\/api\/uploads\//);
    const url = new URL(uploaded.data.path, a.origin);
    const fromB = await fetch(`${b.origin}${url.pathname}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(png)).toBe(true);
  });

  it('lands 50 concurrent budget-line creations split across both exactly once, seen by both', async () => {
    const tokenB = await signIn(b.origin);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const [server, token] = index % 2 === 0 ? [a, tokenA] : [b, tokenB];
        return call(server.origin, 'POST', `${API}/detail-program/create`, {
          token,
          body: reportBody(chain, `dua-${index}`),
        });
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const ids = new Set(answers.map((answer) => answer.json.data.id));
    expect(ids.size).toBe(50);

    const stored = await query<{ component_code: string; copies: number }>(
      database.url,
      `select component_code, count(*)::int as copies from detail_program
       where component_code like 'dua-%' group by component_code order by component_code`,
    );
    expect(stored).toHaveLength(50);
    expect(stored.every((row) => row.copies === 1)).toBe(true);
    for (const server of [a, b]) {
      const listed = await call(
        server.origin,
        'GET',
        `${API}/detail-program/list?limit=100&search=dua-`,
        {
          token: tokenA,
        },
      );
      expect(listed.json.filter.filtered_result).toBe(50);
      expect(new Set(listed.json.data.map((line: { id: string }) => line.id))).toEqual(ids);
    }
  });

  it('makes a signed report link on one that the other serves', async () => {
    const link = await clientFor(a.origin, tokenA).budgetLine.report({ year: 2025 });
    const url = new URL(link.data.path, a.origin);
    const fromB = await fetch(`${b.origin}${url.pathname}${url.search}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toMatch(/spreadsheetml/);
  });
});

describe('sign-in limits across two servers', () => {
  let database: FreshDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const LIMIT = 4;

  beforeAll(async () => {
    database = await createDatabase();
    const env = { RANWAL_SIGN_IN_LIMIT: String(LIMIT) };
    a = await startServer({ postgres: database.url }, { env });
    b = await startServer({ postgres: database.url }, { env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('counts guesses made on either process together', async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess <= LIMIT; guess++) {
      const server = guess % 2 === 0 ? a : b;
      const answer = await call(server.origin, 'POST', `${API}/user/sign-in`, {
        body: { email: ADMIN.email, password: `salah-${guess}` },
      });
      statuses.push(answer.status);
    }
    // Counted in each process's memory, each would have seen at most three and refused none.
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
