import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';
import { sandboxPlugin } from '../../.storybook/sandbox-plugin.js';
import { chromiumLaunchOptions } from '../../bench/local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Visual regression (.storybook/visual.ts): every story in every run (`npm test`, CI,
// `test:changed`) on Linux, where the kept screenshots were made (other systems draw other
// fonts); RANWAL_VISUAL=1 or 0 says otherwise (docs/ui.md, "Visual regression").
const visualRegression = process.env.RANWAL_VISUAL
  ? process.env.RANWAL_VISUAL === '1'
  : process.platform === 'linux';

/**
 * React's production build in the stories' browser: half the renderer's CPU of the development
 * build, whose owner stacks capture an Error per element (docs/performance.md, issue 35). Set
 * from a plugin's config hook, which runs after Vitest's: a `define` in the project's own config
 * is copied by Vitest into its process.env, and every Node worker would then run production
 * (the server's response checks off, `npm install` skipping devDependencies). The pre-bundled
 * libraries (React, react-aria) get it through the pre-bundler's own define.
 */
function reactProductionBuild(): Plugin {
  const production = { 'process.env.NODE_ENV': JSON.stringify('production') };
  return {
    name: 'ranwal:react-production-build',
    config: () => ({
      define: production,
      // JSX compiled for the production runtime: its development runtime has no `jsxDEV` there.
      oxc: { jsx: { development: false } },
      optimizeDeps: { rolldownOptions: { transform: { define: production } } },
    }),
  };
}

// Stories are the component tests: each renders in real Chromium (Debian's, no download),
// runs its play function, and passes axe.
export default defineProject({
  plugins: [
    storybookTest({ configDir: path.join(here, '../../.storybook') }),
    sandboxPlugin(),
    reactProductionBuild(),
  ],
  // react-aria's Virtualizer reads `process.env.VIRT_ON` when NODE_ENV is 'test' (as here), and
  // the browser has no `process`; set, it virtualizes as it does in an app (RegionMap's list).
  define: { 'process.env.VIRT_ON': JSON.stringify('1') },
  // React is CommonJS: pre-bundle it so the browser gets ES modules.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      '@tanstack/react-query',
    ],
  },
  test: {
    name: 'ui',
    // The story files share one page and one module graph instead of a fresh iframe each: the
    // renderer evaluated React, react-aria, axe and the screens again for each of the 105 files
    // (about 1 s of its CPU per file). Each story still mounts on its own and its sandbox session
    // is its own (docs/performance.md, issue 35).
    isolate: false,
    // Long keyboard journeys take seconds of real typing; a shared 2-core machine needs slack.
    testTimeout: 60_000,
    // The first file waits for the stories' sandbox to migrate its database (.storybook/preview).
    hookTimeout: 120_000,
    // In CI a story that fails is run once more: the CI machine is shared, and a moment of it
    // starved of CPU failed one story in a whole run (a different one each time, never alone).
    // A story that fails twice fails the run; one that passed only the second time is named
    // above the summary (scripts/retried-tests-reporter.ts) and in docs/performance.md.
    retry: process.env.CI === 'true' ? 1 : 0,
    setupFiles: [path.join(here, '../../.storybook/visual.ts')],
    // Storybook's test panel (it runs Vitest with VITEST_STORYBOOK) shows what axe passed too.
    provide: { visualRegression, a11yReportsInFull: process.env.VITEST_STORYBOOK === 'true' },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions,
      }),
      instances: [{ browser: 'chromium' }],
      // Screenshots are written by the browser's commands (the server listens on localhost only).
      api: { allowWrite: true },
      expect: {
        toMatchScreenshot: {
          comparatorName: 'pixelmatch',
          // Anti-aliased pixels ignored: counted, one story's field edge differed run to run by
          // 108–365 pixels (transitions off or not, seconds later); ignored, small changes can
          // pass (docs/ui.md, "A known gap").
          comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 50 },
          // Two equal screenshots in a row make a stable one; under a loaded 2-core run 5 s was short.
          timeout: 20_000,
          // One kept screenshot per story, named by its id; what a failure saw goes beside the
          // repo's root in .visual-diffs/ (not committed).
          resolveScreenshotPath: ({ arg, ext }) => path.join(here, 'visual', `${arg}${ext}`),
          resolveDiffPath: ({ arg, ext }) => path.join(here, '../../.visual-diffs', `${arg}${ext}`),
        },
      },
    },
  },
});
