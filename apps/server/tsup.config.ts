import { defineConfig } from 'tsup';

// Two entry points: the server and the stand-alone migration command. Dependencies stay external.
export default defineConfig({
  entry: ['src/server.ts', 'src/migrate.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
});
