import { defineConfig } from 'tsup';

// Entry points: the server, the stand-alone migration command, and the stories' sandbox with
// its worker thread (src/sandbox). Dependencies stay external.
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    migrate: 'src/migrate.ts',
    sandbox: 'src/sandbox/host.ts',
    'sandbox-worker': 'src/sandbox/worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  // A new folder per build (scripts/build-swap.mjs), switched to when whole: a running server
  // keeps its own.
  outDir: process.env.RANWAL_BUILD_DIR ?? 'dist',
  clean: true,
  dts: false,
});
