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
const DOCGEN = /\/packages\/ui\/src\/(?!testing\/).*(?<!\.stories)\.tsx$/;

/** Narrows Storybook's react-docgen plugin to DOCGEN (it has no option for that). */
function narrowDocgen(plugins: PluginOption[]): void {
  for (const plugin of plugins.flat(Infinity as 1)) {
    const docgen = plugin as Plugin | null;
    if (docgen?.name !== 'storybook:react-docgen-plugin') continue;
    const transform = docgen.transform;
    if (typeof transform !== 'function') continue;
    docgen.transform = function (code, id, options) {
      if (!DOCGEN.test(id.split('?')[0] ?? id)) return;
      return transform.call(this, code, id, options);
    };
  }
}

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    narrowDocgen(viteConfig.plugins ?? []);
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss(), sandboxPlugin()];
    return viteConfig;
  },
};
export default config;
