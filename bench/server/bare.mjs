// The baseline: a bare `node:http` + `pg` handler for the benchmarked list calls, doing the same
// work as the server and nothing else. Per request it
//   - checks the bearer token: HS256 signature (with node:crypto, every time: the server
//     remembers tokens it verified), issuer, purpose, expiry, and the user behind it (the
//     server's SQL behind the same 5 s per-user cache);
//   - runs the server's SQL (bare-queries.mjs) in the server's order (the page, then the counts
//     it still needs, in parallel), on a pool of the same size;
//   - shapes rows as the server does (int8/numeric to numbers, timestamps to ISO text) and
//     answers the same JSON envelope with JSON.stringify.
// It does not validate the query string beyond parsing numbers, validate or schema-serialize the
// response, log, or send security headers: that is the framework's share of the comparison.
//
// Env: DATABASE_URL, PORT, DATABASE_POOL_SIZE (10), RANWAL_JWT_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { QUERIES as Q } from './bare-queries.mjs';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const secret = Buffer.from(process.env.RANWAL_JWT_SECRET ?? '', 'utf8');
const USER_CACHE_MS = 5_000;
const users = new Map();

/** The user behind a valid session token, or null. */
async function caller(header) {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  const [head, body, signature] = token?.split('.') ?? [];
  if (!head || !body || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  const protectedHeader = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
  if (protectedHeader.alg !== 'HS256' || claims.iss !== 'ranwal' || claims.purpose !== 'session') {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
  const hit = users.get(claims.sub);
  if (hit && hit.expires > Date.now()) return hit.user;
  const user = (await pool.query(Q.user, [claims.sub])).rows[0] ?? null;
  users.set(claims.sub, { user, expires: Date.now() + USER_CACHE_MS });
  return user;
}

const count = async (text, values = []) => Number((await pool.query(text, values)).rows[0].count);
const rowCount = async (table) => Number((await pool.query(Q.rowCount, [table])).rows[0].row_count);

function filterOf(page, limit, filtered, total) {
  return {
    current_page: page,
    total_page: Math.max(1, Math.ceil(filtered / limit)),
    filtered_result: filtered,
    total_result: total,
  };
}

const numericFields = [
  'price',
  'first_volume',
  'second_volume',
  'third_volume',
  'total_price',
  'tax',
  'total_after_tax',
];
function lineShape(row) {
  for (const field of numericFields) row[field] = Number(row[field]);
  row.created_at = row.created_at.toISOString();
  return row;
}

function containsPattern(search) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** As the server: a page shorter than the limit is the last one, and tells the count. */
const fromLastPage = (rows, limit, offset) =>
  rows.length < limit && (rows.length > 0 || offset === 0) ? offset + rows.length : null;

/** Runs the page query, then counts only when the page does not tell (as the server does). */
async function list({ page, limit, offset }, pageQuery, countFiltered, countTotal) {
  const { rows } = await pageQuery;
  const [filtered, total] = await Promise.all([
    fromLastPage(rows, limit, offset) ?? countFiltered(),
    countTotal?.(),
  ]);
  return { data: rows, filter: filterOf(page, limit, filtered, total ?? filtered) };
}

const handlers = {
  '/ranwal/api/program/list': (query) =>
    list(query, pool.query(Q.programPage, [query.limit, query.offset]), () => rowCount('program')),

  '/ranwal/api/account/list'(query) {
    const { limit, offset, search, uuid } = query;
    if (search) {
      const pattern = containsPattern(search);
      return list(
        query,
        pool.query(Q.accountSearchPage, [pattern, pattern, limit, offset]),
        () => count(Q.accountSearchCount, [pattern, pattern]),
        () => rowCount('account'),
      );
    }
    if (uuid) {
      return list(query, pool.query(Q.accountBySubtitlePage, [uuid, limit, offset]), () =>
        count(Q.accountBySubtitleCount, [uuid]),
      );
    }
    return list(query, pool.query(Q.accountPage, [limit, offset]), () => rowCount('account'));
  },

  async '/ranwal/api/detail-program/list'(query, user) {
    const { limit, offset } = query;
    const result = await (user.role === 'admin'
      ? list(query, pool.query(Q.linePage, [limit, offset]), () => rowCount('detail_program'))
      : list(query, pool.query(Q.ownLinePage, [user.id, limit, offset]), async () =>
          Number((await pool.query(Q.userLineCount, [user.id])).rows[0]?.line_count ?? 0),
        ));
    result.data = result.data.map(lineShape);
    return result;
  },
};

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
// Ends the pool only once the last request has finished, so a stop never fails a query.
const stopWhenIdle = () => {
  if (stopping && inFlight === 0) pool.end().then(() => process.exit(0));
};

const server = createServer(async (request, response) => {
  inFlight += 1;
  try {
    const url = new URL(request.url, 'http://bare');
    const handler = handlers[url.pathname];
    if (!handler) return send(response, 404, { status: 404, message: 'Not found', data: null });
    const user = await caller(request.headers.authorization);
    if (!user) return send(response, 401, { status: 401, message: 'Token Invalid', data: null });
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const query = {
      page,
      limit,
      offset: (page - 1) * limit,
      search: url.searchParams.get('search')?.trim() || undefined,
      uuid: url.searchParams.get('uuid') || undefined,
    };
    const result = await handler(query, user);
    send(response, 200, { status: 200, message: 'Berhasil', ...result });
  } catch (error) {
    console.error(error);
    send(response, 500, { status: 500, message: 'Internal error', data: null });
  } finally {
    inFlight -= 1;
    stopWhenIdle();
  }
});

server.listen(Number(process.env.PORT ?? 18081), '127.0.0.1', () => {
  console.log(`bare handler listening on ${server.address().port}`);
});
process.once('SIGTERM', () => {
  stopping = true;
  server.close();
  stopWhenIdle();
});
