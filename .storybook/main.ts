import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin, PluginOption } from 'vite';
import { sandboxPlugin } from './sandbox-plugin.js';

/**
 * The files whose components the Controls panel describes: ui's own `.tsx`, not its stories or
 * test helpers. Storybook's react-docgen plugin otherwise reads every `.ts`/`.tsx`/`.js` outside
 * node_modules, and the workspace's packages resolve to their real paths (packages/core/dist),
 * so it ran over core's bundles too: 42 s of the dev server's thread for `dist/index.js` alone,
 * and the first connected story waited 90–190 s behind it (docs/performance.md, issue 35).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCGEN = /\/packages\/ui\/src\/(?!testing\/).*(?<!\.stories)\.tsx$/;

/**
 * What react-docgen found in each file, kept between starts of Storybook
 * (node_modules/.cache/ranwal-docgen). Its Babel parse and walk of a screen holds the dev
 * server's one thread 0.1–0.6 s, about 6 s for a start and three picks, and a story picked
 * meanwhile waited behind it: picked as soon as Storybook answered, the first three took
 * 3.4–4.5 s, 2.7–3.9 s and 0.3–3.0 s with it and 2.8–3.1 s, 1.8–2.3 s and 0.1–0.4 s without
 * (docs/performance.md, issue 35). A file's entry is keyed by its text and by the size and time
 * of every file docgen may read while describing it (ui's sources, core's build), so an edit
 * anywhere there describes files afresh.
 */
const DOCGEN_CACHE = path.join(ROOT, 'node_modules/.cache/ranwal-docgen');

/** Size and time of each file a description may be read from, and the versions that describe. */
function docgenInputsKey(): string {
  const hash = createHash('sha256');
  for (const version of ['react-docgen', '@storybook/react-vite']) {
    hash.update(`${version}@${createRequire(import.meta.url)(`${version}/package.json`).version};`);
  }
  for (const folder of ['packages/ui/src', 'packages/core/dist']) {
    const root = path.join(ROOT, folder);
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.(tsx?|js)$/.test(file)) continue;
      const { size, mtimeMs } = statSync(path.join(root, file));
      hash.update(`${folder}/${file}:${size}:${mtimeMs};`);
    }
  }
  return hash.digest('hex');
}

type DocgenResult = { code: string; map?: unknown } | null;
type Transform = (this: unknown, code: string, id: string, options?: unknown) => unknown;

/** `transform` with its results kept in DOCGEN_CACHE between starts. */
function cachedDocgen(transform: Transform): Transform {
  let inputs: string | undefined;
  return async function (code, id, options) {
    inputs ??= docgenInputsKey();
    const key = createHash('sha256').update(`${inputs}\n${id}\n${code}`).digest('hex');
    const file = path.join(DOCGEN_CACHE, `${key}.json`);
    const kept = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as { result: DocgenResult },
      () => undefined,
    );
    if (kept) return kept.result;
    const found = (await transform.call(this, code, id, options)) as
      | { code: string; map?: unknown }
      | string
      | null
      | undefined;
    const result: DocgenResult =
      typeof found === 'string'
        ? { code: found }
        : found
          ? { code: found.code, map: found.map }
          : null;
    // Written aside and renamed: another Storybook reading it never sees half a file.
    await mkdir(DOCGEN_CACHE, { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, JSON.stringify({ result }));
    await rename(partial, file);
    return result;
  };
}

/**
 * Narrows Storybook's react-docgen plugin to DOCGEN (it has no option for that), and keeps its
 * results between starts (cachedDocgen).
 */
function narrowDocgen(plugins: PluginOption[]): void {
  for (const plugin of plugins.flat(Infinity as 1)) {
    const docgen = plugin as Plugin | null;
    if (docgen?.name !== 'storybook:react-docgen-plugin') continue;
    const transform = docgen.transform;
    if (typeof transform !== 'function') continue;
    const cached = cachedDocgen(transform as Transform);
    docgen.transform = function (code, id, options) {
      if (!DOCGEN.test(id.split('?')[0] ?? id)) return;
      return cached.call(this, code, id, options) as ReturnType<typeof transform>;
    };
  }
}

