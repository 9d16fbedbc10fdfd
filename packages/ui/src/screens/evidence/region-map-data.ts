import type { DeviationLevel } from '@ranwal/core';
import type { MapActivity } from './RegionMap.js';
import type { Geometry } from './region-map-view.js';

// A kabupaten's sub kegiatan with their locations, made up but the same on every call (a seeded
// generator): RegionMap's stories and bench/map draw them. Centred on Bojonegoro (-7.15, 111.88).

/** A small seeded generator (mulberry32): the same numbers for the same seed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const agencies = [
  { name: 'DINAS PEKERJAAN UMUM DAN PENATAAN RUANG', code: '1.03.02' },
  { name: 'DINAS KESEHATAN', code: '1.02.02' },
  { name: 'DINAS PENDIDIKAN', code: '1.01.02' },
  { name: 'DINAS PERTANIAN DAN KETAHANAN PANGAN', code: '3.27.03' },
  { name: 'DINAS PERHUBUNGAN', code: '2.15.02' },
] as const;

const villages = [
  'Kalitidu',
  'Dander',
  'Kapas',
  'Balen',
  'Sumberrejo',
  'Kanor',
  'Baureno',
  'Kepohbaru',
  'Sugihwaras',
  'Kedungadem',
  'Temayang',
  'Sukosewu',
  'Trucuk',
  'Padangan',
  'Kasiman',
  'Malo',
  'Purwosari',
  'Ngasem',
  'Ngambon',
  'Gondang',
  'Sekar',
  'Bubulan',
  'Tambakrejo',
  'Ngraho',
  'Margomulyo',
  'Gayam',
  'Kedewan',
  'Ledok Kulon',
];

const names: Record<'Point' | 'LineString' | 'Polygon' | 'none', readonly string[]> = {
  Point: [
    'Pembangunan Puskesmas Pembantu',
    'Rehabilitasi Gedung SD Negeri',
    'Pembangunan Jembatan',
    'Pembangunan Posyandu',
    'Pembangunan Sumur Bor',
  ],
  LineString: ['Pembangunan Jalan Desa', 'Peningkatan Jalan Poros', 'Normalisasi Saluran'],
  Polygon: ['Rehabilitasi Jaringan Irigasi', 'Penataan Taman Desa', 'Pencetakan Sawah Baru'],
  none: ['Pelatihan Kader Posyandu Kecamatan', 'Sosialisasi Keselamatan Jalan Kecamatan'],
};

const CENTRE = { longitude: 111.88, latitude: -7.15 };
/** Half the kabupaten's width and height, in degrees. */
const SPREAD = { longitude: 0.32, latitude: 0.2 };

/**
 * `count` sub kegiatan: mostly points, some roads (lines) and areas (polygons), one in twenty
 * with no location; levels about 15 % red, 25 % yellow, 45 % green, 15 % not planned.
 */
export function regionActivities(count: number, seed = 38): MapActivity[] {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, (_, index): MapActivity => {
    const roll = random();
    const kind =
      roll < 0.05 ? 'none' : roll < 0.7 ? 'Point' : roll < 0.87 ? 'LineString' : 'Polygon';
    const longitude = CENTRE.longitude + (random() * 2 - 1) * SPREAD.longitude;
    const latitude = CENTRE.latitude + (random() * 2 - 1) * SPREAD.latitude;
    const levelRoll = random();
    const level: DeviationLevel =
      levelRoll < 0.15 ? 'red' : levelRoll < 0.4 ? 'yellow' : levelRoll < 0.85 ? 'green' : 'none';
    const agency = pick(agencies);
    const round = (value: number) => Math.round(value * 1e6) / 1e6;
    let geometry: Geometry | null = null;
    if (kind === 'Point') {
      geometry = { type: 'Point', coordinates: [round(longitude), round(latitude)] };
    } else if (kind === 'LineString') {
      // A road of three to six bends, each 0.4–1.4 km on.
      let heading = random() * 2 * Math.PI;
      const coordinates: [number, number][] = [[round(longitude), round(latitude)]];
      for (let bend = 0, bends = 3 + Math.floor(random() * 4); bend < bends; bend++) {
        const [x, y] = coordinates[coordinates.length - 1] ?? [longitude, latitude];
        const step = 0.004 + random() * 0.009;
        heading += (random() - 0.5) * 1.2;
        coordinates.push([
          round(x + Math.cos(heading) * step),
          round(y + Math.sin(heading) * step),
        ]);
      }
      geometry = { type: 'LineString', coordinates };
    } else if (kind === 'Polygon') {
      // A field of six corners, about 0.5–1.5 km across.
      const radius = 0.003 + random() * 0.005;
      const ring: [number, number][] = Array.from({ length: 6 }, (_, corner) => {
        const angle = (corner / 6) * 2 * Math.PI;
        const r = radius * (0.7 + random() * 0.6);
        return [round(longitude + Math.cos(angle) * r), round(latitude + Math.sin(angle) * r)];
      });
      geometry = { type: 'Polygon', coordinates: [[...ring, ring[0] as [number, number]]] };
    }
    const village = pick(villages);
    const number = String(index + 1).padStart(4, '0');
    return {
      id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      label: `${agency.code}.2.01.${number} ${pick(names[kind])} ${village}`,
      agency_name: agency.name,
      level,
      geometry,
      photo_count: Math.floor(random() * 13),
      progress_tenths: level === 'none' ? null : Math.floor(random() * 1001),
    };
  });
}
