import { defineConfig } from 'tsup';

// `bin.js` is the `ranwal` command, `index.js` the commands as functions. Declarations come from
// `tsc -p tsconfig.build.json` (TypeScript 7 has no JS API for tsup's dts).
export default defineConfig({
  entry: ['src/bin.ts', 'src/index.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
});
