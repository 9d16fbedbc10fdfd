import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { parseTar } from 'nanotar';
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

/** How the kept PGlite dump is made: part of its key, so a change makes a new one. */
const DUMP_FORMAT = 'checkpointed, without template0 and template1';

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
  hash.update(DUMP_FORMAT);
  return hash.digest('hex').slice(0, 16);
})();

/** A file or folder of the migrated data directory, its path from the directory's root. */
interface DataDirEntry {
  path: string;
  /** The file's bytes; none for a folder. */
  data: Uint8Array | null;
}

let migratedFiles: Promise<DataDirEntry[]> | null = null;

/** Where PGlite keeps its data directory in its own file system. */
const PGDATA = '/pglite/data';

/**
 * The data directory of a freshly migrated PGlite, read once per process: from the kept dump
 * (made by the first process that needed it) or migrated here and kept. Checkpointed, so a copy
 * starts without replaying the migrations' WAL, and without the template databases (PGlite never
 * creates a database from them): 28 MB where it was 44.
 */
function migratedDataDir(): Promise<DataDirEntry[]> {
  migratedFiles ??= (async () => {
    const file = schemaKey ? path.join(os.tmpdir(), `ranwal-migrated-${schemaKey}.tar`) : null;
    let dump = file ? await readFile(file).catch(() => null) : null;
    if (!dump) {
      const pglite = await PGlite.create('memory://', { extensions: pgliteExtensions });
      await migrateToLatest(pgliteDatabase(pglite, 'migrated template').db);
      for (const template of ['template0', 'template1']) {
        await pglite.exec(
          `update pg_database set datistemplate = false where datname = '${template}'`,
        );
        await pglite.exec(`drop database ${template}`);
      }
      await pglite.exec('checkpoint');
      dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      await pglite.close();
      if (file) {
        // Written aside and renamed: a process reading it never sees half a file.
        const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
        await writeFile(partial, dump);
        await rename(partial, file).catch(() => rm(partial, { force: true }));
      }
    }
    // nanotar reads the whole ArrayBuffer: a Buffer may be a view into a larger one.
    const bytes = dump.buffer.slice(dump.byteOffset, dump.byteOffset + dump.byteLength);
    return parseTar(bytes).map((item) => ({
      path: `/${item.name.replace(/^\/+|\/+$/g, '')}`,
      data: item.type === 'directory' ? null : (item.data ?? new Uint8Array(0)),
    }));
  })();
  return migratedFiles;
}

/**
 * PGlite's in-memory file system, started holding a copy of the migrated data directory. PGlite's
 * own `loadDataDir` unpacks a tar on every start (its headers parsed, every folder of every path
 * looked up again, each file copied twice): 0.56–0.62 s of CPU per copy on a quiet two-core
 * machine, where writing the files read once takes 0.32–0.40 s (docs/performance.md).
 */
class MigratedCopyFs extends MemoryFS {
  constructor(private readonly entries: DataDirEntry[]) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const fs = this.pg!.Module.FS;
    if (!fs.analyzePath(PGDATA).exists) fs.mkdirTree(PGDATA, 0o700);
    // Folders come before what they hold, as the dump wrote them.
    for (const { path: relative, data } of this.entries) {
      if (relative === '/') continue;
      const target = PGDATA + relative;
      if (!data) {
        if (!fs.analyzePath(target).exists) fs.mkdir(target, 0o700);
      } else {
        // A copy of its own: PostgreSQL writes to the file, and the next copy starts from the dump.
        fs.writeFile(target, data.slice(), { mode: 0o600, canOwn: true });
      }
    }
  }
}

/**
 * A new in-memory PGlite holding a copy of the migrated database (tests, the stories' sandbox).
 * With 16 MB of shared buffers, not PostgreSQL's 128 MB: PGlite sets its shared memory up inside
 * WebAssembly on every start, half the CPU of opening a copy (1 s of 2 on a loaded two-core
 * machine), and a copy holds a test's few rows. The server's own database keeps the default.
 */
export async function openMigratedPglite(): Promise<PGlite> {
  return PGlite.create({
    fs: new MigratedCopyFs(await migratedDataDir()),
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
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
