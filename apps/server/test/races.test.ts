import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain } from './fixtures.js';
import { ADMIN, databaseTargets, startTestApp, type TestApp } from './harness.js';

/**
 * Requests that race each other on one database (on PostgreSQL through the pool's several
 * connections), and what the database holds afterwards: no interleaving may leave a budget line
 * whose chain disagrees with itself, or the system without an admin.
 */
describe.each(databaseTargets)('racing requests on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  /** Lines whose levels do not form one chain (should be none). */
  const brokenLines = async () => {
    const { rows } = await sql<{ id: string }>`
      select line.id from detail_program line
      join action on action.id = line.action_id
      join sub_action on sub_action.id = line.sub_action_id
      join activity on activity.id = line.activity_id
      join subtitle on subtitle.id = line.subtitle_id
      join account on account.id = line.account_id
      where action.program_id <> line.program_id
         or sub_action.action_id <> line.action_id
         or activity.sub_action_id <> line.sub_action_id
         or subtitle.activity_id <> line.activity_id
         or account.subtitle_id <> line.subtitle_id`.execute(t.database.db);
    return rows;
  };

  it('a line created while its kegiatan moves to another program keeps one chain', async () => {
    const outcomes = new Set<string>();
    for (let attempt = 0; attempt < 12; attempt++) {
      const from = await buildChain(t, `Asal${attempt}`);
      const to = await buildChain(t, `Tujuan${attempt}`);
      const [created, moved] = await Promise.all([
        t.call('POST', '/ranwal/api/detail-program/create', {
          token: t.userToken,
          body: budgetLineInput(from),
        }),
        t.call('PUT', `/ranwal/api/action/${from.action_id}/update`, {
          token: t.adminToken,
          body: { name: `Kegiatan ${attempt}`, program_id: to.program_id },
        }),
      ]);
      outcomes.add(`${created.statusCode}/${moved.statusCode}`);
      // Exactly one wins: the line (and the move is refused), or the move (and the line is).
      const lineWon = created.statusCode === 201 && moved.statusCode === 409;
      const moveWon = moved.statusCode === 200 && [400, 409].includes(created.statusCode);
      expect(lineWon || moveWon, `${created.body} ${moved.body}`).toBe(true);
    }
    expect(await brokenLines()).toEqual([]);
    // Both orders happened at least once on PostgreSQL is not guaranteed; what is, is above.
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('two admins deleting or demoting each other at once leave one admin', async () => {
    const admins = async () => {
      const { rows } = await sql<{ email: string }>`
        select email from app_user where role = 'admin'`.execute(t.database.db);
      return rows.map((row) => row.email);
    };
    const signIn = async (credentials: { email: string; password: string }) =>
      (await t.call('POST', '/ranwal/api/user/sign-in', { body: credentials })).json().data as {
        token: string;
        id: string;
      };
    let survivor = { ...ADMIN, ...(await signIn(ADMIN)) };
    for (let attempt = 0; attempt < 8; attempt++) {
      const credentials = { email: `admin${attempt}@test.local`, password: 'admin-password-2' };
      const made = await t.call('POST', '/ranwal/api/user/create', {
        token: survivor.token,
        body: { name: `Admin ${attempt}`, role: 'admin', ...credentials },
      });
      expect(made.statusCode, made.body).toBe(201);
      const other = { ...credentials, ...(await signIn(credentials)) };
      const demote = attempt % 2 === 1;
      const act = (actor: typeof other, target: typeof other) =>
        demote
          ? t.call('PUT', `/ranwal/api/user/${target.id}/update`, {
              token: actor.token,
              body: { name: 'Admin', email: target.email, role: 'user' },
            })
          : t.call('DELETE', `/ranwal/api/user/${target.id}/delete`, { token: actor.token });
      const [first, second] = await Promise.all([act(survivor, other), act(other, survivor)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // One wins; the other is refused as the last admin (409) or, its own account gone or no
      // longer an admin, no longer allowed (401/403).
      expect(statuses[0], first.body + second.body).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      const left = await admins();
      expect(left).toHaveLength(1);
      survivor = left[0] === survivor.email ? survivor : other;
    }
  });
});
