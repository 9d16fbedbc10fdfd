import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inUseSql } from '../src/services/funding.js';
import { buildChain, buildUnitChain, insertSeededLines, signedInPerson } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { type PlanNode, readRecorder } from './plans.js';

// The plans of the budget-line list's queries (issue 39), read with EXPLAIN on a database shaped
// like a real one (40 000 lines over two years, six chains, two units, a user's own share), so
// that a change to a list's SQL or to the indexes that makes PostgreSQL read the whole line
// table fails here, in every run, rather than on the deadline day. Not a timing: what is
// checked is which index each page is read by.

const LIST = '/ranwal/api/detail-program/list';
const LINES = 40_000;

describe.each(databaseTargets)('budget-line list plans on %s', (target) => {
  let t: TestApp;
  /** The line reads of each call, as the app sent them. */
  const reads = readRecorder();
  let unitToken: string;
  let unitAgency: string;
  let programId: string;

  beforeAll(async () => {
    t = await startTestApp(target, {}, { wrapDatabase: reads.wrapDatabase });
    const chains = [
      await buildChain(t, 'rsatu'),
      await buildChain(t, 'rdua'),
      await buildChain(t, 'rtiga'),
      await buildChain(t, 'rempat'),
    ];
    const unit = await buildUnitChain(t, 'RENCANAUNIT');
    const other = await buildUnitChain(t, 'RENCANALAIN');
    unitToken = unit.token;
    unitAgency = unit.agency;
    programId = chains[0]!.program_id;
    const admin = await t.database.db
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await insertSeededLines(t, [...chains, unit.chain, other.chain], admin.id, LINES);
    await sql`vacuum analyze detail_program`.execute(t.database.db);
  }, 120_000);
  afterAll(() => t?.close());

  /** The plan of each line read a list call sent (its EXPLAIN), with the call's answer. */
  const plansOf = async (token: string, query: string, list = LIST) => {
    reads.take();
    const answer = await t.call('GET', `${list}?${query}`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    const lineReads = reads
      .take()
      .filter((read) => read.sql.includes('detail_program') && !read.sql.startsWith('explain'));
    const plans = [];
    for (const read of lineReads) plans.push({ sql: read.sql, nodes: await reads.planOf(read) });
    return { plans, filter: answer.json().filter as Record<string, unknown> };
  };

  /** The line table's indexes a plan reads (all of them are named detail_program_…). */
  const lineIndexes = (nodes: PlanNode[]) =>
    nodes.map((node) => node['Index Name']).filter((name) => name?.startsWith('detail_program_'));
  const seqScans = (nodes: PlanNode[]) =>
    nodes.filter(
      (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'detail_program',
    );

  /** Asserts the page (the read that joins the names) uses `index` and nothing reads every line. */
  const expectPlan = async (token: string, query: string, index: string | RegExp) => {
    const { plans, filter } = await plansOf(token, query);
    const page = plans.find((plan) => plan.sql.includes('sort_key'));
    expect(page, query).toBeDefined();
    expect(lineIndexes(page!.nodes), query).toContainEqual(
      typeof index === 'string' ? index : expect.stringMatching(index),
    );
    for (const plan of plans) {
      // A count that stopped at its bound may read the lines in table order: it stops after
      // 10 001 matches, so the word is in most of those it reads.
      if (plan.sql.includes('as "matching"') && filter.filtered_bounded === true) continue;
      expect(seqScans(plan.nodes), `${query}: ${plan.sql}`).toEqual([]);
    }
    return filter;
  };

  const orders = [
    ['newest', 'created'],
    ['oldest', 'created'],
    ['total_desc', 'total'],
    ['total_asc', 'total'],
  ] as const;

  it.each(orders)(
    "reads the admin's pages in %s order by its index, by number and by cursor",
    async (sort, key) => {
      const indexOf = { created: 'detail_program_created_idx', total: 'detail_program_total_idx' };
      const first = await expectPlan(t.adminToken, `limit=100&sort=${sort}`, indexOf[key]);
      await expectPlan(
        t.adminToken,
        `limit=100&sort=${sort}&page=2&after=${first.next_cursor}`,
        indexOf[key],
      );
      // A page past the middle is read from the end, by the same index.
      const deep = await expectPlan(t.adminToken, `limit=100&sort=${sort}&page=300`, indexOf[key]);
      await expectPlan(
        t.adminToken,
        `limit=100&sort=${sort}&before=${deep.prev_cursor}`,
        indexOf[key],
      );
    },
  );

  it.each(orders)("reads a year's pages in %s order by the year's index", async (sort, key) => {
    const index = {
      created: 'detail_program_year_created_idx',
      total: 'detail_program_year_total_idx',
    }[key];
    const first = await expectPlan(t.adminToken, `limit=10&year=2025&sort=${sort}`, index);
    await expectPlan(
      t.adminToken,
      `limit=10&year=2025&sort=${sort}&after=${first.next_cursor}`,
      index,
    );
  });

  // A user's 2 000 lines: by their index, walked or gathered and sorted as the planner finds
  // cheaper (on the bench's seed, 20 000 of 1 000 000, walked), never the whole table.
  it.each(orders)("reads a user's own pages in %s order by their indexes", async (sort) => {
    const index = /^detail_program_created_by_/;
    const first = await expectPlan(t.userToken, `limit=100&sort=${sort}`, index);
    await expectPlan(
      t.userToken,
      `limit=100&sort=${sort}&page=2&after=${first.next_cursor}`,
      index,
    );
    await expectPlan(t.userToken, `limit=100&sort=${sort}&page=15`, index);
  });

  // A unit's lines are scattered through the table: walking an order's index for them reads
  // everyone's (on the bench's seed 56 000 lines for a page), so they are gathered from the
  // unit-search index (migration 0042) and sorted.
  it.each(orders)("reads a unit's pages in %s order from the unit-search index", async (sort) => {
    const index = 'detail_program_unit_search_idx';
    const first = await expectPlan(unitToken, `limit=10&sort=${sort}`, /^detail_program_/);
    await expectPlan(
      unitToken,
      `limit=10&sort=${sort}&after=${first.next_cursor}`,
      /^detail_program_/,
    );
    await expectPlan(unitToken, `limit=100&sort=${sort}&page=30`, index);
  });

  // A unit's search reads the unit's lines from the index that holds their words (migration
  // 0042), within a year and without one; a word no line has may be the trigram index's probe.
  it.each(orders)("reads a unit's search in %s order from the unit-search index", async (sort) => {
    const index = 'detail_program_unit_search_idx';
    await expectPlan(unitToken, `limit=100&sort=${sort}&search=kertas`, index);
    await expectPlan(unitToken, `limit=100&sort=${sort}&year=2025&search=kertas`, index);
    await expectPlan(
      unitToken,
      `limit=100&sort=${sort}&year=2025&search=tidak%20ada`,
      /^detail_program_(unit_search|year_search)_idx$/,
    );
  });

  // A programme's year: its first pages by whichever index the planner finds cheaper (here a
  // programme is a sixth of the lines, so walking the order's index finds a page quickly; on
  // the bench's seed, a 172nd, it is the programme's), a deep page by a programme's index.
  it.each(orders)("reads a programme's year in %s order by a programme's index", async (sort) => {
    const filtered = `year=2025&program_id=${programId}&sort=${sort}`;
    const first = await expectPlan(t.adminToken, `limit=10&${filtered}`, /^detail_program_/);
    await expectPlan(
      t.adminToken,
      `limit=10&${filtered}&page=2&after=${first.next_cursor}`,
      /^detail_program_/,
    );
    await expectPlan(
      t.adminToken,
      `limit=100&${filtered}&page=20`,
      /^detail_program_(program_year|unit_search)_idx$/,
    );
  });

  // The verifier's list of sub kegiatan (issue 39): the page is chosen by an index probe of each
  // sub kegiatan's lines that year, and only the page's lines are summed, by the same index.
  it("reads the verifier's sub kegiatan by each one's lines of the year, never all lines", async () => {
    const verifier = await signedInPerson(t, {
      name: 'Verifikator Rencana',
      email: 'verifikator.rencana@test.local',
      role: 'verifier',
      agency_ids: [unitAgency],
    });
    const reviews = '/ranwal/api/verification/sub-actions';
    for (const [token, query] of [
      [t.adminToken, 'year=2025&limit=10'],
      [t.adminToken, 'year=2026&limit=2&page=2'],
      [verifier.token, 'year=2025&limit=10'],
    ] as const) {
      const { plans, filter } = await plansOf(token, query, reviews);
      expect(filter.total_result, query).toBeGreaterThan(0);
      expect(plans, query).toHaveLength(1);
      const indexes = lineIndexes(plans[0]!.nodes);
      expect(indexes, query).not.toHaveLength(0);
      expect(indexes, query).toEqual(
        indexes.map(() => expect.stringMatching(/^detail_program_(sub_action_year|funding)_idx$/)),
      );
      expect(seqScans(plans[0]!.nodes), query).toEqual([]);
    }
  });

  it('finds a rare word and a word no line has by the trigram index, a common one by the order', async () => {
    const trigram = 'detail_program_year_search_idx';
    const rare = await expectPlan(t.adminToken, 'limit=10&year=2025&search=genset', trigram);
    expect(rare).toMatchObject({ filtered_result: 5, filtered_bounded: false });
    const none = await expectPlan(t.adminToken, 'limit=10&year=2025&search=tidak%20ada', trigram);
    expect(none).toMatchObject({ filtered_result: 0 });
    // A word in every line: walked in the order, by the year's index or everyone's.
    await expectPlan(
      t.adminToken,
      'limit=10&year=2025&search=spesifikasi',
      /^detail_program_(year_)?created_idx$/,
    );
    await expectPlan(t.userToken, 'limit=100&search=spesifikasi', /^detail_program_created_by_/);
  });

  // 'Spesifikasi N' ends every line; one in 97 has 'spesifikasi 42'. PostgreSQL's own estimate
  // of such a phrase swings with each ANALYZE (and its plan from 1 ms to 50 ms on 1 000 000
  // lines); the server's sample of lines plans it instead (search-sample.ts): the page is
  // walked in the year's order, each line checked, and the count asks the year's trigram index for
  // the phrase's rare piece alone, not the lists of 'spesifikasi' every line is on.
  it("plans a phrase of a common word and a rare one by the server's sample", async () => {
    const query = `limit=10&year=2025&search=${encodeURIComponent('spesifikasi 42')}`;
    const { plans, filter } = await plansOf(t.adminToken, query);
    const page = plans.find((plan) => plan.sql.includes('sort_key'));
    expect(lineIndexes(page!.nodes)).toContainEqual(
      expect.stringMatching(/^detail_program_(year_)?created_idx$/),
    );
    const count = plans.find((plan) => plan.sql.includes('as "matching"'));
    const asked = count!.nodes
      .filter((node) => node['Index Name'] === 'detail_program_year_search_idx')
      .map((node) => node['Index Cond']);
    expect(asked).toEqual([expect.stringContaining("'% 42%'")]);
    expect(asked[0]).not.toContain('spesifikasi');
    // The year is asked of the same index: its candidates are the year's alone.
    expect(asked[0]).toContain('year = 2025');
    for (const plan of plans) expect(seqScans(plan.nodes), plan.sql).toEqual([]);
    // The same lines as the whole phrase asked of every line.
    const { rows } = await sql<{ lines: number }>`select count(*)::integer as lines
      from detail_program where year = 2025 and search_text like '%spesifikasi 42%'`.execute(
      t.database.db,
    );
    expect(rows[0]!.lines).toBeGreaterThan(100);
    expect(filter).toMatchObject({ filtered_result: rows[0]!.lines, filtered_bounded: false });
  });

  // Whether a sumber dana is in use is asked for each source the list shows (and by a delete):
  // by the sub kegiatan's funding index, which leads with the sub kegiatan, each probe read the
  // whole index (146 ms for the admin's 12 sources on 1 000 000 lines, none of them in use).
  it('asks whether each sumber dana is in use by one probe of the lines naming it', async () => {
    const [source] = (await t
      .call('GET', '/ranwal/api/funding-source/list?limit=1', {
        token: t.adminToken,
      })
      .then((answer) => answer.json().data)) as [{ id: string; in_use: boolean }];
    expect(source.in_use).toBe(false);
    const inUse = t.database.db
      .selectFrom('funding_source')
      .select(inUseSql.as('in_use'))
      .where('id', '=', source.id)
      .compile();
    const nodes = await reads.planOf(inUse);
    const lineProbes = nodes.filter((node) => node['Relation Name'] === 'detail_program');
    expect(lineProbes.map((node) => node['Index Name'])).toEqual([
      'detail_program_funding_source_idx',
    ]);
    expect(lineProbes[0]!['Index Cond']).toContain('funding_source_id =');
  });
});