/**
 * Transformed when `npm run storybook` starts: the preview, core's build, the stories' sandbox
 * client and the building blocks and data layer every screen uses. A connected story opened 20 s
 * after start showed its data in 5.8–7.0 s instead of 10.1–12.1 s (docs/performance.md). Not the
 * stories and screens themselves: warming all of them took over a minute on two cores, and a
 * story opened meanwhile waited behind it (54 s); the screens alone (167 files) held Storybook's
 * first answer back to 31 s. Those are warmed in idle time instead (idleWarmup, below).
 */
const WARM_FILES = [
  '.storybook/preview.tsx',
  // Core's build (every screen imports it; its largest chunk is 343 KB with a source map, which
  // took a first story 1.0 s to be served when not transformed ahead).
  'packages/core/dist/*.js',
  'packages/ui/src/testing/*.ts',
  'packages/ui/src/components/*.tsx',
  'packages/ui/src/data/*.{ts,tsx}',
].map((file) => path.join(ROOT, file));

/**
 * The screens and their stories, transformed WARM_BATCH at a time while the dev server has nothing
 * else to do (after WARM_FILES). Warmed at start like WARM_FILES they held Storybook's first answer back to
 * 31 s; in idle time they wait behind its index and behind any story being opened, and a first
 * story opened later finds its own files ready (docs/performance.md, issue 35).
 */
const IDLE_WARM_FOLDERS = ['packages/ui/src/screens'].map((folder) => path.join(ROOT, folder));

/** Busy above this share of the last IDLE_SPAN_MS (`performance.eventLoopUtilization`). */
const BUSY_SHARE = 0.5;
const IDLE_SPAN_MS = 100;
/** Quiet: no request from a browser for this long (a story being opened asks every few ms). */
const QUIET_MS = 1_000;
/** Files transformed at a time between two looks at the server. */
const WARM_BATCH = 4;

async function untilIdle(lastRequest: () => number): Promise<void> {
  for (;;) {
    const before = performance.eventLoopUtilization();
    // Unreferenced: a warm-up still waiting never keeps Storybook from exiting.
    await sleep(IDLE_SPAN_MS, undefined, { ref: false });
    const quiet = performance.now() - lastRequest() > QUIET_MS;
    if (quiet && performance.eventLoopUtilization(before).utilization < BUSY_SHARE) return;
  }
}

function idleWarmup(folders: string[]): Plugin {
  return {
    name: 'ranwal:idle-warmup',
    apply: 'serve',
    configureServer(server) {
      const files = folders.flatMap((folder) =>
        readdirSync(folder, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.tsx'))
          .map((file) => path.join(folder, file)),
      );
      let lastRequest = 0;
      server.middlewares.use((_request, _response, next) => {
        lastRequest = performance.now();
        next();
      });
      const root = server.config.root;
      const urlOf = (file: string) =>
        file.startsWith(`${root}${path.sep}`)
          ? `/${path.relative(root, file).split(path.sep).join('/')}`
          : `/@fs${file}`;
      // Storybook runs Vite as middleware (no `listening` of its own): begin at once, idle first.
      void (async () => {
        for (let next = 0; next < files.length; next += WARM_BATCH) {
          await untilIdle(() => lastRequest);
          const batch = files.slice(next, next + WARM_BATCH);
          // A file that fails to transform fails again, and says so, when a story asks for it.
          await Promise.all(
            batch.map((file) => server.warmupRequest(urlOf(file)).catch(() => undefined)),
          );
        }
      })();
    },
  };
}

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig, { configType }) {
    narrowDocgen(viteConfig.plugins ?? []);
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss(), sandboxPlugin()];
    // `npm run storybook` (not the static build, not the Vitest run, which loads this too):
    // transform what every story loads while the designer is still in the sidebar.
    if (configType === 'DEVELOPMENT' && !process.env.VITEST) {
      viteConfig.server = { ...viteConfig.server, warmup: { clientFiles: WARM_FILES } };
      viteConfig.plugins.push(idleWarmup(IDLE_WARM_FOLDERS));
    }
    return viteConfig;
  },
};
export default config;
