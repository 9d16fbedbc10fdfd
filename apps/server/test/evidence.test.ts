import {
  type Area,
  areaNameAsWritten,
  type EvidencePhoto,
  evidenceFlagText,
  fieldChanges,
  type HistoryEntry,
  messagesId,
  recordName,
} from '@ranwal/core';
import exifr from 'exifr';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadService } from '../src/services/uploads.js';
import { budgetLineInput, buildUnitChain, type Chain, multipart } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { pdfPages, readWorkbook, rkaHeaderBlock } from './rka-reading.js';
import { phonePhoto } from './support/phone-photo.js';

const API = '/ranwal/api';
const YEAR = 2027;
const MARCH = 3;
/** The clinic's site in Kabupaten Bojonegoro (Ngraho, desa Luwihaji). */
const SITE = { latitude: -7.1502, longitude: 111.7512 };
const VILLAGE = '35.22.01.2001';

/**
 * Evidence from the field (issue 38) through the API, as a phone sends it: areas from
 * Kemendagri's codes, a sub kegiatan's place, photos whose EXIF says where and when they were
 * taken (copies served without it), flags for a photo taken far away or in another month, a
 * queued photo sent twice stored once, the region's map and the printed evidence sheet.
 */
describe.each(databaseTargets)('evidence from the field on %s', (target) => {
  let t: TestApp;
  let unit: { chain: Chain; agency: string; token: string };
  let other: { chain: Chain; agency: string; token: string };
  let verifierToken = '';
  /**
   * The region's date on the app's clock. The suite's year is one to come: the clock has it
   * ended, every month begun, but where a test moves it.
   */
  let today = `${YEAR}-12-31`;

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ) => t.call(method, `${API}/${path}`, { token, body });
  const sub = () => unit.chain.sub_action_id;

  /** A photo filed as the phone sends it: the fields, then the file. */
  const file = async (
    bytes: Buffer,
    fields: Record<string, string | number> = {},
    options: { token?: string; key?: string; type?: string } = {},
  ) => {
    const form = await multipart(
      ...Object.entries({ sub_action_id: sub(), year: YEAR, month: MARCH, ...fields }).map(
        ([field, value]) => ({ field, value: String(value) }),
      ),
      {
        field: 'file',
        bytes,
        filename: 'IMG_20270314_102030.jpg',
        type: options.type ?? 'image/jpeg',
      },
    );
    return t.call('POST', `${API}/evidence`, {
      token: options.token ?? unit.token,
      body: form.body,
      headers: { ...form.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    });
  };
  const filed = async (bytes: Buffer, fields: Record<string, string | number> = {}) => {
    const answer = await file(bytes, fields);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as EvidencePhoto;
  };
  const served = async (photo: EvidencePhoto) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: new URL(photo.url, 'http://x').pathname,
    });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };
  const photosOfMarch = async (token = unit.token) => {
    const answer = await call(
      'GET',
      `evidence?sub_action_id=${sub()}&year=${YEAR}&month=${MARCH}`,
      token,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as EvidencePhoto[];
  };

  beforeAll(async () => {
    t = await startTestApp(target, {}, { today: () => today });
    unit = await buildUnitChain(t, 'BUKTI');
    other = await buildUnitChain(t, 'BUKTILAIN');
    for (const owner of [unit, other]) {
      const line = await call(
        'POST',
        'detail-program/create',
        owner.token,
        budgetLineInput(owner.chain, { year: YEAR, price: 10_000 }),
      );
      expect(line.statusCode, line.body).toBe(201);
    }
    const verifier = await call('POST', 'user/create', t.adminToken, {
      name: 'Vera Bukti',
      email: 'vera.bukti@test.local',
      role: 'verifier',
      password: 'verifikator-password-1',
      agency_ids: [unit.agency],
    });
    expect(verifier.statusCode, verifier.body).toBe(201);
    const signedIn = await call('POST', 'user/sign-in', '', {
      email: 'vera.bukti@test.local',
      password: 'verifikator-password-1',
    });
    verifierToken = signedIn.json().data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists Kemendagri's areas level by level and by name", async () => {
    const provinces = (await call('GET', 'area', unit.token)).json().data;
    expect(provinces).toContainEqual({ code: '35', name: 'JAWA TIMUR', level: 'province' });
    const districts = (await call('GET', 'area?parent=35.22', unit.token)).json().data;
    expect(districts[0]).toEqual({ code: '35.22.01', name: 'Ngraho', level: 'district' });
    const villages = (await call('GET', 'area?parent=35.22.01', unit.token)).json().data;
    expect(villages).toContainEqual({ code: VILLAGE, name: 'Luwihaji', level: 'village' });
    const found = (await call('GET', 'area?search=bojonegoro', unit.token)).json().data;
    expect(found).toContainEqual({ code: '35.22', name: 'KABUPATEN BOJONEGORO', level: 'regency' });
    // The capitals of provinces and regencies read as the names are written.
    const written = (areas: Area[]) => areas.map(areaNameAsWritten);
    expect(written(provinces)).toEqual(
      expect.arrayContaining(['DKI Jakarta', 'Daerah Istimewa Yogyakarta', 'Aceh', 'Papua']),
    );
    const sulawesiSelatan = (await call('GET', 'area?parent=73', unit.token)).json().data;
    expect(written(sulawesiSelatan)).toContain('Kabupaten Pangkajene dan Kepulauan');
    const unknown = await call('GET', 'area?parent=99.99', unit.token);
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('GET', 'area?parent=35-22', unit.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('kode wilayah');
  });

  it("sets a sub kegiatan's place: a village by its code and a point, refusing what is not one", async () => {
    const set = await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: VILLAGE,
      geometry: { type: 'Point', coordinates: [SITE.longitude, SITE.latitude] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      area_code: VILLAGE,
      label: 'Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur',
      geometry: { type: 'Point', coordinates: [SITE.longitude, SITE.latitude] },
    });
    expect(set.json().data.areas.map((area: { level: string }) => area.level)).toEqual([
      'province',
      'regency',
      'district',
      'village',
    ]);
    const unknownArea = await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: '35.22.01.9999',
      geometry: null,
    });
    expect(unknownArea.statusCode).toBe(400);
    expect(unknownArea.json().issues).toEqual([
      { path: 'area_code', message: messagesId.location.unknownArea('35.22.01.9999') },
    ]);
    const openRing = await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: null,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [111.7, -7.1],
            [111.8, -7.1],
            [111.8, -7.2],
            [111.7, -7.3],
          ],
        ],
      },
    });
    expect(openRing.statusCode).toBe(400);
    expect(openRing.json().message).toContain('titik awal dan akhir poligon harus sama');
    // The place is the unit's to set: not a verifier's, not another unit's.
    const body = { sub_action_id: sub(), area_code: VILLAGE, geometry: null };
    expect((await call('PUT', 'location', verifierToken, body)).statusCode).toBe(403);
    expect((await call('PUT', 'location', other.token, body)).statusCode).toBe(403);
    expect((await call('GET', `location?sub_action_id=${sub()}`, other.token)).statusCode).toBe(
      403,
    );
    // Unchanged by the refusals.
    const read = (await call('GET', `location?sub_action_id=${sub()}`, verifierToken)).json().data;
    expect(read.geometry).toEqual({ type: 'Point', coordinates: [SITE.longitude, SITE.latitude] });
  });

  it('reads where and when a phone photo was taken, and serves it without its EXIF', async () => {
    const sent = phonePhoto({
      latitude: SITE.latitude + 0.001,
      longitude: SITE.longitude,
      takenAt: '2027:03:14 10:20:30',
      offset: '+07:00',
      width: 160,
      height: 120,
    });
    expect((await exifr.gps(sent)).latitude).toBeCloseTo(SITE.latitude + 0.001, 4);
    const photo = await filed(sent, { caption: 'Pondasi selesai' });
    expect(photo).toMatchObject({
      caption: 'Pondasi selesai',
      taken_at: '2027-03-14T03:20:30.000Z',
      time_source: 'exif',
      place_source: 'exif',
      width: 160,
      height: 120,
      flags: [],
    });
    expect(photo.latitude).toBeCloseTo(SITE.latitude + 0.001, 4);
    expect(photo.distance_m).toBeGreaterThan(100);
    expect(photo.distance_m).toBeLessThan(120);
    const copy = await served(photo);
    expect(await exifr.parse(copy).catch(() => undefined)).toBeUndefined();
    expect(copy.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(imageSize(copy)).toMatchObject({ width: 160, height: 120 });
  });

  it('flags, never refuses, a photo taken 14 km away or in another month', async () => {
    // 0.127° of latitude south of the site: about 14 km.
    const far = await filed(
      phonePhoto({
        latitude: SITE.latitude - 0.127,
        longitude: SITE.longitude,
        takenAt: '2027:03:20 09:00:00',
        offset: '+07:00',
        shade: 90,
      }),
    );
    expect(far.flags).toEqual([{ kind: 'far', distance_m: expect.any(Number) }]);
    expect(evidenceFlagText(far.flags[0]!, far)).toBe('foto diambil 14 km dari lokasi kegiatan');
    const february = await filed(
      phonePhoto({
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        takenAt: '2027:02:27 16:45:00',
        shade: 60,
      }),
    );
    expect(february.taken_at).toBe('2027-02-27T09:45:00.000Z');
    expect(february.flags).toEqual([
      { kind: 'outside_month', taken_at: '2027-02-27T09:45:00.000Z' },
    ]);
    expect(evidenceFlagText(february.flags[0]!, february)).toBe(
      'foto diambil 27 Februari 2027, di luar bulan laporan (Maret 2027)',
    );
    // A photo that says nothing: the phone's position, given with consent, stands in.
    const bare = phonePhoto({ shade: 200 });
    const placedByPhone = await filed(bare, {
      device_latitude: '-7,1503',
      device_longitude: SITE.longitude,
      device_accuracy_m: 12,
      device_at: '2027-03-21T08:00:00+07:00',
    });
    expect(placedByPhone).toMatchObject({
      place_source: 'device',
      time_source: 'device',
      accuracy_m: 12,
      latitude: -7.1503,
      flags: [],
    });
    const nothing = await filed(phonePhoto({ shade: 30 }));
    expect(nothing.flags).toEqual([{ kind: 'no_place' }, { kind: 'no_time' }]);
    const listed = await photosOfMarch(verifierToken);
    expect(listed.map((photo) => photo.flags.map((flag) => flag.kind))).toEqual([
      [],
      ['far'],
      ['outside_month'],
      [],
      ['no_place', 'no_time'],
    ]);
  });

  it('stores a photo sent again with its key once, and refuses what is not a photo', async () => {
    const before = (await photosOfMarch()).length;
    const photo = phonePhoto({
      latitude: SITE.latitude,
      longitude: SITE.longitude,
      takenAt: '2027:03:22 07:00:00',
      offset: '+07:00',
      shade: 170,
    });
    const key = 'outbox-3f1c9a52-photo-1';
    const [first, second] = await Promise.all([file(photo, {}, { key }), file(photo, {}, { key })]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().data.id).toBe(second.json().data.id);
    const third = await file(photo, {}, { key });
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json().data.id).toBe(first.json().data.id);
    expect((await photosOfMarch()).length).toBe(before + 1);

    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    const refused = await file(gif, {}, { type: 'image/gif' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(messagesId.evidence.onlyJpegPng);
    const noSubAction = await file(photo, { sub_action_id: 'bukan-uuid' });
    expect(noSubAction.statusCode).toBe(400);
    expect(noSubAction.json().issues[0].path).toBe('sub_action_id');
    expect((await file(photo, {}, { token: other.token })).statusCode).toBe(403);
    expect((await file(photo, {}, { token: verifierToken })).statusCode).toBe(403);
    expect((await photosOfMarch()).length).toBe(before + 1);
  });

  it('reads distances against the place as it stands, and keeps evidence from the upload sweep', async () => {
    // The road's line moved 14 km south: the far photo is now near, the others far.
    const moved = await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: VILLAGE,
      geometry: {
        type: 'LineString',
        coordinates: [
          [SITE.longitude - 0.01, SITE.latitude - 0.127],
          [SITE.longitude + 0.01, SITE.latitude - 0.127],
        ],
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const photos = await photosOfMarch();
    expect(photos[1]!.flags).toEqual([]);
    expect(photos[0]!.flags[0]?.kind).toBe('far');
    await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: VILLAGE,
      geometry: { type: 'Point', coordinates: [SITE.longitude, SITE.latitude] },
    });
    const removed = await createUploadService(t.database.db).removeUnreferenced(0);
    expect(removed).toBe(0);
    await served(photos[0]!);
  });

  it("shows the region's map with the month's photos and flags, scoped to the caller", async () => {
    const mapOf = async (token: string, filter = '') => {
      const answer = await call('GET', `evidence/map?year=${YEAR}&month=${MARCH}${filter}`, token);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const region = await mapOf(t.adminToken);
    const ours = region.activities.find((activity: { id: string }) => activity.id === sub());
    expect(ours).toMatchObject({
      area_label: 'Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur',
      geometry: { type: 'Point' },
      photo_count: 6,
      flagged_count: 3,
    });
    expect(region.activities.map((activity: { id: string }) => activity.id)).toContain(
      other.chain.sub_action_id,
    );
    expect(region.tile_url).toBeNull();
    const theirs = await mapOf(other.token);
    expect(theirs.activities.map((activity: { id: string }) => activity.id)).toEqual([
      other.chain.sub_action_id,
    ]);
    const filtered = await mapOf(t.adminToken, `&agency_id=${unit.agency}`);
    expect(filtered.activities.map((activity: { id: string }) => activity.id)).toEqual([sub()]);
  });

  it("prints the place as the RKA's Lokasi", async () => {
    const linked = await call(
      'GET',
      `detail-program/report?layout=rka&year=${YEAR}&sub_action_id=${sub()}`,
      unit.token,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const url = new URL(linked.json().data.path, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode, file.body).toBe(200);
    const header = rkaHeaderBlock((await readWorkbook(file.rawPayload)).worksheets[0]!);
    expect(header).toContainEqual([
      'Lokasi',
      ': Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur',
    ]);
  });

  it('prints the evidence sheet with each photo, its place and its flags', async () => {
    const linked = await call(
      'GET',
      `evidence/sheet?sub_action_id=${sub()}&year=${YEAR}&month=${MARCH}`,
      t.adminToken,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.originalName).toMatch(/^Foto Bukti .* Maret 2027\.pdf$/);
    const url = new URL(linked.json().data.path, 'http://localhost');
    const pdf = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('LEMBAR FOTO BUKTI KEGIATAN');
    expect(text).toContain('Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur');
    expect(text).toContain('foto diambil 14 km dari lokasi kegiatan');
    expect(text).toContain('Pondasi selesai');
    expect(
      (await call('GET', `evidence/sheet?sub_action_id=${sub()}&year=${YEAR}`, other.token))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a photo of a month to come, storing nothing of it', async () => {
    // The last day of April in Jakarta: May is still to come.
    today = `${YEAR}-04-30`;
    try {
      const count = async (table: 'evidence_photo' | 'upload') =>
        Number(
          (
            await t.database.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      const before = { photos: await count('evidence_photo'), uploads: await count('upload') };
      const early = await file(phonePhoto({ shade: 12 }), { month: 5 });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({
        message: messagesId.monthlyReport.notBegun(`Mei ${YEAR}`),
        issues: [{ path: 'month', message: messagesId.monthlyReport.notBegun(`Mei ${YEAR}`) }],
      });
      expect({ photos: await count('evidence_photo'), uploads: await count('upload') }).toEqual(
        before,
      );
      // This month's photo is taken; taken back, it leaves the month as it was.
      const april = await filed(phonePhoto({ shade: 12 }), { month: 4 });
      expect(april).toMatchObject({ year: YEAR, month: 4 });
      expect((await call('DELETE', `evidence?id=${april.id}`, unit.token)).statusCode).toBe(200);
    } finally {
      today = `${YEAR}-12-31`;
    }
  });

  it('refuses photos, and taking one back, once the month is closed', async () => {
    const photos = await photosOfMarch();
    const closed = await call('POST', 'monthly-report/close', t.adminToken, {
      year: YEAR,
      month: MARCH,
      agency_id: unit.agency,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await file(phonePhoto({ shade: 10 }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Maret 2027');
    const takeBack = await call('DELETE', `evidence?id=${photos[0]!.id}`, unit.token);
    expect(takeBack.statusCode).toBe(409);
    expect((await photosOfMarch()).length).toBe(photos.length);
    // April is open: a photo filed, then taken back with its stored copy.
    const april = await file(phonePhoto({ shade: 11 }), { month: 4 });
    expect(april.statusCode, april.body).toBe(201);
    const removed = await call('DELETE', `evidence?id=${april.json().data.id}`, unit.token);
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: new URL(april.json().data.url, 'http://x').pathname,
    });
    expect(gone.statusCode).toBe(404);
  });
  it('keeps who moved the place and who filed or took back a photo in the history', async () => {
    const history = async (type: string): Promise<HistoryEntry[]> => {
      const answer = await call('GET', `history/list?record_type=${type}&limit=100`, t.adminToken);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data;
    };
    const road = {
      type: 'LineString',
      coordinates: [
        [111.75, -7.15],
        [111.76, -7.16],
        [111.77, -7.16],
      ],
    };
    const moved = await call('PUT', 'location', unit.token, {
      sub_action_id: sub(),
      area_code: VILLAGE,
      geometry: road,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [latest] = await history('sub_action_location');
    expect(latest!.action).toBe('update');
    expect(latest!.actor_name).toBe('Staf BUKTI');
    expect(recordName(latest!, messagesId)).toMatch(/^Lokasi Kegiatan — .*Sub Kegiatan BUKTI$/);
    expect(fieldChanges(latest!, messagesId)).toContainEqual(
      expect.objectContaining({ label: 'Tanda di Peta', to: 'Garis di peta (3 titik)' }),
    );
    // Read as the unit's: the admin's history narrowed to the unit finds it, another's not.
    const ofUnit = async (agency: string) =>
      (
        await call(
          'GET',
          `history/list?record_type=sub_action_location&agency_id=${agency}&limit=100`,
          t.adminToken,
        )
      ).json().data as HistoryEntry[];
    expect((await ofUnit(unit.agency)).map((entry) => entry.record_id)).toContain(sub());
    expect((await ofUnit(other.agency)).map((entry) => entry.record_id)).not.toContain(sub());
    // Photos filed and taken back are there too (the closed March's, April's taken back).
    const photos = await history('evidence_photo');
    expect(photos.map((entry) => entry.action)).toContain('create');
    expect(photos.map((entry) => entry.action)).toContain('delete');
    expect(recordName(photos[0]!, messagesId)).toMatch(
      new RegExp(`^Foto Bukti April ${YEAR} — .*Sub Kegiatan BUKTI$`),
    );
  });
});
