// The region map's geometry without React or a canvas: Web Mercator on 256-pixel tiles (the
// projection every slippy-map tile server uses), the view (a centre and a zoom), fitting bounds,
// and hit-testing. RegionMap.tsx draws with it; its tests and stories read the same functions.

/** A location as GeoJSON writes it: [longitude, latitude], WGS84. */
export type Geometry =
  | { type: 'Point'; coordinates: [number, number] }
  | { type: 'LineString'; coordinates: [number, number][] }
  | { type: 'Polygon'; coordinates: [number, number][][] };

export const TILE_SIZE = 256;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 19;
/** Web Mercator stops here: the square world of every tile server. */
const MAX_LATITUDE = 85.051_128_78;
/** Metres per pixel at the equator at zoom 0 (the WGS84 equator over 256 pixels). */
const EQUATOR_METRES_PER_PIXEL = 156_543.033_92;

/**
 * Where the map looks: its centre in world pixels at zoom 0 (0–256 across the world, y down)
 * and a fractional zoom (each step doubles the scale).
 */
export interface MapView {
  x: number;
  y: number;
  zoom: number;
}

/** [minX, minY, maxX, maxY] in world pixels at zoom 0. */
export type Bounds = [number, number, number, number];

/** Longitude and latitude to world pixels at zoom 0. */
export function project(longitude: number, latitude: number): [number, number] {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [
    ((longitude + 180) / 360) * TILE_SIZE,
    (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE_SIZE,
  ];
}

/** World pixels at zoom 0 back to [longitude, latitude]. */
export function unproject(x: number, y: number): [number, number] {
  const n = Math.PI - (2 * Math.PI * y) / TILE_SIZE;
  return [(x / TILE_SIZE) * 360 - 180, (Math.atan(Math.sinh(n)) * 180) / Math.PI];
}

export const clampZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));

/** A world point (zoom 0) on the screen of a view `width` × `height` CSS pixels. */
export function toScreen(
  view: MapView,
  width: number,
  height: number,
  x: number,
  y: number,
): [number, number] {
  const scale = 2 ** view.zoom;
  return [(x - view.x) * scale + width / 2, (y - view.y) * scale + height / 2];
}

/** A screen point back to the world (zoom 0). */
export function toWorld(
  view: MapView,
  width: number,
  height: number,
  sx: number,
  sy: number,
): [number, number] {
  const scale = 2 ** view.zoom;
  return [(sx - width / 2) / scale + view.x, (sy - height / 2) / scale + view.y];
}

/** The view zoomed to `zoom` keeping the world point under screen point (sx, sy) in place. */
export function zoomAround(
  view: MapView,
  width: number,
  height: number,
  zoom: number,
  sx: number,
  sy: number,
): MapView {
  const next = clampZoom(zoom);
  const [wx, wy] = toWorld(view, width, height, sx, sy);
  const scale = 2 ** next;
  return { x: wx - (sx - width / 2) / scale, y: wy - (sy - height / 2) / scale, zoom: next };
}

/** Indonesia, for a map with nothing to fit. */
export const INDONESIA: Bounds = [...project(95, 6), ...project(141, -11)] as Bounds;

/**
 * The view that shows `bounds` whole inside `width` × `height` with `padding` pixels around
 * them, zoomed in no further than `maxZoom` (a single point is not drawn at street level).
 */
export function fitView(
  bounds: Bounds,
  width: number,
  height: number,
  padding = 32,
  maxZoom = 15,
): MapView {
  const [minX, minY, maxX, maxY] = bounds;
  const spanX = Math.max(maxX - minX, 1e-9);
  const spanY = Math.max(maxY - minY, 1e-9);
  const room = (size: number) => Math.max(size - 2 * padding, size / 2, 1);
  const zoom = Math.log2(Math.min(room(width) / spanX, room(height) / spanY));
  return {
    x: (minX + maxX) / 2,
    y: (minY + maxY) / 2,
    zoom: clampZoom(Math.min(zoom, maxZoom)),
  };
}

/** Metres one CSS pixel covers at a latitude and zoom. */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (EQUATOR_METRES_PER_PIXEL * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
}

