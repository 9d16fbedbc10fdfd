import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { User } from '@ranwal/core';
import { z } from 'zod';
import { CliError } from './errors.js';
import { currentRun } from './io.js';
import { cliText } from './lang.js';

/** Who signed in, as sign-in answers it (their units are the server's to check). */
const SignedInUser = User.omit({ agency_ids: true });
export type SignedInUser = z.infer<typeof SignedInUser>;

/** A signed-in session on one server. */
const StoredSession = z.object({
  token: z.string().min(1),
  user: SignedInUser,
  signed_in_at: z.string(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** The config file: the server used last, and a session per server signed in to. */
const StoredConfig = z.object({
  current: z.string().optional(),
  sessions: z.record(z.string(), StoredSession).default({}),
});
export type StoredConfig = z.infer<typeof StoredConfig>;

/** `$XDG_CONFIG_HOME/ranwal/config.json`, else `~/.config/ranwal/config.json`. */
export function configFilePath(env: NodeJS.ProcessEnv = currentRun().env): string {
  const base = env.XDG_CONFIG_HOME || path.join(homedir(), '.config');
  return path.join(base, 'ranwal', 'config.json');
}

export async function readConfig(file = configFilePath()): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { sessions: {} };
    const { code = '', message } = error as NodeJS.ErrnoException;
    throw new CliError(
      'failure',
      cliText().failures.cannotRead(file, cliText().failures.fileReason(code, message)),
    );
  }
  try {
    return StoredConfig.parse(JSON.parse(text));
  } catch {
    throw new CliError('failure', cliText().failures.badConfig(file));
  }
}

/**
 * Writes the config readable by its owner only (the file holds bearer tokens): the directory
 * 0700, the file 0600, replaced atomically so a crash never leaves half a file.
 */
export async function writeConfig(config: StoredConfig, file = configFilePath()): Promise<void> {
  const directory = path.dirname(file);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  await chmod(directory, 0o700);
  if (Object.keys(config.sessions).length === 0 && !config.current) {
    await rm(file, { force: true });
    return;
  }
  // Unique to the writer: two runs in one process (runRanwal) never share a temporary file.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
