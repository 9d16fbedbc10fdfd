import {
  type BudgetLine,
  BudgetLineInput,
  COUNT_BOUND,
  fieldIssuesOf,
  type HistoryEntry,
  type HistoryExportQuery,
  type HistoryListQuery,
  type HistoryRecordType,
  Id,
  issuesRefusal,
  type LineHistoryQuery,
  listFilter,
  messagesId,
  refusals,
  type User,
} from '@ranwal/core';
import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  boundedCount,
  encodeCursor,
  offsetOf,
  type Parsed,
  pageStartOf,
  pageWithCursors,
  toCount,
} from './pagination.js';
import { namesIn, referenceNames } from './reference-names.js';
import { type BudgetLineService, isLineInScope } from './reports.js';

const server = messagesId.server;
type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;

const LINE = 'detail_program';

/*
 * Which changes belong to a Perangkat Daerah (the audit page's unit filter). A record belongs to
 * the unit its recorded values point to, before or after the change (a record moved between
 * units belongs to both): a unit itself by its id; a programme and a unit's pagu by their
 * agency_id; every deeper record by its parent's column, up the chain to the programme (a line
 * by its program_id, a pagu or a lock by its sub_action_id). A parent is the unit's when it is
 * now, or when its own recorded values ever said so, so the history of deleted records is still
 * found. Price items and stages belong to no unit: they are listed only without the filter.
 *
 * One statement: the unit's parents are small sets (CTEs over the hierarchy tables and their
 * own history, read through change_log's (record_type, record_id) index), and each change is
 * checked against them by hash, so the big table is read once and never probed per row.
 */
type ParentSet =
  | 'unit_program'
  | 'unit_action'
  | 'unit_sub_action'
  | 'unit_activity'
  | 'unit_subtitle';
/** Each level the unit reaches through its parent: its table, the parent column and set. */
const unitLevels: readonly {
  set: ParentSet;
  table: string;
  parent: string;
  parentSet: ParentSet | null;
}[] = [
  { set: 'unit_program', table: 'program', parent: 'agency_id', parentSet: null },
  { set: 'unit_action', table: 'action', parent: 'program_id', parentSet: 'unit_program' },
  { set: 'unit_sub_action', table: 'sub_action', parent: 'action_id', parentSet: 'unit_action' },
  {
    set: 'unit_activity',
    table: 'activity',
    parent: 'sub_action_id',
    parentSet: 'unit_sub_action',
  },
  { set: 'unit_subtitle', table: 'subtitle', parent: 'activity_id', parentSet: 'unit_activity' },
];
/** What ties each kind of record to a unit: a column of its values and the set it is in. */
const unitKeys: Record<HistoryRecordType, { column: string; set: ParentSet | 'agency' } | null> = {
  agency: { column: 'id', set: 'agency' },
  agency_pagu: { column: 'agency_id', set: 'agency' },
  program: { column: 'agency_id', set: 'agency' },
  action: { column: 'program_id', set: 'unit_program' },
  detail_program: { column: 'program_id', set: 'unit_program' },
  sub_action: { column: 'action_id', set: 'unit_action' },
  activity: { column: 'sub_action_id', set: 'unit_sub_action' },
  pagu: { column: 'sub_action_id', set: 'unit_sub_action' },
  sub_action_lock: { column: 'sub_action_id', set: 'unit_sub_action' },
  subtitle: { column: 'activity_id', set: 'unit_activity' },
  account: { column: 'subtitle_id', set: 'unit_subtitle' },
  price_item: null,
  budget_stage: null,
  // The settings (issue 34): a person's unit and a unit's signatory are that unit's.
  user_agency: { column: 'agency_id', set: 'agency' },
  rka_signer: { column: 'agency_id', set: 'agency' },
  tax_rule: null,
  app_user: null,
  planning_setting: null,
  // Sumber dana (issue 36): the region's list is no unit's; a sub kegiatan's sources are its.
  funding_source: null,
  sub_action_funding: { column: 'sub_action_id', set: 'unit_sub_action' },
  cash_plan: { column: 'sub_action_id', set: 'unit_sub_action' },
  sp2d: { column: 'sub_action_id', set: 'unit_sub_action' },
  realisation_reason: { column: 'sub_action_id', set: 'unit_sub_action' },
  physical_progress: { column: 'sub_action_id', set: 'unit_sub_action' },
  monthly_report: { column: 'agency_id', set: 'agency' },
  sub_action_indicator: { column: 'sub_action_id', set: 'unit_sub_action' },
  indicator_achievement: { column: 'sub_action_id', set: 'unit_sub_action' },
  // Evidence from the field (issue 38).
  sub_action_location: { column: 'sub_action_id', set: 'unit_sub_action' },
  evidence_photo: { column: 'sub_action_id', set: 'unit_sub_action' },
};

