import { hierarchyLevelKeys, managedEntities } from '@ranwal/core';
import type { SeedTables } from '@ranwal/core/demo';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../services/users.js';

/** Tables a sandbox keeps between sessions: settings (the signing secret), migrations, counters. */
const KEPT_TABLES = new Set([
  'app_setting',
  'kysely_migration',
  'kysely_migration_lock',
  'table_row_count',
  'user_line_count',
]);

/** argon2 takes tens of milliseconds: each story password is hashed once per process. */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  const known = hashes.get(password);
  if (known) return known;
  const hash = hashPassword(password);
  hashes.set(password, hash);
  return hash;
};

/** Empties every data table (their truncate triggers zero the counters). */
export async function emptyTables(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public'`.execute(db);
  const tables = rows.map((row) => row.tablename).filter((name) => !KEPT_TABLES.has(name));
  await sql`truncate ${sql.join(tables.map((name) => sql.table(name)))} cascade`.execute(db);
}

/**
 * Writes `seed` into an empty database as the stories gave it (their ids, dates and counts), in
 * one transaction; the history its inserts wrote is dropped, so the history starts empty.
 */
export async function writeSeed(db: Kysely<Database>, seed: SeedTables): Promise<void> {
  const passwordHashes = await Promise.all(seed.users.map((user) => hashOf(user.password)));
  await db.transaction().execute(async (trx) => {
    if (seed.users.length > 0) {
      await trx
        .insertInto('app_user')
        .values(
          seed.users.map(({ id, name, email, role }, index) => ({
            id,
            name,
            email,
            role,
            password_hash: passwordHashes[index]!,
          })),
        )
        .execute();
    }
    // Parents before children: the agency, then the levels from the top, then supporters.
    const order = ['agency', ...hierarchyLevelKeys, 'supporter'] as const;
    for (const key of order) {
      const rows = seed.entities[key] as Record<string, unknown>[];
      if (rows.length === 0) continue;
      const { table, hasCode, hasTaxFlag, parentField } = managedEntities[key];
      const columns = [
        'id',
        'name',
        ...(hasCode ? ['code'] : []),
        ...(hasTaxFlag ? ['is_taxed'] : []),
      ];
      if (parentField) columns.push(parentField);
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
        values ${sql.join(
          rows.map((row) => sql`(${sql.join(columns.map((c) => row[c] ?? null))})`),
        )}`.execute(trx);
    }
    const memberships = seed.users.flatMap((user) =>
      (user.agency_ids ?? []).map((agency_id) => ({ user_id: user.id, agency_id })),
    );
    if (memberships.length > 0) await trx.insertInto('user_agency').values(memberships).execute();
    // The catalogue before the lines priced from it.
    const planning = seed.planning ?? {};
    const rules = planning.settings?.tax_rules ?? [];
    if (rules.length > 0) await trx.insertInto('tax_rule').values(rules).execute();
    for (const pagu of planning.pagu ?? []) {
      await trx
        .insertInto('pagu')
        .values({ overrun_reason: '', updated_by: null, ...pagu })
        .execute();
    }
    for (const pagu of planning.agencyPagu ?? []) {
      await trx.insertInto('agency_pagu').values(pagu).execute();
    }
    for (const item of planning.priceItems ?? []) {
      const { id, year, kind, code, name, specification, unit, price, account_codes, open } = item;
      const values = {
        id,
        year,
        kind,
        code,
        name,
        specification,
        unit,
        price,
        account_codes,
        open,
      };
      await trx.insertInto('price_item').values(values).execute();
    }
    // A line's stored fields, totals included (as priced when seeded); the names it is read
    // with are joined, not stored.
    const { rows: stored } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'detail_program' and is_generated = 'NEVER'
        and column_name not in ('created_at', 'updated_at')`.execute(trx);
    const lineColumns = new Set(stored.map((row) => row.column_name));
    for (const line of seed.lines) {
      const { updated_at, created_at, ...fields } = line as typeof line & Record<string, unknown>;
      const values = Object.fromEntries(
        Object.entries(fields).filter(([column]) => lineColumns.has(column)),
      );
      await sql`insert into detail_program (${sql.join(Object.keys(values).map((c) => sql.ref(c)))}, created_at, updated_at)
        values (${sql.join(Object.values(values))}, ${created_at}, ${updated_at ?? null})`.execute(
        trx,
      );
    }
    for (const article of seed.articles) {
      const author = seed.users.find((user) => user.name === article.name);
      await sql`insert into article (id, slug, title, excerpt, content, cover_image, tags, status,
          category, author_id, author_name, views_count, created_at, updated_at)
        values (${article.id}, ${article.slug}, ${article.title}, ${article.excerpt},
          ${article.content}, ${article.cover_image}, ${article.tags}, ${article.status},
          ${article.category}, ${author?.id ?? null}, ${article.name}, ${article.views_count},
          ${article.created_at}, ${article.updated_at})`.execute(trx);
    }
    for (const told of seed.notifications ?? []) {
      const actor = seed.users.find((user) => user.name === told.actor_name);
      await sql`insert into notification (id, user_id, kind, sub_action_id, year, line_id, actor_id,
          created_at, read_at)
        values (${told.id}, ${told.user_id}, ${told.kind}, ${told.sub_action_id}, ${told.year},
          ${told.line_id}, ${actor?.id ?? null}, ${told.created_at},
          ${told.read ? told.created_at : null})`.execute(trx);
    }
    await sql`truncate change_log`.execute(trx);
  });
}
