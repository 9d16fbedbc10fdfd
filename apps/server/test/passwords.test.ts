import { messagesId } from '@ranwal/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseTargets, startSecondApp, startTestApp, type TestApp } from './harness.js';

const server = messagesId.server;
/** How long another process may still know a user as they were (services/users.ts). */
const USER_CACHE_MS = 5_000;

/**
 * A stolen session ends with a password change, on every server process of the database: the
 * process that made the change at once, the others once they read the user again (within 5 s),
 * report links included.
 */
describe.each(databaseTargets)('password changes on %s', (target) => {
  let t: TestApp;
  /** A second app on the same database with its own pool, as a second server process. */
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  beforeAll(async () => {
    t = await startTestApp(target);
    other = await startSecondApp(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (
    app: FastifyInstance,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const signIn = async (app: FastifyInstance, email: string, password: string) => {
    const answer = await call(app, 'POST', '/ranwal/api/user/sign-in', undefined, {
      email,
      password,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data.token as string;
  };
  const person = async (email: string) => {
    const created = await t.call('POST', '/ranwal/api/user/create', {
      token: t.adminToken,
      body: { name: 'Dewi', email, role: 'user', password: 'rahasia-awal-1' },
    });
    return created.json().data.id as string;
  };
  const statusOf = async (app: FastifyInstance, token: string) =>
    (await call(app, 'GET', '/ranwal/api/user/me', token)).statusCode;
  /** The other process's cached users are stale from now on (5 s pass, on the clock it reads). */
  const letCacheExpire = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + USER_CACHE_MS + 1_000);
  };

  it('ends every other session of the person, on the other process too, and their report links', async () => {
    const email = 'dewi.sendiri@test.local';
    await person(email);
    const laptop = await signIn(t.app, email, 'rahasia-awal-1');
    const phone = await signIn(other!.app, email, 'rahasia-awal-1');
    // Both processes know both sessions (and keep the user in their caches).
    for (const app of [t.app, other!.app]) {
      expect(await statusOf(app, laptop)).toBe(200);
      expect(await statusOf(app, phone)).toBe(200);
    }
    const link = (
      await call(other!.app, 'GET', '/ranwal/api/detail-program/report?year=2025', phone)
    ).json().data.path as string;

    const changed = await call(t.app, 'PUT', '/ranwal/api/user/password', laptop, {
      current_password: 'rahasia-awal-1',
      new_password: 'rahasia-baru-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(server.passwordChanged);
    const renewed = changed.json().data.token as string;

    // The process that made the change refuses the old tokens at once.
    expect(await statusOf(t.app, laptop)).toBe(401);
    expect(await statusOf(t.app, phone)).toBe(401);
    expect(await statusOf(t.app, renewed)).toBe(200);
    letCacheExpire();
    expect(await statusOf(other!.app, phone)).toBe(401);
    expect(await statusOf(other!.app, laptop)).toBe(401);
    expect(await statusOf(other!.app, renewed)).toBe(200);
    const download = await call(other!.app, 'GET', link);
    expect(download.statusCode).toBe(401);
    expect(download.json().message).toBe(server.tokenInvalid);
  });

  it('ends every session of a person whose password an admin sets, on both processes', async () => {
    const email = 'dewi.direset@test.local';
    const id = await person(email);
    const here = await signIn(t.app, email, 'rahasia-awal-1');
    const there = await signIn(other!.app, email, 'rahasia-awal-1');
    expect(await statusOf(other!.app, there)).toBe(200);

    const reset = await call(other!.app, 'PUT', `/ranwal/api/user/${id}/password`, t.adminToken, {
      password: 'diatur-admin-3',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ message: server.passwordSet, data: { id, email } });
    expect(await statusOf(other!.app, there)).toBe(401);
    letCacheExpire();
    expect(await statusOf(t.app, here)).toBe(401);
    expect(await statusOf(t.app, await signIn(t.app, email, 'diatur-admin-3'))).toBe(200);
    // The admin's own session is untouched.
    expect(await statusOf(t.app, t.adminToken)).toBe(200);
  });
});
