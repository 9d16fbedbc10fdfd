import { type DeviationLevel, formatNumberId } from '@ranwal/core';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from 'react';
import { Button } from '../../components/Button.js';
import { Icon } from '../../components/icons.js';
import { useMessages } from '../../data/messages-context.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import {
  type Bounds,
  boundsOf,
  clampZoom,
  featureKinds,
  fitView,
  type Geometry,
  graticuleStep,
  hitTest,
  INDONESIA,
  MAX_ZOOM,
  type MapView,
  type ProjectedFeature,
  project,
  projectGeometry,
  scaleBar,
  tileAddress,
  toScreen,
  toWorld,
  unproject,
  visibleTiles,
  zoomAround,
} from './region-map-view.js';

/** A feature on a map: a sub kegiatan's place, coloured by its deviation level. */
export interface MapFeature {
  id: string;
  level: DeviationLevel;
  /** Null: not drawn (a sub kegiatan known only by its area). */
  geometry: Geometry | null;
}

/**
 * The levels' colours on the map: the hues of the dashboard's level badges (`DeviationBadge`),
 * strong enough to see on a map, each outlined darker so it stands out on any background.
 */
export const mapLevelColours: Readonly<Record<DeviationLevel, { fill: string; stroke: string }>> = {
  red: { fill: '#ef4444', stroke: '#991b1b' }, // red-500, red-800
  yellow: { fill: '#f59e0b', stroke: '#92400e' }, // amber-500, amber-800
  green: { fill: '#10b981', stroke: '#065f46' }, // emerald-500, emerald-800
  none: { fill: '#94a3b8', stroke: '#334155' }, // slate-400, slate-700
};

/** Drawn in this order, so the levels that need attention lie on top. */
const drawOrder: readonly DeviationLevel[] = ['none', 'green', 'yellow', 'red'];

const POINT_RADIUS = 6;
const BACKGROUND = '#f8fafc'; // slate-50
const GRATICULE = '#e2e8f0'; // slate-200
const SELECTED = '#0f172a'; // slate-900
/** Pixels a press may move and still be a click (a finger wobbles more than a mouse). */
const slop = (pointerType: string) => (pointerType === 'mouse' ? 4 : 10);
/** Pixels around a point or line that still hit it. */
const reach = (pointerType: string) => POINT_RADIUS + (pointerType === 'mouse' ? 3 : 10);
/** Milliseconds without a wheel notch that end a wheel's zooming. */
const WHEEL_PAUSE = 150;
/** Tiles kept in memory, about two screens' worth at a time. */
const TILE_CACHE = 256;

interface TileEntry {
  image: HTMLImageElement;
  ready: boolean;
  failed: boolean;
}

/** Features projected once per list: grouped as they are drawn, counted by level. */
export function prepareFeatures<F extends MapFeature>(activities: readonly F[]) {
  const features: ProjectedFeature[] = [];
  const byId = new Map<string, ProjectedFeature>();
  const groups = featureKinds.map(() => drawOrder.map((): ProjectedFeature[] => []));
  const counts: Record<DeviationLevel, number> = { red: 0, yellow: 0, green: 0, none: 0 };
  const placed: F[] = [];
  const unplaced: F[] = [];
  activities.forEach((activity, index) => {
    const feature = activity.geometry ? projectGeometry(index, activity.geometry) : null;
    if (!feature) {
      unplaced.push(activity);
      return;
    }
    features.push(feature);
    byId.set(activity.id, feature);
    placed.push(activity);
    counts[activity.level] += 1;
    groups[featureKinds.indexOf(feature.kind)]?.[drawOrder.indexOf(activity.level)]?.push(feature);
  });
  return {
    activities,
    features,
    byId,
    groups,
    counts,
    placed,
    unplaced,
    bounds: boundsOf(features),
  };
}

export type PreparedFeatures<F extends MapFeature> = ReturnType<typeof prepareFeatures<F>>;
type Prepared = PreparedFeatures<MapFeature>;

