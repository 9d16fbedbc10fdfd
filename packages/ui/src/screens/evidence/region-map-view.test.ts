import { describe, expect, it } from 'vitest';
import {
  type Bounds,
  boundsOf,
  fitView,
  hitTest,
  project,
  projectGeometry,
  scaleBar,
  tileAddress,
  toScreen,
  unproject,
  visibleTiles,
  zoomAround,
} from './region-map-view.js';

describe('project', () => {
  it.each([
    [
      [0, 0],
      [128, 128],
    ],
    [
      [-180, 0],
      [0, 128],
    ],
    [
      [180, 0],
      [256, 128],
    ],
    [
      [0, 85.051_128_78],
      [128, 0],
    ],
    [
      [0, -85.051_128_78],
      [128, 256],
    ],
  ] as const)('%j is world pixel %j at zoom 0', ([longitude, latitude], [x, y]) => {
    const [px, py] = project(longitude, latitude);
    expect(px).toBeCloseTo(x, 6);
    expect(py).toBeCloseTo(y, 6);
  });

  it.each([
    [111.88, -7.15],
    [95.3, 5.55],
    [140.7, -2.53],
  ])('unproject(project(%d, %d)) gives the place back', (longitude, latitude) => {
    const [back, up] = unproject(...project(longitude, latitude));
    expect(back).toBeCloseTo(longitude, 9);
    expect(up).toBeCloseTo(latitude, 9);
  });

  it('puts Bojonegoro on the tile every slippy map gives it (zoom 10: 830/532)', () => {
    const [x, y] = project(111.88, -7.15);
    expect(Math.floor((x * 2 ** 10) / 256)).toBe(830);
    expect(Math.floor((y * 2 ** 10) / 256)).toBe(532);
  });
});

describe('fitView', () => {
  const kabupaten: Bounds = [...project(111.56, -6.95), ...project(112.2, -7.35)] as Bounds;

  it.each([
    [390, 360],
    [960, 480],
    [1366, 600],
  ])('shows the bounds whole, inside the padding, in %d × %d', (width, height) => {
    const view = fitView(kabupaten, width, height, 32);
    const [left, top] = toScreen(view, width, height, kabupaten[0], kabupaten[1]);
    const [right, bottom] = toScreen(view, width, height, kabupaten[2], kabupaten[3]);
    expect(left).toBeGreaterThanOrEqual(32 - 1e-6);
    expect(top).toBeGreaterThanOrEqual(32 - 1e-6);
    expect(right).toBeLessThanOrEqual(width - 32 + 1e-6);
    expect(bottom).toBeLessThanOrEqual(height - 32 + 1e-6);
    // And fills one of the two directions.
    expect(Math.max((right - left) / (width - 64), (bottom - top) / (height - 64))).toBeCloseTo(
      1,
      6,
    );
  });

  it('does not zoom a single point in past the cap', () => {
    const [x, y] = project(111.88, -7.15);
    expect(fitView([x, y, x, y], 800, 600).zoom).toBe(15);
  });
});

it('zoomAround keeps the place under the pointer where it was', () => {
  const view = { ...fitView([...project(111.5, -7), ...project(112.2, -7.3)] as Bounds, 800, 600) };
  const place = project(111.9, -7.1);
  const [sx, sy] = toScreen(view, 800, 600, ...place);
  const zoomed = zoomAround(view, 800, 600, view.zoom + 1.5, sx, sy);
  const [after, down] = toScreen(zoomed, 800, 600, ...place);
  expect(after).toBeCloseTo(sx, 6);
  expect(down).toBeCloseTo(sy, 6);
});

describe('scaleBar', () => {
  it.each([
    // Latitude, zoom: the round distance and its width in pixels (≤ 100).
    [0, 0, 10_000_000],
    [-7.15, 10, 10_000],
    [-7.15, 13, 1_000],
    [-7.15, 16, 200],
    [60, 10, 5_000],
  ])('at latitude %d and zoom %d reads %d m', (latitude, zoom, metres) => {
    const bar = scaleBar(latitude, zoom);
    expect(bar.metres).toBe(metres);
    expect(bar.pixels).toBeLessThanOrEqual(100);
    expect(bar.pixels).toBeGreaterThan(40);
  });
});

