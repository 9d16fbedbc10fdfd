import {
  cashPlanVerifyRefusal,
  type LineNamesake,
  listFilter,
  messagesId,
  NOTE_REPLIES_IN_LIST,
  type NoteInput,
  type NoteListQuery,
  type NoteRepliesQuery,
  type NoteReply,
  type NotificationKind,
  type NotificationListQuery,
  refusals,
  type SubActionReview,
  type SubActionReviewQuery,
  type SubActionVerifyInput,
  scopeOf,
  type User,
  type VerificationNote,
} from '@ranwal/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { createCashPlanService } from './cash-plan.js';
import { unbalancedSubActions } from './cash-plan-rules.js';
import {
  containsPattern,
  inTransaction,
  offsetOf,
  type Parsed,
  type ReadRows,
  readThrough,
  toCount,
} from './pagination.js';
import { readPlanningRules } from './planning-rules.js';
import { assertSubActionInScope, isLineInScope } from './reports.js';
import { programmesWhere } from './scope.js';

type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;
const server = messagesId.server;

/** Timestamps arrive as Date from a column and as text from JSON; the API answers ISO text. */
const iso = (value: Date | string): string => new Date(value).toISOString();
const isReviewer = (caller: Caller) => caller.role === 'verifier' || caller.role === 'admin';

/** The unit (Perangkat Daerah) of a sub kegiatan: through its kegiatan's programme. */
const placeJoins = sql`
  join sub_action sa on sa.id = n.sub_action_id
  join action a on a.id = sa.action_id
  join program p on p.id = a.program_id
  left join agency ag on ag.id = p.agency_id`;

/**
 * Which notes a caller sees, as core's scopeOf says: the notes under the programmes of their
 * scope (an admin's: all), and for a user without a unit only those on their own lines (and on
 * sub kegiatan where they have lines that year). Over the note `n` and its programme `p`.
 */
function noteScope(caller: Caller): RawBuilder<boolean> {
  const scope = scopeOf(caller);
  const programmes = programmesWhere(scope, 'p.agency_id');
  if (!scope.owner) return programmes;
  return sql<boolean>`(${programmes} and (case when n.line_id is not null
      then exists (select 1 from detail_program own where own.id = n.line_id
        and own.created_by = ${scope.owner})
      else exists (select 1 from detail_program own where own.sub_action_id = n.sub_action_id
        and own.year = n.year and own.created_by = ${scope.owner}) end))`;
}

/**
 * The line's specification and price when another line of its sub kegiatan and year has the same
 * name (`line_namesake`), else null; `line` is the note's or notification's line, joined.
 */
const lineNamesake = sql<LineNamesake | null>`case when line.id is not null
  and exists (select 1 from detail_program twin where twin.sub_action_id = line.sub_action_id
    and twin.year = line.year and twin.component_name = line.component_name
    and twin.id <> line.id)
  then json_build_object('specification', line.specification, 'price', line.price) end`;

interface NoteRow {
  id: string;
  year: number;
  sub_action_id: string;
  sub_action_code: string | null;
  sub_action_name: string;
  agency_name: string | null;
  line_id: string | null;
  line_name: string | null;
  line_namesake: LineNamesake | null;
  body: string;
  status: VerificationNote['status'];
  author_id: string | null;
  author_name: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
  closed_by_name: string | null;
  reply_count: string | number;
  replies: {
    id: string;
    body: string;
    author_id: string | null;
    author_name: string | null;
    created_at: string;
  }[];
  found: string | number;
}

const toNote = ({ found: _, ...row }: NoteRow): VerificationNote => ({
  ...row,
  created_at: iso(row.created_at),
  closed_at: row.closed_at ? iso(row.closed_at) : null,
  reply_count: toCount(row.reply_count),
  replies: row.replies.map((reply) => ({ ...reply, created_at: iso(reply.created_at) })),
});

/**
 * The unit's side of a sub kegiatan: everyone of its programme's Perangkat Daerah with the user
 * role, and who made the lines `lines` picks (over `line`).
 */
function unitPeople(subActionId: RawBuilder<unknown>, lines: RawBuilder<boolean>) {
  return sql`
    select ua.user_id from sub_action sa
      join action a on a.id = sa.action_id
      join program p on p.id = a.program_id
      join user_agency ua on ua.agency_id = p.agency_id
      join app_user u on u.id = ua.user_id and u.role = 'user'
      where sa.id = ${subActionId}
    union
    select line.created_by from detail_program line
      where ${lines} and line.created_by is not null`;
}

