/**
 * Evidence from the field (issue 38): where a sub kegiatan's work happens (an official
 * administrative area with its Kemendagri code, and optionally a point, line or polygon in WGS84)
 * and the photos filed with each month's report, each with the time and place it was taken and
 * the flags a verifier must see (taken far from the work, or outside the reported month). Declared
 * once here; the server, the screens and the CLI read them.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, formatDateTimeLong, formatNumberId } from './format.js';
import { type Messages, messagesId } from './messages/index.js';
import { longDateOf, monthOfYear } from './monthly-report.js';
import { deviationLevels, ReportMonth } from './realisation.js';
import { Id, ReportYear, Timestamp } from './schemas.js';

// --- Administrative areas ------------------------------------------------------------------

/** The four levels of Kemendagri's area codes, each adding a segment: 35, 35.22, 35.22.01, 35.22.01.2001. */
export const areaLevels = ['province', 'regency', 'district', 'village'] as const;
export type AreaLevel = (typeof areaLevels)[number];

const AREA_CODE = /^\d{2}(\.\d{2}(\.\d{2}(\.\d{4})?)?)?$/;

/** A Kemendagri area code of any level. */
export const AreaCode = z
  .string()
  .trim()
  .regex(AREA_CODE, { error: 'harus berupa kode wilayah Kemendagri, mis. 35.22.01.2001' });

/** The level a code names, by its number of segments. */
export const areaLevelOf = (code: string): AreaLevel =>
  areaLevels[code.split('.').length - 1] ?? 'village';

/** The codes from the province down to `code` itself: 35, 35.22, 35.22.01. */
export function areaCodePath(code: string): string[] {
  const parts = code.split('.');
  return parts.map((_, index) => parts.slice(0, index + 1).join('.'));
}

export const Area = z.object({ code: z.string(), name: z.string(), level: z.enum(areaLevels) });
export type Area = z.infer<typeof Area>;

/** The areas under `parent` (provinces when left out), or those whose name holds `search`. */
export const AreaQuery = z.object({
  parent: AreaCode.optional(),
  search: z.string().trim().max(100).optional(),
});
export type AreaQuery = z.input<typeof AreaQuery>;

// --- Geometry (GeoJSON, WGS84) -------------------------------------------------------------

const Longitude = z
  .number({ error: 'bujur harus berupa angka' })
  .min(-180, { error: 'bujur paling kecil -180' })
  .max(180, { error: 'bujur paling besar 180' });
const Latitude = z
  .number({ error: 'lintang harus berupa angka' })
  .min(-90, { error: 'lintang paling kecil -90' })
  .max(90, { error: 'lintang paling besar 90' });

/** [longitude, latitude], as GeoJSON orders them. */
export const Position = z.tuple([Longitude, Latitude]);
export type Position = z.infer<typeof Position>;

const MAX_VERTICES = 5000;
const Ring = z
  .array(Position)
  .min(4, { error: 'poligon perlu paling sedikit 3 titik' })
  .max(MAX_VERTICES)
  .refine(
    (ring) => {
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      return first[0] === last[0] && first[1] === last[1];
    },
    { error: 'titik awal dan akhir poligon harus sama' },
  );

export const PointGeometry = z.object({ type: z.literal('Point'), coordinates: Position });
export const LineGeometry = z.object({
  type: z.literal('LineString'),
  coordinates: z
    .array(Position)
    .min(2, { error: 'garis perlu paling sedikit 2 titik' })
    .max(MAX_VERTICES),
});
export const PolygonGeometry = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(Ring).min(1).max(20),
});

/** Where the work is: a point (a clinic), a line (a road) or a polygon (a field), in WGS84. */
export const Geometry = z.discriminatedUnion('type', [
  PointGeometry,
  LineGeometry,
  PolygonGeometry,
]);
export type Geometry = z.infer<typeof Geometry>;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two positions (haversine). */
export function distanceMetres(a: Position, b: Position): number {
  const dLat = radians(b[1] - a[1]);
  const dLon = radians(b[0] - a[0]);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a[1])) * Math.cos(radians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Metres from `point` to the segment a–b, on a local flat projection around the point: exact
 * enough for the few kilometres a flag speaks of, anywhere in Indonesia.
 */
function distanceToSegment(point: Position, a: Position, b: Position): number {
  const scaleX = Math.cos(radians(point[1]));
  const ax = (a[0] - point[0]) * scaleX;
  const ay = a[1] - point[1];
  const bx = (b[0] - point[0]) * scaleX;
  const by = b[1] - point[1];
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
  const nearest: Position = [point[0] + (ax + t * dx) / scaleX, point[1] + ay + t * dy];
  return distanceMetres(point, nearest);
}

/** Whether `point` lies inside a ring (even-odd rule). */
function insideRing(point: Position, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (
      yi > point[1] !== yj > point[1] &&
      point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi
    ) {
      inside = !inside;
    }
  }
  return inside;
}

