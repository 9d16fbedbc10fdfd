import { defineConfig, type Options } from 'tsup';

// `bin.js` is the `ranwal` command, `index.js` the commands as functions. Declarations come from
// `tsc -p tsconfig.build.json` (TypeScript 7 has no JS API for tsup's dts).
const common: Options = {
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  dts: false,
};

export default defineConfig([
  // Each build clears only its own files: the two run side by side.
  { ...common, entry: ['src/index.ts'], clean: ['index.*', 'chunk-*'] },
  {
    ...common,
    entry: ['src/bin.ts'],
    clean: ['bin.*'],
    // The command starts a fifth faster with what every run loads in one file.
    // What some commands only need stays external and loaded on first use (exceljs,
    // the prompts); so does zod: bundled, it would start a little faster still, but an import
    // of 100 000 rows peaks 60 MB higher (measured; the cause is not known).
    noExternal: ['@ranwal/core', 'commander', 'papaparse'],
    // papaparse is CommonJS: its require() calls need a require in the ESM bundle.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  },
]);
