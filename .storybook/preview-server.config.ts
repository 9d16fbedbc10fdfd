import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sandboxPlugin } from './sandbox-plugin.js';

const outDir = fileURLToPath(new URL('../storybook-static', import.meta.url));

/**
 * `npm run storybook:static`: the built static site (storybook-static/) with the sandboxed
 * server beside it, so its connected stories load as they do in `npm run storybook`.
 */
export default defineConfig(() => {
  // Without the site, vite preview would answer every page with a bare 404: say what to run.
  if (!existsSync(`${outDir}/index.html`)) {
    console.error(
      'storybook:static: storybook-static/ has not been built.\n' +
        'Run `npm run build-storybook` first (about 25 s), then `npm run storybook:static` again.',
    );
    process.exit(1);
  }
  return {
    plugins: [sandboxPlugin()],
    build: { outDir },
    preview: { port: 6007 },
  };
});