/** A recorded column before or after the change is in `set` (ids as text). */
const recordedIn = (alias: string, column: string, set: RawBuilder<unknown>) => sql`(
  ${sql.ref(`${alias}.new_values`)} ->> ${sql.lit(column)} in ${set}
  or ${sql.ref(`${alias}.old_values`)} ->> ${sql.lit(column)} in ${set})`;

/** The unit's programmes, kegiatan, sub kegiatan, aktivitas and subtitles, as CTEs. */
function withUnit(db: Kysely<Database>, agencyId: string): QueryCreator<Database> {
  let scoped: QueryCreator<Database> = db;
  for (const level of unitLevels) {
    const parents = level.parentSet
      ? sql`(select id from ${sql.table(level.parentSet)})`
      : sql`(${agencyId}::text)`;
    scoped = scoped.with(
      `${level.set}(id)`,
      () =>
        sql`(select id::text from ${sql.table(level.table)}
        where ${sql.ref(level.parent)}::text in ${parents}
        union
        select h.record_id from change_log h
        where h.record_type = ${level.table} and ${recordedIn('h', level.parent, parents)})`,
    );
  }
  return scoped;
}

/** A change belongs to the unit (withUnit's sets): one hashed check per kind of record. */
const ofUnit = (agencyId: string) =>
  sql<boolean>`(${sql.join(
    Object.entries(unitKeys)
      .filter(([, key]) => key !== null)
      .map(([type, key]) => {
        const set =
          key!.set === 'agency'
            ? sql`(${agencyId}::text)`
            : sql`(select id from ${sql.table(key!.set)})`;
        const test =
          key!.column === 'id'
            ? sql`change.record_id in ${set}`
            : recordedIn('change', key!.column, set);
        return sql`(change.record_type = ${type} and ${test})`;
      }),
    sql` or `,
  )})`;

/** Gives each change the names of the records its values point to (`reference_names`). */
async function withReferenceNames(
  db: Kysely<Database>,
  changes: HistoryEntry[],
): Promise<HistoryEntry[]> {
  const names = await referenceNames(
    db,
    changes.flatMap((change) => [change.old_values, change.new_values]),
  );
  return changes.map((change) => {
    const own = namesIn(names, [change.old_values, change.new_values]);
    return own ? { ...change, reference_names: own } : change;
  });
}

/**
 * The history of every change, as the database's triggers wrote it (migration 0016): read by
 * admins, a line's by its owner, and a line restored from it. Nothing here writes to it.
 */
