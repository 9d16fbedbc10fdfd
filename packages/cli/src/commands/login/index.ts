import { ApiError, SignInInput } from '@ranwal/core';
import { configFilePath, readConfig, type SignedInUser, writeConfig } from '../../config.js';
import {
  type ConnectionOptions,
  clientFor,
  DEFAULT_SERVER,
  normalizeServer,
  resolveServer,
} from '../../connection.js';
import { CliError, fromApiError } from '../../errors.js';
import { currentRun } from '../../io.js';
import { cliText } from '../../lang.js';
import { askSecret, askText, canPrompt } from '../../prompts.js';

export interface LoginOptions extends ConnectionOptions {
  email?: string | undefined;
  /** Else RANWAL_PASSWORD, else a hidden prompt. */
  password?: string | undefined;
}

export interface LoginResult {
  server: string;
  user: SignedInUser;
  configFile: string;
}

/** Signs in and stores the token (file mode 0600) for the commands that follow. */
export async function login(options: LoginOptions): Promise<LoginResult> {
  const server =
    (await resolveServer(options)) ??
    (canPrompt()
      ? normalizeServer(
          await askText(cliText().prompts.server, '--server', { default: DEFAULT_SERVER }),
        )
      : DEFAULT_SERVER);
  const email = options.email ?? (await askText(cliText().prompts.email, '--email'));
  const password =
    options.password ??
    currentRun().env.RANWAL_PASSWORD ??
    (await askSecret(cliText().prompts.password, 'RANWAL_PASSWORD'));
  const credentials = SignInInput.safeParse({ email, password });
  if (!credentials.success) {
    throw new CliError('usage', cliText().failures.notEmail(email));
  }

  const { data } = await clientFor(server)
    .user.signIn(credentials.data)
    .catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      // A 401 here is the server refusing these credentials, not a session gone stale.
      if (error.status === 401) {
        throw new CliError('auth', cliText().failures.signInRefused(server, error.message), {
          cause: error,
        });
      }
      throw fromApiError(error, cliText().doing.signIn);
    });
  const { token, ...user } = data;
  const config = await readConfig();
  config.sessions[server] = { token, user, signed_in_at: new Date().toISOString() };
  config.current = server;
  await writeConfig(config);
  return { server, user, configFile: configFilePath() };
}

export const loginSummary = ({ server, user, configFile }: LoginResult): string =>
  cliText().signedIn(server, user.name, user.email, user.role, configFile);
