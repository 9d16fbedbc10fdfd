import { PasswordChangeInput, PasswordSetInput, type User } from '@ranwal/core';
import { readConfig, type SignedInUser, writeConfig } from '../../config.js';
import { type ConnectionOptions, connect } from '../../connection.js';
import { CliError, calling } from '../../errors.js';
import { cliText } from '../../lang.js';
import { askSecret, readStdin } from '../../prompts.js';
import { listUsers } from '../users/index.js';

/** The first problem of a password schema, as a usage error naming the field. */
function checked<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new CliError('usage', `${String(issue.path.at(-1) ?? 'password')}: ${issue.message}`);
}

/** A new password from a hidden prompt, asked twice. */
async function askNewPassword(flag: string): Promise<string> {
  // The prompt says what the server requires of a new password.
  const password = await askSecret(cliText().prompts.newPassword, flag);
  if ((await askSecret(cliText().prompts.repeatPassword, flag)) !== password) {
    throw new CliError('usage', cliText().failures.passwordsDiffer);
  }
  return password;
}

export interface ChangePasswordOptions extends ConnectionOptions {
  /** Two lines on standard input: the current password, then the new one. */
  passwordStdin?: boolean | undefined;
}

export interface ChangePasswordResult {
  user: SignedInUser;
  server: string;
  configFile: string;
}

/**
 * Changes the signed-in person's own password. The server ends their other sessions (the
 * portal, other machines); the new token it answers replaces the stored one.
 */
export async function changePassword(
  options: ChangePasswordOptions,
): Promise<ChangePasswordResult> {
  const { client, server, configFile } = await connect(options);
  let current: string;
  let next: string;
  if (options.passwordStdin) {
    const lines = (await readStdin()).split(/\r?\n/);
    if (lines.length !== 2) {
      throw new CliError('usage', cliText().failures.passwordStdinLines);
    }
    [current, next] = lines as [string, string];
  } else {
    current = await askSecret(cliText().prompts.currentPassword, '--password-stdin');
    next = await askNewPassword('--password-stdin');
  }
  const body = checked(
    PasswordChangeInput.safeParse({ current_password: current, new_password: next }),
  );
  const { data } = await calling(cliText().doing.changePassword, () =>
    client.user.changePassword(body),
  );
  const { token, ...user } = data;
  const config = await readConfig();
  config.sessions[server] = { token, user, signed_in_at: new Date().toISOString() };
  await writeConfig(config);
  return { user, server, configFile };
}

export const changePasswordSummary = ({ user, configFile }: ChangePasswordResult): string =>
  cliText().passwordChanged(user.name, user.email, configFile);

export interface SetPasswordOptions extends ConnectionOptions {
  /** The new password on standard input (else a hidden prompt, asked twice). */
  passwordStdin?: boolean | undefined;
}

/**
 * An admin sets another person's password (forgotten, or an account to take back): the
 * person's sessions end everywhere. `who` is an email or a user id.
 */
export async function setPassword(who: string, options: SetPasswordOptions): Promise<User> {
  const { client } = await connect(options);
  const wanted = who.trim().toLowerCase();
  const matches = (await listUsers({ ...options, search: wanted })).filter(
    (user) => user.email.toLowerCase() === wanted || user.id === wanted,
  );
  const user = matches[0];
  if (!user) throw new CliError('usage', cliText().failures.noSuchUser(who));
  const password = options.passwordStdin
    ? await readStdin()
    : await askNewPassword('--password-stdin');
  const body = checked(PasswordSetInput.safeParse({ password }));
  const { data } = await calling(cliText().doing.setPassword(user.email), () =>
    client.user.setPassword(user.id, body),
  );
  return data;
}

export const setPasswordSummary = (user: User): string =>
  cliText().passwordSet(user.name, user.email);
