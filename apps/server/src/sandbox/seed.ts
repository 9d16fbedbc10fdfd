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

/**
 * What every pooled database shares (they are clones of one migrated base): its data tables, and
 * the stored columns of a line (totals included; the names it is read with are joined, not
 * stored). Read once per process.
 */
let schema:
  | Promise<{
      dataTables: string[];
      lineColumns: Set<string>;
      fundingSources: Record<string, unknown>[];
    }>
  | undefined;
const schemaOf = (db: Kysely<Database>) => {
  schema ??= (async () => {
    // The sumber dana a database starts with (migration 0027): every story's database gets
    // them back after it is emptied, as a region's own list. Read from the migrated base,
    // before any session empties it.
    const sources = await sql<Record<string, unknown>>`
      select id, code, name, funding_group, active_from, active_to from funding_source
      order by code`.execute(db);
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = 'public'`.execute(db);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'detail_program' and is_generated = 'NEVER'`.execute(db);
    return {
      dataTables: tables.rows.map((row) => row.tablename).filter((name) => !KEPT_TABLES.has(name)),
      lineColumns: new Set(columns.rows.map((row) => row.column_name)),
      fundingSources: sources.rows,
    };
  })();
  return schema;
};

/** `insert into table (columns) values (…), (…)`: one statement for all of `rows`. */
const insertRows = (table: string, columns: string[], rows: Record<string, unknown>[]) =>
  sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    values ${sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => row[column] ?? null))})`))}`;

/**
 * The transaction id the database will assign next: unchanged while nothing has written (a read
 * assigns none). PostgreSQL counts them for the whole server, so there any database's write moves
 * it; a PGlite is a server of its own.
 */
export async function nextTransactionId(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ next: string }>`
    select pg_snapshot_xmax(pg_current_snapshot())::text as next`.execute(db);
  return rows[0]!.next;
}

/** Set once a role may not turn triggers off (not a superuser): it truncates instead. */
let truncating = false;

/** Empties every data table and the counts kept of them. */
export async function emptyTables(db: Kysely<Database>): Promise<void> {
  const { dataTables } = await schemaOf(db);
  // Their few rows deleted with triggers and foreign keys off (replica), not TRUNCATE: on
  // PostgreSQL truncating some fifty tables took 300–500 ms (each gets new files), deleting
  // ~7 ms. The counts triggers keep in the kept tables are emptied with them, as TRUNCATE's own
  // triggers did.
  if (truncating) {
    await sql`truncate ${sql.join(dataTables.map((name) => sql.table(name)))} cascade`.execute(db);
    return;
  }
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      for (const name of dataTables) await sql`delete from ${sql.table(name)}`.execute(trx);
      await sql`update table_row_count set row_count = 0`.execute(trx);
      await sql`delete from user_line_count`.execute(trx);
    });
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    truncating = true;
    await emptyTables(db);
  }
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
      await insertRows(table, columns, rows).execute(trx);
    }
    const memberships = seed.users.flatMap((user) =>
      (user.agency_ids ?? []).map((agency_id) => ({ user_id: user.id, agency_id })),
    );
    if (memberships.length > 0) await trx.insertInto('user_agency').values(memberships).execute();
    const { fundingSources } = await schemaOf(trx);
    if (fundingSources.length > 0) {
      await insertRows(
        'funding_source',
        ['id', 'code', 'name', 'funding_group', 'active_from', 'active_to'],
        fundingSources,
      ).execute(trx);
    }
    // The catalogue before the lines priced from it.
    const planning = seed.planning ?? {};
    const rules = planning.settings?.tax_rules ?? [];
    if (rules.length > 0) await trx.insertInto('tax_rule').values(rules).execute();
    const pagu = (planning.pagu ?? []).map((row) => ({ overrun_reason: '', ...row }));
    if (pagu.length > 0) await trx.insertInto('pagu').values(pagu).execute();
    const agencyPagu = planning.agencyPagu ?? [];
    if (agencyPagu.length > 0) await trx.insertInto('agency_pagu').values(agencyPagu).execute();
    const signers = planning.signers ?? [];
    if (signers.length > 0) await trx.insertInto('rka_signer').values(signers).execute();
    const priceItems = (planning.priceItems ?? []).map((item) => ({
      ...item,
      retired: item.retired ?? false,
    }));
    if (priceItems.length > 0) {
      const columns = ['id', 'year', 'kind', 'code', 'name', 'specification', 'unit', 'price'];
      await insertRows(
        'price_item',
        [...columns, 'account_codes', 'open', 'retired'],
        priceItems,
      ).execute(trx);
    }
    const policy = planning.settings;
    if (
      policy?.lines_need_pagu === false ||
      policy?.lines_need_funding_source === true ||
      policy?.units_enter_sp2d === true
    ) {
      await trx
        .insertInto('planning_setting')
        .values({
          lines_need_pagu: policy.lines_need_pagu ?? true,
          lines_need_funding_source: policy.lines_need_funding_source ?? false,
          units_enter_sp2d: policy.units_enter_sp2d ?? false,
        })
        .execute();
    }
    // A line as the story stored it: the stored columns it gives (its dates among them).
    const { lineColumns } = await schemaOf(trx);
    if (seed.lines.length > 0) {
      const sourceIds = new Map(fundingSources.map((source) => [source.code, source.id]));
      const lines = seed.lines.map(({ funding_source_code: code, ...line }) => {
        if (code === undefined) return line;
        if (!sourceIds.has(code)) throw new Error(`seed: no sumber dana ${code}`);
        return { ...line, funding_source_id: sourceIds.get(code) };
      });
      const given = new Set(lines.flatMap((line) => Object.keys(line)));
      const columns = [...lineColumns].filter((column) => given.has(column));
      await insertRows('detail_program', columns, lines).execute(trx);
    }
    if (seed.articles.length > 0) {
      const authorOf = (name: string) => seed.users.find((user) => user.name === name)?.id;
      const articles = seed.articles.map((article) => ({
        ...article,
        author_id: authorOf(article.name),
        author_name: article.name,
      }));
      const columns = ['id', 'slug', 'title', 'excerpt', 'content', 'cover_image', 'tags'];
      const more = ['status', 'category', 'author_id', 'author_name', 'views_count'];
      await insertRows(
        'article',
        [...columns, ...more, 'created_at', 'updated_at'],
        articles,
      ).execute(trx);
    }
    const notifications = (seed.notifications ?? []).map((told) => ({
      ...told,
      actor_id: seed.users.find((user) => user.name === told.actor_name)?.id,
      read_at: told.read ? told.created_at : null,
    }));
    if (notifications.length > 0) {
      const columns = ['id', 'user_id', 'kind', 'sub_action_id', 'year', 'line_id', 'actor_id'];
      await insertRows(
        'notification',
        [...columns, 'created_at', 'read_at'],
        notifications,
      ).execute(trx);
    }
    await sql`truncate change_log`.execute(trx);
  });
}
