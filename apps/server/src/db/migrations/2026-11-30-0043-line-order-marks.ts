import { type Kysely, sql } from 'kysely';

// A deep page by number of the admin's whole list (issue 39, services/reports.ts): a page of
// 100 at position 450 000 of 1 000 000 skipped 450 000 entries of its order's index (60 ms). The
// lines are counted by buckets of each order's key, kept by triggers as the table's count is:
// a page's position is found in the buckets' running sum (a few hundred rows), and only the
// lines of one bucket are skipped in the index. The buckets follow the key's order, so the
// lines before a bucket are exactly the lines whose key is on the near side of its bound:
// - 'created': the UTC day of `created_at` (a deadline day of 50 000 lines is one bucket);
// - 'total': `total_after_tax` by its number of digits and first two digits (90 buckets a
//   decade, so a bucket's width is 1-10 % of its values); every negative total in bucket -1.
// Bucket bounds are worked out again in `orderMarkBounds` (services/reports.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table detail_program_order_mark (
      kind text not null check (kind in ('created', 'total')),
      bucket integer not null,
      -- No check of lines >= 0: an upsert's proposed row (a negative shift) is checked too.
      lines bigint not null,
      primary key (kind, bucket)
    )`.execute(db);
  await sql`
    create function line_created_bucket(at timestamptz) returns integer
    language sql immutable parallel safe as $$
      select floor(extract(epoch from at) / 86400)::integer
    $$`.execute(db);
  await sql`
    create function line_total_bucket(total bigint) returns integer
    language sql immutable parallel safe as $$
      select case
        when total < 0 then -1
        when total < 10 then 100 + total::integer
        else length(total::text) * 100
          + (total / power(10::numeric, length(total::text) - 2)::bigint)::integer
      end
    $$`.execute(db);
  // Statement-level with transition tables, as count_table_rows: one write per bucket a
  // statement changes, none for an edit that keeps both keys' buckets. A transition table
  // exists only for the events that declare it, hence a statement for each event. About
  // 0.45 ms more per insert statement (docs/performance.md).
  await sql`
    create function count_line_order_marks() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into detail_program_order_mark as mark (kind, bucket, lines)
        select 'created', line_created_bucket(created_at), count(*) from new_rows group by 2
        union all
        select 'total', line_total_bucket(total_after_tax), count(*) from new_rows group by 2
        on conflict (kind, bucket) do update set lines = mark.lines + excluded.lines;
      elsif tg_op = 'DELETE' then
        update detail_program_order_mark mark set lines = mark.lines - gone.lines
        from (
          select 'created' as kind, line_created_bucket(created_at) as bucket, count(*) as lines
            from old_rows group by 2
          union all
          select 'total', line_total_bucket(total_after_tax), count(*) from old_rows group by 2
        ) gone
        where mark.kind = gone.kind and mark.bucket = gone.bucket;
      elsif tg_op = 'UPDATE' then
        insert into detail_program_order_mark as mark (kind, bucket, lines)
        select kind, bucket, sum(delta) from (
          select 'created' as kind, line_created_bucket(created_at) as bucket, 1 as delta
            from new_rows
          union all
          select 'total', line_total_bucket(total_after_tax), 1 from new_rows
          union all
          select 'created', line_created_bucket(created_at), -1 from old_rows
          union all
          select 'total', line_total_bucket(total_after_tax), -1 from old_rows
        ) shifted
        group by kind, bucket
        having sum(delta) <> 0
        on conflict (kind, bucket) do update set lines = mark.lines + excluded.lines;
      else
        delete from detail_program_order_mark;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger detail_program_order_mark_insert after insert on detail_program
    referencing new table as new_rows
    for each statement execute function count_line_order_marks()`.execute(db);
  await sql`create trigger detail_program_order_mark_delete after delete on detail_program
    referencing old table as old_rows
    for each statement execute function count_line_order_marks()`.execute(db);
  await sql`create trigger detail_program_order_mark_update after update on detail_program
    referencing old table as old_rows new table as new_rows
    for each statement execute function count_line_order_marks()`.execute(db);
  await sql`create trigger detail_program_order_mark_truncate after truncate on detail_program
    for each statement execute function count_line_order_marks()`.execute(db);
  // After the triggers: creating them locks out writers, so these counts miss no line.
  await sql`insert into detail_program_order_mark (kind, bucket, lines)
    select 'created', line_created_bucket(created_at), count(*) from detail_program group by 2
    union all
    select 'total', line_total_bucket(total_after_tax), count(*) from detail_program group by 2`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    await sql`drop trigger if exists ${sql.id(`detail_program_order_mark_${event}`)} on detail_program`.execute(
      db,
    );
  }
  await sql`drop function if exists count_line_order_marks()`.execute(db);
  await sql`drop function if exists line_total_bucket(bigint)`.execute(db);
  await sql`drop function if exists line_created_bucket(timestamptz)`.execute(db);
  await sql`drop table if exists detail_program_order_mark`.execute(db);
}