/** The longest round distance (1, 2 or 5 × 10ⁿ metres) that fits in `maxPixels`, and its width. */
export function scaleBar(
  latitude: number,
  zoom: number,
  maxPixels = 100,
): { metres: number; pixels: number } {
  const perPixel = metresPerPixel(latitude, zoom);
  const longest = perPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(longest));
  const metres = [5, 2, 1].map((step) => step * power).find((step) => step <= longest) ?? power;
  return { metres, pixels: metres / perPixel };
}

/** Degrees between graticule lines: the smallest round step at least `minPixels` apart. */
export function graticuleStep(zoom: number, minPixels = 96): number {
  const degreesPerPixel = 360 / (TILE_SIZE * 2 ** zoom);
  const steps = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30];
  return steps.find((step) => step / degreesPerPixel >= minPixels) ?? 30;
}

export const featureKinds = ['Polygon', 'LineString', 'Point'] as const;
export type FeatureKind = (typeof featureKinds)[number];

/**
 * A geometry projected once (world pixels at zoom 0), so a frame only scales and shifts it:
 * `points` holds x, y pairs; `rings` where each polygon ring starts in `points` (pairs).
 */
export interface ProjectedFeature {
  /** The activity's index in the list the map was given. */
  index: number;
  kind: FeatureKind;
  points: Float64Array;
  rings: number[];
  bounds: Bounds;
}

/** A geometry in world pixels; null when it has no usable coordinate. */
export function projectGeometry(index: number, geometry: Geometry): ProjectedFeature | null {
  const rings =
    geometry.type === 'Polygon'
      ? geometry.coordinates
      : geometry.type === 'LineString'
        ? [geometry.coordinates]
        : [[geometry.coordinates]];
  const starts: number[] = [];
  const coordinates: number[] = [];
  const bounds: Bounds = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  rings.forEach((ring, ringIndex) => {
    const ringStart = coordinates.length;
    starts.push(ringStart / 2);
    for (const position of ring) {
      const [longitude, latitude] = position;
      if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) continue;
      const [x, y] = project(longitude, latitude);
      coordinates.push(x, y);
      bounds[0] = Math.min(bounds[0], x);
      bounds[1] = Math.min(bounds[1], y);
      bounds[2] = Math.max(bounds[2], x);
      bounds[3] = Math.max(bounds[3], y);
    }
    // An area's outer ring one way round, its holes the other: then areas drawn together in
    // one path fill by the non-zero rule, holes stay empty, and overlapping areas fill once.
    if (
      geometry.type === 'Polygon' &&
      signedArea(coordinates, ringStart) > 0 !== (ringIndex === 0)
    ) {
      reverseRing(coordinates, ringStart);
    }
  });
  if (coordinates.length === 0) return null;
  return {
    index,
    kind: geometry.type,
    points: Float64Array.from(coordinates),
    rings: starts,
    bounds,
  };
}

/** Twice a ring's signed area (shoelace) from pair `start` to the end of `points`; > 0 clockwise on screen. */
function signedArea(points: number[], start: number): number {
  let area = 0;
  for (let i = start; i < points.length; i += 2) {
    const next = i + 2 < points.length ? i + 2 : start;
    area += (points[i] ?? 0) * (points[next + 1] ?? 0) - (points[next] ?? 0) * (points[i + 1] ?? 0);
  }
  return area;
}

/** Reverses the pairs of `points` from `start` to the end, in place. */
function reverseRing(points: number[], start: number) {
  for (let a = start, b = points.length - 2; a < b; a += 2, b -= 2) {
    const [ax, ay] = [points[a] ?? 0, points[a + 1] ?? 0];
    points[a] = points[b] ?? 0;
    points[a + 1] = points[b + 1] ?? 0;
    points[b] = ax;
    points[b + 1] = ay;
  }
}

/** The bounds of every feature; null when there is none. */
export function boundsOf(features: readonly ProjectedFeature[]): Bounds | null {
  if (features.length === 0) return null;
  const bounds: Bounds = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const { bounds: b } of features) {
    bounds[0] = Math.min(bounds[0], b[0]);
    bounds[1] = Math.min(bounds[1], b[1]);
    bounds[2] = Math.max(bounds[2], b[2]);
    bounds[3] = Math.max(bounds[3], b[3]);
  }
  return bounds;
}

