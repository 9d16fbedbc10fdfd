// The 10-minute load soak (see README.md): the built server on a fresh PostgreSQL database under a
// steady autocannon load on the budget-line list and create calls; prints throughput, p50/p99,
// errors and the server's memory at the start and end. Exits 1 when a pass condition fails.
//
//   npm run bench:soak [-- --seconds 600 --warmup 60 --rate 50 --connections 10]
import { parseArgs } from 'node:util';
import { describeSoak, runSoak } from './soak.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    warmup: { type: 'string', default: '60' },
    rate: { type: 'string', default: '50' },
    connections: { type: 'string', default: '10' },
    'pg-url': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const result = await runSoak({
  seconds: Number(values.seconds),
  warmup: Number(values.warmup),
  rate: Number(values.rate),
  connections: Number(values.connections),
  ...(values['pg-url'] ? { pgUrl: values['pg-url'] } : {}),
  log: (line) => console.error(line),
});
console.log(describeSoak(result));
if (values.json) console.log(JSON.stringify(result));

const problems = [];
for (const call of ['list', 'create']) {
  const f = result[call];
  if (f.errors + f.non2xx + f.timeouts > 0) problems.push(`${call} had errors`);
}
if (result.warmupErrors > 0) problems.push('errors during the warm-up');
if (Math.abs(result.rss.change) > 0.2) problems.push('memory moved more than 20%');
// autocannon drops the answers in flight when a phase ends (one per connection at most).
const unanswered = result.linesStored - result.linesAcknowledged;
if (unanswered < 0 || unanswered > 2 * result.connections) {
  problems.push('stored lines do not match acknowledged creations');
}
if (!result.serverRunning) problems.push('the server exited');
console.log(problems.length === 0 ? 'PASS' : `FAIL: ${problems.join('; ')}`);
process.exitCode = problems.length === 0 ? 0 : 1;
