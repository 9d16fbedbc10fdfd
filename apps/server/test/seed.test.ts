import {
  ArticleInput,
  articleCategories,
  articleStatuses,
  computeTotals,
  Slug,
} from '@ranwal/core';
import { demoData } from '@ranwal/core/demo';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle, DatabaseKind } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';
import { seedDemo, shouldSeedDemo } from '../src/seed/demo.js';

const { articles: demoArticles, lines: demoBudgetLines, supporters: demoSupporters } = demoData;

import { createCashPlanService } from '../src/services/cash-plan.js';
import { createMonthlyReportService } from '../src/services/monthly-report.js';
import { createRealisationService } from '../src/services/realisation.js';
import { sanitizeArticleHtml } from '../src/services/sanitize.js';
import { createUserService } from '../src/services/users.js';
import { ADMIN, databaseTargets, freshDatabase } from './harness.js';

const tables = [
  'app_user',
  'program',
  'action',
  'sub_action',
  'activity',
  'subtitle',
  'account',
  'supporter',
  'detail_program',
  'article',
] as const;

async function countRows(db: Kysely<Database>): Promise<Record<(typeof tables)[number], number>> {
  const entries = [];
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    entries.push([table, Number(row.count)] as const);
  }
  return Object.fromEntries(entries) as Record<(typeof tables)[number], number>;
}

/** The decision depends on the database's kind, so one database can stand in for either. */
const as = (database: DatabaseHandle, kind: DatabaseKind): DatabaseHandle => ({
  ...database,
  kind,
});

