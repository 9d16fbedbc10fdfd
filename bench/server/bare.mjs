// The baseline: a bare `node:http` handler that runs, for each request, the SQL the server ran
// for the same request, and nothing else. The statements come from the server itself: the bench
// sends each request once to the server with an `x-bench-capture: <key>` header and
// capture-sql.mjs writes what the server ran for it to $RANWAL_BENCH_REPLAY; a request to this
// handler names the same key in `x-bench-request`. So its SQL is the server's by construction,
// and a change of the server's SQL changes the bare handler's with it. Per request it
//   - checks the bearer token: HS256 signature (with node:crypto, every time: the server
//     remembers tokens it verified), issuer, purpose, expiry, and the user behind it (the
//     server's own lookup, taken out of the captured statements, behind the same 5 s cache);
//   - replays the request's other statements with their parameters, in the server's order:
//     statements the server ran side by side (started before the other ended) in parallel, a
//     transaction (`begin` … `commit`) on one connection; writes commit as the server's did;
//   - shapes rows as the server does (int8/numeric to numbers, timestamps to ISO text) and
//     answers `{ status, message, data }` with JSON.stringify, `data` being each statement's rows.
// It does not parse or validate the query string or the body, check roles or scopes, run
// application code (money maths, workbooks), log, or send security headers: that is the
// server's share of the comparison. Statements that serve the server's own caches (its list
// cache's snapshot) are left out.
//
// Env: DATABASE_URL (PostgreSQL) or RANWAL_BARE_PGLITE_DIR (a PGlite data directory of its own),
// PORT, DATABASE_POOL_SIZE (10), DATABASE_PARALLEL_WORKERS (0), RANWAL_JWT_SECRET,
// RANWAL_BENCH_REPLAY.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { openPglite } from './pglite.mjs';
import { isReplayed, isUserLookup } from './replay-rules.mjs';

const secret = Buffer.from(process.env.RANWAL_JWT_SECRET ?? '', 'utf8');
const replayFile = process.env.RANWAL_BENCH_REPLAY;
const USER_CACHE_MS = 5_000;

const isBegin = (text) => /^begin\b/i.test(text);

/** A parameter back from JSON: a Buffer as JSON.stringify wrote it. */
const revive = (value) =>
  value && typeof value === 'object' && value.type === 'Buffer' && Array.isArray(value.data)
    ? Buffer.from(value.data)
    : value;

// --- The database: a pg pool, or one PGlite session -----------------------------------------