describe('hitTest', () => {
  const at = (longitude: number, latitude: number) => [longitude, latitude] as [number, number];
  const features = [
    projectGeometry(0, {
      type: 'Polygon',
      coordinates: [
        [at(111.8, -7.1), at(111.9, -7.1), at(111.9, -7.2), at(111.8, -7.2), at(111.8, -7.1)],
      ],
    }),
    projectGeometry(1, { type: 'LineString', coordinates: [at(111.8, -7.15), at(111.9, -7.15)] }),
    projectGeometry(2, { type: 'Point', coordinates: at(111.85, -7.15) }),
    projectGeometry(3, {
      type: 'Polygon',
      coordinates: [[at(111.82, -7.12), at(111.84, -7.12), at(111.84, -7.14), at(111.82, -7.12)]],
    }),
  ].filter((feature) => feature !== null);
  const bounds = boundsOf(features) as Bounds;
  const view = fitView(bounds, 800, 800);
  const screenOf = (longitude: number, latitude: number) =>
    toScreen(view, 800, 800, ...project(longitude, latitude));
  const hit = (longitude: number, latitude: number) =>
    hitTest(features, view, 800, 800, ...screenOf(longitude, latitude), 8)?.index ?? null;

  it.each([
    ['the point, over the line and the area', 111.85, -7.15, 2],
    ['the line, away from the point', 111.81, -7.15, 1],
    ['the area, away from the line', 111.81, -7.19, 0],
    ['the smaller area inside the larger', 111.835, -7.125, 3],
    ['nothing, outside them all', 111.7, -7.3, null],
  ])('a click on %s', (_, longitude, latitude, index) => {
    expect(hit(longitude, latitude)).toBe(index);
  });

  it('reaches a point within the tolerance, not beyond', () => {
    const [x, y] = screenOf(111.85, -7.15);
    expect(hitTest(features, view, 800, 800, x + 7, y, 8)?.index).toBe(2);
    // Beyond the point's reach the line under it answers.
    expect(hitTest(features, view, 800, 800, x + 9, y, 8)?.index).toBe(1);
  });
});

describe('projectGeometry', () => {
  /** Twice the signed area of ring `ring` of a projected area (> 0: clockwise on screen). */
  const windingOf = (geometry: Parameters<typeof projectGeometry>[1], ring: number) => {
    const feature = projectGeometry(0, geometry);
    if (!feature) throw new Error('no feature');
    const start = feature.rings[ring] ?? 0;
    const end = feature.rings[ring + 1] ?? feature.points.length / 2;
    let area = 0;
    for (let i = start; i < end; i++) {
      const next = i + 1 < end ? i + 1 : start;
      const p = feature.points;
      area += (p[2 * i] ?? 0) * (p[2 * next + 1] ?? 0) - (p[2 * next] ?? 0) * (p[2 * i + 1] ?? 0);
    }
    return Math.sign(area);
  };
  const square = (size: number): [number, number][] => [
    [111.8, -7.1],
    [111.8 + size, -7.1],
    [111.8 + size, -7.1 - size],
    [111.8, -7.1 - size],
    [111.8, -7.1],
  ];

  it.each([
    ['as written', (ring: [number, number][]) => ring],
    ['written the other way round', (ring: [number, number][]) => [...ring].reverse()],
  ])('winds an outer ring one way and its hole the other, %s', (_, order) => {
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [order(square(0.1)), order(square(0.05))],
    };
    expect(windingOf(geometry, 0)).toBe(1);
    expect(windingOf(geometry, 1)).toBe(-1);
  });

  it('drops positions that are not numbers, and a geometry left with none', () => {
    expect(projectGeometry(0, { type: 'Point', coordinates: [Number.NaN, -7] })).toBeNull();
    const line = projectGeometry(0, {
      type: 'LineString',
      coordinates: [
        [111.8, -7.1],
        [Number.POSITIVE_INFINITY, -7.1],
        [111.9, -7.1],
      ],
    });
    expect(line?.points.length).toBe(4);
  });
});

describe('tiles', () => {
  it('covers the view with whole tiles at the nearest zoom, x wrapped round the world', () => {
    const view = { x: 0.1, y: 128, zoom: 3.4 };
    const tiles = visibleTiles(view, 512, 256);
    expect(new Set(tiles.map((tile) => tile.z))).toEqual(new Set([3]));
    expect(tiles.every((tile) => tile.x >= 0 && tile.x < 8)).toBe(true);
    expect(tiles.some((tile) => tile.x === 7)).toBe(true);
    const left = Math.min(...tiles.map((tile) => tile.left));
    const right = Math.max(...tiles.map((tile) => tile.left + tile.size));
    expect(left).toBeLessThanOrEqual(0);
    expect(right).toBeGreaterThanOrEqual(512);
  });

  it('writes a template address', () => {
    expect(tileAddress('https://tiles.example/{z}/{x}/{y}.png', { z: 10, x: 830, y: 532 })).toBe(
      'https://tiles.example/10/830/532.png',
    );
  });
});
