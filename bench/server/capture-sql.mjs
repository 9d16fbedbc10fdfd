// Preloaded into the server (`node --import ./bench/server/capture-sql.mjs …`): appends every
// distinct SQL text the server sends through `pg` to $RANWAL_BENCH_SQL_LOG, one JSON string a
// line, so the bench can check that the bare handler runs exactly the server's SQL.
import { appendFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.RANWAL_BENCH_SQL_LOG;
if (file) {
  const seen = new Set();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string' && !seen.has(text)) {
      seen.add(text);
      appendFileSync(file, `${JSON.stringify(text)}\n`);
    }
    return query.call(this, config, ...rest);
  };
}