export function createHistoryService(db: Kysely<Database>, lines: BudgetLineService) {
  const entries = db
    .selectFrom('change_log as change')
    .leftJoin('app_user as actor', 'actor.id', 'change.actor_id')
    .select([
      'change.id',
      'change.changed_at',
      'change.actor_id',
      'actor.name as actor_name',
      'change.address',
      'change.record_type',
      'change.record_id',
      'change.action',
      'change.old_values',
      'change.new_values',
    ]);
  const toEntry = (row: Record<string, unknown>): HistoryEntry =>
    ({
      ...row,
      id: Number(row.id),
      changed_at: new Date(row.changed_at as Date | string).toISOString(),
    }) as HistoryEntry;

  /** A line's changes. */
  const lineChanges = () => entries.where('change.record_type', '=', LINE);

  /** The changes the audit page's filters select, in one statement (a unit's through its CTEs). */
  function filtered(query: Parsed<typeof HistoryExportQuery>) {
    const from = query.agency_id ? withUnit(db, query.agency_id) : db;
    let scope = from.selectFrom('change_log as change');
    if (query.agency_id) scope = scope.where(ofUnit(query.agency_id));
    if (query.record_type) scope = scope.where('change.record_type', '=', query.record_type);
    if (query.record_id) scope = scope.where('change.record_id', '=', query.record_id);
    if (query.actor_id) scope = scope.where('change.actor_id', '=', query.actor_id);
    // Whole days, from the first's start to the last's end.
    if (query.from) scope = scope.where('change.changed_at', '>=', sql<Date>`${query.from}::date`);
    if (query.to) {
      scope = scope.where('change.changed_at', '<', sql<Date>`${query.to}::date + 1`);
    }
    return scope;
  }

  return {
    /**
     * The filtered changes for a workbook, newest first, a chunk per statement (keyset on the
     * id, so each stays short however deep it reads): at most `max` in all.
     */
    async *export(
      query: Parsed<typeof HistoryExportQuery>,
      { max, chunk = 2000 }: { max: number; chunk?: number },
    ): AsyncGenerator<HistoryEntry[]> {
      let before: string | null = null;
      let read = 0;
      while (read < max) {
        const size = Math.min(chunk, max - read);
        let ids = filtered(query).select('change.id');
        if (before !== null) ids = ids.where('change.id', '<', before);
        const rows = await entries
          .where('change.id', 'in', ids.orderBy('change.id', 'desc').limit(size))
          .orderBy('change.id', 'desc')
          .execute();
        if (rows.length === 0) return;
        read += rows.length;
        before = String(rows.at(-1)!.id);
        yield await withReferenceNames(db, rows.map(toEntry));
        if (rows.length < size) return;
      }
    },

    /**
     * A page of the filtered changes, newest first: by number, or (issue 39) from a position
     * (`after`/`before`: the id of a page's last or first change), so a page deep in a history
     * that grows with every change costs what the first does. Counts stop at COUNT_BOUND.
     */
    async list(query: Parsed<typeof HistoryListQuery>) {
      const scope = filtered(query);
      const { position, backward } = pageStartOf(query, 'newest', /^\d{1,19}$/, false);
      const offset = offsetOf(query.page, query.limit);
      let ids = scope.select('change.id');
      if (position) ids = ids.where('change.id', backward ? '>' : '<', position.key);
      ids = ids
        .orderBy('change.id', backward ? 'asc' : 'desc')
        .limit(query.limit + 1)
        .offset(position ? 0 : offset);
      const countOf = async (rows: typeof scope) => {
        const matching = rows.select(sql.lit(1).as('one')).limit(COUNT_BOUND + 1);
        const counted = await db
          .selectFrom(matching.as('matching'))
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow();
        return boundedCount(counted.count);
      };
      const [withExtra, counted, all] = await Promise.all([
        entries.where('change.id', 'in', ids).orderBy('change.id', 'desc').execute(),
        countOf(scope),
        countOf(db.selectFrom('change_log as change')),
      ]);
      const { rows, cursors } = pageWithCursors(
        withExtra,
        { limit: query.limit, backward, started: position !== undefined || offset > 0 },
        (row) => encodeCursor({ order: 'newest', key: String(row.id) }),
      );
      return {
        data: await withReferenceNames(db, rows.map(toEntry)),
        filter: listFilter(query.page, query.limit, counted.count, all.count, {
          ...cursors,
          filtered_bounded: counted.bounded,
          total_bounded: all.bounded,
        }),
      };
    },

    /**
     * A line's changes, deleted lines included: an admin's for any line, a user's for a line
     * they own (or owned: its last recorded state says whose it is); else a 404, as a read.
     */
    async line(id: string, query: Parsed<typeof LineHistoryQuery>, caller: Caller) {
      const last = await lineChanges()
        .where('change.record_id', '=', id)
        .orderBy('change.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const known = last?.new_values ?? last?.old_values;
      if (!known || !(await isLineInScope(db, caller, known))) {
        throw refusals.notFound(server.records.line);
      }
      const [rows, counted] = await Promise.all([
        lineChanges()
          .where('change.record_id', '=', id)
          .orderBy('change.id')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        db
          .selectFrom('change_log')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('record_type', '=', LINE)
          .where('record_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      const found = toCount(counted.count);
      // Where a change came from is for administrators only.
      const entries = rows.map(toEntry);
      const shown =
        caller.role === 'admin' ? entries : entries.map(({ address: _, ...change }) => change);
      return {
        data: await withReferenceNames(db, shown),
        filter: listFilter(query.page, query.limit, found, found),
      };
    },

    /**
     * Brings a line back as it was after a change (before it, for a delete): checked and priced
     * as an edit, under the pagu; a deleted line comes back with its id and owner. The restore is
     * itself a recorded change.
     */
    async restore(changeId: number, caller: Caller): Promise<BudgetLine> {
      const change = await entries.where('change.id', '=', changeId).executeTakeFirst();
      if (!change) throw refusals.notFound(server.records.change);
      if (change.record_type !== LINE) {
        throw issuesRefusal([{ path: 'change_id', message: server.historyNotRestorable }]);
      }
      const values = (change.action === 'delete' ? change.old_values : change.new_values)!;
      const input = BudgetLineInput.safeParse(values);
      if (!input.success) {
        throw issuesRefusal(fieldIssuesOf(input.error));
      }
      const id = change.record_id;
      const stored = await db.selectFrom(LINE).select('id').where('id', '=', id).executeTakeFirst();
      if (stored) return lines.update(id, input.data, caller, { restored: true });
      // The owner, unless they have since been removed.
      const ownerId = Id.safeParse(values.created_by);
      const owner = ownerId.success
        ? await db
            .selectFrom('app_user')
            .select('id')
            .where('id', '=', ownerId.data)
            .executeTakeFirst()
        : undefined;
      return lines.create(input.data, caller, { id, owner: owner?.id ?? null });
    },
  };
}
