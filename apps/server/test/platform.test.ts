import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { listRoutes } from '@ranwal/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { type DatabaseOptions, openDatabase } from '../src/db/connect.js';
import { images, multipart } from './fixtures.js';
import { ADMIN, databaseTargets, freshDatabase, startTestApp, type TestApp } from './harness.js';

describe.each(databaseTargets)('platform on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it('hands out links that do not follow a forged Host header', async () => {
    const forged = { host: 'evil.example' };
    const report = await t.call('GET', '/ranwal/api/detail-program/report?year=2025', {
      token: t.userToken,
      headers: forged,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.path).toMatch(/^\/ranwal\/api\/detail-program\/report\/file\?token=/);
    const { body, headers } = await multipart({
      field: 'file',
      bytes: images['image/png'],
      filename: 'a.png',
      type: 'image/png',
    });
    const upload = await t.call('POST', '/ranwal/api/upload-file', {
      token: t.adminToken,
      body,
      headers: { ...headers, ...forged },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.path).toMatch(/^\/ranwal\/api\/uploads\/[0-9a-f-]{36}$/);
  });

  it('answers health 200 when the database answers', async () => {
    const response = await t.call('GET', '/ranwal/api/health');
    expect(response.json()).toEqual({ status: 200, message: 'Berhasil', data: { database: 'up' } });
  });

  it('serves an OpenAPI 3 document covering every route of the contract', async () => {
    const response = await t.call('GET', '/ranwal/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const { route } of listRoutes()) {
      for (const path of [route.path, ...(route.aliases ?? [])]) {
        const openApiPath = `/ranwal${path.replace(/:(\w+)/g, '{$1}')}`;
        expect(document.paths[openApiPath], openApiPath).toHaveProperty(route.method.toLowerCase());
      }
    }
    const create = document.paths['/ranwal/api/program/create'].post;
    expect(create.requestBody.content['application/json'].schema.required).toContain('name');
  });

  it('sends security headers', async () => {
    const response = await t.call('GET', '/ranwal/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Refusals and unknown paths carry the same headers as answers.
    for (const refused of [
      await t.call('GET', '/ranwal/api/program/list'),
      await t.call('GET', '/ranwal/api/nothing-here'),
    ]) {
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['content-security-policy']).toBe(
        response.headers['content-security-policy'],
      );
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.headers['strict-transport-security']).toMatch(/^max-age=/);
    }
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.call('GET', '/ranwal/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found', data: null });
  });

  it('answers malformed JSON with 400, a wrong content type with 415, a huge body with 413', async () => {
    const malformed = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/);

    const text = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_media_type');

    const huge = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: { name: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    const list = await t.call('GET', '/ranwal/api/program/list', { token: t.adminToken });
    expect(list.json().filter.total_result).toBe(0);
  });

  it('answers 401 before looking at the body of an unauthenticated write', async () => {
    const response = await t.call('POST', '/ranwal/api/program/create', { body: { name: 42 } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Token Invalid');
    const asUser = await t.call('POST', '/ranwal/api/program/create', {
      token: t.userToken,
      body: '{broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('rejects wrong types and extra-large page sizes, naming the field', async () => {
    const wrongType = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: { name: 42, is_taxed: 'yes' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().issues.map((issue: { path: string }) => issue.path)).toEqual([
      'name',
      'is_taxed',
    ]);
    const pageSize = await t.call('GET', '/ranwal/api/program/list?limit=1000', {
      token: t.adminToken,
    });
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json().message).toContain('limit');
  });

  it('explains a page that is not a number in Indonesian, not in Zod’s English', async () => {
    for (const query of ['page=abc', 'limit=abc']) {
      const list = await t.call('GET', `/ranwal/api/program/list?${query}`, {
        token: t.adminToken,
      });
      expect(list.statusCode).toBe(400);
      expect(list.json().message).toBe(
        `Kolom ${query.split('=')[0]} tidak valid: harus berupa angka`,
      );
    }
    const unit = await t.call('GET', '/ranwal/api/program/list?page=1.5', {
      token: t.adminToken,
    });
    expect(unit.json().message).toBe('Kolom page tidak valid: harus bilangan bulat');
  });
});

describe('configuration and logging', () => {
  it('stops with one line naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RANWAL_JWT_SECRET: 'short' })).toThrow(/RANWAL_JWT_SECRET/);
    // A read replica is of a PostgreSQL primary: on PGlite there is none to read.
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/ranwal' })).toThrow(
      'Invalid configuration: DATABASE_READ_URL: needs DATABASE_URL (a replica is of a PostgreSQL primary; PGlite has none)',
    );
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://primary/ranwal',
        DATABASE_READ_URL: 'postgres://replica/ranwal',
      }).DATABASE_READ_MAX_LAG_SECONDS,
    ).toBe(1);
    // Parallel workers: none unless asked; `default` leaves the database's own setting.
    expect(loadConfig({}).DATABASE_PARALLEL_WORKERS).toBe(0);
    expect(loadConfig({ DATABASE_PARALLEL_WORKERS: '2' }).DATABASE_PARALLEL_WORKERS).toBe(2);
    expect(loadConfig({ DATABASE_PARALLEL_WORKERS: 'default' }).DATABASE_PARALLEL_WORKERS).toBe(
      null,
    );
    expect(() => loadConfig({ DATABASE_PARALLEL_WORKERS: 'many' })).toThrow(
      /DATABASE_PARALLEL_WORKERS/,
    );
  });

  it('allows the configured CORS origin only', async () => {
    const database = await freshDatabase('pglite');
    const config = loadConfig({ RANWAL_CORS_ORIGIN: 'https://sipd.example.go.id' });
    const app = await buildApp({ config, database, logger: false });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/ranwal/api/program/list',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect(
      (await preflight('https://sipd.example.go.id')).headers['access-control-allow-origin'],
    ).toBe('https://sipd.example.go.id');
    expect(
      (await preflight('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
    await app.close();
    await database.close();
  });

  /**
   * Sends `head` as raw bytes to a listening server built with `env` (then `drip` on a timer, if
   * given), and answers the status code and JSON body it wrote before closing the connection.
   */
  async function rawExchange(env: Record<string, string>, head: string, drip?: string) {
    const database = await freshDatabase('pglite');
    const app = await buildApp({ config: loadConfig(env), database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(head);
          if (drip === undefined) return;
          const timer = setInterval(() => {
            if (!socket.destroyed) socket.write(drip);
          }, 200);
          socket.on('close', () => clearInterval(timer));
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      return {
        status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]),
        body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
      };
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('answers headers past the limit with 431 and its own code, in the envelope', async () => {
    const { status, body } = await rawExchange(
      {},
      `GET /ranwal/api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(status).toBe(431);
    expect(body).toMatchObject({ status: 431, code: 'headers_too_large', data: null });
  });

  it('answers a body that trickles in past the request timeout with 408 and closes', async () => {
    // One more byte every 200 ms: never idle long, never done. Without the timeout the
    // connection stays open and this test runs out of time.
    const { status, body } = await rawExchange(
      { RANWAL_REQUEST_TIMEOUT_MS: '1000' },
      'POST /ranwal/api/user/sign-in HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
      ' ',
    );
    expect(status).toBe(408);
    expect(body).toMatchObject({ status: 408, code: 'request_timeout', data: null });
  });

  it('keeps an idle connection past 5 s, as a proxy in front expects', async () => {
    // A proxy keeps its connections to the server up to 60 s idle; a server closing them
    // sooner (Node's own 5 s) makes the proxy's next call on one fail (a 502).
    const database = await freshDatabase('pglite');
    const app = await buildApp({ config: loadConfig({}), database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    try {
      const ask = () =>
        new Promise<string>((resolve, reject) => {
          let text = '';
          const onData = (chunk: Buffer) => {
            text += chunk;
            if (text.includes('\r\n\r\n') && text.endsWith('}')) {
              socket.off('data', onData);
              resolve(text);
            }
          };
          socket.on('data', onData);
          socket.once('error', reject);
          socket.write('GET /ranwal/api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        });
      expect(await ask()).toMatch(/^HTTP\/1\.1 200 /);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed || socket.readyState !== 'open').toBe(false);
      expect(await ask()).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
      await app.close();
      await database.close();
    }
  }, 30_000);

  it('believes X-Forwarded-For only from RANWAL_TRUSTED_PROXIES', async () => {
    /** Eleven wrong sign-ins for one email from one peer, each naming another client. */
    const guesses = async (env: Record<string, string>) => {
      const database = await freshDatabase('pglite');
      const app = await buildApp({ config: loadConfig(env), database, logger: false });
      const statuses: number[] = [];
      for (let guess = 0; guess < 11; guess++) {
        const answer = await app.inject({
          method: 'POST',
          url: '/ranwal/api/user/sign-in',
          remoteAddress: '10.1.2.3',
          headers: { 'x-forwarded-for': `203.0.113.${guess}` },
          payload: { email: 'someone@example.go.id', password: `wrong-${guess}` },
        });
        statuses.push(answer.statusCode);
      }
      await app.close();
      await database.close();
      return statuses;
    };
    // Before, RANWAL_PUBLIC_URL made the server believe the header from anyone: a new address
    // per guess, and the limit of 10 a minute never came.
    expect(await guesses({ RANWAL_PUBLIC_URL: 'https://ranwal.example.go.id' })).toEqual([
      ...Array(10).fill(401),
      429,
    ]);
    expect(await guesses({ RANWAL_TRUSTED_PROXIES: '10.0.0.0/8' })).toEqual(Array(11).fill(401));
  });

  it('never writes passwords or tokens to the log', async () => {
    const database = await freshDatabase('pglite');
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: 'trace' });
    const app = await buildApp({
      config,
      database,
      logger: { stream: { write: (line) => lines.push(line) } },
    });
    const { createUserService } = await import('../src/services/users.js');
    await createUserService(database.db).ensureFirstAdmin(ADMIN.email, ADMIN.password);
    const signIn = await app.inject({
      method: 'POST',
      url: '/ranwal/api/user/sign-in',
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = signIn.json().data.token as string;
    await app.inject({
      method: 'GET',
      url: '/ranwal/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });
    // A report link carries its own token in the query: anyone holding it downloads the report.
    const link = await app.inject({
      method: 'GET',
      url: '/ranwal/api/detail-program/report?year=2025',
      headers: { authorization: `Bearer ${token}` },
    });
    const linkUrl = new URL(link.json().data.path, 'http://localhost');
    const reportToken = linkUrl.searchParams.get('token') ?? '';
    expect(reportToken.length).toBeGreaterThan(20);
    const file = await app.inject({ method: 'GET', url: `${linkUrl.pathname}${linkUrl.search}` });
    expect(file.statusCode).toBe(200);
    await app.close();
    await database.close();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(2);
    expect(log).not.toContain(ADMIN.password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(reportToken);
    expect(log).toContain('/report/file?token=[REDACTED]');
  });
});

/**
 * The server's PostgreSQL connections plan without parallel workers unless told otherwise: under
 * a deadline day's load each parallel plan forked workers and took the cores from everyone
 * (docs/performance.md, 'Parallel workers').
 */
describe.each(process.env.DATABASE_URL ? ['PostgreSQL'] : [])('connections to %s', () => {
  const workersOf = async (options: Partial<DatabaseOptions>) => {
    const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 1, ...options });
    try {
      const { rows } = await sql<{
        max_parallel_workers_per_gather: string;
      }>`show max_parallel_workers_per_gather`.execute(database.db);
      return rows[0]!.max_parallel_workers_per_gather;
    } finally {
      await database.close();
    }
  };

  it('open with parallel workers off, as configured, or as the database has them', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const databaseOwn = (await client.query('show max_parallel_workers_per_gather')).rows[0]
      .max_parallel_workers_per_gather as string;
    await client.end();

    expect(await workersOf({})).toBe('0');
    expect(await workersOf({ parallelWorkers: 3 })).toBe('3');
    expect(await workersOf({ parallelWorkers: null })).toBe(databaseOwn);
  });
});
