import type { EvidencePhoto } from '@ranwal/core';

/** A picture for a story, drawn inline (nothing fetched): a sky, a field and the work's stage. */
function picture(ground: string, work: string, built: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#bfdbfe"/><rect y="190" width="400" height="110" fill="${ground}"/><rect x="80" y="${190 - built}" width="240" height="${built}" fill="${work}"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const base: Omit<EvidencePhoto, 'id' | 'month' | 'url' | 'caption' | 'flags'> = {
  sub_action_id: '5b2c9a0e-2f1e-4f7e-9c1a-0d8c1e7a3b11',
  year: 2027,
  width: 400,
  height: 300,
  taken_at: '2027-03-14T03:20:30.000Z',
  time_source: 'exif',
  latitude: -7.1511,
  longitude: 111.7512,
  place_source: 'exif',
  accuracy_m: null,
  distance_m: 99,
  progress_tenths: 455,
  created_at: '2027-03-14T04:00:00.000Z',
  created_by_name: 'Staf Dinas PU',
};

/** March at a road's clinic: one photo as it should be, one taken 14 km away, one without place. */
export const marchPhotos: EvidencePhoto[] = [
  {
    ...base,
    id: '0b6c2f4e-1a2b-4c3d-8e9f-000000000001',
    month: 3,
    url: picture('#86efac', '#a8a29e', 60),
    caption: 'Pondasi dan dinding sisi timur',
    flags: [],
  },
  {
    ...base,
    id: '0b6c2f4e-1a2b-4c3d-8e9f-000000000002',
    month: 3,
    url: picture('#4ade80', '#78716c', 40),
    caption: '',
    taken_at: '2027-03-20T02:00:00.000Z',
    latitude: -7.2772,
    distance_m: 14_020,
    flags: [{ kind: 'far', distance_m: 14_020 }],
  },
  {
    ...base,
    id: '0b6c2f4e-1a2b-4c3d-8e9f-000000000003',
    month: 3,
    url: picture('#bbf7d0', '#d6d3d1', 70),
    caption: 'Atap rangka baja',
    taken_at: '2027-02-27T09:45:00.000Z',
    latitude: -7.1503,
    longitude: 111.7512,
    place_source: 'device',
    time_source: 'exif',
    accuracy_m: 12,
    distance_m: 12,
    flags: [{ kind: 'outside_month', taken_at: '2027-02-27T09:45:00.000Z' }],
  },
];

/** The same clinic at 0 %, 50 % and 100 %: January, June and November. */
export const stagePhotos: EvidencePhoto[] = [
  [1, 0, 0],
  [6, 500, 70],
  [11, 1000, 120],
].map(([month, progress, built], index) => ({
  ...base,
  id: `0b6c2f4e-1a2b-4c3d-8e9f-00000000010${index}`,
  month: month!,
  taken_at: `2027-${String(month).padStart(2, '0')}-15T02:00:00.000Z`,
  progress_tenths: progress!,
  url: picture('#86efac', '#a8a29e', built!),
  caption: '',
  flags: [],
}));
