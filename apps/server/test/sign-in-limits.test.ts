import { messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startSecondApp, startTestApp, type TestApp, USER } from './harness.js';

const server = messagesId.server;
const LIMITS = { pair: 4, address: 6, account: 5 };

/**
 * Guessing passwords: one address over many accounts, many addresses over one account, and one
 * address over one account, each stopped at its limit with a 429 that says when to come back,
 * on every server process of the database (the counters live in it, not in a process).
 */
describe.each(databaseTargets)('sign-in limits on %s', (target) => {
  let t: TestApp;
  /** A second app on the same database with its own pool, as a second server process. */
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  beforeAll(async () => {
    t = await startTestApp(target, {
      RANWAL_SIGN_IN_LIMIT: String(LIMITS.pair),
      RANWAL_SIGN_IN_ADDRESS_LIMIT: String(LIMITS.address),
      RANWAL_SIGN_IN_ACCOUNT_LIMIT: String(LIMITS.account),
    });
    other = await startSecondApp(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const signIn = (from: string, email: string, password: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/ranwal/api/user/sign-in',
      remoteAddress: from,
      payload: { email, password },
    });
  const statusesOf = async (attempts: Array<() => ReturnType<typeof signIn>>) => {
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await attempt()).statusCode);
    return statuses;
  };

  it('stops one address trying one password over many accounts', async () => {
    const from = '198.51.100.1';
    const statuses = await statusesOf(
      Array.from(
        { length: LIMITS.address + 1 },
        (_, guess) => () => signIn(from, `tamu${guess}@example.go.id`, 'rahasia123'),
      ),
    );
    expect(statuses).toEqual([...Array(LIMITS.address).fill(401), 429]);

    // The address stays refused, even with a right password; other addresses are not.
    const refused = await signIn(from, USER.email, USER.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: server.signInLimited(15),
      data: null,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await signIn('198.51.100.2', USER.email, USER.password)).statusCode).toBe(200);
  });

  it('stops many addresses guessing one account', async () => {
    const account = 'sasaran@example.go.id';
    await t.call('POST', '/ranwal/api/user/create', {
      token: t.adminToken,
      body: { name: 'Sasaran', email: account, role: 'user', password: 'sasaran-benar-1' },
    });
    const statuses = await statusesOf(
      Array.from(
        { length: LIMITS.account + 1 },
        (_, guess) => () => signIn(`203.0.113.${guess}`, account, `tebakan-${guess}`),
      ),
    );
    expect(statuses).toEqual([...Array(LIMITS.account).fill(401), 429]);
    // The account waits out its window from everywhere; the addresses may sign in to others.
    const owner = await signIn('192.0.2.77', account.toUpperCase(), 'sasaran-benar-1');
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toBe(server.signInLimited(15));
    expect((await signIn('203.0.113.0', USER.email, USER.password)).statusCode).toBe(200);
  });

  it('stops one address guessing one account after the per-minute limit', async () => {
    const answers = [];
    for (let guess = 0; guess <= LIMITS.pair; guess++) {
      answers.push(await signIn('198.51.100.20', 'per-menit@example.go.id', `salah-${guess}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array(LIMITS.pair).fill(401),
      429,
    ]);
    expect(answers.at(-1)!.json().message).toBe(server.signInLimited(1));
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts only failures: people behind one address sign in as often as they need', async () => {
    const from = '198.51.100.30';
    const statuses = await statusesOf(
      Array.from(
        { length: LIMITS.address * 2 },
        () => () => signIn(from, USER.email, USER.password),
      ),
    );
    expect(statuses).toEqual(Array(LIMITS.address * 2).fill(200));
    expect((await signIn(from, USER.email, 'salah')).statusCode).toBe(401);
  });

  it('counts the attempts of every server process together', async () => {
    const apps = [t.app, other!.app];
    const statuses = await statusesOf(
      Array.from(
        { length: LIMITS.pair + 1 },
        (_, guess) => () =>
          signIn('198.51.100.40', 'dua-proses@example.go.id', `salah-${guess}`, apps[guess % 2]),
      ),
    );
    // Counted per process, each would have seen at most three attempts and refused none.
    expect(statuses).toEqual([...Array(LIMITS.pair).fill(401), 429]);
  });

  it('lets no more guesses through than the limit when they arrive together', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, guess) =>
        signIn(
          '198.51.100.50',
          'serentak@example.go.id',
          `salah-${guess}`,
          [t.app, other!.app][guess % 2],
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(LIMITS.pair).fill(401),
      ...Array(20 - LIMITS.pair).fill(429),
    ]);
  });
});
