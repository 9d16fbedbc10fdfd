// The SQL the server runs for the benchmarked list calls, pasted verbatim from its query log
// (see README.md, "Checking the SQL"). run.mjs fails when the server stops sending any of these,
// so the bare handler cannot silently drift from the server.

const accountColumns =
  'select "t"."id", "t"."name", "t"."code", "t"."subtitle_id", "p"."name" as "subtitle_name" from "account" as "t" left join "subtitle" as "p" on "p"."id" = "t"."subtitle_id"';
const accountSearch = '("t"."name" ilike $1 or "t"."code" ilike $2)';

// Each level's name (and the account's code) by a correlated subquery, as the server's withLevelNames.
const lineColumns = [
  'select "line".*',
  '(select "program"."name" from "program" as "program" where "program"."id" = "line"."program_id") as "program_name"',
  '(select "action"."name" from "action" as "action" where "action"."id" = "line"."action_id") as "action_name"',
  '(select "sub_action"."name" from "sub_action" as "sub_action" where "sub_action"."id" = "line"."sub_action_id") as "sub_action_name"',
  '(select "activity"."name" from "activity" as "activity" where "activity"."id" = "line"."activity_id") as "activity_name"',
  '(select "subtitle"."name" from "subtitle" as "subtitle" where "subtitle"."id" = "line"."subtitle_id") as "subtitle_name"',
  '(select "account"."name" from "account" as "account" where "account"."id" = "line"."account_id") as "account_name"',
  '(select "account"."code" from "account" as "account" where "account"."id" = "line"."account_id") as "account_code"',
  '(select "supporter"."name" from "supporter" as "supporter" where "supporter"."id" = "line"."supporter_id") as "supporter_name"',
].join(', ');
const lineJoin =
  'as "page" inner join "detail_program" as "line" on "line"."id" = "page"."id" order by "line"."created_at" desc, "line"."id"';

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
  ownLineCount:
    'select count(*) as "count" from "detail_program" as "line" where "line"."created_by" = $1',
};
