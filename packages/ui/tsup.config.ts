import { defineConfig } from 'tsup';

// One ES module per source file (not one bundle), so an app's bundler keeps only the modules it
// imports and splits them per route: the public home does not carry the admin screens or the
// editor. `sideEffects` in package.json says only the CSS has side effects.
// Declarations come from `tsc -p tsconfig.build.json`; CSS from the Tailwind CLI.
export default defineConfig({
  entry: [
    'src/**/*.ts',
    'src/**/*.tsx',
    '!src/**/*.stories.tsx',
    '!src/**/*.test.ts',
    '!src/**/*.test.tsx',
    '!src/**/story-helpers.*',
    '!src/**/story-data.ts',
    '!src/testing/**',
  ],
  bundle: false,
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  sourcemap: true,
  clean: true,
  dts: false,
});