function distanceToPath(point: Position, path: readonly Position[]): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < path.length; i++) {
    nearest = Math.min(nearest, distanceToSegment(point, path[i - 1]!, path[i]!));
  }
  return path.length === 1 ? distanceMetres(point, path[0]!) : nearest;
}

/** Metres from `point` to the nearest part of `geometry`; 0 inside a polygon (not in a hole). */
export function distanceToGeometry(point: Position, geometry: Geometry): number {
  switch (geometry.type) {
    case 'Point':
      return distanceMetres(point, geometry.coordinates);
    case 'LineString':
      return distanceToPath(point, geometry.coordinates);
    case 'Polygon': {
      const [outer, ...holes] = geometry.coordinates;
      if (outer && insideRing(point, outer) && !holes.some((hole) => insideRing(point, hole))) {
        return 0;
      }
      return Math.min(...geometry.coordinates.map((ring) => distanceToPath(point, ring)));
    }
  }
}

/** A representative position of a geometry (a point itself; a path's or ring's middle vertex). */
export function anchorOf(geometry: Geometry): Position {
  if (geometry.type === 'Point') return geometry.coordinates;
  const path = geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates[0]!;
  return path[Math.floor(path.length / 2)]!;
}

// --- A sub kegiatan's location ---------------------------------------------------------------

/** Where a sub kegiatan's work happens, as the unit sets it. */
export const SubActionLocationInput = z.object({
  sub_action_id: Id,
  /** Any level's code; null: no area yet. */
  area_code: AreaCode.nullable(),
  /** Null: no point, line or polygon marked yet. */
  geometry: Geometry.nullable(),
});
export type SubActionLocationInput = z.input<typeof SubActionLocationInput>;

export const SubActionLocation = z.object({
  sub_action_id: Id,
  area_code: z.string().nullable(),
  /** From the province down to the chosen area. */
  areas: z.array(Area),
  /** The areas as a place is written, smallest first: 'Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur'. */
  label: z.string().nullable(),
  geometry: Geometry.nullable(),
  updated_at: Timestamp.nullable(),
});
export type SubActionLocation = z.infer<typeof SubActionLocation>;

/** A location as its calls answer it: with the tile server the dialog's map draws under it. */
export const SubActionLocationAnswer = SubActionLocation.extend({
  /** A raster tile server the region set (`{z}/{x}/{y}`); null: the map draws itself. */
  tile_url: z.string().nullable(),
});
export type SubActionLocationAnswer = z.infer<typeof SubActionLocationAnswer>;

export const SubActionLocationQuery = z.object({ sub_action_id: Id });

/**
 * The words of province and regency names not written with one capital: every one in
 * idn-area-data 3.1.2's capitals (an acronym and a particle; it spells out 'DAERAH ISTIMEWA' and
 * 'KABUPATEN', and has no Roman numerals at those levels).
 */
const wordsAsWritten: Readonly<Record<string, string>> = { DKI: 'DKI', DAN: 'dan' };
const capitalised = (word: string) =>
  wordsAsWritten[word] ?? word.charAt(0) + word.slice(1).toLowerCase();
/** The levels Kemendagri's data writes in capitals; districts and villages come as written. */
const inCapitals: ReadonlySet<AreaLevel> = new Set(['province', 'regency']);

/**
 * An area's name as it is written: provinces and regencies from their capitals ('DKI JAKARTA'
 * reads 'DKI Jakarta', 'KABUPATEN PANGKAJENE DAN KEPULAUAN' 'Kabupaten Pangkajene dan
 * Kepulauan'); districts and villages as the data writes them, whose few capitals are acronyms
 * ('MKCM', 'RD. PJKA') and whose Roman numerals are already right.
 */
export const areaNameAsWritten = ({ name, level }: Pick<Area, 'name' | 'level'>) =>
  inCapitals.has(level)
    ? name
        .split(/(\s+|-)/)
        .map(capitalised)
        .join('')
    : name;

