#!/usr/bin/env node
/**
 * The stories' kept screenshots (packages/ui/visual, one per story; docs/ui.md, "Visual
 * regression"):
 *
 *   node scripts/visual-baselines.mjs test [vitest args]   # `npm run test:visual`: only the stories,
 *                                                          # with their screenshots (as in npm test);
 *                                                          # `-u` accepts changes
 *   node scripts/visual-baselines.mjs check                # CI, after build-storybook: fails on a
 *                                                          # screenshot whose story no longer exists
 *   node scripts/visual-baselines.mjs prune                # deletes those
 *
 * The screenshots are kept as Chromium encoded them, byte for byte: a story's capture that is the
 * kept file matches without either being decoded (the patch of @vitest/browser, docs/development.md).
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const baselines = path.join(root, 'packages/ui/visual');
const [command, ...args] = process.argv.slice(2);
const screenshots = async () =>
  (await readdir(baselines).catch(() => [])).filter((file) => file.endsWith('.png'));

/** Screenshots of stories that are not in the built Storybook (storybook-static/index.json). */
async function orphans() {
  const { entries } = JSON.parse(
    await readFile(path.join(root, 'storybook-static/index.json'), 'utf8'),
  );
  const stories = new Set(
    Object.values(entries)
      .filter((entry) => entry.type === 'story')
      // Vitest's file name for a story id (`a--b`): runs of '-' become one.
      .map((entry) => `${entry.id.replace(/-{2,}/g, '-')}.png`),
  );
  return (await screenshots()).filter((file) => !stories.has(file));
}

if (command === 'test') {
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'ui', ...args], {
    stdio: 'inherit',
    env: { ...process.env, RANWAL_VISUAL: '1' },
  });
  process.exit(run.status ?? 1);
} else if (command === 'check' || command === 'prune') {
  const found = await orphans();
  if (found.length === 0) {
    console.log(`visual baselines: ${(await screenshots()).length} screenshots, each of a story`);
  } else if (command === 'prune') {
    for (const file of found) await rm(path.join(baselines, file));
    console.log(`visual baselines: deleted ${found.length} of stories that no longer exist`);
  } else {
    console.error(
      `visual baselines: ${found.length} screenshots of stories that no longer exist (delete them with \`node scripts/visual-baselines.mjs prune\`):\n  ${found.join('\n  ')}`,
    );
    process.exit(1);
  }
} else {
  console.error('usage: node scripts/visual-baselines.mjs test [vitest args] | check | prune');
  process.exit(2);
}
