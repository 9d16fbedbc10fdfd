// Seeds a migrated Ranwal database with a realistic, deterministic budget: 172 Perangkat Daerah
// (43 units, a kabupaten's, times four: a province's worth in one database), one programme each,
// down to 103 200 accounts, 100 supporters, two planners per unit and 1 000 000 budget lines,
// set-based so it takes a minute or two rather than hours.
//
// Ids are md5-derived UUIDs (`seededId('account', 42)`), so each level can name its parent by
// arithmetic instead of by a join, and every run produces the same data.
import { createHash } from 'node:crypto';

/** The id the seed gives row `n` of `kind` (a table name): md5 made a valid version-4 UUID. */
export function seededId(kind, n) {
  const hex = createHash('md5').update(`${kind}-${n}`).digest('hex');
  const uuid = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return uuid.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}

/** How many rows of each kind; each level divides evenly into the one above. */
export const SIZES = {
  /** Perangkat Daerah, each with `programs / agencies` programmes and `usersPerAgency` planners. */
  agencies: 172,
  programs: 172,
  actionsPerProgram: 1,
  subActionsPerAction: 6,
  activitiesPerSubAction: 2,
  subtitlesPerActivity: 5,
  accountsPerSubtitle: 10,
  supporters: 100,
  usersPerAgency: 2,
  lines: 1_000_000,
  /** Line i is made i times this many minutes after 2024-01-01 (budget year: the next one). */
  minutesBetweenLines: 1,
};

/** How many records each level gets from `sizes`. */
function countsOf(sizes) {
  const actions = sizes.programs * sizes.actionsPerProgram;
  const subActions = actions * sizes.subActionsPerAction;
  const activities = subActions * sizes.activitiesPerSubAction;
  const subtitles = activities * sizes.subtitlesPerActivity;
  const accounts = subtitles * sizes.accountsPerSubtitle;
  return { actions, subActions, activities, subtitles, accounts };
}
export const ACCOUNT_COUNT = countsOf(SIZES).accounts;

/**
 * The ids of a chain the seed made: programme `program` (1-based) down to its `n`th account
 * (wrapping), with the unit the programme belongs to and a supporter, by the seed's arithmetic.
 */
export function chainOf(sizes, program, n) {
  const { actions, subActions, activities, subtitles, accounts } = countsOf(sizes);
  const perProgram = accounts / sizes.programs;
  const account = (program - 1) * perProgram + (n % perProgram) + 1;
  const at = (count) => Math.floor((account - 1) / (accounts / count)) + 1;
  return {
    agency_id: seededId(
      'agency',
      Math.floor((program - 1) / (sizes.programs / sizes.agencies)) + 1,
    ),
    program_id: seededId('program', program),
    action_id: seededId('action', at(actions)),
    sub_action_id: seededId('sub_action', at(subActions)),
    activity_id: seededId('activity', at(activities)),
    subtitle_id: seededId('subtitle', at(subtitles)),
    account_id: seededId('account', account),
    supporter_id: seededId('supporter', (n % sizes.supporters) + 1),
  };
}

/** A kabupaten on the embedded default: 43 units, 6 450 sub kegiatan, 100 000 lines. */
export const KABUPATEN_SIZES = {
  ...SIZES,
  agencies: 43,
  programs: 43,
  actionsPerProgram: 5,
  subActionsPerAction: 30,
  activitiesPerSubAction: 1,
  subtitlesPerActivity: 1,
  accountsPerSubtitle: 5,
  lines: 100_000,
  // Two years' worth, as the province's: 2025 and 2026 half each.
  minutesBetweenLines: 10,
};
export const ACCOUNT_SEARCH = 'alat tulis';

