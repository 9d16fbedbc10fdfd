#!/usr/bin/env node
/**
 * `npm run test:changed` runs the tests a change reaches first, instead of every suite:
 *
 *   npm run test:changed            # changes not yet committed (staged, unstaged, new files)
 *   npm run test:changed -- main    # everything since the branch left main
 *
 * It builds the workspaces whose build the tests read (a change to core or ui rebuilds the
 * portal the journeys serve; a change to the server rebuilds the dist the stories' sandbox runs),
 * then runs the changed test and story files, and for each changed source file the tests named
 * after it (`stages.ts`: `stages.test.ts`, `stages-history.test.ts`, `Stages.stories.tsx`) and
 * those that import it themselves. Following imports further would select everything: every
 * server test imports the whole app, every journey the whole portal. So a change whose effect
 * travels (a shared building block, a schema in core) is not covered by this selection; the
 * script says what it ran, and `npm test` runs everything.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const since = process.argv[2];
const git = (...args) =>
  execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git('diff', '--name-only', since ? `${since}...` : 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
];
if (changed.length === 0) {
  console.log(`Nothing changed${since ? ` since ${since}` : ''}: no tests to run.`);
  process.exit(0);
}

/** Each workspace's folder, and the workspaces whose build must be redone when it changes. */
const WORKSPACES = [
  { dir: 'packages/core/', name: 'core', rebuild: ['core', 'ui', 'portal', 'server', 'cli'] },
  { dir: 'packages/ui/', name: 'ui', rebuild: ['ui', 'portal'] },
  { dir: 'apps/portal/', name: 'portal', rebuild: ['portal'] },
  { dir: 'apps/server/', name: 'server', rebuild: ['server'] },
  { dir: 'packages/cli/', name: 'cli', rebuild: ['cli'] },
];
const touched = WORKSPACES.filter(({ dir }) =>
  changed.some((file) => file.startsWith(`${dir}src/`)),
);
// A workspace never built in this checkout (no dist/) is built too: after `npm ci` only core and
// the CLI are, and a server change's journey then failed for want of the portal it serves.
const unbuilt = WORKSPACES.filter(({ dir }) => !existsSync(`${dir}dist`)).map(({ name }) => name);
const rebuild = new Set([...touched.flatMap(({ rebuild }) => rebuild), ...unbuilt]);

const run = (command, args) => {
  console.log(`> ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
};

if (rebuild.size > 0) {
  // In the table's order: each workspace after those it is built from.
  const workspaces = WORKSPACES.filter(({ name }) => rebuild.has(name)).flatMap(({ name }) => [
    '-w',
    `@ranwal/${name}`,
  ]);
  run('npm', ['run', 'build', '--silent', ...workspaces]);
}

/** Every test the suites run: node tests, stories (tests in Chromium) and journeys. */
const tests = git('ls-files', '*.test.ts', '*.test.tsx', '*.stories.tsx').filter(
  (file) => !file.startsWith('examples/') && !file.includes('/reliability/'),
);
const isTest = (file) => tests.includes(file);
const sources = changed.filter(
  (file) => /\.(ts|tsx|mjs)$/.test(file) && !isTest(file) && existsSync(file),
);
const stemOf = (file) => path.basename(file).replace(/\.(ts|tsx|mjs)$/, '');
const contents = new Map();
const read = (file) => {
  if (!contents.has(file)) contents.set(file, existsSync(file) ? readFileSync(file, 'utf8') : '');
  return contents.get(file);
};
const selected = new Set(changed.filter(isTest));
for (const source of sources) {
  const stem = stemOf(source);
  const lower = stem.toLowerCase();
  for (const test of tests) {
    const name = stemOf(test)
      .replace(/\.(test|stories)$/, '')
      .toLowerCase();
    // Named after it, or importing it (imports here name the file with .js).
    if (name === lower || name.startsWith(`${lower}-`) || read(test).includes(`/${stem}.js'`)) {
      selected.add(test);
    }
  }
}
if (selected.size === 0) {
  console.log('No test is named after or imports what changed. npm test runs everything.');
  process.exit(0);
}
console.log(`Running ${selected.size} test file(s):\n  ${[...selected].sort().join('\n  ')}`);
run('npx', ['vitest', 'run', ...[...selected].sort()]);