/** The areas (province first) as an address is written, smallest first. */
export function areaLabel(areas: readonly Area[], messages: Messages = messagesId): string | null {
  if (areas.length === 0) return null;
  return [...areas]
    .reverse()
    .map((area) => {
      const name = areaNameAsWritten(area);
      return area.level === 'district' ? messages.location.districtInAddress(name) : name;
    })
    .join(', ');
}

// --- Evidence photos -----------------------------------------------------------------------

/** A photo further than this from the activity's mapped place is flagged to the verifier. */
export const EVIDENCE_FAR_METRES = 1000;
/** At most this many photos of a sub kegiatan's month. */
export const EVIDENCE_PHOTOS_PER_MONTH = 10;

const OptionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) =>
      value === '' || value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value.replace(',', '.'))
          : value,
    schema.optional(),
  );

/**
 * The form fields sent with a photo (multipart text fields beside `file`). The phone's position
 * is sent only with the person's consent, and is used only where the photo itself says nowhere.
 */
export const EvidenceUploadFields = z.object({
  sub_action_id: Id,
  year: ReportYear,
  month: ReportMonth,
  caption: z.string().trim().max(500, { error: 'maksimal 500 karakter' }).default(''),
  device_latitude: OptionalNumber(Latitude),
  device_longitude: OptionalNumber(Longitude),
  device_accuracy_m: OptionalNumber(z.number().min(0).max(100_000)),
  device_at: z.iso.datetime({ offset: true, error: 'harus berupa waktu ISO 8601' }).optional(),
});
export type EvidenceUploadFields = z.input<typeof EvidenceUploadFields>;

export const evidenceSources = ['exif', 'device'] as const;

export const EvidenceFlag = z.discriminatedUnion('kind', [
  /** Taken further than EVIDENCE_FAR_METRES from the activity's mapped place. */
  z.object({ kind: z.literal('far'), distance_m: z.number() }),
  /** Taken (by its own clock, in the region's time) outside the reported month. */
  z.object({ kind: z.literal('outside_month'), taken_at: Timestamp }),
  /** Neither the photo nor the phone said where it was taken. */
  z.object({ kind: z.literal('no_place') }),
  /** Neither the photo nor the phone said when it was taken. */
  z.object({ kind: z.literal('no_time') }),
]);
export type EvidenceFlag = z.infer<typeof EvidenceFlag>;

export const EvidencePhoto = z.object({
  id: Id,
  sub_action_id: Id,
  year: z.number().int(),
  month: z.number().int(),
  /** The served copy, without the photo's metadata. */
  url: z.string(),
  caption: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  taken_at: Timestamp.nullable(),
  time_source: z.enum(evidenceSources).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  place_source: z.enum(evidenceSources).nullable(),
  accuracy_m: z.number().nullable(),
  /** From the activity's mapped place; null while either is unknown. */
  distance_m: z.number().nullable(),
  flags: z.array(EvidenceFlag),
  /** The sub kegiatan's reported progress of the photo's month (tenths of a percent). */
  progress_tenths: z.number().int().nullable(),
  created_at: Timestamp,
  created_by_name: z.string().nullable(),
});
export type EvidencePhoto = z.infer<typeof EvidencePhoto>;

/** A sub kegiatan's photos of a year, or of one month. */
export const EvidenceQuery = z.object({
  sub_action_id: Id,
  year: ReportYear,
  month: ReportMonth.optional(),
});
export type EvidenceQuery = z.input<typeof EvidenceQuery>;

export const EvidenceDelete = z.object({ id: Id });

/** A sub kegiatan's evidence sheet printed (PDF): a year's photos, or one month's. */
export const EvidenceSheetQuery = EvidenceQuery;

/** The region's map of a month: every sub kegiatan with lines, filterable. */
export const EvidenceMapQuery = z.object({
  year: ReportYear,
  month: ReportMonth,
  agency_id: Id.optional(),
  program_id: Id.optional(),
  funding_source_id: Id.optional(),
});
export type EvidenceMapQuery = z.input<typeof EvidenceMapQuery>;

export const EvidenceMapActivity = z.object({
  id: Id,
  code: z.string().nullable(),
  name: z.string(),
  agency_id: Id.nullable(),
  agency_name: z.string().nullable(),
  program_id: Id,
  /** The month's deviation of money against the Anggaran Kas, as the dashboard colours it. */
  level: z.enum(deviationLevels),
  progress_tenths: z.number().int().nullable(),
  planned_progress_tenths: z.number().int().nullable(),
  physical_level: z.enum(deviationLevels),
  area_label: z.string().nullable(),
  geometry: Geometry.nullable(),
  /** Photos filed for the month, and how many of them carry a flag. */
  photo_count: z.number().int(),
  flagged_count: z.number().int(),
});
export type EvidenceMapActivity = z.infer<typeof EvidenceMapActivity>;

