import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// A user's unfiltered budget-line list reads its total from the count kept by triggers
// (migration 0003) instead of counting: these check it stays exact through every way lines
// come and go.

const API = '/ranwal/api/detail-program';

const lineBody = (chain: Chain, name: string) => budgetLineInput(chain, { component_name: name });

describe.each(databaseTargets)("a user's kept line count on %s", (target) => {
  let t: TestApp;
  let chain: Chain;
  let other: { id: string; token: string };

  /** The user's list total as the API shows it, and the lines the database really holds. */
  const totals = async (token: string, userId: string) => {
    const response = await t.call('GET', `${API}/list?limit=5`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sql<{ count: string | number }>`
      select count(*) as count from detail_program where created_by = ${userId}`.execute(
      t.database.db,
    );
    return { listed: response.json().filter.total_result, stored: Number(rows[0]?.count) };
  };

  const create = async (token: string, name: string) => {
    const response = await t.call('POST', `${API}/create`, { token, body: lineBody(chain, name) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'hitung');
    const credentials = { email: 'rina@test.local', password: 'rina-password-1' };
    const created = await t.call('POST', '/ranwal/api/user/create', {
      token: t.adminToken,
      body: { name: 'Rina', role: 'user', ...credentials },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signedIn = await t.call('POST', '/ranwal/api/user/sign-in', { body: credentials });
    other = { id: created.json().data.id, token: signedIn.json().data.token };
  });
  afterAll(() => t?.close());

  it('follows lines created and deleted, past a page, for each user alone', async () => {
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 0, stored: 0 });
    const mine = [];
    for (let i = 1; i <= 7; i++) mine.push(await create(t.userToken, `Baris ${i}`));
    await create(other.token, 'Baris Rina');
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 7, stored: 7 });
    expect(await totals(other.token, other.id)).toEqual({ listed: 1, stored: 1 });

    for (const id of mine.slice(0, 2)) {
      const deleted = await t.call('DELETE', `${API}/${id}/delete`, { token: t.adminToken });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 5, stored: 5 });
    expect(await totals(other.token, other.id)).toEqual({ listed: 1, stored: 1 });
  });

  it('follows multi-row inserts and deletes, and ignores a rolled-back insert', async () => {
    const { db } = t.database;
    const insertCopies = (userId: string, copies: number) =>
      sql`insert into detail_program (component_code, component_name, specification, unit,
            price, first_volume, second_volume, third_volume, total_price, tax, total_after_tax,
            year, program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
            supporter_id, created_by)
          select 'K-02', 'Salinan ' || g, '', 'Buah', 10, 1, 1, 1, 10, 0, 10, 2025,
            ${chain.program_id}, ${chain.action_id}, ${chain.sub_action_id}, ${chain.activity_id},
            ${chain.subtitle_id}, ${chain.account_id}, ${chain.supporter_id}, ${userId}
          from generate_series(1, ${copies}) g`;
    await insertCopies(t.userId, 12).execute(db);
    await insertCopies(other.id, 3).execute(db);
    await db
      .transaction()
      .execute(async (trx) => {
        await insertCopies(t.userId, 4).execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sql`delete from detail_program where component_name in ('Salinan 1', 'Salinan 2')`.execute(
      db,
    );
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 15, stored: 15 });
    expect(await totals(other.token, other.id)).toEqual({ listed: 2, stored: 2 });
  });

  it("drops a deleted user's count, keeps the others, and empties on truncate", async () => {
    const deleted = await t.call('DELETE', `/ranwal/api/user/${other.id}/delete`, {
      token: t.adminToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = async () =>
      (
        await sql<{ user_id: string; line_count: string | number }>`
          select user_id, line_count from user_line_count order by user_id`.execute(t.database.db)
      ).rows.map((row) => ({ user_id: row.user_id, line_count: Number(row.line_count) }));
    // Rina's lines stay, belonging to nobody; her count goes with her.
    expect(await kept()).toEqual([{ user_id: t.userId, line_count: 15 }]);
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 15, stored: 15 });

    await sql`truncate detail_program`.execute(t.database.db);
    expect(await kept()).toEqual([]);
    expect(await totals(t.userToken, t.userId)).toEqual({ listed: 0, stored: 0 });
  });
});
