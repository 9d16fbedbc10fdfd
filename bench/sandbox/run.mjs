// What the stories' sandbox costs (docs/performance.md, "Stories on the sandboxed server"): the
// warm-up (migrate the base, clone the pool), opening a session on the demo seed (empty a pooled
// database and write the seed; or, when the session before only read it, take it as it is), a
// first call on it, and the memory a pooled database holds. Run with `npm run bench:sandbox`
// (builds core and server; jiti reads the seed as TypeScript).
import { createSandboxHost } from '../../apps/server/dist/sandbox.js';
// The stories' own demo seed (TypeScript source: the package does not ship its testing kit).
import { demoSeed } from '../../packages/ui/src/testing/sandbox-seed.ts';

const ORIGIN = 'http://sandbox.bench';
const SESSIONS = Number(process.env.SESSIONS ?? 60);
const host = createSandboxHost();
const mb = () => Math.round(process.memoryUsage().rss / 1e6);
const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

const rssBefore = mb();
let started = performance.now();
await host.warm();
const warmMs = performance.now() - started;
const rssWarm = mb();

const open = async (seed) => {
  const answer = await host.handle(
    new Request(`${ORIGIN}/__sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed }),
    }),
  );
  if (!answer.ok) throw new Error(`open: ${answer.status} ${await answer.text()}`);
  return (await answer.json()).id;
};

const admin = demoSeed.users.find((user) => user.role === 'admin');
// Every other session on a seed of its own (the demo's with one more person), which no database
// holds: it is written.
const newSeed = (i) => ({
  ...demoSeed,
  users: [...demoSeed.users, { ...admin, id: crypto.randomUUID(), email: `admin-${i}@bench.test` }],
});
const opens = [];
const reopens = [];
const firstCalls = [];
for (let i = 0; i < SESSIONS; i++) {
  const reseeded = i % 2 === 1;
  started = performance.now();
  const id = await open(reseeded ? newSeed(i) : demoSeed);
  (reseeded || i === 0 ? opens : reopens).push(performance.now() - started);
  started = performance.now();
  const list = await host.handle(
    new Request(`${ORIGIN}/__sandbox/s/${id}/ranwal/api/detail-program/list?page=1&limit=10`, {
      headers: { authorization: `Bearer sandbox-user:${admin.id}` },
    }),
  );
  if (!list.ok) throw new Error(`list: ${list.status} ${await list.text()}`);
  firstCalls.push(performance.now() - started);
  await host.handle(new Request(`${ORIGIN}/__sandbox/sessions/${id}`, { method: 'DELETE' }));
}
const result = {
  warm_ms: Math.round(warmMs),
  session_open_ms: {
    p50: Math.round(percentile(opens, 0.5)),
    p95: Math.round(percentile(opens, 0.95)),
  },
  // The demo seed already there, nothing written since (every other session after the first).
  session_reopen_ms: reopens.length
    ? { p50: Math.round(percentile(reopens, 0.5)), p95: Math.round(percentile(reopens, 0.95)) }
    : null,
  first_list_ms: {
    p50: Math.round(percentile(firstCalls, 0.5)),
    p95: Math.round(percentile(firstCalls, 0.95)),
  },
  sessions: SESSIONS,
  rss_mb: {
    before: rssBefore,
    after_warm: rssWarm,
    per_pooled_database: Math.round((rssWarm - rssBefore) / 7),
  },
};
console.log(JSON.stringify(result, null, 2));
await host.close();
