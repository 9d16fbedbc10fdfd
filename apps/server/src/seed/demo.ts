import { randomBytes } from 'node:crypto';
import { HierarchyImportBatch, PriceItemImportBatch, spreadLike, type User } from '@ranwal/core';
import { DEMO_USER_EMAIL, type DemoData, demoData, demoImportBatch } from '@ranwal/core/demo';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { createArticleService } from '../services/articles.js';
import { createCashPlanService } from '../services/cash-plan.js';
import { createHierarchyService } from '../services/hierarchy.js';
import { createImportService } from '../services/import.js';
import { createPaguService } from '../services/pagu.js';
import { createPriceItemService } from '../services/price-items.js';
import { createRealisationService } from '../services/realisation.js';
import { createBudgetLineService } from '../services/reports.js';
import { createUserService } from '../services/users.js';

/**
 * Demo data for a first run: loaded on an empty database, on PGlite by default, on
 * PostgreSQL only with RANWAL_DEMO=true, never with RANWAL_DEMO=false.
 */
export async function shouldSeedDemo(database: DatabaseHandle, config: Config): Promise<boolean> {
  if (config.RANWAL_DEMO === false) return false;
  if (config.RANWAL_DEMO === undefined && database.kind !== 'pglite') return false;
  return (await demoBlocker(database.db)) === null;
}

/**
 * Loads the demo (`@ranwal/core/demo`, the same data Storybook shows) through the server's own
 * services, so it obeys every rule the API does: people through the user service, the
 * hierarchy through the bulk import, supporters, budget lines (priced by the server) and
 * articles (sanitized, slugged) through theirs. All in one transaction, so a crash part-way
 * leaves the database empty and the next start seeds again. Returns the demo user's generated
 * password so it can be printed once; the other demo people get passwords nobody is told.
 */
export async function seedDemo(
  db: Kysely<Database>,
): Promise<{ user: { email: string; password: string } }> {
  const password = randomBytes(12).toString('base64url');
  await db.transaction().execute(async (trx) => {
    const blocker = await demoBlocker(trx);
    if (blocker) throw new Error(`Demo data not loaded: the database already holds ${blocker}.`);
    const admin = await trx
      .selectFrom('app_user')
      .select(['id', 'name', 'email', 'role'])
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    await createImportService(trx).hierarchyWithin(
      trx,
      HierarchyImportBatch.parse(demoImportBatch(demoData.hierarchy, demoData.agency)),
    );
    // The unit's own people work in it; admins see every unit anyway.
    const unit = demoData.agency
      ? await trx
          .selectFrom('agency')
          .select('id')
          .where('name', '=', demoData.agency.name)
          .executeTakeFirstOrThrow()
      : undefined;
    const unitIds = unit ? [unit.id] : [];

    const users = createUserService(trx);
    const people = new Map<string, User>(admin ? [['admin', { ...admin, agency_ids: [] }]] : []);
    for (const person of demoData.users) {
      const secret =
        person.email === DEMO_USER_EMAIL ? password : randomBytes(12).toString('base64url');
      const agency_ids = person.role === 'user' ? unitIds : [];
      people.set(person.email, await users.create({ ...person, agency_ids, password: secret }));
    }
    // Without an admin yet (a database seeded before any), the demo user stands in for one.
    if (!admin) people.set('admin', people.get(DEMO_USER_EMAIL)!);
    const hierarchy = createHierarchyService(trx);
    const supporters = new Map<string, string>();
    for (const name of demoData.supporters) {
      supporters.set(name, String((await hierarchy.create('supporter', { name })).id));
    }

    const priceItems = createPriceItemService(trx);
    for (const year of new Set(demoData.catalogue.map((item) => item.year))) {
      const items = demoData.catalogue.filter((item) => item.year === year);
      await priceItems.import(PriceItemImportBatch.parse({ year, items }));
    }
    const itemIds = new Map(
      (await trx.selectFrom('price_item').select(['id', 'year', 'code']).execute()).map((item) => [
        `${item.year} ${item.code}`,
        item.id,
      ]),
    );

    const sourceIds = new Map(
      (await trx.selectFrom('funding_source').select(['id', 'code']).execute()).map((source) => [
        source.code,
        source.id,
      ]),
    );
    const lines = createBudgetLineService(trx);
    for (const line of demoData.lines) {
      const place = await placeOf(trx, line.subtitle, line.account);
      const author = people.get(line.createdBy);
      const supporter_id = supporters.get(line.supporter);
      if (!author || !supporter_id || (line.funding && !sourceIds.has(line.funding))) {
        throw new Error(`Demo line points nowhere: ${line.subtitle}`);
      }
      const [first_volume, second_volume, third_volume] = line.volumes;
      const { id } = await lines.create(
        {
          ...line,
          first_volume,
          second_volume,
          third_volume,
          ...place,
          supporter_id,
          is_taxed: place.is_taxed,
          price_item_id: itemIds.get(`${line.year} ${line.component_code}`) ?? null,
          funding_source_id: line.funding ? sourceIds.get(line.funding) : null,
        },
        author,
      );
      // created_at is the database's own; back-date it so the list looks lived-in.
      await sql`update detail_program set created_at = ${daysBeforeNow(line.daysAgo)}
        where id = ${id}`.execute(trx);
    }

    const pagu = createPaguService(trx);
    for (const ceiling of demoData.pagu) {
      const subAction = await subActionNamed(trx, ceiling.sub_action);
      await pagu.set(
        {
          sub_action_id: subAction.id,
          year: ceiling.year,
          amount: ceiling.amount,
          allow_overrun: false,
          overrun_reason: '',
        },
        people.get('admin')!.id,
      );
    }

    // The unit's Anggaran Kas and what was paid against it, so its months read as a unit's do.
    // Written with an admin's authority even where the demo user stands in for the admin: the
    // finance office's SP2D are not a unit's to record.
    const planner: User = { ...people.get('admin')!, role: 'admin' };
    if (demoData.cashPlan) await planCash(trx, demoData.cashPlan, planner);
    const realisation = createRealisationService(trx);
    for (const payment of demoData.sp2d) {
      const subAction = await subActionNamed(trx, payment.sub_action);
      if (payment.funding && !sourceIds.has(payment.funding)) {
        throw new Error(`Demo SP2D points nowhere: ${payment.number}`);
      }
      await realisation.recordSp2d(
        {
          sub_action_id: subAction.id,
          year: Number(payment.date.slice(0, 4)),
          sp2d_number: payment.number,
          date: payment.date,
          account_code: payment.account,
          funding_source_id: payment.funding ? sourceIds.get(payment.funding) : null,
          amount: payment.amount,
        },
        planner,
      );
    }

    const articles = createArticleService(trx);
    for (const article of demoData.articles) {
      const author = people.get(article.author);
      if (!author) throw new Error(`Demo article without its author: ${article.title}`);
      const { id } = await articles.create({ ...article, cover_image: null }, author);
      // Timestamps and the view counter are never the app's to write; set them here.
      const at = daysBeforeNow(article.daysAgo);
      await sql`update article set created_at = ${at}, updated_at = ${at},
        views_count = ${article.views} where id = ${id}`.execute(trx);
    }
  });
  return { user: { email: DEMO_USER_EMAIL, password } };
}

