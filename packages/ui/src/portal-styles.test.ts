import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/*
 * The portal's pages are styled by the stylesheet @ranwal/ui ships, which Tailwind builds from
 * the UI package's own sources only: a utility class written in apps/portal alone is in no
 * stylesheet, and the element silently loses it (the unit's page links once had no padding and
 * every one of them underlined). So the portal uses only what the UI package's sources use, and
 * a shape it needs of its own becomes a building block here.
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const tailwind = join(root, 'node_modules/.bin/tailwindcss');
const run = promisify(execFile);

/**
 * The classes the portal's sources name: the strings of each `className=` and `cn(…)` (Tailwind
 * reads every word of a file, comments and imports too, which would find `static` in
 * 'react-dom/static').
 */
async function portalClassNames(): Promise<string> {
  const directory = join(root, 'apps/portal/src');
  const files = (await readdir(directory, { recursive: true })).filter((name) =>
    /\.tsx?$/.test(name),
  );
  const sources = await Promise.all(files.map((name) => readFile(join(directory, name), 'utf8')));
  const styled = sources.flatMap((source) => [
    ...source.matchAll(/className=(?:"[^"]*"|'[^']*'|\{[^}]*\})|\bcn\(([^)]*)\)/g),
  ]);
  return styled.flatMap(([expression]) => expression.match(/(["'`])[^"'`]*\1/g) ?? []).join('\n');
}

/** The class selectors of a stylesheet Tailwind builds from `input`. */
async function classesBuiltFrom(input: string, directory: string): Promise<Set<string>> {
  const entry = join(directory, `${Math.random().toString(36).slice(2)}.css`);
  const output = `${entry}.out`;
  await writeFile(entry, input);
  // Where the package's build runs it: Tailwind also scans the working directory's files.
  await run(tailwind, ['-i', entry, '-o', output], { cwd: join(root, 'packages/ui') });
  const css = await readFile(output, 'utf8');
  return new Set(css.match(/\.(?:\\.|[\w-])+/g));
}

it('the portal uses no utility class the stylesheet of @ranwal/ui leaves out', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'ranwal-portal-styles-'));
  try {
    const styles = join(here, 'styles.css');
    const portal = join(directory, 'portal-classes.html');
    await writeFile(portal, await portalClassNames());
    const [shipped, withPortal] = await Promise.all([
      classesBuiltFrom(`@import "${styles}";`, directory),
      classesBuiltFrom(`@import "${styles}";\n@source "${portal}";`, directory),
    ]);
    await expect([...withPortal].filter((selector) => !shipped.has(selector))).toEqual([]);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});