/** Fails the first insert into `article`, the seed's last step: a crash part-way. */
const crashOnArticleInsert: KyselyPlugin = {
  transformQuery({ node }) {
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'article') {
      throw new Error('simulated crash while inserting articles');
    }
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe('demo articles', () => {
  it.each(demoArticles)('$title is valid input and already sanitized', (article) => {
    expect(() => ArticleInput.parse(article)).not.toThrow();
    expect(sanitizeArticleHtml(article.content)).toBe(article.content);
  });
});

describe.each(databaseTargets)('demo seed on %s', (target) => {
  describe('shouldSeedDemo', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await freshDatabase(target);
    });
    afterAll(() => database?.close());

    it.each([
      { kind: 'pglite', RANWAL_DEMO: undefined, seeds: true },
      { kind: 'pglite', RANWAL_DEMO: '1', seeds: true },
      { kind: 'pglite', RANWAL_DEMO: 'false', seeds: false },
      { kind: 'postgres', RANWAL_DEMO: undefined, seeds: false },
      { kind: 'postgres', RANWAL_DEMO: 'true', seeds: true },
      { kind: 'postgres', RANWAL_DEMO: '0', seeds: false },
    ] as const)(
      'empty $kind with RANWAL_DEMO=$RANWAL_DEMO -> $seeds',
      async ({ kind, RANWAL_DEMO, seeds }) => {
        const config = loadConfig(RANWAL_DEMO === undefined ? {} : { RANWAL_DEMO });
        expect(await shouldSeedDemo(as(database, kind), config)).toBe(seeds);
      },
    );

    it('refuses a database that already holds a program, an article or the demo user', async () => {
      const config = loadConfig({ RANWAL_DEMO: 'true' });
      const db = database.db;
      const refused = async () => {
        for (const kind of ['pglite', 'postgres'] as const) {
          expect(await shouldSeedDemo(as(database, kind), config)).toBe(false);
        }
      };

      const program = await db
        .insertInto('program')
        .values({ name: 'Program Lama' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await refused();
      await db.deleteFrom('program').where('id', '=', program.id).execute();
      expect(await shouldSeedDemo(database, config)).toBe(true);

      await db
        .insertInto('article')
        .values({
          slug: 'artikel-lama',
          title: 'Artikel Lama',
          excerpt: '',
          content: '<p>Isi</p>',
          status: 'draft',
          category: 'Kegiatan Rutin',
          author_name: 'Administrator',
          tags: [],
        })
        .execute();
      await refused();
      await db.deleteFrom('article').execute();

      await createUserService(db).create({
        name: 'Pengguna Lain',
        email: 'DEMO@ranwal.local',
        role: 'user',
        password: 'password-lain-1',
      });
      await refused();
      await expect(seedDemo(db)).rejects.toThrow(/demo@ranwal\.local/);
    });
  });

  describe('seedDemo', () => {
    let database: DatabaseHandle;
    let db: Kysely<Database>;
    let demoUser: { email: string; password: string };
    let adminId: string;

    beforeAll(async () => {
      database = await freshDatabase(target);
      db = database.db;
      // As on `npm start`: the first admin exists before the demo is loaded.
      await createUserService(db).ensureFirstAdmin(ADMIN.email, ADMIN.password);
      adminId = (
        await db
          .selectFrom('app_user')
          .select('id')
          .where('role', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id;
      demoUser = (await seedDemo(db)).user;
    });
    afterAll(() => database?.close());

    it('fills every table', async () => {
      const counts = await countRows(db);
      for (const table of tables) expect(counts[table], table).toBeGreaterThan(0);
      expect(counts).toMatchObject({
        app_user: 1 + demoData.users.length,
        program: 3,
        supporter: demoSupporters.length,
        detail_program: demoBudgetLines.length,
        article: demoArticles.length,
      });
      expect(counts.account).toBeGreaterThanOrEqual(15);
      expect(counts.account).toBeLessThanOrEqual(25);
    });

    it('uses dotted numeric account codes', async () => {
      const accounts = await db.selectFrom('account').select(['code', 'name']).execute();
      for (const account of accounts) {
        expect(account.code, account.name).toMatch(/^\d+(\.\d+)+$/);
      }
    });

    it("puts the budget under the demo's unit, whose people see its sub kegiatan in their month", async () => {
      const unit = await db.selectFrom('agency').select(['id', 'name', 'code']).execute();
      expect(unit).toEqual([{ id: expect.any(String), ...demoData.agency }]);
      const programs = await db.selectFrom('program').select('agency_id').execute();
      expect(programs.map((program) => program.agency_id)).toEqual(programs.map(() => unit[0]!.id));
      const members = await db
        .selectFrom('user_agency')
        .innerJoin('app_user', 'app_user.id', 'user_agency.user_id')
        .select(['app_user.id', 'app_user.email', 'app_user.role'])
        .execute();
      expect(members.map((member) => member.email).sort()).toEqual(
        demoData.users
          .filter((person) => person.role === 'user')
          .map((person) => person.email)
          .sort(),
      );
      const demo = members.find((member) => member.email === demoUser.email)!;
      const year = Math.max(...demoBudgetLines.map((line) => line.year));
      const month = await createMonthlyReportService(db).get(
        { year, month: 1, agency_id: unit[0]!.id },
        { ...demo, agency_ids: [unit[0]!.id] },
      );
      expect(month.sub_actions.length).toBeGreaterThan(0);
    });

    it("plans the unit's year to the rupiah by month and reads the SP2D paid against it", async () => {
      const admin = { id: adminId, role: 'admin' as const, agency_ids: [] };
      const year = demoData.cashPlan!.year;
      const status = await createCashPlanService(db).status(year, admin);
      expect(status.unbalanced).toEqual([]);
      const summary = await createRealisationService(db).summary(year, 12, admin);
      const paid = demoData.sp2d.reduce((sum, payment) => sum + payment.amount, 0);
      expect(summary.totals).toMatchObject({
        planned_cumulative: summary.totals.lines_total,
        realised_cumulative: String(paid),
      });
      expect(summary.units.map((unit) => unit.agency_name)).toEqual([demoData.agency!.name]);
    });

    it('has articles in every category and status, two public pages, valid unique slugs', async () => {
      const articles = await db
        .selectFrom('article')
        .select(['slug', 'category', 'status', 'author_id', 'author_name', 'cover_image'])
        .select((eb) => eb.cast<number>('views_count', 'integer').as('views'))
        .execute();
      expect(new Set(articles.map((a) => a.category))).toEqual(new Set(articleCategories));
      expect(new Set(articles.map((a) => a.status))).toEqual(new Set(articleStatuses));
      const published = articles.filter((a) => a.status === 'published');
      expect(published.length).toBeGreaterThan(7);
      expect(new Set(published.map((a) => a.category))).toEqual(new Set(articleCategories));
      expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
      const people = await db.selectFrom('app_user').select(['id', 'name', 'email']).execute();
      const idOf = (email: string) => people.find((person) => person.email === email)?.id;
      const expectedAuthors = new Set(
        demoData.articles.map((a) => (a.author === 'admin' ? adminId : idOf(a.author))),
      );
      expect(new Set(articles.map((a) => a.author_id))).toEqual(expectedAuthors);
      for (const article of articles) {
        expect(Slug.safeParse(article.slug).success, article.slug).toBe(true);
        const author = people.find((person) => person.id === article.author_id);
        expect(article).toMatchObject({ author_name: author?.name, cover_image: null });
      }
      expect(articles.some((a) => a.views > 0)).toBe(true);
    });

    it('spreads articles over the last months', async () => {
      const row = await db
        .selectFrom('article')
        .select((eb) => [
          eb.fn.min('created_at').as('oldest'),
          eb.fn.max('created_at').as('newest'),
        ])
        .executeTakeFirstOrThrow();
      const days = (Date.parse(String(row.newest)) - Date.parse(String(row.oldest))) / 86_400_000;
      expect(days).toBeGreaterThan(60);
    });

    it('prices every line from the catalogue of its year, within the pagu of its sub kegiatan', async () => {
      const lines = await db
        .selectFrom('detail_program as d')
        .leftJoin('price_item as i', 'i.id', 'd.price_item_id')
        .select([
          'd.component_name',
          'd.price',
          'd.year',
          'i.year as item_year',
          'i.price as item_price',
        ])
        .execute();
      for (const line of lines) {
        expect(line.item_year, line.component_name).toBe(line.year);
        expect(Number(line.price)).toBeLessThanOrEqual(Number(line.item_price));
      }
      const { rows } = await sql<{ name: string; pagu: string; planned: string }>`
        select s.name, pg.amount::text as pagu,
          (select coalesce(sum(d.total_after_tax), 0) from detail_program d
            where d.sub_action_id = s.id and d.year = pg.year)::text as planned
        from pagu pg join sub_action s on s.id = pg.sub_action_id`.execute(db);
      expect(rows).toHaveLength(demoData.pagu.length);
      for (const row of rows) expect(BigInt(row.planned) <= BigInt(row.pagu), row.name).toBe(true);
    });

    it('prices every budget line with PPN exactly when its program is taxed', async () => {
      const reports = await db
        .selectFrom('detail_program as d')
        .innerJoin('program as p', 'p.id', 'd.program_id')
        .select([
          'd.component_name',
          'd.price',
          'd.first_volume',
          'd.second_volume',
          'd.third_volume',
          'd.total_price',
          'd.tax',
          'd.total_after_tax',
          'd.year',
          'd.created_by',
          'p.is_taxed',
        ])
        .execute();
      expect(reports.some((r) => r.is_taxed)).toBe(true);
      expect(reports.some((r) => !r.is_taxed)).toBe(true);
      for (const report of reports) {
        const [price, totalPrice, tax, totalAfterTax] = [
          report.price,
          report.total_price,
          report.tax,
          report.total_after_tax,
        ].map(Number) as [number, number, number, number];
        expect(totalAfterTax, report.component_name).toBe(totalPrice + tax);
        const expected = computeTotals({
          price,
          first_volume: String(report.first_volume),
          second_volume: String(report.second_volume),
          third_volume: String(report.third_volume),
          taxed: report.is_taxed,
        });
        expect({ total_price: totalPrice, tax, total_after_tax: totalAfterTax }).toEqual(expected);
        if (!report.is_taxed) expect(tax).toBe(0);
        else expect(tax).toBeGreaterThan(0);
      }
      expect(new Set(reports.map((r) => r.year))).toEqual(new Set([2025, 2026]));
      const demoUserId = (
        await db
          .selectFrom('app_user')
          .select('id')
          .where('email', '=', demoUser.email)
          .executeTakeFirstOrThrow()
      ).id;
      const authors = new Set(reports.map((r) => r.created_by));
      const budi = await db
        .selectFrom('app_user')
        .select('id')
        .where('email', '=', 'budi.santoso@ranwal.local')
        .executeTakeFirstOrThrow();
      expect(authors).toEqual(new Set([demoUserId, adminId, budi.id]));
    });

    it('lets the demo user sign in with the returned password', async () => {
      expect(demoUser.email).toBe('demo@ranwal.local');
      expect(demoUser.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const { user } = await createUserService(db).signIn(demoUser.email, demoUser.password);
      expect(user).toMatchObject({ email: 'demo@ranwal.local', role: 'user' });
    });

    it('is not offered again and refuses a second run without adding rows', async () => {
      const before = await countRows(db);
      expect(await shouldSeedDemo(database, loadConfig({ RANWAL_DEMO: 'true' }))).toBe(false);
      await expect(seedDemo(db)).rejects.toThrow(/already holds programs/);
      expect(await countRows(db)).toEqual(before);
    });
  });

  describe('a crash part-way', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await freshDatabase(target);
    });
    afterAll(() => database?.close());

    it('leaves the database empty, and the next start seeds it', async () => {
      await expect(seedDemo(database.db.withPlugin(crashOnArticleInsert))).rejects.toThrow(
        /simulated crash/,
      );
      const counts = await countRows(database.db);
      expect(Object.values(counts).every((count) => count === 0)).toBe(true);

      const config = loadConfig({});
      expect(await shouldSeedDemo(as(database, 'pglite'), config)).toBe(true);
      await seedDemo(database.db);
      expect((await countRows(database.db)).article).toBe(demoArticles.length);
    });
  });
});
