import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Another running process holds the PGlite data directory. */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

/** The locks this process holds: its pid in a lock it does not hold is from an earlier life. */
const held = new Set<string>();

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = async (lockPath: string): Promise<number | null> => {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

/** The running process that holds `dataDir`'s lock, or null when none does. */
export async function dataDirHolder(dataDir: string): Promise<number | null> {
  const holder = await holderOf(`${path.resolve(dataDir)}.lock`);
  return holder !== null && isRunning(holder) ? holder : null;
}

/**
 * Claims a PGlite data directory for this process and answers the release. PGlite is one
 * process's database: two servers on one directory each keep their own copy in memory, see only
 * their own writes, and write pages over each other's. The claim is `<directory>.lock`, beside
 * it, holding the process id; a lock whose process is gone (kill -9, a crash, a reboot) is taken
 * over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  const inUse = (holder: number) =>
    new DataDirInUseError(
      `The data directory ${dataDir} is in use by another Ranwal server (process ${holder}): stop it, or give this one another RANWAL_DATA_DIR. If no such server runs, delete ${lockPath}.`,
    );
  if (held.has(lockPath)) throw inUse(process.pid);
  const mine = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        // link() fails if the lock exists, and the lock appears with its content: never empty.
        await link(mine, lockPath);
        held.add(lockPath);
        return async () => {
          if (!held.delete(lockPath)) return;
          if ((await holderOf(lockPath)) === process.pid) await unlink(lockPath).catch(() => {});
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await holderOf(lockPath);
      // Our own pid is a lock left by an earlier life (a container restarted with its volume).
      if (holder !== null && holder !== process.pid && isRunning(holder)) throw inUse(holder);
      await unlink(lockPath).catch(() => {});
    }
    throw new DataDirInUseError(`Could not lock the data directory ${dataDir} (${lockPath})`);
  } finally {
    await unlink(mine).catch(() => {});
  }
}
