import { defineConfig } from 'tsup';

// Three entry points: the server, the stand-alone migration command, and the stories' sandbox
// (src/sandbox). Dependencies stay external.
export default defineConfig({
  entry: {
    server: 'src/server.ts',
    migrate: 'src/migrate.ts',
    sandbox: 'src/sandbox/host.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  dts: false,
});
