import { budgetLineSortOrders } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKED_FROM, orderMarkBounds } from '../src/services/reports.js';
import { buildChain, insertSeededLines } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { readRecorder } from './plans.js';

// A deep page by number of the admin's whole list starts from its bucket of the lines counted
// by order key (migration 0043, issue 39) instead of skipping every line before it. What a
// caller sees must not change: each page is exactly the lines the plain offset gives, in every
// order, after lines are added on buckets' bounds, moved between buckets and deleted.

const LIST = '/ranwal/api/detail-program/list';
const LINES = 25_000;
const LIMIT = 50;
const sorts = Object.keys(budgetLineSortOrders) as (keyof typeof budgetLineSortOrders)[];

describe('the bounds of an order mark bucket', () => {
  it('are the UTC day of a creation time, and the first two digits of a total', () => {
    expect(orderMarkBounds('created_at', 20_000)).toEqual({
      from: '2024-10-04T00:00:00.000000',
      to: '2024-10-05T00:00:00.000000',
    });
    // One digit: its own bucket; more: the number of digits times 100 plus the first two.
    expect(orderMarkBounds('total_after_tax', 107)).toEqual({ from: '7', to: '8' });
    expect(orderMarkBounds('total_after_tax', 599)).toEqual({ from: '99000', to: '100000' });
    expect(orderMarkBounds('total_after_tax', 612)).toEqual({ from: '120000', to: '130000' });
    expect(orderMarkBounds('total_after_tax', -1)).toEqual({ from: null, to: '0' });
    // The largest totals' bucket has no upper bound a bigint can hold.
    expect(orderMarkBounds('total_after_tax', 1992)).toEqual({
      from: '9200000000000000000',
      to: null,
    });
  });
});

describe.each(databaseTargets)('deep pages of the whole list on %s', (target) => {
  let t: TestApp;
  const reads = readRecorder();

  beforeAll(async () => {
    // The list cache off: every call reads its page (the plan test reads the last one's SQL).
    t = await startTestApp(
      target,
      { RANWAL_LIST_CACHE_MB: '0' },
      { wrapDatabase: reads.wrapDatabase },
    );
    const chains = [await buildChain(t, 'tanda'), await buildChain(t, 'tandb')];
    const admin = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await insertSeededLines(t, chains, admin.id, LINES);
    await sql`analyze detail_program`.execute(t.database.db);
  }, 120_000);
  afterAll(() => t?.close());

  /** The ids of the admin's page, as the API answers it. */
  const pageIds = async (sort: string, page: number) => {
    const answer = await t.call('GET', `${LIST}?limit=${LIMIT}&page=${page}&sort=${sort}`, {
      token: t.adminToken,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data as { id: string }[]).map((line) => line.id);
  };
  /** The same page by a plain offset over the whole table. */
  const referenceIds = async (sort: keyof typeof budgetLineSortOrders, page: number) => {
    const order = budgetLineSortOrders[sort].map(([column, direction]) => `${column} ${direction}`);
    const { rows } = await sql<{ id: string }>`select id from detail_program
      order by ${sql.raw(order.join(', '))}
      limit ${LIMIT} offset ${(page - 1) * LIMIT}`.execute(t.database.db);
    return rows.map((row) => row.id);
  };
  const lastPage = async () => {
    const { rows } = await sql<{
      lines: string;
    }>`select count(*) as lines from detail_program`.execute(t.database.db);
    return Math.ceil(Number(rows[0]!.lines) / LIMIT);
  };
  /** Deep pages (past MARKED_FROM lines), both sides of the middle, and the last. */
  const deepPages = async () => {
    const last = await lastPage();
    const first = MARKED_FROM / LIMIT + 1;
    return [first, first + 37, Math.floor(last / 2), Math.floor(last / 2) + 1, last - 90, last];
  };
  const expectPagesAsOffsets = async () => {
    for (const sort of sorts) {
      for (const page of await deepPages()) {
        expect(await pageIds(sort, page), `${sort}, page ${page}`).toEqual(
          await referenceIds(sort, page),
        );
      }
    }
  };
  /** The kept buckets agree with the lines counted afresh. */
  const expectMarksAsCounted = async () => {
    const kept = await sql<{ kind: string; bucket: number; lines: string }>`
      select kind, bucket, lines from detail_program_order_mark where lines > 0
      order by kind, bucket`.execute(t.database.db);
    const counted = await sql<{ kind: string; bucket: number; lines: string }>`
      select kind, bucket, lines from (
        select 'created' as kind, line_created_bucket(created_at) as bucket, count(*) as lines
          from detail_program group by 2
        union all
        select 'total', line_total_bucket(total_after_tax), count(*) from detail_program group by 2
      ) counted order by kind, bucket`.execute(t.database.db);
    const shape = (rows: { kind: string; bucket: number; lines: string }[]) =>
      rows.map((row) => `${row.kind} ${Number(row.bucket)} ${Number(row.lines)}`);
    expect(shape(kept.rows)).toEqual(shape(counted.rows));
  };

  it('answers each deep page with the lines of the plain offset, in every order', async () => {
    await expectMarksAsCounted();
    await expectPagesAsOffsets();
  });

  it('reads about one bucket of the index for a deep page, not every line before it', async () => {
    // Page 251 of 500: 12 500 lines from either end, in buckets of about 1 500 lines.
    for (const sort of sorts) {
      reads.take();
      await pageIds(sort, 251);
      const page = reads.take().find((read) => read.sql.includes('sort_key'));
      expect(page, sort).toBeDefined();
      const scans = (await reads.planOf(page!, { analyze: true })).filter((node) =>
        node['Index Name']?.startsWith('detail_program_'),
      );
      expect(scans.length, sort).toBeGreaterThan(0);
      for (const scan of scans) expect(scan['Actual Rows'], sort).toBeLessThan(5_000);
    }
  });

  it('keeps the pages and the buckets exact as lines are added, moved and deleted', async () => {
    const [some] = (
      await sql<{ id: string }>`select id from detail_program limit 1`.execute(t.database.db)
    ).rows;
    // Lines on buckets' bounds: at midnight UTC and a microsecond before, totals at a bucket's
    // first and last value, one-digit and zero totals.
    await sql`insert into detail_program (component_code, component_name, specification, unit,
        price, first_volume, second_volume, third_volume, total_price, tax, total_after_tax,
        year, program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
        supporter_id, created_by, created_at)
      select 'B-' || total, 'Batas', 'Batas ' || total, 'Buah', total, 1, 1, 1, total, 0, total,
        2025, program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
        supporter_id, created_by, at
      from detail_program,
        unnest(array[10000, 9999, 10999, 11000, 0, 5, 99999, 100000]::bigint[]) total,
        unnest(array[timestamptz '2024-06-05 00:00:00+00', timestamptz '2024-06-04 23:59:59.999999+00',
          timestamptz '2024-06-09 00:00:00+00']) at
      where id = ${some!.id}`.execute(t.database.db);
    // Totals moved to other buckets, and some days' lines gone.
    await sql`update detail_program
      set total_price = total_price * 11, total_after_tax = total_price * 11 + tax
      where created_at < timestamptz '2024-06-02 00:00:00+00'`.execute(t.database.db);
    await sql`delete from detail_program
      where created_at >= timestamptz '2024-06-12 00:00:00+00'
        and created_at < timestamptz '2024-06-13 12:00:00+00'`.execute(t.database.db);
    await expectMarksAsCounted();
    await expectPagesAsOffsets();
  });
});