/** Where a ring's pairs end: the next ring's start, or the end of the points. */
const ringEnd = (feature: ProjectedFeature, ring: number) =>
  feature.rings[ring + 1] ?? feature.points.length / 2;

function distanceToSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Whether world point (x, y) is inside a polygon (even-odd, so holes are outside). */
function insidePolygon(feature: ProjectedFeature, x: number, y: number): boolean {
  const p = feature.points;
  let inside = false;
  for (let ring = 0; ring < feature.rings.length; ring++) {
    const start = feature.rings[ring] ?? 0;
    const end = ringEnd(feature, ring);
    for (let i = start, j = end - 1; i < end; j = i++) {
      const xi = p[2 * i] ?? 0;
      const yi = p[2 * i + 1] ?? 0;
      const xj = p[2 * j] ?? 0;
      const yj = p[2 * j + 1] ?? 0;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance in world pixels from (x, y) to a line's nearest segment. */
function distanceToLine(feature: ProjectedFeature, x: number, y: number): number {
  const p = feature.points;
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < p.length / 2; i++) {
    nearest = Math.min(
      nearest,
      distanceToSegment(
        x,
        y,
        p[2 * i] ?? 0,
        p[2 * i + 1] ?? 0,
        p[2 * i + 2] ?? 0,
        p[2 * i + 3] ?? 0,
      ),
    );
  }
  return nearest;
}

/**
 * The feature under screen point (sx, sy), as a person aiming at it means: the nearest point
 * within `tolerance` pixels, else the nearest line within it, else the smallest polygon that
 * contains the point; null for none.
 */
export function hitTest(
  features: readonly ProjectedFeature[],
  view: MapView,
  width: number,
  height: number,
  sx: number,
  sy: number,
  tolerance: number,
): ProjectedFeature | null {
  const [x, y] = toWorld(view, width, height, sx, sy);
  const reach = tolerance / 2 ** view.zoom;
  let best: ProjectedFeature | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const feature of features) {
    const [minX, minY, maxX, maxY] = feature.bounds;
    if (x < minX - reach || x > maxX + reach || y < minY - reach || y > maxY + reach) continue;
    let rank: number;
    let score: number;
    if (feature.kind === 'Point') {
      rank = 0;
      score = Math.hypot(x - (feature.points[0] ?? 0), y - (feature.points[1] ?? 0));
      if (score > reach) continue;
    } else if (feature.kind === 'LineString') {
      rank = 1;
      score = distanceToLine(feature, x, y);
      if (score > reach) continue;
    } else {
      rank = 2;
      if (!insidePolygon(feature, x, y)) continue;
      score = (maxX - minX) * (maxY - minY);
    }
    if (rank < bestRank || (rank === bestRank && score < bestScore)) {
      best = feature;
      bestRank = rank;
      bestScore = score;
    }
  }
  return best;
}

/** One raster tile to draw: its z/x/y (x wrapped round the world) and its place on screen. */
export interface TilePlacement {
  z: number;
  x: number;
  y: number;
  left: number;
  top: number;
  size: number;
}

/** The tiles (standard slippy-map z/x/y) that cover a view, at the zoom nearest the view's. */
export function visibleTiles(
  view: MapView,
  width: number,
  height: number,
  maxTileZoom = MAX_ZOOM,
): TilePlacement[] {
  const z = Math.max(0, Math.min(maxTileZoom, Math.round(view.zoom)));
  const count = 2 ** z;
  const size = TILE_SIZE * 2 ** (view.zoom - z);
  const [left, top] = toWorld(view, width, height, 0, 0);
  const [right, bottom] = toWorld(view, width, height, width, height);
  const perTile = TILE_SIZE / count;
  const tiles: TilePlacement[] = [];
  for (let ty = Math.floor(top / perTile); ty <= Math.floor(bottom / perTile); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left / perTile); tx <= Math.floor(right / perTile); tx++) {
      const [sx, sy] = toScreen(view, width, height, tx * perTile, ty * perTile);
      tiles.push({ z, x: ((tx % count) + count) % count, y: ty, left: sx, top: sy, size });
    }
  }
  return tiles;
}

/** A tile template's address for one tile: {z}, {x} and {y} replaced. */
export function tileAddress(template: string, tile: { z: number; x: number; y: number }): string {
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y));
}
