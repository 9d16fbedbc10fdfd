// What a portal page load costs Chromium, by how the page is opened: the end-to-end journeys open
// many, and on a 2-core machine whose page faults are dear the renderer a page starts in matters
// more than the page (docs/performance.md, 'the journeys' renderers kept warm'). Loads `/login`
// N times each way and reports the CPU and page faults of Chromium's processes.
//
//   npm run bench:page-loads [-- --loads 20] [-- --json]
//
// Needs the builds of core, ui, portal and server (the npm script does them).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions, clearForNextVisitor, startBuiltServer } from '../local.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    loads: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
  },
});
const LOADS = Number(options.loads);
const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password-1' };
const TICKS = 100; // USER_HZ: /proc's CPU times are in hundredths of a second on Linux

/** A process's parent, CPU (its own and its reaped children's) and minor page faults. */
function processStat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 of proc(5): state; ppid is field 4, minflt 10, cminflt 11, utime 14 …
  const at = (field) => Number(fields[field - 3]);
  return {
    ppid: at(4),
    faults: at(10) + at(11),
    cpu: (at(14) + at(15) + at(16) + at(17)) / TICKS,
  };
}

/**
 * CPU and page faults of every process under this one but the server: live processes count
 * their own and their reaped children's, so renderers that ended are counted by their zygote.
 */
function chromiumUsage(serverPid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), processStat(entry));
    } catch {
      // ended meanwhile
    }
  }
  const under = (pid) => {
    for (let at = stats.get(pid)?.ppid; at; at = stats.get(at)?.ppid) {
      if (at === process.pid) return true;
    }
    return false;
  };
  let cpu = 0;
  let faults = 0;
  for (const [pid, stat] of stats) {
    if (pid === serverPid || !under(pid)) continue;
    cpu += stat.cpu;
    faults += stat.faults;
  }
  return { cpu, faults };
}

/** A page in a new context, service workers blocked as in the journeys. */
async function freshPage(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return { context, page: await context.newPage() };
}

/** How the next load's page is opened, given the last one's context and page. */
const WAYS = {
  'a new context and page each': async (browser, last) => {
    await last?.context.close();
    return freshPage(browser);
  },
  'the same page, loaded again': async (browser, last) => last ?? freshPage(browser),
  // What apps/portal/e2e/harness.ts does when a test closes a context (contextPool).
  'the same page, its context reset in between': async (browser, last, baseUrl) => {
    if (!last) return freshPage(browser);
    await clearForNextVisitor(last.context, last.page, baseUrl);
    return last;
  },
};

const work = await mkdtemp(path.join(os.tmpdir(), 'ranwal-bench-page-loads-'));
const server = await startBuiltServer({
  dataDir: path.join(work, 'data'),
  portalDir: path.resolve(here, '../../apps/portal/dist'),
  admin: ADMIN,
});
const results = [];
try {
  for (const [way, open] of Object.entries(WAYS)) {
    const browser = await chromium.launch(chromiumLaunchOptions);
    const before = chromiumUsage(server.child.pid);
    const started = performance.now();
    let last;
    for (let load = 0; load < LOADS; load += 1) {
      last = await open(browser, last, server.baseUrl);
      await last.page.goto(`${server.baseUrl}/login`);
      await last.page.getByLabel('Alamat Email').waitFor();
    }
    const after = chromiumUsage(server.child.pid);
    results.push({
      way,
      loads: LOADS,
      chromiumCpuSeconds: Number((after.cpu - before.cpu).toFixed(1)),
      pageFaults: after.faults - before.faults,
      wallSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    });
    await browser.close();
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await rm(work, { recursive: true, force: true });
}

if (options.json) {
  console.log(JSON.stringify({ loadAverage: os.loadavg()[0], results }));
} else {
  console.log(`${LOADS} loads of /login each way (Chromium's processes; load ${os.loadavg()[0]}):`);
  for (const result of results) {
    console.log(
      `  ${result.way}: ${result.chromiumCpuSeconds} s of CPU, ${result.pageFaults} page faults, ${result.wallSeconds} s`,
    );
  }
}
