import { COUNT_BOUND } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// Budget-line pages by position (issue 39): a cursor page starts at a line, so paging on while
// lines are added neither repeats nor skips a line, in every order and every scope; and counts
// stop at COUNT_BOUND, saying so.

const LIST = '/ranwal/api/detail-program/list';
const sorts = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;

/**
 * `count` lines under `chain` for `owner`, set-based. Times and totals repeat in threes (the id
 * must break ties) and differ by microseconds (a cursor must keep them exactly).
 */
const insertLines = (chain: Chain, owner: string, count: number, from = 0) =>
  sql`insert into detail_program (component_code, component_name, specification, unit, price,
        first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
        program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
        supporter_id, created_by, created_at)
      select 'K-' || g, 'Halaman ' || g, 'uji', 'Buah', 10 * (g / 3 % 5 + 1), 1, 1, 1,
        10 * (g / 3 % 5 + 1), 0, 10 * (g / 3 % 5 + 1), 2025,
        ${chain.program_id}, ${chain.action_id}, ${chain.sub_action_id}, ${chain.activity_id},
        ${chain.subtitle_id}, ${chain.account_id}, ${chain.supporter_id}, ${owner},
        timestamptz '2025-03-01 08:00:00+07' + (g / 3) * interval '1.000001 second'
      from generate_series(${from + 1}::int, ${from + count}::int) g`;

describe.each(databaseTargets)('budget-line pages by cursor on %s', (target) => {
  let t: TestApp;
  let unit: Awaited<ReturnType<typeof buildUnitChain>>;
  let chain: Chain;
  let added = 0;

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'kursor');
    unit = await buildUnitChain(t, 'KURSOR');
    // The harness's user (no unit): their own lines; the unit's staff: the unit's lines; the
    // admin: all of them.
    await insertLines(chain, t.userId, 23).execute(t.database.db);
    await insertLines(unit.chain, t.userId, 17, 100).execute(t.database.db);
  }, 60_000);
  afterAll(() => t?.close());

  const scopes = () => [
    { scope: 'admin', token: t.adminToken, chain },
    { scope: 'unit', token: unit.token, chain: unit.chain },
    { scope: 'user', token: t.userToken, chain },
  ];

  const list = async (token: string, query: string) => {
    const answer = await t.call('GET', `${LIST}?${query}`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      data: { id: string }[];
      filter: Record<string, unknown> & { next_cursor: string | null; prev_cursor: string | null };
    };
  };

  /** Every line a caller sees, in order, read by pages of 100. */
  const allIds = async (token: string, sort: string) => {
    const all: string[] = [];
    for (let page = 1; all.length === (page - 1) * 100; page++) {
      const lines = (await list(token, `limit=100&sort=${sort}&page=${page}`)).data;
      all.push(...lines.map((line) => line.id));
    }
    return all;
  };

  /** A line added while someone pages: newest of all, its total in the middle of the others. */
  const addLine = (target: Chain) => insertLines(target, t.userId, 1, 10_000 + ++added);

  it.each(sorts)(
    'pages on in %s order, each line once, while lines are added, in every scope',
    async (sort) => {
      for (const { scope, token, chain: into } of scopes()) {
        const all = await allIds(token, sort);
        expect(all.length, scope).toBeGreaterThan(10);
        const seen: string[] = [];
        let answer = await list(token, `limit=4&sort=${sort}`);
        expect(answer.filter.prev_cursor, scope).toBeNull();
        let pages = 1;
        seen.push(...answer.data.map((line) => line.id));
        while (answer.filter.next_cursor) {
          // A few lines added, not one a page: in an ascending order each lands ahead.
          if (pages <= 3) await addLine(into).execute(t.database.db);
          pages += 1;
          answer = await list(
            token,
            `limit=4&sort=${sort}&page=${pages}&after=${answer.filter.next_cursor}`,
          );
          expect(answer.filter.current_page).toBe(pages);
          seen.push(...answer.data.map((line) => line.id));
        }
        // Every line there was at the start, once; lines added since only where they sort after
        // the pages already read.
        expect(new Set(seen).size, scope).toBe(seen.length);
        expect(
          seen.filter((id) => all.includes(id)),
          `${scope} ${sort}`,
        ).toEqual(all);

        // Back from the last page by `before`: the same lines, the other way round.
        const back: string[] = [...answer.data.map((line) => line.id)];
        while (answer.filter.prev_cursor) {
          if (back.length <= 12) await addLine(into).execute(t.database.db);
          answer = await list(token, `limit=4&sort=${sort}&before=${answer.filter.prev_cursor}`);
          back.unshift(...answer.data.map((line) => line.id));
        }
        expect(new Set(back).size, scope).toBe(back.length);
        expect(
          back.filter((id) => all.includes(id)),
          `${scope} ${sort} back`,
        ).toEqual(all);
      }
    },
    60_000,
  );

  it('reads a page by number as before, with the cursors to page on from it', async () => {
    const first = await list(t.adminToken, 'limit=5&sort=total_desc');
    const third = await list(t.adminToken, 'limit=5&sort=total_desc&page=3');
    expect(third.filter).toMatchObject({ current_page: 3, filtered_bounded: false });
    expect(third.filter.prev_cursor).toEqual(expect.any(String));
    const fourth = await list(
      t.adminToken,
      `limit=5&sort=total_desc&page=4&after=${third.filter.next_cursor}`,
    );
    const fourthByNumber = await list(t.adminToken, 'limit=5&sort=total_desc&page=4');
    expect(fourth.data.map((line) => line.id)).toEqual(fourthByNumber.data.map((line) => line.id));
    const second = await list(
      t.adminToken,
      `limit=5&sort=total_desc&before=${third.filter.prev_cursor}`,
    );
    const secondByNumber = await list(t.adminToken, 'limit=5&sort=total_desc&page=2');
    expect(second.data.map((line) => line.id)).toEqual(secondByNumber.data.map((line) => line.id));
    expect(first.filter.prev_cursor).toBeNull();
  });

  it.each(sorts)(
    'reads every page by number in %s order, the far half from the end',
    async (sort) => {
      for (const { scope, token } of scopes()) {
        const all = await allIds(token, sort);
        const pages = Math.ceil(all.length / 7);
        for (let page = 1; page <= pages + 1; page++) {
          const answer = await list(token, `limit=7&sort=${sort}&page=${page}`);
          expect(
            answer.data.map((line) => line.id),
            `${scope} page ${page}`,
          ).toEqual(all.slice((page - 1) * 7, page * 7));
          expect(answer.filter.next_cursor === null, `${scope} page ${page}`).toBe(page >= pages);
          expect(answer.filter).toMatchObject({ filtered_result: all.length, total_page: pages });
        }
      }
    },
  );

  it('refuses a cursor of another order, or not one at all, as a 400 on its field', async () => {
    const newest = await list(t.adminToken, 'limit=2&sort=newest');
    for (const [query, field] of [
      [`sort=oldest&after=${newest.filter.next_cursor}`, 'after'],
      ['before=bm90LWEtY3Vyc29y', 'before'],
      [`after=${Buffer.from('["newest","2025-01-01 00:00","x"]').toString('base64url')}`, 'after'],
    ] as const) {
      const answer = await t.call('GET', `${LIST}?${query}`, { token: t.adminToken });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().data ?? answer.json(), query).toBeDefined();
      expect(answer.body, query).toContain(field);
    }
  });
});

