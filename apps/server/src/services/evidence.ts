import {
  AppError,
  type Area,
  type AreaQuery,
  areaLabel,
  distanceToGeometry,
  EVIDENCE_PHOTOS_PER_MONTH,
  type EvidenceMap,
  type EvidenceMapActivity,
  type EvidenceMapQuery,
  type EvidencePhoto,
  type EvidenceQuery,
  type EvidenceUploadFields,
  evidenceFlags,
  Geometry,
  messagesId,
  monthLevels,
  plannedProgressTenths,
  refusals,
  type SubActionLocation,
  type SubActionLocationInput,
  scopeOf,
  UPLOADS_PATH,
  type UploadImageType,
  type User,
} from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { areaService } from './areas.js';
import { monthColumns } from './cash-plan-rules.js';
import type { EvidenceSheet } from './evidence-sheet.js';
import { withoutMetadata } from './image-metadata.js';
import { assertMonthBegun, openMonthOfSubAction } from './monthly-report.js';
import { inTransaction, type Parsed, readWithoutJit, sumText, toCount } from './pagination.js';
import { readPhotoMetadata } from './photo-metadata.js';
import { readDeviationThresholds } from './planning-rules.js';
import { assertSubActionInScope, assertSubActionWritable } from './reports.js';
import { programmesWhere } from './scope.js';
import { createUploadService } from './uploads.js';

type Caller = Pick<User, 'id' | 'role' | 'agency_ids'>;
const texts = messagesId.evidence;

/** A stored geometry (jsonb: an object from pg, text or an object from PGlite). */
function geometryOf(value: unknown): Geometry | null {
  if (value === null || value === undefined) return null;
  const parsed = Geometry.safeParse(typeof value === 'string' ? JSON.parse(value) : value);
  return parsed.success ? parsed.data : null;
}

const isoOf = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * A stored photo's place and time as numbers and ISO text, its distance (whole metres) from the
 * sub kegiatan's geometry as it stands, and the flags read from them: one reading for the
 * photos' list and the map's counts.
 */
function placedPhoto(
  photo: {
    year: number;
    month: number;
    taken_at: Date | string | null;
    latitude: number | null;
    longitude: number | null;
  },
  geometry: Geometry | null,
) {
  const latitude = photo.latitude === null ? null : Number(photo.latitude);
  const longitude = photo.longitude === null ? null : Number(photo.longitude);
  const distance =
    geometry && latitude !== null && longitude !== null
      ? Math.round(distanceToGeometry([longitude, latitude], geometry))
      : null;
  const takenAt = isoOf(photo.taken_at);
  const flags = evidenceFlags({
    year: Number(photo.year),
    month: Number(photo.month),
    taken_at: takenAt,
    latitude,
    longitude,
    distance_m: distance,
  });
  return { latitude, longitude, taken_at: takenAt, distance_m: distance, flags };
}

interface PhotoRow {
  id: string;
  sub_action_id: string;
  year: number;
  month: number;
  upload_id: string;
  caption: string;
  width: number | null;
  height: number | null;
  taken_at: Date | string | null;
  time_source: 'exif' | 'device' | null;
  latitude: number | null;
  longitude: number | null;
  place_source: 'exif' | 'device' | null;
  accuracy_m: number | null;
  created_at: Date | string;
  created_by_name: string | null;
  progress_tenths: number | null;
  geometry: unknown;
}

/** Where a sub kegiatan's work happens, with its areas and their address. */
export async function readSubActionLocation(
  executor: Kysely<Database>,
  subActionId: string,
): Promise<SubActionLocation> {
  const row = await executor
    .selectFrom('sub_action_location')
    .select(['area_code', 'geometry', 'updated_at'])
    .where('sub_action_id', '=', subActionId)
    .executeTakeFirst();
  let areas: Area[] = [];
  if (row?.area_code) {
    // An area the package no longer knows (a code retired by a later regulation) keeps its code.
    areas = await areaService.path(row.area_code).catch(() => []);
  }
  return {
    sub_action_id: subActionId,
    area_code: row?.area_code ?? null,
    areas,
    label: areaLabel(areas),
    geometry: geometryOf(row?.geometry),
    updated_at: isoOf(row?.updated_at ?? null),
  };
}
/**
 * Evidence from the field (issue 38): a sub kegiatan's location, the photos filed with its
 * months, each photo's distance and flags read against the location as it stands, and the
 * region's map of a month. `today` is the region's date (ISO): photos wait for their month to begin.
 */
