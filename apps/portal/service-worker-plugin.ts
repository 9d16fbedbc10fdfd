import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Every file under `directory`, as paths relative to it with forward slashes. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

/**
 * Writes `sw.js` beside index.html (src/offline/service-worker.js with this build's shell): the
 * files the first page needs before any route's own chunk (index.html, the entry scripts, the app
 * module `main.tsx` and what they import statically, every stylesheet, the public files: icons,
 * manifest), so the portal starts offline. Route chunks are stored as they are first loaded. The
 * worker's cache name carries a hash of the list, so a new build replaces the old shell.
 */
export function serviceWorker(): Plugin {
  let ssr = false;
  let publicDir = '';
  return {
    name: 'ranwal-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      if (ssr) return;
      const shell = new Set<string>();
      const visit = (fileName: string) => {
        if (shell.has(fileName)) return;
        shell.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
      };
      for (const output of Object.values(bundle)) {
        if (
          output.type === 'chunk' &&
          (output.isEntry || /\/src\/main\.tsx$/.test(output.facadeModuleId ?? ''))
        ) {
          visit(output.fileName);
        }
        if (output.type === 'asset' && output.fileName.endsWith('.css')) shell.add(output.fileName);
      }
      const files = [
        'index.html',
        ...[...shell].sort(),
        ...(await filesUnder(publicDir)).filter((file) => file !== 'index.html').sort(),
      ];
      const source = await readFile(
        fileURLToPath(new URL('./src/offline/service-worker.js', import.meta.url)),
        'utf8',
      );
      const version = createHash('sha256')
        .update(JSON.stringify(files))
        .update(source)
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source
          .replace('__VERSION__', version)
          .replace("'__SHELL__'", JSON.stringify(JSON.stringify(files))),
      });
    },
  };
}
