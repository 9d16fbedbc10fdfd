// bench:map's page (run.mjs builds it with Vite): the app shell (React and the stylesheet) in
// the entry, RegionMap in a chunk of its own loaded on demand, so the chunk's size is what the
// map adds to an app. `?count=` sub kegiatan from the stories' seeded generator.
import '../../../packages/ui/src/styles.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { regionActivities } from '../../../packages/ui/src/screens/evidence/region-map-data.js';

declare global {
  interface Window {
    bench?: { count: number; importMs: number; renderMs: number; paintedMs: number };
    benchCallbacks?: number[];
  }
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

// How long each animation-frame callback runs (the map draws in one), apart from how often
// frames come: on a loaded machine the second says more about the machine than about the map.
const callbackTimes: number[] = [];
const nativeFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  nativeFrame((time) => {
    const started = performance.now();
    callback(time);
    callbackTimes.push(performance.now() - started);
  });
window.benchCallbacks = callbackTimes;

const count = Number(new URLSearchParams(location.search).get('count') ?? 6381);
const activities = regionActivities(count);
const root = createRoot(document.getElementById('root') as HTMLElement);
const importing = performance.now();
import('./map-page.js').then(async ({ MapPage }) => {
  const started = performance.now();
  // Rendered, effects run (the first drawing is synchronous, in a layout effect).
  flushSync(() => root.render(<MapPage activities={activities} />));
  const rendered = performance.now();
  await frame();
  await frame();
  window.bench = {
    count,
    importMs: started - importing,
    renderMs: rendered - started,
    paintedMs: performance.now() - started,
  };
});