/** Permendagri-90-style account names: `ACCOUNT_SEARCH` matches one in 25 accounts. */
const ACCOUNT_NAMES = [
  ['5.1.02.01.01.0024', 'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor'],
  ['5.1.02.01.01.0025', 'Belanja Alat/Bahan untuk Kegiatan Kantor-Kertas dan Cover'],
  ['5.1.02.01.01.0026', 'Belanja Alat/Bahan untuk Kegiatan Kantor-Bahan Cetak'],
  ['5.1.02.01.01.0027', 'Belanja Alat/Bahan untuk Kegiatan Kantor-Bahan Komputer'],
  ['5.1.02.01.01.0028', 'Belanja Alat/Bahan untuk Kegiatan Kantor-Perabot Kantor'],
  ['5.1.02.01.01.0029', 'Belanja Makanan dan Minuman Rapat'],
  ['5.1.02.01.01.0030', 'Belanja Makanan dan Minuman Aktivitas Lapangan'],
  ['5.1.02.01.01.0031', 'Belanja Makanan dan Minuman Jamuan Tamu'],
  ['5.1.02.01.01.0032', 'Belanja Bahan Bakar Minyak/Gas dan Pelumas'],
  ['5.1.02.01.01.0033', 'Belanja Bahan-Obat-Obatan'],
  [
    '5.1.02.02.01.0003',
    'Honorarium Narasumber atau Pembahas, Moderator, Pembawa Acara, dan Panitia',
  ],
  ['5.1.02.02.01.0004', 'Honorarium Tim Pelaksana Kegiatan dan Sekretariat Tim Pelaksana Kegiatan'],
  ['5.1.02.02.01.0005', 'Belanja Jasa Tenaga Kebersihan'],
  ['5.1.02.02.01.0006', 'Belanja Jasa Tenaga Keamanan'],
  ['5.1.02.02.01.0007', 'Belanja Tagihan Listrik'],
  ['5.1.02.02.01.0008', 'Belanja Tagihan Air'],
  ['5.1.02.02.01.0009', 'Belanja Kawat/Faksimili/Internet/TV Berlangganan'],
  ['5.1.02.02.01.0010', 'Belanja Jasa Penyelenggaraan Acara'],
  ['5.1.02.03.02.0035', 'Belanja Pemeliharaan Kendaraan Dinas Operasional atau Lapangan'],
  ['5.1.02.03.02.0036', 'Belanja Pemeliharaan Gedung Kantor'],
  ['5.1.02.03.02.0037', 'Belanja Pemeliharaan Komputer Unit'],
  ['5.1.02.04.01.0001', 'Belanja Perjalanan Dinas Biasa'],
  ['5.1.02.04.01.0002', 'Belanja Perjalanan Dinas Dalam Kota'],
  ['5.1.02.04.01.0003', 'Belanja Perjalanan Dinas Paket Meeting Dalam Kota'],
  ['5.1.02.04.01.0004', 'Belanja Perjalanan Dinas Paket Meeting Luar Kota'],
];

const PROGRAM_NAMES = [
  'Program Penunjang Urusan Pemerintahan Daerah Kabupaten/Kota',
  'Program Perencanaan, Pengendalian dan Evaluasi Pembangunan Daerah',
  'Program Koordinasi dan Sinkronisasi Perencanaan Pembangunan Daerah',
  'Program Penelitian dan Pengembangan Daerah',
  'Program Pengelolaan Pendidikan',
  'Program Pemenuhan Upaya Kesehatan Perorangan dan Upaya Kesehatan Masyarakat',
  'Program Penyelenggaraan Jalan',
  'Program Pengelolaan Sumber Daya Air',
];

const COMPONENTS = [
  ['1.1.12.01.03.0001', 'Kertas HVS 70 gram A4', 'Rim', 55_000],
  ['1.1.12.01.03.0004', 'Tinta Printer Hitam', 'Botol', 120_000],
  ['1.1.12.01.01.0002', 'Pulpen Gel', 'Buah', 7_500],
  ['1.1.12.02.01.0003', 'Map Snelhecter Plastik', 'Buah', 4_000],
  ['5.1.02.01.01.0052', 'Nasi Kotak Rapat', 'Kotak', 35_000],
  ['5.1.02.01.01.0052', 'Kudapan Rapat', 'Kotak', 20_000],
  ['5.1.02.02.01.0003', 'Honorarium Narasumber Eselon III', 'OJ', 1_000_000],
  ['5.1.02.04.01.0001', 'Uang Harian Perjalanan Dinas Luar Daerah', 'OH', 530_000],
  ['5.1.02.04.01.0001', 'Tiket Pesawat Pulang Pergi', 'Tiket', 3_200_000],
  ['5.1.02.03.02.0035', 'Servis Berkala Kendaraan Roda Empat', 'Unit', 1_750_000],
];

