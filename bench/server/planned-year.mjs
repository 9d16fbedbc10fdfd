// A kabupaten's planned year, set-based straight into PostgreSQL (ids are the database's): one
// programme and kegiatan, `subActions` sub kegiatan coded 9.99.99.2.01.NNNN, each with an
// aktivitas, a subtitle and `accountsPerSubAction` kode rekening 5.1.02.01.01.NNNN, one budget
// line of Rp 1.200.000 per account, and an Anggaran Kas of Rp 100.000 a month per line (so every
// plan balances). With `sources`, the lines name a sumber dana by sub kegiatan number modulo
// `sources.length + 1` (the last remainder names none). Used by the Anggaran Kas and SP2D benches.

/** Seeds the year through `db` (a connected pg client); answers nothing, throws on an error. */
export async function seedPlannedYear(
  db,
  { year, subActions, accountsPerSubAction, label, adminEmail, sources = null },
) {
  await db.query(`
    insert into program (name) values ('Program ${label}');
    insert into action (name, program_id) select 'Kegiatan ${label}', id from program;
    insert into sub_action (name, code, action_id)
      select 'Sub Kegiatan ' || g, '9.99.99.2.01.' || lpad(g::text, 4, '0'), (select id from action)
      from generate_series(1, ${subActions}) g;
    insert into activity (name, sub_action_id) select 'Aktivitas ' || code, id from sub_action;
    insert into subtitle (name, activity_id) select 'Subtitle ' || id, id from activity;
    insert into account (code, name, subtitle_id)
      select '5.1.02.01.01.' || lpad(k::text, 4, '0'), 'Belanja ' || k, s.id
      from subtitle s, generate_series(1, ${accountsPerSubAction}) k;
    insert into supporter (name) values ('Pengampu ${label}');`);
  await db.query(
    `insert into detail_program (component_code, component_name, specification, unit, price,
       first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
       program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
       supporter_id, created_by, funding_source_id)
     select 'K-1', 'Komponen', 'Spesifikasi', 'Unit', 1200000, 1, 1, 1, 1200000, 0, 1200000, $1,
       p.id, k.id, sa.id, ac.id, st.id, a.id,
       (select id from supporter limit 1), (select id from app_user where email = $2),
       (select id from funding_source
        where code = ($3::text[])[right(sa.code, 4)::int % ${(sources?.length ?? 0) + 1}])
     from account a join subtitle st on st.id = a.subtitle_id
     join activity ac on ac.id = st.activity_id join sub_action sa on sa.id = ac.sub_action_id
     join action k on k.id = sa.action_id join program p on p.id = k.program_id`,
    [year, adminEmail, sources ?? []],
  );
  await db.query(
    `insert into cash_plan (year, sub_action_id, account_code, ${Array.from({ length: 12 }, (_, i) => `month_${i + 1}`).join(', ')})
     select $1, d.sub_action_id, a.code, ${Array.from({ length: 12 }, () => '100000').join(', ')}
     from detail_program d join account a on a.id = d.account_id where d.year = $1`,
    [year],
  );
}
