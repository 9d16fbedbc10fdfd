#!/usr/bin/env node
/**
 * Builds a workspace into a new folder and then switches `dist` to it in one step, so a process
 * already serving from the checkout (the server, and the portal files it serves) keeps its
 * files: `npm start` in a checkout whose server is running does not break it.
 *
 *   node ../../scripts/build-swap.mjs "<build command>"
 *
 * The command runs in the workspace with RANWAL_BUILD_DIR set to a new sibling of `dist`
 * (`dist.<time>-<pid>`), which the workspace's build config writes to. When it succeeds, `dist`
 * becomes a symbolic link to it, replaced by rename (atomic); a server started from a build keeps
 * its own folder (Node runs a script from its real path; the server pins the portal's real
 * folder), and the newest KEEP builds before it stay on disk for such servers. When the command
 * fails, its folder is removed and `dist` is left as it was.
 */
import { spawn } from 'node:child_process';
import { lstat, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/** Earlier builds kept besides the current one, for processes started from them. */
const KEEP = 3;

const command = process.argv[2];
if (!command) {
  process.stderr.write('usage: build-swap.mjs "<build command>"\n');
  process.exit(2);
}
const cwd = process.cwd();
const dist = path.join(cwd, 'dist');
const name = `dist.${Date.now()}-${process.pid}`;
const out = path.join(cwd, name);

const code = await new Promise((resolve) => {
  const child = spawn(command, {
    cwd,
    shell: true,
    stdio: 'inherit',
    // A build to serve is a production build, whatever NODE_ENV the caller had (vitest sets
    // 'test', with which Vite bundles React's development build).
    env: { ...process.env, NODE_ENV: 'production', RANWAL_BUILD_DIR: out },
  });
  child.on('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
});
if (code !== 0) {
  await rm(out, { recursive: true, force: true });
  process.exit(code);
}

// A `dist` folder of a build before this scheme becomes one of the kept builds.
const current = await lstat(dist).catch(() => null);
if (current?.isDirectory()) await rename(dist, path.join(cwd, `dist.${Date.now() - 1}-legacy`));
// A link beside `dist`, renamed over it: a reader sees the old build or the new, never none.
const link = path.join(cwd, `dist.link-${process.pid}`);
await rm(link, { force: true });
if (process.platform === 'win32') await symlink(out, link, 'junction');
else await symlink(name, link);
await rename(link, dist);

// Older builds beyond the newest KEEP (besides this one) go.
const target = await readlink(dist);
const builds = [];
for (const entry of await readdir(cwd)) {
  if (
    !/^dist\.\d+-(\d+|legacy)$/.test(entry) ||
    path.resolve(cwd, entry) === path.resolve(cwd, target)
  )
    continue;
  builds.push({ entry, time: Number(entry.slice('dist.'.length).split('-')[0]) });
}
builds.sort((a, b) => b.time - a.time);
for (const { entry } of builds.slice(KEEP)) {
  await rm(path.join(cwd, entry), { recursive: true, force: true });
}