/**
 * Creates the rows. Each unit's lines are its planners' (`sizes.usersPerAgency` users of the unit,
 * taking turns); `benchUserId` (a user who can sign in) is the first planner of the first unit.
 * `client.query(text, values)` answers `{ rows, rowCount }` (node-postgres, or PGlite adapted).
 */
export async function seed(client, { benchUserId, sizes = SIZES }) {
  const { actions, subActions, activities, subtitles, accounts } = countsOf(sizes);
  const step = async (label, text, values = []) => {
    const started = Date.now();
    const result = await client.query(text, values);
    const rows = result.rowCount ?? 0;
    console.log(`  ${label}: ${rows.toLocaleString('en')} rows in ${Date.now() - started} ms`);
  };
  // md5 with the version (4) and variant (8) digits set: a valid RFC 9562 UUID, as zod wants.
  const id = (kind, n) =>
    `overlay(overlay(md5('${kind}-' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;

  const programsPerAgency = sizes.programs / sizes.agencies;
  await step(
    'agencies',
    `insert into agency (id, name, code)
     select ${id('agency', 'g')}, 'Perangkat Daerah ' || g, '1.01.' || lpad(g::text, 4, '0')
     from generate_series(1, ${sizes.agencies}) g`,
  );
  await step(
    'programs',
    `insert into program (id, name, is_taxed, agency_id)
     select ${id('program', 'g')}, ($1::text[])[(g - 1) % cardinality($1::text[]) + 1] || ' ' || g, g % 3 = 0,
            ${id('agency', `(g - 1) / ${programsPerAgency} + 1`)}
     from generate_series(1, ${sizes.programs}) g`,
    [PROGRAM_NAMES],
  );
  const level = (label, table, parentColumn, parentKind, total, perParent, name) =>
    step(
      label,
      `insert into ${table} (id, name, ${parentColumn})
       select ${id(table, 'g')}, ${name}, ${id(parentKind, `(g - 1) / ${perParent} + 1`)}
       from generate_series(1, ${total}) g`,
    );
  await level(
    'actions',
    'action',
    'program_id',
    'program',
    actions,
    sizes.actionsPerProgram,
    `'Kegiatan Penyusunan Dokumen Perencanaan ' || g`,
  );
  await level(
    'sub-actions',
    'sub_action',
    'action_id',
    'action',
    subActions,
    sizes.subActionsPerAction,
    `'Sub Kegiatan Koordinasi dan Penyusunan Dokumen RKPD ' || g`,
  );
  await level(
    'activities',
    'activity',
    'sub_action_id',
    'sub_action',
    activities,
    sizes.activitiesPerSubAction,
    `'Aktivitas Penyelenggaraan Musrenbang ' || g`,
  );
  await level(
    'subtitles',
    'subtitle',
    'activity_id',
    'activity',
    subtitles,
    sizes.subtitlesPerActivity,
    `'Subtitle Bidang ' || g`,
  );
  // Consecutive accounts take consecutive names, so the codes under one subtitle differ; as in
  // the national chart of accounts, one code recurs under many subtitles.
  await step(
    'accounts',
    `insert into account (id, code, name, subtitle_id)
     select ${id('account', 'g')},
            ($1::text[])[(g % n) + 1],
            ($2::text[])[(g % n) + 1],
            ${id('subtitle', `(g - 1) / ${sizes.accountsPerSubtitle} + 1`)}
     from generate_series(1, ${accounts}) g, (select ${ACCOUNT_NAMES.length} as n) k`,
    [ACCOUNT_NAMES.map(([code]) => code), ACCOUNT_NAMES.map(([, name]) => name)],
  );
  await step(
    'supporters',
    `insert into supporter (id, name)
     select ${id('supporter', 'g')}, 'Dinas Pendukung ' || g from generate_series(1, ${sizes.supporters}) g`,
  );
  // These users own lines but cannot sign in (the hash is not a real one); the bench user can,
  // and takes the place of the first unit's first planner. User n plans for unit
  // (n - 1) / usersPerAgency + 1.
  const users = sizes.agencies * sizes.usersPerAgency;
  const userId = (n) => `case when (${n}) = 1 then $1::uuid else ${id('user', n)} end`;
  await step(
    'users',
    `insert into app_user (id, name, email, role, password_hash)
     select ${id('user', 'g')}, 'Pengguna ' || g, 'pengguna' || g || '@bench.local', 'user', 'x'
     from generate_series(2, ${users}) g`,
  );
  await step(
    'units of users',
    `insert into user_agency (user_id, agency_id)
     select ${userId('g')}, ${id('agency', `(g - 1) / ${sizes.usersPerAgency} + 1`)}
     from generate_series(1, ${users}) g`,
    [benchUserId],
  );

  // Building the line indexes once after the load is several times faster than maintaining them
  // row by row, and the foreign keys hold by construction, so their per-row checks are skipped
  // (user triggers still fire). Both need the superuser the bench connects as.
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
     where schemaname = current_schema() and tablename = 'detail_program'
       and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
  await client.query('alter table detail_program disable trigger all');
  await client.query('alter table detail_program enable trigger user');

  // Line i goes to account (i * 7919 mod accounts) + 1: a bijection, so every account gets the
  // same number of lines, spread rather than clustered. Line i is i × minutesBetweenLines after
  // 2024-01-01 and is inserted in that order, as lines entered over two years would be.
  await step(
    'budget lines',
    `insert into detail_program (
       component_code, component_name, specification, unit, price,
       first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
       program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id, supporter_id,
       created_by, created_at)
     select c.code, c.name, 'Spesifikasi ' || (i % 97), c.unit, c.price,
            v.first, 1, 1, c.price * v.first, t.tax, c.price * v.first + t.tax,
            extract(year from at)::int + 1,
            ${id('program', 'a.program')}, ${id('action', 'a.action')},
            ${id('sub_action', 'a.sub_action')}, ${id('activity', 'a.activity')},
            ${id('subtitle', 'a.subtitle')}, ${id('account', 'a.account')},
            ${id('supporter', `i % ${sizes.supporters} + 1`)},
            ${userId(`(a.program - 1) / ${programsPerAgency} * ${sizes.usersPerAgency} + i % ${sizes.usersPerAgency} + 1`).replace('$1', '$5')},
            at
     from generate_series(1, ${sizes.lines}) i
     cross join lateral (select (i::bigint * 7919 % ${accounts}) + 1 as account) acc
     cross join lateral (
       select acc.account,
              (acc.account - 1) / ${sizes.accountsPerSubtitle} + 1 as subtitle,
              (acc.account - 1) / ${accounts / activities} + 1 as activity,
              (acc.account - 1) / ${accounts / subActions} + 1 as sub_action,
              (acc.account - 1) / ${accounts / actions} + 1 as action,
              (acc.account - 1) / ${accounts / sizes.programs} + 1 as program) a
     cross join lateral (
       select ($1::text[])[i % $6 + 1] as code, ($2::text[])[i % $6 + 1] as name,
              ($3::text[])[i % $6 + 1] as unit, ($4::bigint[])[i % $6 + 1] as price) c
     cross join lateral (select (i % 12 + 1)::bigint as first) v
     cross join lateral (
       select case when a.program % 3 = 0 then round(c.price * v.first * 0.11)::bigint else 0 end as tax) t
     cross join lateral (
       select timestamptz '2024-01-01 00:00:00+07' + i * interval '${sizes.minutesBetweenLines} minutes' as at) ts`,
    [
      COMPONENTS.map(([code]) => code),
      COMPONENTS.map(([, name]) => name),
      COMPONENTS.map(([, , unit]) => unit),
      COMPONENTS.map(([, , , price]) => price),
      benchUserId,
      COMPONENTS.length,
    ],
  );
  await client.query('alter table detail_program enable trigger all');
  await client.query(`set local maintenance_work_mem = '256MB'`);
  const started = Date.now();
  for (const { indexdef } of indexes) await client.query(indexdef);
  console.log(`  line indexes: ${indexes.length} rebuilt in ${Date.now() - started} ms`);
}