export const EvidenceMap = z.object({
  year: z.number().int(),
  month: z.number().int(),
  activities: z.array(EvidenceMapActivity),
  /** A raster tile server the region set (`{z}/{x}/{y}`); null: the map draws itself, fetching nothing. */
  tile_url: z.string().nullable(),
});
export type EvidenceMap = z.infer<typeof EvidenceMap>;

/** The month (1–12) and year of an instant in the region's time zone. */
export function regionMonthOf(instant: string | Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month') };
}

/** The date (ISO) of an instant in the region's time zone. */
const regionDateOf = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(new Date(instant));

/**
 * What a verifier must know about a photo: taken far from the activity's place, outside the
 * reported month, or with no place or time at all. Never a refusal: the photo is kept.
 */
export function evidenceFlags(photo: {
  year: number;
  month: number;
  taken_at: string | null;
  latitude: number | null;
  longitude: number | null;
  distance_m: number | null;
}): EvidenceFlag[] {
  const flags: EvidenceFlag[] = [];
  if (photo.latitude === null || photo.longitude === null) flags.push({ kind: 'no_place' });
  else if (photo.distance_m !== null && photo.distance_m > EVIDENCE_FAR_METRES) {
    flags.push({ kind: 'far', distance_m: Math.round(photo.distance_m) });
  }
  if (photo.taken_at === null) flags.push({ kind: 'no_time' });
  else {
    const taken = regionMonthOf(photo.taken_at);
    if (taken.year !== photo.year || taken.month !== photo.month) {
      flags.push({ kind: 'outside_month', taken_at: photo.taken_at });
    }
  }
  return flags;
}

/** A distance as people say it: '850 m', '2,3 km', '14 km'. */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${formatNumberId(Math.round(metres))} m`;
  const km = metres / 1000;
  return km < 10
    ? `${formatNumberId(Math.round(km * 10) / 10, 1)} km`
    : `${formatNumberId(Math.round(km))} km`;
}

/** A flag as the verifier reads it: 'foto diambil 14 km dari lokasi kegiatan'. */
export function evidenceFlagText(
  flag: EvidenceFlag,
  photo: { year: number; month: number },
  messages: Messages = messagesId,
): string {
  const texts = messages.evidence.flags;
  switch (flag.kind) {
    case 'far':
      return texts.far(distanceText(flag.distance_m));
    case 'outside_month':
      return texts.outsideMonth(
        longDateOf(regionDateOf(flag.taken_at), messages),
        monthOfYear(photo.month, photo.year, messages),
      );
    case 'no_place':
      return texts.noPlace;
    case 'no_time':
      return texts.noTime;
  }
}

/** Coordinates as printed: '-7,15000, 111,88000' would confuse; decimals with points, as GPS apps show them. */
export const coordinatesText = (latitude: number, longitude: number) =>
  `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;

/** When a photo was taken and who says so: 'Diambil 14 Maret 2027 pukul 10.20 (dari foto)'. */
export function photoTimeText(
  photo: Pick<EvidencePhoto, 'taken_at' | 'time_source'>,
  messages: Messages = messagesId,
): string {
  const texts = messages.evidence;
  if (!photo.taken_at || !photo.time_source) return texts.noTime;
  return texts.takenAt(formatDateTimeLong(photo.taken_at), texts.sources[photo.time_source]);
}

/** Where a photo was taken, how sure, and how far from the work: each a part of one line. */
export function photoPlaceText(
  photo: Pick<
    EvidencePhoto,
    'latitude' | 'longitude' | 'place_source' | 'accuracy_m' | 'distance_m'
  >,
  messages: Messages = messagesId,
): string {
  const texts = messages.evidence;
  if (photo.latitude === null || photo.longitude === null || !photo.place_source) {
    return texts.noPlace;
  }
  const parts = [
    texts.place(
      coordinatesText(photo.latitude, photo.longitude),
      texts.sources[photo.place_source],
    ),
  ];
  if (photo.accuracy_m !== null) parts.push(texts.accuracy(distanceText(photo.accuracy_m)));
  if (photo.distance_m !== null) parts.push(texts.distance(distanceText(photo.distance_m)));
  return parts.join(', ');
}
