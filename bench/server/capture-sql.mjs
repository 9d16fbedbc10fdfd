// Preloaded into the server (`node --import ./bench/server/capture-sql.mjs …`) to see the SQL it
// runs, on PostgreSQL (`pg`) and on the embedded PGlite alike:
//
// - RANWAL_BENCH_SQL_LOG: appends every distinct SQL text to this file, one JSON string a line.
// - RANWAL_BENCH_CAPTURE_LOG: for each HTTP request carrying an `x-bench-capture: <key>` header,
//   appends one JSON line `{ key, status, statements }` once the answer is sent: every statement
//   the process sent while it was being answered (text, parameters, and the order each started
//   and ended in, so a replay can run the ones the server ran side by side in parallel). The
//   bench sends these requests one at a time (nothing else runs meanwhile), which is what lets a
//   statement be told to the request in flight; bare.mjs replays them.
//
// The bench's bare handler preloads it too, so the two processes pay the same (one Set lookup per
// query, nothing more, outside a capture).
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const textLog = process.env.RANWAL_BENCH_SQL_LOG;
const captureLog = process.env.RANWAL_BENCH_CAPTURE_LOG;

const seen = new Set();
/** The request being captured, and the count of statement starts and ends so far. */
let current = null;
let sequence = 0;

/** Parameters as JSON can carry them: bigint as text (PostgreSQL casts it back). */
const jsonValue = (_key, value) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * Notes a statement (text, parameters) about to be sent; answers a function to call when it has
 * finished, or undefined when nothing is being captured.
 */
function noteStatement(text, values, connection) {
  if (textLog && typeof text === 'string' && !seen.has(text)) {
    seen.add(text);
    appendFileSync(textLog, `${JSON.stringify(text)}\n`);
  }
  if (!current || typeof text !== 'string') return undefined;
  const statement = { text, values: values ?? [], connection, start: ++sequence, end: null };
  current.statements.push(statement);
  return () => {
    statement.end ??= ++sequence;
  };
}

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function capture(...args) {
  const [config, values] = args;
  const text = typeof config === 'string' ? config : config?.text;
  const parameters = Array.isArray(values) ? values : config?.values;
  const ended = noteStatement(text, parameters, this.processID);
  if (!ended) return clientQuery.apply(this, args);
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const done = args[last];
    args[last] = (...result) => {
      ended();
      return done(...result);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  if (result && typeof result.then === 'function') result.then(ended, ended);
  return result;
};

// The embedded default: the server reaches PGlite through `query` (with parameters) and `exec`
// (statements without, several at once). Absent when PGlite is not installed.
try {
  const { PGlite } = await import('@electric-sql/pglite');
  for (const method of ['query', 'exec']) {
    const original = PGlite.prototype[method];
    PGlite.prototype[method] = async function capture(text, values, ...rest) {
      const ended = noteStatement(text, method === 'query' ? values : [], 'pglite');
      try {
        return await original.call(this, text, values, ...rest);
      } finally {
        ended?.();
      }
    };
  }
} catch {
  // PostgreSQL only.
}

if (captureLog) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function captureRequest(...args) {
    const [event, request, response] = args;
    const key = event === 'request' ? request.headers['x-bench-capture'] : undefined;
    if (typeof key === 'string') {
      const record = { key, statements: [] };
      current = record;
      // Written as the answer ends (before its last bytes can reach the bench, which then asks
      // the bare handler for the same key), not on 'finish', which may come after.
      const end = response.end;
      response.end = function endAndWrite(...endArgs) {
        if (current === record) {
          current = null;
          appendFileSync(
            captureLog,
            `${JSON.stringify({ key, status: response.statusCode, statements: record.statements }, jsonValue)}\n`,
          );
        }
        return end.apply(this, endArgs);
      };
    }
    return emit.apply(this, args);
  };
}