/** Traces a feature's outline (a point as its circle) in screen pixels. */
function trace(
  ctx: CanvasRenderingContext2D,
  feature: ProjectedFeature,
  scale: number,
  ox: number,
  oy: number,
  radius: number,
) {
  const p = feature.points;
  if (feature.kind === 'Point') {
    const x = (p[0] ?? 0) * scale + ox;
    const y = (p[1] ?? 0) * scale + oy;
    ctx.moveTo(x + radius, y);
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    return;
  }
  for (let ring = 0; ring < feature.rings.length; ring++) {
    const start = feature.rings[ring] ?? 0;
    const end = feature.rings[ring + 1] ?? p.length / 2;
    for (let i = start; i < end; i++) {
      const x = (p[2 * i] ?? 0) * scale + ox;
      const y = (p[2 * i + 1] ?? 0) * scale + oy;
      if (i === start) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    if (feature.kind === 'Polygon') ctx.closePath();
  }
}

/** Every feature of `prepared` as seen from `view` on a `width` × `height` surface. */
function drawFeatures(
  ctx: CanvasRenderingContext2D,
  prepared: Prepared,
  view: MapView,
  width: number,
  height: number,
  ratio: number,
) {
  const scale = 2 ** view.zoom;
  const ox = width / 2 - view.x * scale;
  const oy = height / 2 - view.y * scale;
  // What is on screen, in world pixels, with a margin for strokes and circles.
  const margin = (POINT_RADIUS + 4) / scale;
  const west = -ox / scale - margin;
  const north = -oy / scale - margin;
  const east = (width - ox) / scale + margin;
  const south = (height - oy) / scale + margin;
  const onScreen = ({ bounds: [minX, minY, maxX, maxY] }: ProjectedFeature) =>
    maxX >= west && minX <= east && maxY >= north && minY <= south;

  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  featureKinds.forEach((kind, kindIndex) => {
    drawOrder.forEach((level, levelIndex) => {
      const features = prepared.groups[kindIndex]?.[levelIndex] ?? [];
      const colour = mapLevelColours[level];
      if (kind === 'Point') {
        // Stamped from a drawn circle: a copied bitmap costs far less than rasterizing each.
        const sprite = spriteOf(level, ratio);
        const size = sprite.width / ratio;
        const half = size / 2;
        for (const feature of features) {
          const x = (feature.points[0] ?? 0) * scale + ox - half;
          const y = (feature.points[1] ?? 0) * scale + oy - half;
          if (x < -size || y < -size || x > width || y > height) continue;
          ctx.drawImage(
            sprite,
            Math.round(x * ratio) / ratio,
            Math.round(y * ratio) / ratio,
            size,
            size,
          );
        }
        return;
      }
      ctx.beginPath();
      for (const feature of features) {
        if (onScreen(feature)) trace(ctx, feature, scale, ox, oy, POINT_RADIUS);
      }
      if (kind === 'LineString') {
        strokeCasedLine(ctx, colour);
      } else {
        // Areas of a level in one path (their rings wound so holes stay empty), filled once.
        ctx.fillStyle = colour.fill;
        ctx.globalAlpha = 0.3;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.strokeStyle = colour.stroke;
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
    });
  });
}

/** The share of the map's width and height a layer draws beyond each edge. */
const LAYER_MARGIN = 0.25;

/** The features drawn once at `view`, with a margin, to be moved and scaled while a gesture lasts. */
interface FeatureLayer {
  canvas: HTMLCanvasElement;
  prepared: Prepared;
  view: MapView;
  /** CSS pixels, the margin included. */
  width: number;
  height: number;
  ratio: number;
}

function drawLayer(
  reuse: HTMLCanvasElement | null,
  prepared: Prepared,
  view: MapView,
  width: number,
  height: number,
  ratio: number,
): FeatureLayer {
  const canvas = reuse ?? document.createElement('canvas');
  const layerWidth = Math.ceil(width * (1 + 2 * LAYER_MARGIN));
  const layerHeight = Math.ceil(height * (1 + 2 * LAYER_MARGIN));
  // Setting the size clears the bitmap, even to the same size.
  canvas.width = Math.round(layerWidth * ratio);
  canvas.height = Math.round(layerHeight * ratio);
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawFeatures(ctx, prepared, view, layerWidth, layerHeight, ratio);
  }
  return { canvas, prepared, view, width: layerWidth, height: layerHeight, ratio };
}

/** A level's point, drawn once per level and pixel ratio, then stamped wherever one goes. */
const sprites = new Map<string, HTMLCanvasElement>();
function spriteOf(level: DeviationLevel, ratio: number): HTMLCanvasElement {
  const key = `${level}@${ratio}`;
  const found = sprites.get(key);
  if (found) return found;
  const half = POINT_RADIUS + 1;
  const sprite = document.createElement('canvas');
  sprite.width = sprite.height = Math.ceil(2 * half * ratio);
  const ctx = sprite.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    ctx.beginPath();
    ctx.arc(half, half, POINT_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = mapLevelColours[level].fill;
    ctx.fill();
    ctx.strokeStyle = mapLevelColours[level].stroke;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  sprites.set(key, sprite);
  return sprite;
}

/** A cased line on the current path: dark under light, visible on tiles and on the plain background. */
function strokeCasedLine(ctx: CanvasRenderingContext2D, colour: { fill: string; stroke: string }) {
  ctx.strokeStyle = colour.stroke;
  ctx.lineWidth = 5;
  ctx.stroke();
  ctx.strokeStyle = colour.fill;
  ctx.lineWidth = 3;
  ctx.stroke();
}

/**
 * The selected feature, on top of the others: a dark outline in a white halo, so it stands out
 * on tiles and on the plain background, then the feature again in its own colour.
 */
function drawSelected(
  ctx: CanvasRenderingContext2D,
  feature: ProjectedFeature,
  colour: { fill: string; stroke: string },
  scale: number,
  ox: number,
  oy: number,
) {
  const line = feature.kind === 'LineString';
  ctx.beginPath();
  trace(ctx, feature, scale, ox, oy, POINT_RADIUS + 3);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = line ? 12 : 6;
  ctx.stroke();
  ctx.strokeStyle = SELECTED;
  ctx.lineWidth = line ? 9 : 3;
  ctx.stroke();
  if (feature.kind === 'Polygon') return;
  ctx.beginPath();
  trace(ctx, feature, scale, ox, oy, POINT_RADIUS);
  if (line) {
    strokeCasedLine(ctx, colour);
  } else {
    ctx.fillStyle = colour.fill;
    ctx.fill();
  }
}

/** Where an event happened on the canvas, in CSS pixels from its top left corner. */
function localPoint(
  canvas: HTMLCanvasElement | null,
  event: { clientX: number; clientY: number },
): { x: number; y: number } {
  const box = canvas?.getBoundingClientRect();
  return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
}

/** Light lines every round number of degrees, so a map without tiles still reads as a map. */
function drawGraticule(
  ctx: CanvasRenderingContext2D,
  view: MapView,
  width: number,
  height: number,
) {
  const step = graticuleStep(view.zoom);
  const [west, north] = unproject(...toWorld(view, width, height, 0, 0));
  const [east, south] = unproject(...toWorld(view, width, height, width, height));
  ctx.beginPath();
  for (let i = Math.ceil(west / step); i * step <= east; i++) {
    const x = Math.round(toScreen(view, width, height, ...project(i * step, 0))[0]) + 0.5;
    ctx.moveTo(x, 0);
    ctx.lineTo(x, height);
  }
  for (let i = Math.ceil(Math.max(south, -85) / step); i * step <= Math.min(north, 85); i++) {
    const y = Math.round(toScreen(view, width, height, ...project(0, i * step))[1]) + 0.5;
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
  }
  ctx.strokeStyle = GRATICULE;
  ctx.lineWidth = 1;
  ctx.stroke();
}

function MapButton({
  label,
  onPress,
  children,
}: {
  label: string;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={label}
      onPress={onPress}
      className="size-9 p-0 shadow-sm"
    >
      <Icon width="1.1em" height="1.1em">
        {children}
      </Icon>
    </Button>
  );
}

/** What a map's owner may ask of it. */
export interface MapCanvasHandle {
  /** Centres the map on a feature, zoomed in enough to see where it is. */
  centreOn: (id: string) => void;
}

export interface MapCanvasProps {
  /** The features, prepared once per list (`prepareFeatures`). */
  prepared: PreparedFeatures<MapFeature>;
  selectedId?: string | null;
  /** A press on a feature: its id. */
  onFeaturePress?: (id: string) => void;
  /**
   * A press on the map that is not a drag, as [longitude, latitude]: given, presses place (a
   * point, a line's next vertex) rather than select, and a second press does not zoom.
   */
  onPlacePress?: (position: [number, number]) => void;
  tileUrl?: string | null;
  tileAttribution?: string;
  /** CSS pixels. */
  height: number;
  /** What the map shows, in words (the canvas's accessible name). */
  label: string;
  /**
   * Keep the view while the features change (a drawing): it moves only for the first feature
   * or one outside it. Otherwise every new set of features is fitted.
   */
  keepView?: boolean;
  /** Shown over the map (e.g. why nothing is drawn). */
  children?: ReactNode;
  ref?: Ref<MapCanvasHandle>;
}

/**
 * A map drawn by the app itself (a Web Mercator projection on a canvas; no map library, nothing
 * fetched unless `tileUrl` is given): points as circles, lines as strokes, areas filled, each in
 * its deviation level's colour, the selected one outlined. Drag, wheel, pinch, double-click and
 * the buttons move it; a press selects a feature, or places one (`onPlacePress`).
 */
export function MapCanvas({
  prepared,
  selectedId = null,
  onFeaturePress,
  onPlacePress,
  tileUrl = null,
  tileAttribution,
  height,
  label,
  keepView = false,
  children,
  ref,
}: MapCanvasProps) {
  const m = useMessages();
  const t = m.map;
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scaleBarRef = useRef<HTMLDivElement>(null);
  const scaleTextRef = useRef<HTMLSpanElement>(null);
  // The view lives outside React state: a drag redraws the canvas, never re-renders the page.
  const viewRef = useRef<MapView | null>(null);
  const sizeRef = useRef({ width: 0, height: 0 });
  const fittedRef = useRef<string | null>(null);
  const frameRequest = useRef(0);
  const drawRef = useRef(() => {});
  const layerRef = useRef<FeatureLayer | null>(null);
  // Pointers down on the canvas (one drags, two pinch), and until when a wheel turns: a gesture.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const wheelUntil = useRef(0);
  const wheelEnd = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tilesRef = useRef({ template: '', tiles: new Map<string, TileEntry>() });
  const latest = useRef({ prepared, selectedId, tileUrl, m });
  latest.current = { prepared, selectedId, tileUrl, m };

  // One drawing per frame, however many events asked for it.
  const requestDraw = useCallback(() => {
    if (frameRequest.current) return;
    frameRequest.current = requestAnimationFrame(() => {
      frameRequest.current = 0;
      drawRef.current();
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(frameRequest.current), []);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const view = viewRef.current;
    const ctx = canvas?.getContext('2d');
    const { width, height } = sizeRef.current;
    if (!canvas || !view || !ctx || width === 0 || height === 0) return;
    const { prepared, selectedId, tileUrl, m } = latest.current;
    const ratio = canvas.width / width;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, width, height);

    let pending = 0;
    if (tileUrl) {
      // Another tile source: the tiles kept are another map's.
      if (tilesRef.current.template !== tileUrl) {
        tilesRef.current = { template: tileUrl, tiles: new Map() };
      }
      const tiles = tilesRef.current.tiles;
      const entry = (address: string) => {
        let found = tiles.get(address);
        if (!found) {
          const image = new Image();
          const created: TileEntry = { image, ready: false, failed: false };
          image.onload = () => {
            created.ready = true;
            requestDraw();
          };
          image.onerror = () => {
            created.failed = true;
            requestDraw();
          };
          image.src = address;
          tiles.set(address, created);
          found = created;
        }
        return found;
      };
      for (const tile of visibleTiles(view, width, height)) {
        const left = Math.floor(tile.left);
        const top = Math.floor(tile.top);
        const size = Math.ceil(tile.left + tile.size) - left;
        const own = entry(tileAddress(tileUrl, tile));
        if (own.ready) {
          ctx.drawImage(own.image, left, top, size, size);
          continue;
        }
        if (!own.failed) pending += 1;
        // Until it comes, the part of a coarser tile already here stands in for it.
        for (let up = 1; up <= 4 && tile.z - up >= 0; up++) {
          const parent = tiles.get(
            tileAddress(tileUrl, { z: tile.z - up, x: tile.x >> up, y: tile.y >> up }),
          );
          if (!parent?.ready) continue;
          const part = 256 / 2 ** up;
          const sx = (tile.x - ((tile.x >> up) << up)) * part;
          const sy = (tile.y - ((tile.y >> up) << up)) * part;
          ctx.drawImage(parent.image, sx, sy, part, part, left, top, size, size);
          break;
        }
      }
      if (tiles.size > TILE_CACHE) {
        for (const address of [...tiles.keys()].slice(0, tiles.size - TILE_CACHE)) {
          tiles.delete(address);
        }
      }
    } else {
      drawGraticule(ctx, view, width, height);
    }
    frameRef.current?.setAttribute('aria-busy', String(pending > 0));

    // The features come from a layer drawn at some view and reused, moved and scaled, while a
    // gesture goes on (as Leaflet's canvas does): a frame copies one bitmap instead of drawing
    // thousands of shapes. It is drawn again when the gesture ends, or when the view has left
    // its margin or its zoom.
    const interacting = pointers.current.size > 0 || performance.now() < wheelUntil.current;
    let layer = layerRef.current;
    const placement = () => {
      if (!layer) return null;
      const k = 2 ** (view.zoom - layer.view.zoom);
      const [left, top] = toScreen(
        view,
        width,
        height,
        ...toWorld(layer.view, layer.width, layer.height, 0, 0),
      );
      return { left, top, width: layer.width * k, height: layer.height * k };
    };
    let place = placement();
    const current =
      layer !== null &&
      place !== null &&
      layer.prepared === prepared &&
      layer.ratio === ratio &&
      (interacting
        ? Math.abs(view.zoom - layer.view.zoom) < 1 &&
          place.left <= 0 &&
          place.top <= 0 &&
          place.left + place.width >= width &&
          place.top + place.height >= height
        : layer.view.x === view.x &&
          layer.view.y === view.y &&
          layer.view.zoom === view.zoom &&
          layer.width === Math.ceil(width * (1 + 2 * LAYER_MARGIN)) &&
          layer.height === Math.ceil(height * (1 + 2 * LAYER_MARGIN)));
    if (!current) {
      layer = drawLayer(layer?.canvas ?? null, prepared, view, width, height, ratio);
      layerRef.current = layer;
      place = placement();
    }
    if (layer && place)
      ctx.drawImage(layer.canvas, place.left, place.top, place.width, place.height);
    const scale = 2 ** view.zoom;
    const ox = width / 2 - view.x * scale;
    const oy = height / 2 - view.y * scale;

    const selected = selectedId ? prepared.byId.get(selectedId) : undefined;
    const selectedActivity = selected && prepared.activities[selected.index];
    if (selected && selectedActivity) {
      drawSelected(ctx, selected, mapLevelColours[selectedActivity.level], scale, ox, oy);
    }

    const bar = scaleBar(unproject(view.x, view.y)[1], view.zoom);
    if (scaleBarRef.current) scaleBarRef.current.style.width = `${Math.round(bar.pixels)}px`;
    if (scaleTextRef.current) {
      scaleTextRef.current.textContent =
        bar.metres >= 1000
          ? m.map.kilometres(formatNumberId(bar.metres / 1000))
          : m.map.metres(formatNumberId(bar.metres));
    }
  }, [requestDraw]);
  drawRef.current = draw;

  const fit = useCallback(() => {
    const { width, height } = sizeRef.current;
    const bounds: Bounds = latest.current.prepared.bounds ?? INDONESIA;
    viewRef.current = fitView(bounds, width, height);
    fittedRef.current = bounds.join();
  }, []);

  // The canvas follows its box; the first size (and every new set of bounds) fits the features.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (!frame || !canvas) return;
    const resize = () => {
      const width = frame.clientWidth;
      const height = frame.clientHeight;
      if (width === 0 || height === 0) return;
      const ratio = window.devicePixelRatio || 1;
      sizeRef.current = { width, height };
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      if (!viewRef.current) fit();
      // Drawn at once: a resized canvas is blank until its next drawing.
      draw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [draw, fit]);

  useEffect(() => {
    const bounds = prepared.bounds ?? INDONESIA;
    const { width, height } = sizeRef.current;
    if (width === 0 || fittedRef.current === bounds.join()) return;
    const view = viewRef.current;
    // While drawing, the view stays where the person put it: it moves to the drawing when the
    // first mark is made (from a view of nothing) or when a mark falls outside it.
    if (keepView && view && fittedRef.current !== INDONESIA.join()) {
      const [minX, minY, maxX, maxY] = prepared.bounds ?? [view.x, view.y, view.x, view.y];
      const [left, top] = toScreen(view, width, height, minX, minY);
      const [right, bottom] = toScreen(view, width, height, maxX, maxY);
      if (left >= 0 && top >= 0 && right <= width && bottom <= height) {
        fittedRef.current = bounds.join();
        return;
      }
    }
    fit();
  }, [prepared, fit, keepView]);

  // Whatever changed (the selection, the tiles, the list), the next frame draws it.
  useEffect(() => {
    requestDraw();
  });

  /** Zooms by `steps` (each doubles the scale) keeping the place at (x, y) where it is. */
  const zoomAt = (steps: number, x: number, y: number) => {
    const view = viewRef.current;
    if (!view) return;
    const { width, height } = sizeRef.current;
    viewRef.current = zoomAround(view, width, height, view.zoom + steps, x, y);
    requestDraw();
  };
  const zoomBy = (steps: number) =>
    zoomAt(steps, sizeRef.current.width / 2, sizeRef.current.height / 2);

  /** Centres the map on a feature, zoomed in enough to see where it is. */
  const centreOn = (id: string) => {
    const feature = prepared.byId.get(id);
    const view = viewRef.current;
    if (!feature || !view) return;
    const { width, height } = sizeRef.current;
    const whole = fitView(feature.bounds, width, height, 48, MAX_ZOOM);
    viewRef.current = { ...whole, zoom: clampZoom(Math.min(whole.zoom, Math.max(view.zoom, 13))) };
    requestDraw();
  };

  // A press that stays put is a click.
  const press = useRef<{ x: number; y: number; type: string } | null>(null);
  const gesture = useRef<{ x: number; y: number; distance: number } | null>(null);
  const lastTap = useRef<{ x: number; y: number; time: number } | null>(null);
  const local = (event: { clientX: number; clientY: number }) =>
    localPoint(canvasRef.current, event);
  const gestureOf = () => {
    const all = [...pointers.current.values()];
    const x = all.reduce((sum, p) => sum + p.x, 0) / all.length;
    const y = all.reduce((sum, p) => sum + p.y, 0) / all.length;
    const [a, b] = all;
    return { x, y, distance: a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0 };
  };
  const featureAt = (x: number, y: number, pointerType: string) => {
    const view = viewRef.current;
    if (!view) return null;
    const { width, height } = sizeRef.current;
    return hitTest(prepared.features, view, width, height, x, y, reach(pointerType));
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event) is followed without capture.
    }
    const at = local(event);
    pointers.current.set(event.pointerId, at);
    press.current = pointers.current.size === 1 ? { ...at, type: event.pointerType } : null;
    gesture.current = gestureOf();
    event.currentTarget.style.cursor = 'grabbing';
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const at = local(event);
    const canvas = event.currentTarget;
    if (!pointers.current.has(event.pointerId)) {
      if (event.pointerType === 'mouse') {
        canvas.style.cursor = featureAt(at.x, at.y, 'mouse') ? 'pointer' : 'grab';
      }
      return;
    }
    pointers.current.set(event.pointerId, at);
    const before = gesture.current;
    const now = gestureOf();
    const view = viewRef.current;
    if (before && view) {
      const { width, height } = sizeRef.current;
      const scale = 2 ** view.zoom;
      let next = {
        ...view,
        x: view.x - (now.x - before.x) / scale,
        y: view.y - (now.y - before.y) / scale,
      };
      if (before.distance > 0 && now.distance > 0) {
        next = zoomAround(
          next,
          width,
          height,
          next.zoom + Math.log2(now.distance / before.distance),
          now.x,
          now.y,
        );
      }
      viewRef.current = next;
      requestDraw();
    }
    gesture.current = now;
    const start = press.current;
    if (start && Math.hypot(at.x - start.x, at.y - start.y) > slop(start.type))
      press.current = null;
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return;
    gesture.current = pointers.current.size > 0 ? gestureOf() : null;
    const start = press.current;
    press.current = null;
    event.currentTarget.style.cursor = 'grab';
    // The gesture is over: the next frame draws the features afresh.
    requestDraw();
    if (cancelled || !start || pointers.current.size > 0) return;
    const at = local(event);
    if (onPlacePress) {
      const view = viewRef.current;
      const { width, height } = sizeRef.current;
      if (view) onPlacePress(unproject(...toWorld(view, width, height, at.x, at.y)));
      return;
    }
    const hit = featureAt(at.x, at.y, start.type);
    const feature = hit ? prepared.activities[hit.index] : undefined;
    if (feature) onFeaturePress?.(feature.id);
    // A finger's second tap in the same place zooms in (a mouse has its double-click).
    const previous = lastTap.current;
    lastTap.current = { ...at, time: event.timeStamp };
    if (
      start.type !== 'mouse' &&
      previous &&
      event.timeStamp - previous.time < 300 &&
      Math.hypot(at.x - previous.x, at.y - previous.y) < 24
    ) {
      lastTap.current = null;
      zoomAt(1, at.x, at.y);
    }
  };

  // A wheel zooms the map, not the page: React's wheel listener is passive, so it is added here.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      const view = viewRef.current;
      if (!view) return;
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const steps = Math.max(-1, Math.min(1, (-event.deltaY * lines) / 240));
      const { width, height } = sizeRef.current;
      const at = localPoint(canvas, event);
      viewRef.current = zoomAround(view, width, height, view.zoom + steps, at.x, at.y);
      // Notches come apart: the gesture lasts until none has come for a moment.
      wheelUntil.current = performance.now() + WHEEL_PAUSE;
      clearTimeout(wheelEnd.current);
      wheelEnd.current = setTimeout(requestDraw, WHEEL_PAUSE + 10);
      requestDraw();
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      canvas.removeEventListener('wheel', onWheel);
      clearTimeout(wheelEnd.current);
    };
  }, [requestDraw]);

  // While placing, a second press is another place, not a zoom (the buttons and wheel zoom).
  const onDoubleClick = (event: ReactMouseEvent<HTMLCanvasElement>) => {
    if (onPlacePress) return;
    const at = local(event);
    zoomAt(event.shiftKey ? -1 : 1, at.x, at.y);
  };

  useImperativeHandle(ref, () => ({ centreOn }));

  // The arrow keys move the map a quarter of its size, + and - zoom: for a keyboard, on the
  // frame itself (its buttons keep their own keys).
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const view = viewRef.current;
    if (!view) return;
    const { width, height } = sizeRef.current;
    const step = 1 / 4 / 2 ** view.zoom;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-width * step, 0],
      ArrowRight: [width * step, 0],
      ArrowUp: [0, -height * step],
      ArrowDown: [0, height * step],
    };
    const move = moves[event.key];
    if (move) {
      viewRef.current = { ...view, x: view.x + move[0], y: view.y + move[1] };
      requestDraw();
    } else if (event.key === '+' || event.key === '=') {
      zoomBy(1);
    } else if (event.key === '-' || event.key === '_') {
      zoomBy(-1);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div
      ref={frameRef}
      role="application"
      aria-roledescription={t.roleDescription}
      aria-label={t.keyboard}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: an application role: a keyboard moves the map
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={cn(
        'relative overflow-hidden rounded-lg border border-slate-300',
        focusVisibleRing,
      )}
      style={{ height, backgroundColor: BACKGROUND }}
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        className="absolute inset-0 block h-full w-full cursor-grab touch-none select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => onPointerEnd(event, false)}
        onPointerCancel={(event) => onPointerEnd(event, true)}
        onDoubleClick={onDoubleClick}
      />
      {children}
      <div className="absolute right-2 top-2 flex flex-col gap-1">
        <MapButton label={t.zoomIn} onPress={() => zoomBy(1)}>
          <path d="M12 5v14M5 12h14" />
        </MapButton>
        <MapButton label={t.zoomOut} onPress={() => zoomBy(-1)}>
          <path d="M5 12h14" />
        </MapButton>
        <MapButton
          label={t.reset}
          onPress={() => {
            fit();
            requestDraw();
          }}
        >
          <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
        </MapButton>
      </div>
      <div className="pointer-events-none absolute bottom-2 left-2 rounded bg-white/80 px-1.5 py-0.5 text-xs text-slate-800">
        <span ref={scaleTextRef} />
        <div ref={scaleBarRef} className="h-1.5 border-x-2 border-b-2 border-slate-800" />
      </div>
      {tileUrl && tileAttribution && (
        <p className="absolute bottom-0 right-0 rounded-tl bg-white/80 px-1 text-[11px] text-slate-800">
          {tileAttribution}
        </p>
      )}
    </div>
  );
}