export function createEvidenceService(
  db: Kysely<Database>,
  linkOrigin: () => string,
  today: () => string,
) {
  const photoOf = (row: PhotoRow): EvidencePhoto => {
    const placed = placedPhoto(row, geometryOf(row.geometry));
    return {
      id: row.id,
      sub_action_id: row.sub_action_id,
      year: Number(row.year),
      month: Number(row.month),
      url: `${linkOrigin()}${UPLOADS_PATH}/${row.upload_id}`,
      caption: row.caption,
      width: row.width,
      height: row.height,
      taken_at: placed.taken_at,
      time_source: row.time_source,
      latitude: placed.latitude,
      longitude: placed.longitude,
      place_source: row.place_source,
      accuracy_m: row.accuracy_m === null ? null : Number(row.accuracy_m),
      distance_m: placed.distance_m,
      flags: placed.flags,
      progress_tenths: row.progress_tenths === null ? null : Number(row.progress_tenths),
      created_at: new Date(row.created_at).toISOString(),
      created_by_name: row.created_by_name,
    };
  };

  /** Photos with what their flags are read against: the location and the month's progress. */
  const photoRows = (executor: Kysely<Database>) =>
    executor
      .selectFrom('evidence_photo as e')
      .leftJoin('sub_action_location as l', 'l.sub_action_id', 'e.sub_action_id')
      .leftJoin('app_user as u', 'u.id', 'e.created_by')
      .leftJoin('physical_progress as f', (join) =>
        join
          .onRef('f.sub_action_id', '=', 'e.sub_action_id')
          .onRef('f.year', '=', 'e.year')
          .onRef('f.month', '=', 'e.month'),
      )
      .select([
        'e.id',
        'e.sub_action_id',
        'e.year',
        'e.month',
        'e.upload_id',
        'e.caption',
        'e.width',
        'e.height',
        'e.taken_at',
        'e.time_source',
        'e.latitude',
        'e.longitude',
        'e.place_source',
        'e.accuracy_m',
        'e.created_at',
        'u.name as created_by_name',
        'f.progress_tenths',
        'l.geometry',
      ]);

  /** A sub kegiatan's photo rows of a year or a month: by month, then as they were filed. */
  async function photosOf(query: Parsed<typeof EvidenceQuery>): Promise<PhotoRow[]> {
    let select = photoRows(db)
      .where('e.sub_action_id', '=', query.sub_action_id)
      .where('e.year', '=', query.year);
    if (query.month !== undefined) select = select.where('e.month', '=', query.month);
    const rows = await select.orderBy('e.month').orderBy('e.created_at').orderBy('e.id').execute();
    return rows as PhotoRow[];
  }

  return {
    areas: (query: Parsed<typeof AreaQuery>) => areaService.list(query),

    location: {
      async get(subActionId: string, caller: Caller): Promise<SubActionLocation> {
        await assertSubActionInScope(db, caller, subActionId);
        return readSubActionLocation(db, subActionId);
      },

      async set(
        input: Parsed<typeof SubActionLocationInput>,
        caller: Caller,
      ): Promise<SubActionLocation> {
        await assertSubActionWritable(db, caller, input.sub_action_id);
        if (input.area_code) await areaService.path(input.area_code);
        const values = {
          area_code: input.area_code,
          geometry: input.geometry ? JSON.stringify(input.geometry) : null,
          updated_by: caller.id,
        };
        // In a transaction of its own, so the history records who moved the place.
        await inTransaction(db, (trx) =>
          trx
            .insertInto('sub_action_location')
            .values({ sub_action_id: input.sub_action_id, ...values })
            .onConflict((oc) =>
              oc.column('sub_action_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
            )
            .execute(),
        );
        return readSubActionLocation(db, input.sub_action_id);
      },
    },

    /** A sub kegiatan's photos of a year or a month, oldest month first, each month in filing order. */
    async list(query: Parsed<typeof EvidenceQuery>, caller: Caller) {
      await assertSubActionInScope(db, caller, query.sub_action_id);
      return (await photosOf(query)).map((row) => photoOf(row));
    },

    /**
     * Files a photo with a sub kegiatan's month: its EXIF place and time are read first, then the
     * served copy is stored without metadata. The phone's position and time stand in only where
     * the photo says nothing. The month must be open to the unit, as for its progress.
     */
    async add(
      fields: Parsed<typeof EvidenceUploadFields>,
      sent: Buffer,
      contentType: UploadImageType,
      caller: Caller,
    ): Promise<EvidencePhoto> {
      assertMonthBegun(fields, today());
      const metadata = await readPhotoMetadata(sent);
      const bytes = withoutMetadata(sent, contentType);
      const device =
        fields.device_latitude !== undefined && fields.device_longitude !== undefined
          ? { latitude: fields.device_latitude, longitude: fields.device_longitude }
          : null;
      const placed = metadata.latitude !== null && metadata.longitude !== null;
      const place = placed
        ? {
            latitude: metadata.latitude,
            longitude: metadata.longitude,
            place_source: 'exif' as const,
          }
        : device
          ? { ...device, place_source: 'device' as const }
          : { latitude: null, longitude: null, place_source: null };
      const time = metadata.taken_at
        ? { taken_at: metadata.taken_at, time_source: 'exif' as const }
        : fields.device_at
          ? { taken_at: fields.device_at, time_source: 'device' as const }
          : { taken_at: null, time_source: null };
      const id = await inTransaction(db, async (trx) => {
        await assertSubActionWritable(trx, caller, fields.sub_action_id);
        await openMonthOfSubAction(trx, fields.sub_action_id, fields.year, fields.month);
        const { count } = await trx
          .selectFrom('evidence_photo')
          .select(sql<string>`count(*)`.as('count'))
          .where('sub_action_id', '=', fields.sub_action_id)
          .where('year', '=', fields.year)
          .where('month', '=', fields.month)
          .executeTakeFirstOrThrow();
        if (toCount(count) >= EVIDENCE_PHOTOS_PER_MONTH) {
          throw new AppError('conflict', texts.tooMany(EVIDENCE_PHOTOS_PER_MONTH));
        }
        const uploadId = await createUploadService(trx).store(bytes, contentType, caller.id);
        const row = await trx
          .insertInto('evidence_photo')
          .values({
            sub_action_id: fields.sub_action_id,
            year: fields.year,
            month: fields.month,
            upload_id: uploadId,
            caption: fields.caption,
            // Read from the photo as sent: stripping keeps its pixels as they are.
            width: metadata.width,
            height: metadata.height,
            ...place,
            ...time,
            accuracy_m: place.place_source === 'device' ? (fields.device_accuracy_m ?? null) : null,
            created_by: caller.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      const row = await photoRows(db).where('e.id', '=', id).executeTakeFirstOrThrow();
      return photoOf(row as PhotoRow);
    },

    /** Takes back a photo (and its stored copy) while its month is open to the unit. */
    async remove(id: string, caller: Caller): Promise<void> {
      await inTransaction(db, async (trx) => {
        const photo = await trx
          .selectFrom('evidence_photo')
          .select(['sub_action_id', 'year', 'month', 'upload_id'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!photo) throw refusals.notFound(texts.photo);
        await assertSubActionWritable(trx, caller, photo.sub_action_id);
        await openMonthOfSubAction(trx, photo.sub_action_id, photo.year, photo.month);
        await trx.deleteFrom('evidence_photo').where('id', '=', id).execute();
        await trx.deleteFrom('upload').where('id', '=', photo.upload_id).execute();
      });
    },

    /** What a sub kegiatan's evidence sheet prints; refused as its photos' list is. */
    async sheet(query: Parsed<typeof EvidenceQuery>, caller: Caller): Promise<EvidenceSheet> {
      await assertSubActionInScope(db, caller, query.sub_action_id);
      const subAction = await db
        .selectFrom('sub_action as s')
        .innerJoin('action as a', 'a.id', 's.action_id')
        .innerJoin('program as p', 'p.id', 'a.program_id')
        .leftJoin('agency as ag', 'ag.id', 'p.agency_id')
        .select(['s.id', 's.code', 's.name', 'ag.name as agency_name'])
        .where('s.id', '=', query.sub_action_id)
        .executeTakeFirstOrThrow();
      const rows = await photosOf(query);
      return {
        sub_action: subAction,
        year: query.year,
        month: query.month ?? null,
        location: await readSubActionLocation(db, query.sub_action_id),
        photos: rows.map((row) => ({ ...photoOf(row), upload_id: row.upload_id })),
      };
    },

    /**
     * The caller's sub kegiatan with lines of the year (the region's for an administrator), with
     * their place, the month's figures read live and their photos of the month with flags.
     */
    async map(
      query: Parsed<typeof EvidenceMapQuery>,
      caller: Caller,
      tileUrl: string | null,
    ): Promise<EvidenceMap> {
      const { year, month } = query;
      const plannedSoFar = sql.raw(
        monthColumns
          .slice(0, month)
          .map((column) => `c.${column}`)
          .join(' + '),
      );
      const fundedBy = query.funding_source_id
        ? sql`and d.funding_source_id = ${query.funding_source_id}`
        : sql``;
      const activities = await readWithoutJit(db, async (trx) => {
        const thresholds = await readDeviationThresholds(trx);
        const { rows } = await sql<{
          id: string;
          code: string | null;
          name: string;
          agency_id: string | null;
          agency_name: string | null;
          program_id: string;
          lines_total: unknown;
          planned: unknown;
          realised: unknown;
          progress_tenths: number | null;
          area_code: string | null;
          geometry: unknown;
        }>`
          with subs as (
            select s.id, s.code, s.name, p.agency_id, ag.name as agency_name, p.id as program_id,
              x.total as lines_total
            from sub_action s join action a on a.id = s.action_id
            join program p on p.id = a.program_id
            left join agency ag on ag.id = p.agency_id
            cross join lateral (select sum(d.total_after_tax) as total from detail_program d
              where d.sub_action_id = s.id and d.year = ${year} ${fundedBy}) x
            where x.total is not null
              and ${programmesWhere(scopeOf(caller), 'p.agency_id')}
              ${query.agency_id ? sql`and p.agency_id = ${query.agency_id}` : sql``}
              ${query.program_id ? sql`and p.id = ${query.program_id}` : sql``})
          select subs.*, planned.total as planned, paid.total as realised,
            progress.progress_tenths, l.area_code, l.geometry
          from subs
          cross join lateral (select sum(${plannedSoFar}) as total from cash_plan c
            where c.sub_action_id = subs.id and c.year = ${year}) planned
          cross join lateral (select sum(r.amount) as total from sp2d_month_total r
            where r.sub_action_id = subs.id and r.year = ${year} and r.month <= ${month}) paid
          left join lateral (select f.progress_tenths from physical_progress f
            where f.sub_action_id = subs.id and f.year = ${year} and f.month <= ${month}
            order by f.month desc limit 1) progress on true
          left join sub_action_location l on l.sub_action_id = subs.id
          order by subs.code nulls last, subs.name, subs.id`.execute(trx);
        // The month's photos through (year, month); only the sub kegiatan shown count them.
        const photos = await trx
          .selectFrom('evidence_photo as e')
          .select([
            'e.sub_action_id',
            'e.year',
            'e.month',
            'e.taken_at',
            'e.latitude',
            'e.longitude',
          ])
          .where('e.year', '=', year)
          .where('e.month', '=', month)
          .execute();
        return { rows, photos, thresholds };
      });
      const photosBySub = new Map<string, typeof activities.photos>();
      for (const photo of activities.photos) {
        const list = photosBySub.get(photo.sub_action_id) ?? [];
        list.push(photo);
        photosBySub.set(photo.sub_action_id, list);
      }
      const labels = new Map<string, string | null>();
      const mapped: EvidenceMapActivity[] = [];
      for (const row of activities.rows) {
        const geometry = geometryOf(row.geometry);
        const linesTotal = sumText(row.lines_total);
        const planned = sumText(row.planned);
        const realised = sumText(row.realised);
        const plannedProgress = plannedProgressTenths(planned, linesTotal);
        const levels = monthLevels(
          {
            planned_cumulative: planned,
            realised_cumulative: realised,
            progress_tenths: row.progress_tenths,
            planned_progress_tenths: plannedProgress,
          },
          activities.thresholds,
        );
        const photos = photosBySub.get(row.id) ?? [];
        const flagged = photos.filter(
          (photo) => placedPhoto(photo, geometry).flags.length > 0,
        ).length;
        let label: string | null = null;
        if (row.area_code) {
          if (!labels.has(row.area_code)) {
            const areas = await areaService.path(row.area_code).catch(() => []);
            labels.set(row.area_code, areaLabel(areas));
          }
          label = labels.get(row.area_code) ?? null;
        }
        mapped.push({
          id: row.id,
          code: row.code,
          name: row.name,
          agency_id: row.agency_id,
          agency_name: row.agency_name,
          program_id: row.program_id,
          level: levels.level,
          physical_level: levels.physical_level,
          progress_tenths: row.progress_tenths === null ? null : Number(row.progress_tenths),
          planned_progress_tenths: plannedProgress,
          area_label: label,
          geometry,
          photo_count: photos.length,
          flagged_count: flagged,
        });
      }
      return { year, month, activities: mapped, tile_url: tileUrl };
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
