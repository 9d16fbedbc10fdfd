import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { sandboxPlugin } from '../../.storybook/sandbox-plugin.js';
import { chromiumLaunchOptions } from '../../bench/local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// Stories are the component tests: each renders in real Chromium (Debian's, no download),
// runs its play function, and passes axe.
export default defineProject({
  plugins: [storybookTest({ configDir: path.join(here, '../../.storybook') }), sandboxPlugin()],
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
    // Long keyboard journeys take seconds of real typing; a shared 2-core machine needs slack.
    testTimeout: 60_000,
    // The first file waits for the stories' sandbox to migrate its database (.storybook/preview).
    hookTimeout: 120_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions,
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
