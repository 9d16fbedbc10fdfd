import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './service-worker-plugin.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside each script and stylesheet, compressed once at build time at the
 * highest levels; the server sends them to browsers that accept them (`preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'ranwal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The server's rendering module is read from disk, never sent to browsers.
      if (ssr) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Where a build writes: a new folder per build (scripts/build-swap.mjs sets it and then points
 * `dist` at it), so a server running from the previous build keeps its files.
 */
const outDir = process.env.RANWAL_BUILD_DIR ?? 'dist';

// The portal is served by apps/server at `/`; the API lives under /ranwal/api on the same origin.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), serviceWorker(), precompress()],
  build: {
    // `vite build --ssr src/entry-server.tsx` (the build script's second step) writes `ssr/`.
    outDir: isSsrBuild ? path.join(outDir, 'ssr') : outDir,
    emptyOutDir: true,
    sourcemap: true,
    // Pages, the signed-in shell and the toast region are separate chunks (React.lazy); see
    // bench/portal for what the public home loads.
    chunkSizeWarningLimit: 600,
  },
  // `vite build --ssr src/entry-server.tsx` (the build script): the public
  // pages' server rendering, one self-contained module (every dependency bundled), so a copy of
  // dist/ runs without node_modules beside it. The server refuses to send dist/ssr/.
  ssr: { noExternal: true, target: 'node' },
  server: {
    proxy: { '/ranwal': 'http://localhost:8080' },
  },
}));
