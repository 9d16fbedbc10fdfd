import {
  catalogueIssues,
  catalogueLockIssues,
  catalogueNameKey,
  type FieldIssue,
  listFilter,
  messagesId,
  type PriceAnomaly,
  type PriceAnomalyQuery,
  type PriceItem,
  type PriceItemImportBatch,
  type PriceItemImportResult,
  type PriceItemInput,
  type PriceItemListQuery,
  type PriceItemUpdateInput,
  priceAnomalyKinds,
  refusals,
  VOLUME_OUTLIER_FACTOR,
  VOLUME_OUTLIER_MIN_LINES,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { containsPattern, inTransaction, offsetOf, type Parsed, toCount } from './pagination.js';

const server = messagesId.server;

const itemColumns = [
  'id',
  'year',
  'kind',
  'code',
  'name',
  'specification',
  'unit',
  'price',
  'account_codes',
  'open',
  'retired',
] as const;

/** A name as core's `catalogueNameKey` compares it (migration 0024 indexes the items'). */
const nameKeyOf = (column: string) =>
  sql<string>`lower(regexp_replace(btrim(${sql.ref(column)}), '\\s+', ' ', 'g'))`;
export const catalogueNameSql = nameKeyOf('name');

/**
 * Whether a line (`line`) is outside the catalogue (core's BudgetLine.outside_catalogue): no
 * item while its year has one (an index probe on price_item's year and code).
 */
export const outsideCatalogueSql = sql<boolean>`(line.price_item_id is null
  and exists (select 1 from price_item catalogued where catalogued.year = line.year))`;

const toItem = (row: Record<string, unknown>): PriceItem =>
  ({ ...row, price: Number(row.price) }) as PriceItem;

/** What a line priced from the catalogue takes from its item, and what it is checked against. */
export interface CataloguePricing {
  component_code: string;
  component_name: string;
  specification: string;
  unit: string;
}

/**
 * The standard price catalogue (SSH, SBU, HSPK, ASB) of each budget year: loaded from the
 * sheets regions publish, searched by the line form under the chosen kode rekening, and the
 * ceiling of a line's price.
 */
export function createPriceItemService(db: Kysely<Database>) {
  return {
    async list(query: Parsed<typeof PriceItemListQuery>) {
      // An item with no kode rekening ('*') may be used under any (migration 0015).
      const usableUnder = query.account_code
        ? sql`and usable_under && ${[query.account_code, '*']}::text[]`
        : sql``;
      const ofKind = query.kind ? sql`and kind = ${query.kind}` : sql``;
      // The line form is offered the year's items in use; the Katalog Harga page may ask for all.
      const ofStatus =
        query.status === 'all' ? sql`` : sql`and retired = ${query.status === 'retired'}`;
      const found = query.search
        ? sql`search_text like ${containsPattern(query.search.toLowerCase())}`
        : sql`true`;
      // One statement answers the page and both counts (a search is sent on every pause in
      // typing). Under a kode rekening its items, a few hundred of a year's tens of thousands,
      // are found first by their GIN index and kept (materialized), then counted, searched and
      // ordered among themselves: left to choose, the planner walked the year's items in code
      // order through thousands of others for a short search ('ke'). Without one, the year's
      // items are read where each part needs them rather than all kept.
      const { rows } = await sql<Record<string, unknown> & { total: unknown; found: unknown }>`
        with scope as ${query.account_code ? sql`materialized` : sql`not materialized`} (
          select * from price_item
          where year = ${query.year} ${usableUnder} ${ofKind} ${ofStatus}
        )
        select counts.total, counts.found, page.*
        from (select count(*) as total, count(*) filter (where ${found}) as found from scope) counts
        left join lateral (
          select ${sql.join(itemColumns.map((column) => sql.ref(column)))} from scope
          where ${found} order by code
          limit ${query.limit} offset ${offsetOf(query.page, query.limit)}
        ) page on true`.execute(db);
      const counts = rows[0];
      return {
        // A page past the end, or nothing found, is the one row of counts with no item.
        data: rows
          .filter((row) => row.id !== null)
          .map(({ total, found, ...item }) => toItem(item)),
        filter: listFilter(query.page, query.limit, toCount(counts?.found), toCount(counts?.total)),
      };
    },

    /**
     * One item added on the Katalog Harga page: the import's rules (core's PriceItemFields); a
     * code the year already has is refused, as the import would silently update it.
     */
    async create(input: Parsed<typeof PriceItemInput>): Promise<PriceItem> {
      const row = await inTransaction(db, (trx) =>
        trx
          .insertInto('price_item')
          .values(input)
          .onConflict((oc) => oc.columns(['year', 'code']).doNothing())
          .returning(itemColumns)
          .executeTakeFirst(),
      );
      if (!row) throw refusals.priceItemCodeTaken(input.code, input.year);
      return toItem(row);
    },

    /** Items are matched by (year, code); a changed one is updated, an unchanged one left. */
    async import(batch: Parsed<typeof PriceItemImportBatch>): Promise<PriceItemImportResult> {
      // A code named twice in one sheet: the last row wins, as when a later sheet is loaded.
      const byCode = new Map(batch.items.map((item) => [item.code, item]));
      const items = [...byCode.values()];
      const column = <K extends keyof (typeof items)[number]>(key: K) =>
        items.map((item) => item[key]);
      // Arrays of arrays do not travel as parameters: the kode rekening go as JSON text.
      const accounts = items.map((item) => JSON.stringify(item.account_codes));
      return inTransaction(db, async (trx) => {
        const incoming = sql`unnest(
            ${column('kind')}::text[], ${column('code')}::text[], ${column('name')}::text[],
            ${column('specification')}::text[], ${column('unit')}::text[],
            ${column('price').map(String)}::bigint[], ${accounts}::text[], ${column('open')}::boolean[]
          ) as w(kind, code, name, specification, unit, price, accounts, open)`;
        const { rows } = await sql<{ created: unknown; changed: unknown }>`
          select count(*) filter (where p.id is null) as created,
            count(*) filter (where p.id is not null and (p.kind, p.name, p.specification, p.unit,
              p.price, p.account_codes, p.open) is distinct from (w.kind, w.name, w.specification,
              w.unit, w.price, array(select jsonb_array_elements_text(w.accounts::jsonb)), w.open))
              as changed
          from ${incoming}
          left join price_item p on p.year = ${batch.year} and p.code = w.code`.execute(trx);
        if (!batch.dry_run) {
          await sql`
            insert into price_item (year, kind, code, name, specification, unit, price,
              account_codes, open)
            select ${batch.year}, w.kind, w.code, w.name, w.specification, w.unit, w.price,
              array(select jsonb_array_elements_text(w.accounts::jsonb)), w.open
            from ${incoming}
            on conflict (year, code) do update set kind = excluded.kind, name = excluded.name,
              specification = excluded.specification, unit = excluded.unit,
              price = excluded.price, account_codes = excluded.account_codes,
              open = excluded.open, updated_at = now()
            where (price_item.kind, price_item.name, price_item.specification, price_item.unit,
              price_item.price, price_item.account_codes, price_item.open) is distinct from
              (excluded.kind, excluded.name, excluded.specification, excluded.unit,
              excluded.price, excluded.account_codes, excluded.open)`.execute(trx);
          // Fresh statistics, so the next searches plan on the loaded catalogue's real size.
          await sql`analyze price_item`.execute(trx);
        }
        const created = toCount(rows[0]?.created);
        const changed = toCount(rows[0]?.changed);
        return {
          dry_run: batch.dry_run,
          created,
          changed,
          unchanged: items.length - created - changed,
        };
      });
    },

    /**
     * Changes the fields given (each checked as the import checks a row), or retires the item.
     * A new code must be free in the item's year. Lines priced from it keep what they took.
     */
    async update(id: string, input: Parsed<typeof PriceItemUpdateInput>): Promise<PriceItem> {
      return inTransaction(db, async (trx) => {
        const stored = await trx
          .selectFrom('price_item')
          .select(['year', 'code'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!stored) throw refusals.notFound(server.records.priceItem);
        if (input.code !== undefined && input.code !== stored.code) {
          const taken = await trx
            .selectFrom('price_item')
            .select('id')
            .where('year', '=', stored.year)
            .where('code', '=', input.code)
            .executeTakeFirst();
          if (taken) throw refusals.priceItemCodeTaken(input.code, stored.year);
        }
        const row = await trx
          .updateTable('price_item')
          .set({ ...input, updated_at: sql`now()` })
          .where('id', '=', id)
          .returning(itemColumns)
          .executeTakeFirstOrThrow();
        return toItem(row);
      });
    },

    /**
     * A page of a year's price anomalies (issue 34), each line once per finding, the findings in
     * core's order (`priceAnomalyKinds`), the costliest lines first: lines without an item; lines
     * above an item's price (theirs, or for a free-form line the item it is named as) with why;
     * lines whose volume is more than VOLUME_OUTLIER_FACTOR times the median of their kode
     * rekening that year, among at least VOLUME_OUTLIER_MIN_LINES lines.
     */
    async anomalies(query: Parsed<typeof PriceAnomalyQuery>) {
      const found = query.search
        ? sql`l.search_text like ${containsPattern(query.search.toLowerCase())}`
        : sql`true`;
      const ofKind = query.kind ? sql`f.kind = ${query.kind}` : sql`true`;
      const { rows } = await sql<Record<string, unknown>>`
        with line as materialized (
          select d.id, d.component_code, d.component_name, d.unit, d.price, d.total_after_tax,
            d.price_item_id, d.account_id, d.sub_action_id, d.program_id, d.created_by,
            d.search_text, d.first_volume * d.second_volume * d.third_volume as volume
          from detail_program d where d.year = ${query.year}
        ),
        usual as (
          select account_id, count(*) as lines,
            percentile_cont(0.5) within group (order by volume::float8) as median
          from line group by account_id
        ),
        finding as (
          select 'free_form' as kind, l.id, null::text as catalogue_code,
            null::bigint as catalogue_price, null::text as reason, null::float8 as median_volume,
            null::bigint as account_line_count
          from line l where l.price_item_id is null
            -- Outside a catalogue only where the year has one (BudgetLine.outside_catalogue).
            and exists (select 1 from price_item p where p.year = ${query.year})
          union all
          select 'above_catalogue', l.id, p.code, p.price,
            case when p.open then 'item_open' else 'price_lowered' end, null, null
          from line l join price_item p on p.id = l.price_item_id
          where l.price > p.price
          union all
          select 'above_catalogue', l.id, m.code, m.price,
            case when m.open then 'item_open' else 'free_form_match' end, null, null
          from line l cross join lateral (
            -- The item core's catalogueLockIssues holds the line to: by code, else by name;
            -- an open one first, else the dearest.
            select p.code, p.price, p.open from price_item p
            where p.year = ${query.year} and not p.retired
              and case when exists (select 1 from price_item c where c.year = ${query.year}
                  and not c.retired and btrim(l.component_code) <> ''
                  and c.code = btrim(l.component_code))
                then p.code = btrim(l.component_code)
                else ${catalogueNameSql} = ${nameKeyOf('l.component_name')} end
            order by p.open desc, p.price desc limit 1
          ) m
          where l.price_item_id is null and l.price > m.price
          union all
          select 'volume', l.id, null, null, null, u.median, u.lines
          from line l join usual u on u.account_id = l.account_id
          where u.lines >= ${VOLUME_OUTLIER_MIN_LINES}
            and l.volume::float8 > ${VOLUME_OUTLIER_FACTOR} * u.median
        ),
        listed as (
          select f.* from finding f join line l on l.id = f.id where ${ofKind} and ${found}
        )
        select counts.total, counts.found, page.* from (
          select (select count(*) from finding) as total, (select count(*) from listed) as found
        ) counts
        left join lateral (
          select f.kind, f.catalogue_code, f.catalogue_price, f.reason, f.median_volume,
            f.account_line_count, l.id as line_id, l.component_code, l.component_name, l.unit,
            l.price, l.volume, l.total_after_tax, a.code as account_code,
            a.name as account_name, sa.name as sub_action_name, g.name as agency_name,
            u.name as created_by_name
          from listed f
          join line l on l.id = f.id
          join account a on a.id = l.account_id
          join sub_action sa on sa.id = l.sub_action_id
          join program pr on pr.id = l.program_id
          left join agency g on g.id = pr.agency_id
          left join app_user u on u.id = l.created_by
          order by array_position(${[...priceAnomalyKinds]}::text[], f.kind),
            l.total_after_tax desc, l.id
          limit ${query.limit} offset ${offsetOf(query.page, query.limit)}
        ) page on true`.execute(db);
      const counts = rows[0];
      // Nothing found, or a page past the end, is the one row of counts.
      const data: PriceAnomaly[] = rows
        .filter((row) => row.line_id !== null)
        .map((row) => ({
          kind: row.kind as PriceAnomaly['kind'],
          line_id: row.line_id as string,
          component_code: row.component_code as string,
          component_name: row.component_name as string,
          unit: row.unit as string,
          price: Number(row.price),
          volume: Number(row.volume),
          total_after_tax: Number(row.total_after_tax),
          account_code: row.account_code as string,
          account_name: row.account_name as string,
          sub_action_name: row.sub_action_name as string,
          agency_name: (row.agency_name as string | null) ?? null,
          created_by_name: (row.created_by_name as string | null) ?? null,
          catalogue_code: (row.catalogue_code as string | null) ?? null,
          catalogue_price: row.catalogue_price === null ? null : Number(row.catalogue_price),
          reason: (row.reason as PriceAnomaly['reason']) ?? null,
          median_volume: row.median_volume === null ? null : Number(row.median_volume),
          account_line_count:
            row.account_line_count === null ? null : Number(row.account_line_count),
        }));
      return {
        data,
        filter: listFilter(query.page, query.limit, toCount(counts?.found), toCount(counts?.total)),
      };
    },

    /**
     * The price lock on a line without an item (issue 34): the items in use of its year whose
     * code is the line's (when it has one) or whose name is, compared as core's
     * `catalogueNameKey` (migration 0024's index), hold its price unless open.
     */
    async lockIssues(
      executor: Kysely<Database>,
      line: { year: number; price: number; component_code: string; component_name: string },
    ): Promise<FieldIssue[]> {
      const code = line.component_code.trim();
      const rows = await executor
        .selectFrom('price_item')
        .select(['code', 'name', 'year', 'price', 'open'])
        .where('year', '=', line.year)
        .where('retired', '=', false)
        .where((eb) =>
          eb.or([
            ...(code ? [eb('code', '=', code)] : []),
            eb(catalogueNameSql, '=', catalogueNameKey(line.component_name)),
          ]),
        )
        .execute();
      return catalogueLockIssues(rows, line);
    },

    /**
     * Prices a line from its item: the item must be of the line's year and allowed under its
     * kode rekening, and the price at most the item's unless the item is open. Answers what the
     * line takes from the item, or the field problems.
     */
    async pricing(
      executor: Kysely<Database>,
      line: {
        price_item_id: string;
        year: number;
        price: number;
        account_id: string;
        /** The line being edited, or restored: it may keep an item retired since. */
        line_id?: string | undefined;
        restoring?: boolean;
      },
    ): Promise<{ pricing?: CataloguePricing; issues: FieldIssue[] }> {
      const row = await executor
        .selectFrom('price_item')
        .select(itemColumns)
        .where('id', '=', line.price_item_id)
        .executeTakeFirst();
      if (!row) {
        return {
          issues: [
            { path: 'price_item_id', message: server.recordNotFound(server.records.priceItem) },
          ],
        };
      }
      // The kode rekening is read only when the item names some.
      const account =
        row.account_codes.length > 0
          ? await executor
              .selectFrom('account')
              .select('code')
              .where('id', '=', line.account_id)
              .executeTakeFirst()
          : undefined;
      // A retired item stays with the lines that had it: read only when it matters.
      const keepsItem =
        row.retired &&
        (line.restoring === true ||
          (line.line_id !== undefined &&
            (await executor
              .selectFrom('detail_program')
              .select('id')
              .where('id', '=', line.line_id)
              .where('price_item_id', '=', line.price_item_id)
              .executeTakeFirst()) !== undefined));
      const issues = catalogueIssues(
        row,
        { ...line, keeps_item: keepsItem },
        account?.code ?? null,
      );
      return {
        issues,
        pricing: {
          component_code: row.code,
          component_name: row.name,
          specification: row.specification,
          unit: row.unit,
        },
      };
    },
  };
}

export type PriceItemService = ReturnType<typeof createPriceItemService>;
