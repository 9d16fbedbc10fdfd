import { type Kysely, sql } from 'kysely';

// Evidence from the field (issue 38). `sub_action_location`: where a sub kegiatan's work happens,
// an administrative area by its Kemendagri code (any level) and optionally a GeoJSON point, line
// or polygon in WGS84. `evidence_photo`: a photo filed with a sub kegiatan's month, its bytes an
// `upload` row (metadata already stripped) and the time and place read from the photo's EXIF or
// the phone before stripping. Distances and flags are read against the location as it stands,
// so marking the place later flags the photos already filed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sub_action_location (
      sub_action_id uuid primary key references sub_action (id) on delete cascade,
      area_code text check (area_code ~ '^[0-9]{2}([.][0-9]{2}([.][0-9]{2}([.][0-9]{4})?)?)?$'),
      geometry jsonb,
      updated_at timestamptz not null default now(),
      updated_by uuid references app_user (id) on delete set null
    )`.execute(db);
  await sql`
    create table evidence_photo (
      id uuid primary key default gen_random_uuid(),
      sub_action_id uuid not null references sub_action (id) on delete cascade,
      year integer not null,
      month smallint not null check (month between 1 and 12),
      upload_id uuid not null references upload (id) on delete cascade,
      caption text not null default '' check (length(caption) <= 500),
      width integer,
      height integer,
      taken_at timestamptz,
      time_source text check (time_source in ('exif', 'device')),
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      place_source text check (place_source in ('exif', 'device')),
      accuracy_m double precision,
      created_at timestamptz not null default now(),
      created_by uuid references app_user (id) on delete set null
    )`.execute(db);
  await sql`create index evidence_photo_month
    on evidence_photo (sub_action_id, year, month, created_at)`.execute(db);
  await sql`create index evidence_photo_year_month on evidence_photo (year, month)`.execute(db);
  await sql`create index evidence_photo_upload on evidence_photo (upload_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists evidence_photo`.execute(db);
  await sql`drop table if exists sub_action_location`.execute(db);
}