/** A demo sub kegiatan by its name (unique in the demo). */
const subActionNamed = (trx: Kysely<Database>, name: string) =>
  trx
    .selectFrom('sub_action')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow(() => new Error(`Demo sub kegiatan not found: ${name}`));

/**
 * The year's Anggaran Kas: every kode rekening of every sub kegiatan with lines that year
 * plans its lines' total in the demo's monthly percentages (`spreadLike`, with which the editor
 * fills a row in last year's shape), exact to the rupiah, so each plan balances its lines.
 */
async function planCash(
  trx: Kysely<Database>,
  plan: NonNullable<DemoData['cashPlan']>,
  caller: User,
): Promise<void> {
  const totals = await trx
    .selectFrom('detail_program')
    .innerJoin('account', 'account.id', 'detail_program.account_id')
    .select(['detail_program.sub_action_id', 'account.code'])
    .select((eb) => eb.fn.sum<string>('detail_program.total_after_tax').as('total'))
    .where('detail_program.year', '=', plan.year)
    .groupBy(['detail_program.sub_action_id', 'account.code'])
    .orderBy('detail_program.sub_action_id')
    .orderBy('account.code')
    .execute();
  const shape = plan.percentByMonth.map(BigInt);
  const cashPlan = createCashPlanService(trx);
  for (const subActionId of new Set(totals.map((row) => row.sub_action_id))) {
    const rows = totals
      .filter((row) => row.sub_action_id === subActionId)
      .map((row) => ({
        account_code: row.code ?? '',
        months: spreadLike(BigInt(row.total), shape).map(Number),
      }));
    await cashPlan.set({ sub_action_id: subActionId, year: plan.year, rows }, caller);
  }
}

/** The ids a demo line names by its subtitle (unique in the demo) and its account code there. */
async function placeOf(trx: Kysely<Database>, subtitle: string, code: string) {
  return trx
    .selectFrom('account')
    .innerJoin('subtitle', 'subtitle.id', 'account.subtitle_id')
    .innerJoin('activity', 'activity.id', 'subtitle.activity_id')
    .innerJoin('sub_action', 'sub_action.id', 'activity.sub_action_id')
    .innerJoin('action', 'action.id', 'sub_action.action_id')
    .innerJoin('program', 'program.id', 'action.program_id')
    .select([
      'program.id as program_id',
      'program.is_taxed',
      'action.id as action_id',
      'sub_action.id as sub_action_id',
      'activity.id as activity_id',
      'subtitle.id as subtitle_id',
      'account.id as account_id',
    ])
    .where('subtitle.name', '=', subtitle)
    .where('account.code', '=', code)
    .executeTakeFirstOrThrow(() => new Error(`Demo line points nowhere: ${subtitle} / ${code}`));
}

/** What makes the database not empty for the demo, or null when it is empty. */
async function demoBlocker(db: Kysely<Database>): Promise<string | null> {
  const found = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('program').select('id')).as('programs'),
      eb.exists(eb.selectFrom('detail_program').select('id')).as('reports'),
      eb.exists(eb.selectFrom('article').select('id')).as('articles'),
      // A user already holding a demo email would make every start fail on the unique index.
      eb
        .exists(
          eb
            .selectFrom('app_user')
            .select('id')
            .where((user) =>
              user(
                user.fn('lower', ['email']),
                'in',
                demoData.users.map((person) => person.email),
              ),
            ),
        )
        .as('demo_user'),
    ])
    .executeTakeFirstOrThrow();
  if (found.programs) return 'programs';
  if (found.reports) return 'reports';
  if (found.articles) return 'articles';
  if (found.demo_user) return `a user ${DEMO_USER_EMAIL}`;
  return null;
}

const daysBeforeNow = (days: number) => sql`now() - make_interval(days => ${days})`;
