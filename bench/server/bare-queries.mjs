// The SQL the server runs for the benchmarked list calls, pasted verbatim from its query log
// (see README.md, "Checking the SQL"). run.mjs fails when the server stops sending any of these,
// so the bare handler cannot silently drift from the server.

const accountColumns =
  'select "t"."id", "t"."name", "t"."code", "t"."subtitle_id", "p"."name" as "subtitle_name" from "account" as "t" left join "subtitle" as "p" on "p"."id" = "t"."subtitle_id"';
// Searches compare the stored lower-cased copies with plain LIKE (migration 0003).
const accountSearch = '("t"."name_lower" like lower($1) or "t"."code_lower" like lower($2))';

// Program, kegiatan and supporter names joined, the other levels' names (and the account's
// code) by correlated subqueries, as the server's levelNamesOf.
const lineColumns = [
  'select "line".*',
  '"program"."name" as "program_name"',
  '"action"."name" as "action_name"',
  '(select "sub_action"."name" from "sub_action" as "sub_action" where "sub_action"."id" = "line"."sub_action_id") as "sub_action_name"',
  '(select "activity"."name" from "activity" as "activity" where "activity"."id" = "line"."activity_id") as "activity_name"',
  '(select "subtitle"."name" from "subtitle" as "subtitle" where "subtitle"."id" = "line"."subtitle_id") as "subtitle_name"',
  '(select "account"."name" from "account" as "account" where "account"."id" = "line"."account_id") as "account_name"',
  '(select "account"."code" from "account" as "account" where "account"."id" = "line"."account_id") as "account_code"',
  '"supporter"."name" as "supporter_name"',
].join(', ');
const lineJoin = [
  'as "page" inner join "detail_program" as "line" on "line"."id" = "page"."id"',
  'inner join "program" as "program" on "program"."id" = "line"."program_id"',
  'inner join "action" as "action" on "action"."id" = "line"."action_id"',
  'inner join "supporter" as "supporter" on "supporter"."id" = "line"."supporter_id"',
  'order by "line"."created_at" desc, "line"."id"',
].join(' ');

export const QUERIES = {
  /** The signed-in user, looked up when the 5 s cache misses. */
  user: 'select "id", "name", "email", "role" from "app_user" where "id" = $1',
  /** An unfiltered list's total: the row count kept by triggers. */
  rowCount: 'select "row_count" from "table_row_count" where "table_name" = $1',

  programPage:
    'select "t"."id", "t"."name", "t"."is_taxed" from "program" as "t" order by "t"."name", "t"."id" limit $1 offset $2',

  accountPage: `${accountColumns} order by "t"."code", "t"."id" limit $1 offset $2`,
  accountBySubtitlePage: `${accountColumns} where "t"."subtitle_id" = $1 order by "t"."code", "t"."id" limit $2 offset $3`,
  accountBySubtitleCount:
    'select count(*) as "count" from "account" as "t" where "t"."subtitle_id" = $1',
  accountSearchPage: `${accountColumns} where ${accountSearch} order by "t"."code", "t"."id" limit $3 offset $4`,
  accountSearchCount: `select count(*) as "count" from "account" as "t" where ${accountSearch}`,

  linePage: `${lineColumns} from (select "line"."id" from "detail_program" as "line" order by "line"."created_at" desc, "line"."id" limit $1 offset $2) ${lineJoin}`,
  ownLinePage: `${lineColumns} from (select "line"."id" from "detail_program" as "line" where "line"."created_by" = $1 order by "line"."created_at" desc, "line"."id" limit $2 offset $3) ${lineJoin}`,
  /** A user's unfiltered total: their line count kept by triggers. */
  userLineCount: 'select "line_count" from "user_line_count" where "user_id" = $1',
};
