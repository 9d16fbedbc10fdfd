import { defineConfig } from 'vite';
import { sandboxPlugin } from './sandbox-plugin.js';

/**
 * `npm run storybook:static`: the built static site (storybook-static/) with the sandboxed
 * server beside it, so its connected stories load as they do in `npm run storybook`.
 */
export default defineConfig({
  plugins: [sandboxPlugin()],
  build: { outDir: 'storybook-static' },
  preview: { port: 6007 },
});