/** `{ run(text, values), transaction(fn) }` over PostgreSQL or PGlite. */
async function openDatabase() {
  if (process.env.RANWAL_BARE_PGLITE_DIR) {
    const pglite = await openPglite(process.env.RANWAL_BARE_PGLITE_DIR);
    // One session: a transaction holds it from begin to commit, as the server's driver does.
    let queue = Promise.resolve();
    const exclusive = (work) => {
      const result = queue.then(work);
      queue = result.then(
        () => {},
        () => {},
      );
      return result;
    };
    const run = (session) => (text, values) =>
      values.length === 0 && text.includes(';')
        ? session.exec(text).then((results) => results.at(-1))
        : session.query(text, values);
    return {
      run: (text, values) => exclusive(() => run(pglite)(text, values)),
      transaction: (work) => exclusive(() => work(run(pglite))),
      userLookup: (text, values) => exclusive(() => pglite.query(text, values)),
      close: () => pglite.close(),
    };
  }
  // The server's session settings (apps/server/src/db/connect.ts): the same SQL with the same
  // plans, parallel workers included.
  const parallelWorkers = process.env.DATABASE_PARALLEL_WORKERS ?? '0';
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    ...(parallelWorkers === 'default'
      ? {}
      : { options: `-c max_parallel_workers_per_gather=${Number(parallelWorkers)}` }),
  });
  return {
    run: (text, values) => pool.query(text, values),
    async transaction(work) {
      const client = await pool.connect();
      try {
        return await work((text, values) => client.query(text, values));
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    userLookup: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  };
}
const database = await openDatabase();

// --- The captured requests ------------------------------------------------------------------

/** key -> { status, transaction, groups: [[{text, values}]] }; the user lookup's text. */
const scripts = new Map();
let userLookupText = null;

/** Reads the captures file again (a key not seen yet: the bench has captured more since). */
function loadScripts() {
  if (!replayFile || !existsSync(replayFile)) return;
  for (const line of readFileSync(replayFile, 'utf8').split('\n')) {
    if (!line) continue;
    const { key, status, statements } = JSON.parse(line);
    const kept = [];
    for (const statement of statements) {
      if (isUserLookup(statement.text)) userLookupText ??= statement.text;
      else if (isReplayed(statement.text)) kept.push(statement);
    }
    // Side by side where the server ran them so: a statement started before the last one of
    // the group before it ended joins that group.
    const groups = [];
    for (const statement of kept) {
      const group = groups.at(-1);
      const step = { text: statement.text, values: statement.values.map(revive) };
      if (group && statement.start < Math.max(...group.ends)) {
        group.steps.push(step);
        group.ends.push(statement.end ?? Number.POSITIVE_INFINITY);
      } else {
        groups.push({ steps: [step], ends: [statement.end ?? Number.POSITIVE_INFINITY] });
      }
    }
    scripts.set(key, {
      status,
      transaction: kept.some((statement) => isBegin(statement.text)),
      groups: groups.map((group) => group.steps),
    });
  }
}

// --- Rows as the server answers them ----------------------------------------------------------

const NUMERIC_TYPES = new Set([20, 1700]); // int8, numeric
function shape(result) {
  const rows = result?.rows ?? [];
  const fields = result?.fields ?? [];
  const numeric = fields.filter((field) => NUMERIC_TYPES.has(field.dataTypeID));
  for (const row of rows) {
    for (const { name } of numeric) {
      if (row[name] !== null && row[name] !== undefined) row[name] = Number(row[name]);
    }
    for (const name in row) {
      const value = row[name];
      if (value instanceof Date) row[name] = value.toISOString();
      else if (typeof value === 'bigint') row[name] = Number(value);
    }
  }
  return rows;
}

async function replay(script) {
  const data = [];
  const runGroups = async (run) => {
    for (const steps of script.groups) {
      const results = await Promise.all(steps.map(({ text, values }) => run(text, values)));
      for (const result of results) data.push(shape(result));
    }
  };
  if (script.transaction) await database.transaction(runGroups);
  else await runGroups(database.run);
  return data;
}

// --- Who calls --------------------------------------------------------------------------------

const users = new Map();

/** Whether the bearer token is a valid session token of an existing user. */
async function signedIn(header) {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  const [head, body, signature] = token?.split('.') ?? [];
  if (!head || !body || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  const protectedHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (protectedHeader.alg !== 'HS256' || claims.iss !== 'ranwal' || claims.purpose !== 'session') {
    return false;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return false;
  if (!userLookupText) return true;
  const hit = users.get(claims.sub);
  if (hit && hit.expires > Date.now()) return hit.found;
  const { rows } = await database.userLookup(userLookupText, [claims.sub]);
  const found = rows.length > 0;
  users.set(claims.sub, { found, expires: Date.now() + USER_CACHE_MS });
  return found;
}

// --- HTTP ---------------------------------------------------------------------------------------

function send(response, status, body) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

let inFlight = 0;
let stopping = false;
// Closes the database only once the last request has finished, so a stop never fails a query.
const stopWhenIdle = () => {
  if (stopping && inFlight === 0) database.close().then(() => process.exit(0));
};

const server = createServer((request, response) => {
  inFlight += 1;
  // The body is not read (the captured statements carry its values), only drained.
  request.resume();
  request.once('end', async () => {
    try {
      const key = request.headers['x-bench-request'];
      if (typeof key === 'string' && !scripts.has(key)) loadScripts();
      const script = scripts.get(key);
      if (!script) return send(response, 404, { status: 404, message: 'Not found', data: null });
      // A call without a bearer token is a signed download link (the server answered it so);
      // one with a token has it checked.
      if (request.headers.authorization !== undefined) {
        if (!(await signedIn(request.headers.authorization))) {
          return send(response, 401, { status: 401, message: 'Token Invalid', data: null });
        }
      }
      const data = await replay(script);
      send(response, script.status, { status: script.status, message: 'Berhasil', data });
    } catch (error) {
      console.error(error);
      send(response, 500, { status: 500, message: 'Internal error', data: null });
    } finally {
      inFlight -= 1;
      stopWhenIdle();
    }
  });
});
server.keepAliveTimeout = 60_000;

server.listen(Number(process.env.PORT ?? 18081), '127.0.0.1', () => {
  console.log(`bare handler listening on ${server.address().port}`);
});
process.once('SIGTERM', () => {
  stopping = true;
  server.close();
  stopWhenIdle();
});