/**
 * People told of a note: the unit's side (unitPeople, the lines it is about: its line, or the
 * sub kegiatan's of its year); the reviewers' side is who wrote the note and the verifiers and
 * admins who answered in it.
 */
function unitSide(noteId: string): RawBuilder<unknown> {
  return unitPeople(
    sql`(select n.sub_action_id from verification_note n where n.id = ${noteId})`,
    sql<boolean>`exists (select 1 from verification_note n where n.id = ${noteId}
      and ((n.line_id is not null and line.id = n.line_id) or (n.line_id is null
        and line.sub_action_id = n.sub_action_id and line.year = n.year)))`,
  );
}
function reviewerSide(noteId: string): RawBuilder<unknown> {
  return sql`
    select n.author_id from verification_note n where n.id = ${noteId} and n.author_id is not null
    union
    select r.author_id from verification_reply r join app_user u on u.id = r.author_id
      where r.note_id = ${noteId} and u.role in ('verifier', 'admin')`;
}

export function createVerificationService(
  db: Kysely<Database>,
  /** DatabaseHandle.read: the verifier's list of sub kegiatan, one of the deadline's hot reads. */
  read: ReadRows = readThrough(db),
) {
  /** Tells `people` (a statement of user ids) of what `actor` did, leaving the actor out. */
  async function notify(
    trx: Kysely<Database>,
    people: RawBuilder<unknown>,
    kind: NotificationKind,
    place: { note_id: string | null; sub_action_id: string; year: number; line_id: string | null },
    actor: Caller,
  ): Promise<void> {
    await sql`
      insert into notification (user_id, kind, note_id, sub_action_id, year, line_id, actor_id)
      select distinct told.user_id, ${kind}, ${place.note_id}::uuid, ${place.sub_action_id}::uuid,
        ${place.year}::integer, ${place.line_id}::uuid, ${actor.id}::uuid
      from (${people}) as told (user_id)
      where told.user_id is not null and told.user_id <> ${actor.id}`.execute(trx);
  }

  async function notes(
    executor: Kysely<Database>,
    caller: Caller,
    where: RawBuilder<boolean>,
    page = 1,
    limit = 100,
  ): Promise<{ rows: VerificationNote[]; found: number }> {
    const { rows } = await sql<NoteRow>`
      select n.id, n.year, n.sub_action_id, sa.code as sub_action_code, sa.name as sub_action_name,
        ag.name as agency_name, n.line_id, line.component_name as line_name,
        ${lineNamesake} as line_namesake, n.body, n.status,
        n.author_id, author.name as author_name, n.created_at, n.closed_at,
        closer.name as closed_by_name,
        (select count(*) from verification_reply r where r.note_id = n.id) as reply_count,
        coalesce((select json_agg(json_build_object('id', latest.id, 'body', latest.body,
            'author_id', latest.author_id, 'author_name', latest.author_name,
            'created_at', latest.created_at) order by latest.created_at, latest.id)
          from (select r.id, r.body, r.author_id, who.name as author_name, r.created_at
            from verification_reply r left join app_user who on who.id = r.author_id
            where r.note_id = n.id order by r.created_at desc, r.id desc
            limit ${NOTE_REPLIES_IN_LIST}) as latest), '[]'::json) as replies,
        count(*) over () as found
      from verification_note n
      ${placeJoins}
      left join detail_program line on line.id = n.line_id
      left join app_user author on author.id = n.author_id
      left join app_user closer on closer.id = n.closed_by
      where ${noteScope(caller)} and ${where}
      order by n.created_at desc, n.id
      limit ${limit} offset ${offsetOf(page, limit)}`.execute(executor);
    return { rows: rows.map(toNote), found: toCount(rows[0]?.found) };
  }

  /**
   * Whether a sub kegiatan is verified depends on its notes, so a note, a reopening and a
   * verification of one sub kegiatan take turns: on PostgreSQL a note and a verification could
   * otherwise both commit and leave it verified with an open note. The row is held without its
   * key, so lines are still written under it meanwhile.
   */
  async function holdSubAction(trx: Kysely<Database>, subActionId: string) {
    await sql`select 1 from sub_action where id = ${subActionId} for no key update`.execute(trx);
  }

  /** The note as the caller may see it, or a 404. */
  async function noteOf(executor: Kysely<Database>, id: string, caller: Caller) {
    const [note] = (await notes(executor, caller, sql<boolean>`n.id = ${id}`)).rows;
    if (!note) throw refusals.notFound(server.records.note);
    return note;
  }

  /**
   * What a call on a note checks first: its place and status, if the caller may see it (a 404
   * otherwise), without its answers: the whole note is read once, after the change.
   */
  async function placeOf(executor: Kysely<Database>, id: string, caller: Caller) {
    const { rows } = await sql<{
      status: VerificationNote['status'];
      sub_action_id: string;
      year: number;
      line_id: string | null;
    }>`
      select n.status, n.sub_action_id, n.year, n.line_id
      from verification_note n
      ${placeJoins}
      where n.id = ${id} and ${noteScope(caller)}`.execute(executor);
    const [place] = rows;
    if (!place) throw refusals.notFound(server.records.note);
    return place;
  }

  /** The sub kegiatan to review; `run` is the list's fast read, or a transaction's own. */
  async function reviews(
    run: ReadRows,
    caller: Caller,
    query: Parsed<typeof SubActionReviewQuery>,
    only?: string,
  ): Promise<{ rows: SubActionReview[]; found: number }> {
    const units = programmesWhere(scopeOf(caller), 'p.agency_id');
    const search = query.search ? containsPattern(query.search) : undefined;
    // The page's sub kegiatan are chosen first (those with a line or a note that year: an
    // index probe each), and only theirs are summed. Summing every line of the year first and
    // then choosing read the year's 527 000 lines of the bench's province for a unit's page of
    // ten (113 ms alone, the deadline bench's slowest kind after the workbooks).
    const hasLines = sql<boolean>`exists (select 1 from detail_program line
      where line.sub_action_id = sa.id and line.year = ${query.year})`;
    const hasNotes = sql<boolean>`exists (select 1 from verification_note n
      where n.year = ${query.year} and n.sub_action_id = sa.id)`;
    const rows = await run(
      sql<
        Omit<SubActionReview, 'verified_at'> & { verified_at: Date | string | null; found: string }
      >`
      with listed as (
        select sa.id, sa.code, sa.name, ag.code as agency_code, ag.name as agency_name,
          count(*) over () as found
        from sub_action sa
        join action a on a.id = sa.action_id
        join program p on p.id = a.program_id
        left join agency ag on ag.id = p.agency_id
        where ${units}
          and ${only ? sql<boolean>`sa.id = ${only}` : sql<boolean>`(${hasLines} or ${hasNotes})`}
          and ${query.agency_id ? sql<boolean>`p.agency_id = ${query.agency_id}` : sql<boolean>`true`}
          and ${search ? sql<boolean>`(sa.name ilike ${search} or sa.code ilike ${search})` : sql<boolean>`true`}
        order by ag.code nulls last, ag.name nulls last, sa.code nulls last, sa.name, sa.id
        limit ${query.limit} offset ${offsetOf(query.page, query.limit)}
      )
      select listed.id as sub_action_id, listed.code as sub_action_code,
        listed.name as sub_action_name, listed.agency_name, ${query.year}::integer as year,
        sums.line_count::integer as line_count,
        coalesce(sums.total, 0)::text as total_after_tax,
        counted.open_notes::integer as open_notes,
        counted.closed_notes::integer as closed_notes,
        v.verified_at, verifier.name as verified_by_name, listed.found
      from listed
      cross join lateral (
        select count(*) as line_count, sum(line.total_after_tax) as total
        from detail_program line
        where line.sub_action_id = listed.id and line.year = ${query.year}
      ) sums
      cross join lateral (
        select count(*) filter (where n.status <> 'closed') as open_notes,
          count(*) filter (where n.status = 'closed') as closed_notes
        from verification_note n where n.year = ${query.year} and n.sub_action_id = listed.id
      ) counted
      left join sub_action_verification v on v.sub_action_id = listed.id and v.year = ${query.year}
      left join app_user verifier on verifier.id = v.verified_by
      order by listed.agency_code nulls last, listed.agency_name nulls last,
        listed.code nulls last, listed.name, listed.id`.compile(db),
    );
    return {
      rows: rows.map(({ found: _, ...row }) => ({
        ...row,
        verified_at: row.verified_at ? iso(row.verified_at) : null,
      })),
      found: toCount(rows[0]?.found),
    };
  }

  return {
    async list(query: Parsed<typeof NoteListQuery>, caller: Caller) {
      const conditions: RawBuilder<boolean>[] = [];
      if (query.year !== undefined) conditions.push(sql<boolean>`n.year = ${query.year}`);
      if (query.sub_action_id) {
        conditions.push(sql<boolean>`n.sub_action_id = ${query.sub_action_id}`);
      }
      if (query.line_id) conditions.push(sql<boolean>`n.line_id = ${query.line_id}`);
      if (query.status === 'open') conditions.push(sql<boolean>`n.status <> 'closed'`);
      if (query.status === 'closed') conditions.push(sql<boolean>`n.status = 'closed'`);
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(
          sql<boolean>`(n.body ilike ${pattern} or sa.name ilike ${pattern} or line.component_name ilike ${pattern})`,
        );
      }
      const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<boolean>`true`;
      const { rows, found } = await notes(
        db,
        caller,
        sql<boolean>`${where}`,
        query.page,
        query.limit,
      );
      return {
        data: rows,
        filter: listFilter(query.page, query.limit, found, found),
      };
    },

    /** A page of a note's answers, oldest first, if the caller may see the note (else a 404). */
    async replies(id: string, query: Parsed<typeof NoteRepliesQuery>, caller: Caller) {
      await placeOf(db, id, caller);
      const { rows } = await sql<NoteReply & { created_at: Date | string; found: string }>`
        select r.id, r.body, r.author_id, who.name as author_name, r.created_at,
          count(*) over () as found
        from verification_reply r left join app_user who on who.id = r.author_id
        where r.note_id = ${id}
        order by r.created_at, r.id
        limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`.execute(db);
      let found = toCount(rows[0]?.found);
      // A page past the end still says how many there are.
      if (rows.length === 0 && query.page > 1) {
        const counted = await db
          .selectFrom('verification_reply')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('note_id', '=', id)
          .executeTakeFirstOrThrow();
        found = toCount(counted.count);
      }
      return {
        data: rows.map(({ found: _, ...reply }) => ({
          ...reply,
          created_at: iso(reply.created_at),
        })),
        filter: listFilter(query.page, query.limit, found, found),
      };
    },

    /** A reviewer's note on a line or a sub kegiatan of their units; tells the unit. */
    async create(input: Parsed<typeof NoteInput>, caller: Caller): Promise<VerificationNote> {
      return inTransaction(db, async (trx) => {
        let place: { sub_action_id: string; year: number; line_id: string | null };
        if ('line_id' in input) {
          const line = await trx
            .selectFrom('detail_program')
            .select(['id', 'sub_action_id', 'year', 'program_id', 'created_by'])
            .where('id', '=', input.line_id)
            .executeTakeFirst();
          if (!line || !(await isLineInScope(trx, caller, line))) {
            throw refusals.notFound(server.records.line);
          }
          place = { sub_action_id: line.sub_action_id, year: line.year, line_id: line.id };
        } else {
          await assertSubActionInScope(trx, caller, input.sub_action_id);
          place = { sub_action_id: input.sub_action_id, year: input.year, line_id: null };
        }
        await holdSubAction(trx, place.sub_action_id);
        const { id } = await trx
          .insertInto('verification_note')
          .values({ ...place, body: input.body, author_id: caller.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        // A sub kegiatan with a new note is no longer verified.
        await trx
          .deleteFrom('sub_action_verification')
          .where('sub_action_id', '=', place.sub_action_id)
          .where('year', '=', place.year)
          .execute();
        await notify(trx, unitSide(id), 'note_opened', { ...place, note_id: id }, caller);
        return noteOf(trx, id, caller);
      });
    },

    /**
     * An answer: from the unit, the note then waits for the reviewers ('answered'); from a
     * reviewer, for the unit again ('open'). A closed note takes no answer.
     */
    async reply(id: string, body: string, caller: Caller): Promise<VerificationNote> {
      return inTransaction(db, async (trx) => {
        const note = await placeOf(trx, id, caller);
        if (note.status === 'closed') throw refusals.noteClosed();
        await trx
          .insertInto('verification_reply')
          .values({ note_id: id, body, author_id: caller.id })
          .execute();
        const reviewer = isReviewer(caller);
        await trx
          .updateTable('verification_note')
          .set({ status: reviewer ? 'open' : 'answered', updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await notify(
          trx,
          reviewer ? unitSide(id) : reviewerSide(id),
          reviewer ? 'note_opened' : 'note_answered',
          { ...note, note_id: id },
          caller,
        );
        return noteOf(trx, id, caller);
      });
    },

    /** Closes a note, or opens it again (the sub kegiatan is then no longer verified). */
    async close(id: string, closed: boolean, caller: Caller): Promise<VerificationNote> {
      return inTransaction(db, async (trx) => {
        // Its sub kegiatan held before the note is read: another closing or reopening goes first.
        const place = await trx
          .selectFrom('verification_note')
          .select('sub_action_id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (place) await holdSubAction(trx, place.sub_action_id);
        const note = await placeOf(trx, id, caller);
        if (closed === (note.status === 'closed')) return noteOf(trx, id, caller);
        await trx
          .updateTable('verification_note')
          .set(
            closed
              ? {
                  status: 'closed',
                  closed_by: caller.id,
                  closed_at: new Date(),
                  updated_at: new Date(),
                }
              : { status: 'open', closed_by: null, closed_at: null, updated_at: new Date() },
          )
          .where('id', '=', id)
          .execute();
        if (!closed) {
          await trx
            .deleteFrom('sub_action_verification')
            .where('sub_action_id', '=', note.sub_action_id)
            .where('year', '=', note.year)
            .execute();
        }
        await notify(
          trx,
          unitSide(id),
          closed ? 'note_closed' : 'note_reopened',
          { ...note, note_id: id },
          caller,
        );
        return noteOf(trx, id, caller);
      });
    },

    async subActions(query: Parsed<typeof SubActionReviewQuery>, caller: Caller) {
      // One sub kegiatan asked by its id (the page opened at its address) is listed even with
      // no line or note that year yet.
      const { rows, found } = await reviews(read, caller, query, query.sub_action_id);
      return { data: rows, filter: listFilter(query.page, query.limit, found, found) };
    },

    /** Marks a sub kegiatan of a year verified (none of its notes open), or not verified. */
    async verify(
      input: Parsed<typeof SubActionVerifyInput>,
      caller: Caller,
    ): Promise<SubActionReview> {
      return inTransaction(db, async (trx) => {
        await assertSubActionInScope(trx, caller, input.sub_action_id);
        const place = { sub_action_id: input.sub_action_id, year: input.year };
        await holdSubAction(trx, place.sub_action_id);
        if (input.verified) {
          const open = await trx
            .selectFrom('verification_note')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('sub_action_id', '=', place.sub_action_id)
            .where('year', '=', place.year)
            .where('status', '<>', 'closed')
            .executeTakeFirstOrThrow();
          if (toCount(open.count) > 0) {
            throw refusals.notesStillOpen(toCount(open.count));
          }
          // Where the region requires it, the Anggaran Kas must balance the lines (issue 36).
          if ((await readPlanningRules(trx)).cash_plan_required) {
            const [unbalanced] = await unbalancedSubActions(
              trx,
              place.year,
              sql<boolean>`s.id = ${place.sub_action_id}`,
            );
            if (unbalanced) {
              const grid = await createCashPlanService(trx).gridOf(place.sub_action_id, place.year);
              const refusal = cashPlanVerifyRefusal(grid.rows);
              if (refusal) throw refusal;
            }
          }
          const inserted = await trx
            .insertInto('sub_action_verification')
            .values({ ...place, verified_by: caller.id })
            .onConflict((oc) => oc.columns(['sub_action_id', 'year']).doNothing())
            .executeTakeFirst();
          if (inserted.numInsertedOrUpdatedRows === 1n) {
            // Everyone of the unit, and who made its lines that year.
            await notify(
              trx,
              unitPeople(
                sql`${place.sub_action_id}::uuid`,
                sql<boolean>`line.sub_action_id = ${place.sub_action_id} and line.year = ${place.year}`,
              ),
              'sub_action_verified',
              { ...place, note_id: null, line_id: null },
              caller,
            );
          }
        } else {
          const withdrawn = await trx
            .deleteFrom('sub_action_verification')
            .where('sub_action_id', '=', place.sub_action_id)
            .where('year', '=', place.year)
            .executeTakeFirst();
          if (withdrawn.numDeletedRows > 0n) {
            // The unit is told its mark is gone, as it was told it was given.
            await notify(
              trx,
              unitPeople(
                sql`${place.sub_action_id}::uuid`,
                sql<boolean>`line.sub_action_id = ${place.sub_action_id} and line.year = ${place.year}`,
              ),
              'sub_action_unverified',
              { ...place, note_id: null, line_id: null },
              caller,
            );
          }
        }
        const [review] = (
          await reviews(
            readThrough(trx),
            caller,
            { year: input.year, page: 1, limit: 1 } as Parsed<typeof SubActionReviewQuery>,
            input.sub_action_id,
          )
        ).rows;
        return review!;
      });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

/**
 * Whether a notification (of `table`: its sub kegiatan, or a unit's month) is about a programme of the
 * caller's scope (core's scopeOf): one told before a change of units, or before issue 34, of
 * something now out of reach is not shown.
 */
function notificationReached(caller: Caller, table: string): RawBuilder<boolean> {
  const scope = scopeOf(caller);
  if (scope.programmes === 'all') return sql<boolean>`true`;
  const subAction = sql.ref(`${table}.sub_action_id`);
  // A unit's month (issue 37) is about the unit itself.
  const agency = `${table}.agency_id`;
  return sql<boolean>`((${subAction} is null or exists (select 1 from sub_action sa
      join action a on a.id = sa.action_id
      join program p on p.id = a.program_id
      where sa.id = ${subAction} and ${programmesWhere(scope, 'p.agency_id')}))
    and (${sql.ref(agency)} is null or ${programmesWhere(scope, agency)}))`;
}

/** The caller's notifications (issue 19): list, unread count, mark read; within their scope. */
export function createNotificationService(db: Kysely<Database>) {
  const unread = async (caller: Caller) =>
    toCount(
      (
        await db
          .selectFrom('notification')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', caller.id)
          .where('read_at', 'is', null)
          .where(notificationReached(caller, 'notification'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    unread,
    async list(query: Parsed<typeof NotificationListQuery>, caller: Caller) {
      let mine = db
        .selectFrom('notification as told')
        .where('told.user_id', '=', caller.id)
        .where(notificationReached(caller, 'told'));
      if (query.unread !== undefined) {
        mine = mine.where('told.read_at', query.unread ? 'is' : 'is not', null);
      }
      const [rows, counted] = await Promise.all([
        mine
          .leftJoin('app_user as actor', 'actor.id', 'told.actor_id')
          .leftJoin('sub_action as sa', 'sa.id', 'told.sub_action_id')
          .leftJoin('detail_program as line', 'line.id', 'told.line_id')
          .leftJoin('agency as unit', 'unit.id', 'told.agency_id')
          .select([
            'told.id',
            'told.kind',
            'told.note_id',
            'told.line_id',
            'line.component_name as line_name',
            lineNamesake.as('line_namesake'),
            'told.sub_action_id',
            'sa.name as sub_action_name',
            'told.year',
            'told.agency_id',
            'unit.name as agency_name',
            'told.month',
            'actor.name as actor_name',
            'told.created_at',
            'told.read_at',
          ])
          .orderBy('told.created_at', 'desc')
          .orderBy('told.id')
          .limit(query.limit)
          .offset(offsetOf(query.page, query.limit))
          .execute(),
        mine.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
      ]);
      const found = toCount(counted.count);
      return {
        data: rows.map(({ read_at, ...row }) => ({
          ...row,
          kind: row.kind as NotificationKind,
          created_at: iso(row.created_at),
          read: read_at !== null,
        })),
        filter: listFilter(query.page, query.limit, found, found),
      };
    },
    async read(ids: string[] | undefined, caller: Caller) {
      let marked = db
        .updateTable('notification')
        .set({ read_at: new Date() })
        .where('user_id', '=', caller.id)
        .where('read_at', 'is', null)
        .where(notificationReached(caller, 'notification'));
      if (ids?.length === 0) return { unread: await unread(caller) };
      if (ids) marked = marked.where('id', 'in', ids);
      await marked.execute();
      return { unread: await unread(caller) };
    },
  };
}
