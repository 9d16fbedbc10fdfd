import { type Kysely, sql } from 'kysely';

// Migrations describe the schema as it was on their date; they never import app code.

const named = (table: string, parent?: { column: string; references: string }) => sql`
  create table ${sql.table(table)} (
    id uuid primary key default gen_random_uuid(),
    name text not null,
    ${parent ? sql`${sql.ref(parent.column)} uuid not null references ${sql.table(parent.references)} (id) on delete restrict,` : sql``}
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_setting (key text primary key, value text not null)`.execute(db);

  await sql`
    create table app_user (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email text not null,
      role text not null check (role in ('user', 'admin')),
      password_hash text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index app_user_email_key on app_user (lower(email))`.execute(db);

  await named('program').execute(db);
  await sql`alter table program add column is_taxed boolean not null default false`.execute(db);
  await named('action', { column: 'program_id', references: 'program' }).execute(db);
  await named('sub_action', { column: 'action_id', references: 'action' }).execute(db);
  await named('activity', { column: 'sub_action_id', references: 'sub_action' }).execute(db);
  await named('subtitle', { column: 'activity_id', references: 'activity' }).execute(db);
  await named('account', { column: 'subtitle_id', references: 'subtitle' }).execute(db);
  await sql`alter table account add column code text not null default ''`.execute(db);
  await sql`alter table account alter column code drop default`.execute(db);
  await named('supporter').execute(db);

  for (const [table, parent] of [
    ['action', 'program_id'],
    ['sub_action', 'action_id'],
    ['activity', 'sub_action_id'],
    ['subtitle', 'activity_id'],
    ['account', 'subtitle_id'],
  ] as const) {
    await sql`create index ${sql.id(`${table}_parent_name_idx`)} on ${sql.table(table)} (${sql.ref(parent)}, name)`.execute(
      db,
    );
  }
  for (const table of [
    'program',
    'action',
    'sub_action',
    'activity',
    'subtitle',
    'account',
    'supporter',
  ]) {
    await sql`create index ${sql.id(`${table}_name_idx`)} on ${sql.table(table)} (name, id)`.execute(
      db,
    );
  }
  // One code names one account under a subtitle (the CLI import matches on it).
  await sql`create unique index account_subtitle_code_key on account (subtitle_id, code)`.execute(
    db,
  );

  await sql`
    create table detail_program (
      id uuid primary key default gen_random_uuid(),
      component_code text not null default '',
      component_name text not null default '',
      specification text not null default '',
      unit text not null,
      price bigint not null check (price >= 0),
      first_volume numeric(20, 2) not null check (first_volume > 0),
      second_volume numeric(20, 2) not null check (second_volume > 0),
      third_volume numeric(20, 2) not null check (third_volume > 0),
      total_price bigint not null check (total_price >= 0),
      tax bigint not null check (tax >= 0),
      total_after_tax bigint not null check (total_after_tax = total_price + tax),
      year integer not null,
      program_id uuid not null references program (id) on delete restrict,
      action_id uuid not null references action (id) on delete restrict,
      sub_action_id uuid not null references sub_action (id) on delete restrict,
      activity_id uuid not null references activity (id) on delete restrict,
      subtitle_id uuid not null references subtitle (id) on delete restrict,
      account_id uuid not null references account (id) on delete restrict,
      supporter_id uuid not null references supporter (id) on delete restrict,
      created_by uuid references app_user (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index detail_program_created_idx on detail_program (created_at desc, id)`.execute(
    db,
  );
  await sql`create index detail_program_year_idx on detail_program (year)`.execute(db);
  await sql`create index detail_program_created_by_idx on detail_program (created_by, created_at desc)`.execute(
    db,
  );
  for (const column of [
    'program_id',
    'action_id',
    'sub_action_id',
    'activity_id',
    'subtitle_id',
    'account_id',
    'supporter_id',
  ]) {
    await sql`create index ${sql.id(`detail_program_${column}_idx`)} on detail_program (${sql.ref(column)})`.execute(
      db,
    );
  }

  await sql`
    create table article (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      title text not null,
      excerpt text not null default '',
      content text not null,
      cover_image text,
      tags text[] not null default '{}',
      status text not null check (status in ('published', 'draft', 'archived')),
      category text not null,
      author_id uuid references app_user (id) on delete set null,
      author_name text not null,
      views_count bigint not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index article_status_created_idx on article (status, created_at desc)`.execute(
    db,
  );

  await sql`
    create table upload (
      id uuid primary key default gen_random_uuid(),
      content_type text not null,
      byte_size integer not null,
      bytes bytea not null,
      uploaded_by uuid references app_user (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'upload',
    'article',
    'detail_program',
    'supporter',
    'account',
    'subtitle',
    'activity',
    'sub_action',
    'action',
    'program',
    'app_user',
    'app_setting',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
