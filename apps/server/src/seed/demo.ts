import { randomBytes } from 'node:crypto';
import { articleSlug, computeTotals } from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../services/users.js';
import {
  DEMO_USER,
  type DemoArticle,
  type DemoBudgetLine,
  demoArticles,
  demoBudgetLines,
  demoPrograms,
  demoSupporters,
} from './demo-data.js';

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
 * Loads the demo in one transaction, so a crash part-way leaves the database empty and the next
 * start seeds again. Returns the demo user's generated password so it can be printed once.
 */
export async function seedDemo(
  db: Kysely<Database>,
): Promise<{ user: { email: string; password: string } }> {
  const password = randomBytes(12).toString('base64url');
  // Argon2 is deliberately slow; hash before the transaction opens.
  const passwordHash = await hashPassword(password);

  await db.transaction().execute(async (trx) => {
    const blocker = await demoBlocker(trx);
    if (blocker) throw new Error(`Demo data not loaded: the database already holds ${blocker}.`);

    const admin = await trx
      .selectFrom('app_user')
      .select(['id', 'name'])
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    const demoUser = await trx
      .insertInto('app_user')
      .values({ ...DEMO_USER, role: 'user', password_hash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();

    const places = await insertHierarchy(trx);
    const supporters = await insertSupporters(trx);
    await insertBudgetLines(trx, places, supporters, {
      demo: demoUser.id,
      admin: admin?.id ?? null,
    });
    await insertArticles(trx, admin ?? null);
  });

  return { user: { email: DEMO_USER.email, password } };
}

/** What makes the database not empty for the demo, or null when it is empty. */
async function demoBlocker(db: Kysely<Database>): Promise<string | null> {
  const found = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('program').select('id')).as('programs'),
      eb.exists(eb.selectFrom('detail_program').select('id')).as('reports'),
      eb.exists(eb.selectFrom('article').select('id')).as('articles'),
      // A user already holding the demo email would make every start fail on the unique index.
      eb
        .exists(
          eb
            .selectFrom('app_user')
            .select('id')
            .where((user) => user(user.fn('lower', ['email']), '=', DEMO_USER.email)),
        )
        .as('demo_user'),
    ])
    .executeTakeFirstOrThrow();
  if (found.programs) return 'programs';
  if (found.reports) return 'reports';
  if (found.articles) return 'articles';
  if (found.demo_user) return `a user ${DEMO_USER.email}`;
  return null;
}

/** The ids a budget line needs, from program down to account. */
interface Place {
  program_id: string;
  action_id: string;
  sub_action_id: string;
  activity_id: string;
  subtitle_id: string;
  account_id: string;
  isTaxed: boolean;
}

const placeKey = (subtitle: string, accountCode: string) => `${subtitle} / ${accountCode}`;

/** Writes the programme tree top-down; returns each account's place keyed by subtitle and code. */
async function insertHierarchy(trx: Kysely<Database>): Promise<Map<string, Place>> {
  const places = new Map<string, Place>();
  for (const program of demoPrograms) {
    const { id: program_id } = await trx
      .insertInto('program')
      .values({ name: program.name, is_taxed: program.isTaxed })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const action of program.actions) {
      const { id: action_id } = await trx
        .insertInto('action')
        .values({ name: action.name, program_id })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const sub_action of action.subActions) {
        const { id: sub_action_id } = await trx
          .insertInto('sub_action')
          .values({ name: sub_action.name, action_id })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const activity of sub_action.activities) {
          const { id: activity_id } = await trx
            .insertInto('activity')
            .values({ name: activity.name, sub_action_id })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const subtitle of activity.subtitles) {
            const { id: subtitle_id } = await trx
              .insertInto('subtitle')
              .values({ name: subtitle.name, activity_id })
              .returning('id')
              .executeTakeFirstOrThrow();
            for (const account of subtitle.accounts) {
              const { id: account_id } = await trx
                .insertInto('account')
                .values({ code: account.code, name: account.name, subtitle_id })
                .returning('id')
                .executeTakeFirstOrThrow();
              const key = placeKey(subtitle.name, account.code);
              if (places.has(key)) throw new Error(`Demo data names ${key} twice`);
              places.set(key, {
                program_id,
                action_id,
                sub_action_id,
                activity_id,
                subtitle_id,
                account_id,
                isTaxed: program.isTaxed,
              });
            }
          }
        }
      }
    }
  }
  return places;
}

async function insertSupporters(trx: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await trx
    .insertInto('supporter')
    .values(demoSupporters.map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function insertBudgetLines(
  trx: Kysely<Database>,
  places: Map<string, Place>,
  supporters: Map<string, string>,
  authors: Record<DemoBudgetLine['createdBy'], string | null>,
): Promise<void> {
  for (const line of demoBudgetLines) {
    const key = placeKey(line.subtitle, line.account);
    const place = places.get(key);
    const supporter_id = supporters.get(line.supporter);
    if (!place || !supporter_id) throw new Error(`Demo budget line points nowhere: ${key}`);
    const { isTaxed, ...ids } = place;
    const [first_volume, second_volume, third_volume] = line.volumes;
    const totals = computeTotals({
      price: line.price,
      first_volume,
      second_volume,
      third_volume,
      taxed: isTaxed,
    });
    const { id } = await trx
      .insertInto('detail_program')
      .values({
        component_code: line.component_code,
        component_name: line.component_name,
        specification: line.specification,
        unit: line.unit,
        price: line.price,
        first_volume,
        second_volume,
        third_volume,
        ...totals,
        year: line.year,
        ...ids,
        supporter_id,
        created_by: authors[line.createdBy],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // created_at is written by the database only; back-date it so the list looks lived-in.
    await sql`update detail_program set created_at = ${daysBeforeNow(line.daysAgo)} where id = ${id}`.execute(
      trx,
    );
  }
}

async function insertArticles(
  trx: Kysely<Database>,
  admin: { id: string; name: string } | null,
): Promise<void> {
  for (const article of demoArticles) {
    const { id } = await trx
      .insertInto('article')
      .values({
        slug: articleSlug(article.title),
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        cover_image: null,
        tags: article.tags,
        status: article.status,
        category: article.category,
        author_id: admin?.id ?? null,
        author_name: admin?.name ?? 'Administrator',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await backdateArticle(trx, id, article);
  }
}

/** Timestamps and the view counter are never written by the app's inserts; set them here. */
async function backdateArticle(trx: Kysely<Database>, id: string, article: DemoArticle) {
  const at = daysBeforeNow(article.daysAgo);
  await sql`update article set created_at = ${at}, updated_at = ${at}, views_count = ${article.views} where id = ${id}`.execute(
    trx,
  );
}

const daysBeforeNow = (days: number) => sql`now() - make_interval(days => ${days})`;
