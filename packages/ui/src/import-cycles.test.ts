import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/*
 * No module imports itself through others: a cycle through a lazily loaded module (a route's
 * page, the editor's form, the toast region) pulls the loader's code into the lazy chunk and
 * makes load order matter. Imports are read from the sources as Biome formats them
 * (`from './x.js'`, `import('./x.js')`); type-only imports are erased and do not count.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceRoots = ['packages/core/src', 'packages/ui/src', 'apps/portal/src'];
const SOURCE = /\.(ts|tsx)$/;
const RELATIVE_IMPORT =
  /(?:^|\n)\s*(import|export)(\s+type)?\b[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/g;

function sourcesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourcesUnder(path);
    return SOURCE.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module a relative specifier names: './x.js' is x.ts or x.tsx beside the importer. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceRoots.flatMap((dir) => sourcesUnder(join(root, dir)))) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      if (match[2]) continue; // `import type` / `export type`
      const target = resolveSpecifier(file, match[3] ?? match[4]!);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's modules, found by depth-first search (each reported once, from its first module). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

it('has no import cycle in core, the UI package or the portal', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(100);
  const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(root, file)));
  expect(cycles).toEqual([]);
});

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
});
