import { defineConfig } from 'tsup';

// ESM with code splitting, so the rich-text editor and dialogs load only where used.
// Declarations come from `tsc -p tsconfig.build.json`; CSS from the Tailwind CLI.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  splitting: true,
  sourcemap: true,
  clean: true,
  dts: false,
  external: ['react', 'react-dom', 'react/jsx-runtime'],
});
