import { describe, expect, it } from 'vitest';
import {
  type AreaLevel,
  areaLabel,
  areaNameAsWritten,
  distanceMetres,
  distanceText,
  distanceToGeometry,
  evidenceFlags,
  Geometry,
  photoPlaceText,
} from './evidence.js';

describe('evidence geometry', () => {
  it('measures great-circle distances as a map does', () => {
    // One degree of latitude is about 111.2 km everywhere.
    expect(distanceMetres([111.75, -7.15], [111.75, -8.15]) / 1000).toBeCloseTo(111.2, 0);
    expect(distanceMetres([111.75, -7.15], [111.75, -7.15])).toBe(0);
  });

  it('measures to the nearest part of a road and to the inside of a field', () => {
    const road: Geometry = {
      type: 'LineString',
      coordinates: [
        [111.7, -7.15],
        [111.8, -7.15],
      ],
    };
    // 0.01° north of the road's middle: about 1.1 km, not the 5.6 km to either end.
    expect(distanceToGeometry([111.75, -7.14], road)).toBeCloseTo(1112, -1);
    const field: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [111.7, -7.1],
          [111.8, -7.1],
          [111.8, -7.2],
          [111.7, -7.2],
          [111.7, -7.1],
        ],
      ],
    };
    expect(distanceToGeometry([111.75, -7.15], field)).toBe(0);
    expect(distanceToGeometry([111.85, -7.15], field)).toBeCloseTo(5518, -2);
  });

  it('refuses a polygon whose ring is not closed, naming why', () => {
    const open = Geometry.safeParse({
      type: 'Polygon',
      coordinates: [
        [
          [111.7, -7.1],
          [111.8, -7.1],
          [111.8, -7.2],
          [111.7, -7.2],
        ],
      ],
    });
    expect(open.success).toBe(false);
    expect(open.error?.issues[0]?.message).toBe('titik awal dan akhir poligon harus sama');
  });
});

describe('evidence texts', () => {
  it('writes an area as an address, smallest first', () => {
    expect(
      areaLabel([
        { code: '35', name: 'JAWA TIMUR', level: 'province' },
        { code: '35.22', name: 'KABUPATEN BOJONEGORO', level: 'regency' },
        { code: '35.22.01', name: 'Ngraho', level: 'district' },
      ]),
    ).toBe('Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur');
    expect(areaLabel([])).toBeNull();
  });

  // Names as idn-area-data 3.1.2 writes them: provinces and regencies in capitals.
  it.each<[AreaLevel, string, string]>([
    ['province', 'DKI JAKARTA', 'DKI Jakarta'],
    ['province', 'DAERAH ISTIMEWA YOGYAKARTA', 'Daerah Istimewa Yogyakarta'],
    ['province', 'ACEH', 'Aceh'],
    ['province', 'PAPUA BARAT DAYA', 'Papua Barat Daya'],
    ['regency', 'KABUPATEN PANGKAJENE DAN KEPULAUAN', 'Kabupaten Pangkajene dan Kepulauan'],
    ['regency', 'KOTA ADMINISTRASI JAKARTA PUSAT', 'Kota Administrasi Jakarta Pusat'],
    ['regency', 'KOTA BANDA ACEH', 'Kota Banda Aceh'],
    // Districts and villages come as written: their capitals are acronyms, their numerals right.
    ['district', 'Banyuasin II', 'Banyuasin II'],
    ['village', 'MKCM', 'MKCM'],
    ['village', 'RD. PJKA', 'RD. PJKA'],
  ])('writes the %s %s as %s', (level, name, written) => {
    expect(areaNameAsWritten({ name, level })).toBe(written);
  });

  it('says distances as people do', () => {
    expect(distanceText(850)).toBe('850 m');
    expect(distanceText(2340)).toBe('2,3 km');
    expect(distanceText(14_020)).toBe('14 km');
  });

  it('flags a photo far away, out of its month, or without place and time', () => {
    const base = { year: 2027, month: 3, latitude: -7.15, longitude: 111.75 };
    expect(evidenceFlags({ ...base, taken_at: '2027-03-31T16:59:00Z', distance_m: 999 })).toEqual(
      [],
    );
    // 1 April 00:00 WIB is still 31 March in UTC: the region's calendar decides.
    expect(evidenceFlags({ ...base, taken_at: '2027-03-31T17:00:00Z', distance_m: 1001 })).toEqual([
      { kind: 'far', distance_m: 1001 },
      { kind: 'outside_month', taken_at: '2027-03-31T17:00:00Z' },
    ]);
    expect(
      evidenceFlags({ ...base, latitude: null, longitude: null, taken_at: null, distance_m: null }),
    ).toEqual([{ kind: 'no_place' }, { kind: 'no_time' }]);
  });

  it('says where a photo was taken, from what, and how far from the work', () => {
    expect(
      photoPlaceText({
        latitude: -7.1503,
        longitude: 111.7512,
        place_source: 'device',
        accuracy_m: 12,
        distance_m: 2340,
      }),
    ).toBe('Titik -7.15030, 111.75120 (posisi ponsel), akurasi ±12 m, 2,3 km dari lokasi kegiatan');
  });
});
