import { defineConfig } from 'tsup';

// Declarations come from `tsc -p tsconfig.build.json` (TypeScript 7 has no JS API for tsup's dts).
export default defineConfig({
  entry: { index: 'src/index.ts', contract: 'src/contract/index.ts', demo: 'src/demo/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'neutral',
  sourcemap: true,
  clean: true,
  dts: false,
});
