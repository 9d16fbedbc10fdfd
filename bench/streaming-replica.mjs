// A PostgreSQL primary and its streaming replica on this machine, for the read replica's tests
// (apps/server/test/read-replica.test.ts) and bench (bench/server/replica.mjs).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './local.mjs';

const run = promisify(execFile);

/**
 * PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup): PG_BINDIR, else the newest
 * under Debian's /usr/lib/postgresql/<version>/bin. A machine that runs PostgreSQL has them.
 */
function serverPrograms() {
  const given = process.env.PG_BINDIR;
  const candidates = given
    ? [given]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'pg_basebackup')));
  if (!found) {
    throw new Error(
      'A primary and its streaming replica need PostgreSQL server programs (initdb, pg_ctl, ' +
        "pg_basebackup) and none were found: install PostgreSQL's server package or set PG_BINDIR.",
    );
  }
  return found;
}

/** The uid and gid of the `postgres` OS user. */
async function postgresIds() {
  const { stdout: user } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return [Number(user.trim()), Number(group.trim())];
}

/**
 * A small PostgreSQL primary of its own and a streaming replica of it (pg_basebackup -R), on free
 * ports in a temporary directory, removed by `close`. Its own primary, not the machine's: a base
 * backup copies a whole cluster (the machine's holds every other run's databases; 865 MB on
 * 2026-11-30) while a fresh one copies in about a second, and its own pg_hba.conf allows
 * replication without touching the machine's configuration. Run as the `postgres` OS user when
 * run as root, since PostgreSQL refuses root.
 */
export async function startStreamingReplica() {
  const bin = serverPrograms();
  const asRoot = process.getuid?.() === 0;
  const program = (name, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  const dir = await mkdtemp(path.join(tmpdir(), 'ranwal-replica-'));
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const start = (dataDir, port) =>
    program('pg_ctl', [
      ...['-D', dataDir, '-l', `${dataDir}.log`, '-w'],
      ...['-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`],
      'start',
    ]);
  const stop = (dataDir) =>
    program('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).then(
      () => undefined,
      () => undefined,
    );

  try {
    // initdb's own pg_hba.conf trusts local and 127.0.0.1 connections, replication included.
    await program('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    await start(primaryDir, primaryPort);
    await program('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    await start(replicaDir, replicaPort);
  } catch (error) {
    await stop(replicaDir);
    await stop(primaryDir);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const url = (port, name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const query = async (port, text) => {
    const client = new pg.Client({ connectionString: url(port) });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  return {
    primaryUrl: (name) => url(primaryPort, name),
    replicaUrl: (name) => url(replicaPort, name),
    pauseReplay: async () => {
      await query(replicaPort, 'select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await query(replicaPort, 'select pg_wal_replay_resume()');
    },
    caughtUp: async () => {
      const [{ lsn }] = await query(primaryPort, 'select pg_current_wal_insert_lsn()::text as lsn');
      for (let tries = 0; ; tries++) {
        const [{ done }] = await query(
          replicaPort,
          `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
        );
        if (done) return;
        if (tries > 300) throw new Error(`the replica has not replayed ${lsn} in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stopReplica: () => stop(replicaDir),
    startReplica: () => start(replicaDir, replicaPort).then(() => undefined),
    close: async () => {
      await stop(replicaDir);
      await stop(primaryDir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
