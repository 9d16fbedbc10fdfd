import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { pgliteExtensions } from './pglite-extensions.js';

/*
 * A migrated database to start each test's fresh database from, made once per schema instead of
 * once per test: migrating a new PGlite took 2–4 s of CPU on an idle 2-core machine and 8–18 s
 * beside a full run, for each of the hundred-odd fresh databases of `npm test`. Loading a dump of
 * one takes a fraction of a second; PostgreSQL copies a template database in about as little.
 *
 * Keyed by the migrations' source and PGlite's version, so a changed migration makes a new one;
 * kept between runs (the PGlite dump in the temporary directory, the PostgreSQL template as a
 * database `ranwal_template_<key>`, safe to drop at any time when no test run is going). Used by
 * the tests and by the stories' sandbox (src/sandbox), both run from a checkout: the key reads
 * the migrations' source files (`src/db/migrations`), found from here or from the built dist.
 */

/** The server's `src/db`, from this file in src/db or from the bundle in dist/. */
const DB_SOURCE = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [here, path.join(here, '../src/db')]) {
    if (existsSync(path.join(candidate, 'migrations'))) return candidate;
  }
  return null;
})();

/**
 * What the migrated schema depends on: every migration's source, the runner, PGlite's version;
 * null without the sources (a server installed without them keeps nothing).
 */
export const schemaKey: string | null = (() => {
  if (!DB_SOURCE) return null;
  const hash = createHash('sha256');
  const migrations = path.join(DB_SOURCE, 'migrations');
  for (const name of readdirSync(migrations).sort()) {
    hash.update(name).update(readFileSync(path.join(migrations, name)));
  }
  hash.update(readFileSync(path.join(DB_SOURCE, 'migrate.ts')));
  // PGlite's package does not export its package.json: read it beside its entry.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let folder = path.dirname(entry);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  hash.update(readFileSync(path.join(folder, 'package.json')));
  return hash.digest('hex').slice(0, 16);
})();

let pgliteDump: Promise<Blob> | null = null;

/** The data directory of a freshly migrated PGlite, for `PGlite.create(…, { loadDataDir })`. */
export function migratedPgliteDump(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = schemaKey ? path.join(os.tmpdir(), `ranwal-migrated-${schemaKey}.tar`) : null;
    const kept = file ? await readFile(file).catch(() => null) : null;
    if (kept) return new Blob([kept]);
    const pglite = await PGlite.create('memory://', { extensions: pgliteExtensions });
    await migrateToLatest(pgliteDatabase(pglite, 'migrated template').db);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    if (!file) return dump;
    // Written aside and renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file).catch(() => rm(partial, { force: true }));
    return dump;
  })();
  return pgliteDump;
}

/** Serialises the making of a template between the processes of a run (one per database). */
const TEMPLATE_LOCK = 0x72616e77;
const templates = new Map<string, Promise<string>>();

/**
 * The name of a migrated template database on the server of `baseUrl`, made if missing: under an
 * advisory lock, migrated under a temporary name and renamed when whole, so a run that stops
 * midway never leaves a half-migrated template behind.
 */
export function migratedPostgresTemplate(baseUrl: string): Promise<string> {
  const known = templates.get(baseUrl);
  if (known) return known;
  const made = (async () => {
    // Without the sources to key it, a template of this process alone.
    const name = `ranwal_template_${schemaKey ?? `p${process.pid}`}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount === 0) {
        const partial = `${name}_partial`;
        await admin.query(`drop database if exists ${partial} with (force)`);
        await admin.query(`create database ${partial}`);
        const url = new URL(baseUrl);
        url.pathname = `/${partial}`;
        const database = await openDatabase({ url: url.toString(), poolSize: 1 });
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${partial} rename to ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  templates.set(baseUrl, made);
  made.catch(() => templates.delete(baseUrl));
  return made;
}
