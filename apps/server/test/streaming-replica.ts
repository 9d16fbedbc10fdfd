import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup): PG_BINDIR, else the newest
 * under Debian's /usr/lib/postgresql/<version>/bin. A machine that runs PostgreSQL has them.
 */
function serverPrograms(): string {
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
      'The read replica tests start a PostgreSQL primary and its streaming replica, and found no ' +
        "initdb/pg_ctl/pg_basebackup: install PostgreSQL's server package or set PG_BINDIR.",
    );
  }
  return found;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface StreamingReplica {
  /** A database `name` on the primary, and the same on the replica. */
  primaryUrl(name?: string): string;
  replicaUrl(name?: string): string;
  /** Stops replaying WAL on the replica (it keeps receiving): its answers stay as they are. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A small PostgreSQL primary of its own and a streaming replica of it (pg_basebackup -R), on free
 * ports in a temporary directory, removed by `close`. Its own primary, not the machine's: a base
 * backup copies a whole cluster (the machine's holds every other run's databases) and a fresh
 * one copies in about a second; and its own configuration allows replication without touching
 * the machine's. As the `postgres` OS user when run as root, since PostgreSQL refuses root.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const bin = serverPrograms();
  const asRoot = process.getuid?.() === 0;
  const program = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  const dir = await mkdtemp(path.join(tmpdir(), 'ranwal-replica-'));
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const serverOptions = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const start = (dataDir: string, port: number) =>
    program('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      serverOptions(port),
      '-l',
      `${dataDir}.log`,
      '-w',
      'start',
    ]);
  const stop = (dataDir: string) =>
    program('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);

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

  const url = (port: number, name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const query = async <R extends pg.QueryResultRow>(port: number, text: string) => {
    const client = new pg.Client({ connectionString: url(port) });
    await client.connect();
    try {
      return (await client.query<R>(text)).rows;
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
      const [primary] = await query<{ lsn: string }>(
        primaryPort,
        'select pg_current_wal_insert_lsn()::text as lsn',
      );
      const lsn = primary!.lsn;
      for (let tries = 0; ; tries++) {
        const [replayed] = await query<{ done: boolean }>(
          replicaPort,
          `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
        );
        if (replayed?.done) return;
        if (tries > 300) throw new Error(`the replica has not replayed ${lsn} in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stopReplica: () => stop(replicaDir).then(() => undefined),
    startReplica: () => start(replicaDir, replicaPort).then(() => undefined),
    close: async () => {
      await stop(replicaDir);
      await stop(primaryDir);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The uid and gid of the `postgres` OS user. */
async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: group } = await run('id', ['-g', 'postgres']);
  return [Number(stdout.trim()), Number(group.trim())];
}