describe.each(databaseTargets)('budget-line counts that stop at a bound on %s', (target) => {
  let t: TestApp;
  let chain: Chain;

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'batas');
    await insertLines(chain, t.userId, COUNT_BOUND + 5).execute(t.database.db);
  }, 60_000);
  afterAll(() => t?.close());

  it('says more than the bound for a filter that matches more, the exact figure otherwise', async () => {
    const many = await t.call('GET', `${LIST}?limit=10&year=2025&page=3`, { token: t.adminToken });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json().filter).toMatchObject({
      current_page: 3,
      filtered_result: COUNT_BOUND,
      filtered_bounded: true,
      total_page: COUNT_BOUND / 10,
      // The admin's total is the table's kept count: exact.
      total_result: COUNT_BOUND + 5,
      total_bounded: false,
    });
    const few = await t.call('GET', `${LIST}?limit=10&search=${encodeURIComponent('halaman 77')}`, {
      token: t.adminToken,
    });
    // 'Halaman 77' and 'Halaman 770'–'779', '7700'–'7799'.
    expect(few.json().filter).toMatchObject({ filtered_result: 111, filtered_bounded: false });
    // A user's own total is their kept count; their filtered count stops at the bound.
    const mine = await t.call('GET', `${LIST}?limit=10&year=2025`, { token: t.userToken });
    expect(mine.json().filter).toMatchObject({
      filtered_result: COUNT_BOUND,
      filtered_bounded: true,
      total_result: COUNT_BOUND + 5,
      total_bounded: false,
    });
  });
});
