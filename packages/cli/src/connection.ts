import { ApiError, BASE_PATH, createClient, type RanwalClient } from '@ranwal/core';
import { configFilePath, readConfig, type StoredSession } from './config.js';
import { CliError, networkReason } from './errors.js';
import { closeAgents, nodeFetch, type UploadListener } from './http.js';
import { currentRun } from './io.js';
import { cliText } from './lang.js';

export type { UploadListener } from './http.js';

/** Where the server is when neither a flag, RANWAL_SERVER nor a past login says. */
export const DEFAULT_SERVER = 'http://localhost:8080';

/** What every command that talks to the server accepts. */
export interface ConnectionOptions {
  /** Server origin; else RANWAL_SERVER, else the server of the last login. */
  server?: string | undefined;
}

export interface Connection {
  server: string;
  client: RanwalClient;
  session: StoredSession;
  configFile: string;
}

/** Closes idle keep-alive connections so the process can end at once. */
export async function closeConnections(): Promise<void> {
  closeAgents();
}

/**
 * `http://host:8080/ranwal/` and `host:8080` both mean `http://host:8080`: the client adds the
 * base path itself.
 */
export function normalizeServer(input: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `http://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError('usage', cliText().failures.notServerUrl(input, DEFAULT_SERVER));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError('usage', cliText().failures.notHttpUrl(input));
  }
  const pathname = url.pathname.replace(/\/+$/, '').replace(new RegExp(`${BASE_PATH}$`), '');
  return `${url.origin}${pathname}`;
}

/** The server a command talks to: the flag, RANWAL_SERVER, or the last login's. */
export async function resolveServer(options: ConnectionOptions): Promise<string | undefined> {
  const chosen = options.server ?? currentRun().env.RANWAL_SERVER;
  if (chosen) return normalizeServer(chosen);
  return (await readConfig()).current;
}

/** Failures before a connection is made: the server is not there (or not at this address). */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * A failed fetch as the reason a person reads, naming the server: unreachable (refused, no such
 * host, no answer) or a connection that failed once made (dropped midway, say).
 */
function networkFailure(server: string, error: unknown): Error {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const detail = code ?? (typeof cause?.message === 'string' ? cause.message : String(error));
  return new Error(
    code !== undefined && CONNECT_FAILURES.has(code)
      ? cliText().failures.unreachable(server, detail)
      : cliText().failures.connectionFailed(server, detail),
    { cause: error },
  );
}

export function clientFor(server: string, token?: string, onUpload?: UploadListener): RanwalClient {
  return createClient({
    baseUrl: server,
    getToken: () => token,
    fetch: async (input, init) => {
      try {
        return await nodeFetch(input as string, init, onUpload);
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        throw networkFailure(server, error);
      }
    },
  });
}

/**
 * Throws the network failure when the server cannot be reached at all, so a mistyped address
 * reads as that rather than as "not signed in" to it.
 */
async function assertReachable(server: string): Promise<void> {
  try {
    await clientFor(server).health.get();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') {
      throw new CliError('network', networkReason(error), { cause: error });
    }
    // It answered (if not as a healthy Ranwal would): being signed in is what is missing.
  }
}

/**
 * A client signed in to the chosen server, from the session `ranwal login` stored; `onUpload`
 * follows the request bodies as they go out.
 */
export async function connect(
  options: ConnectionOptions,
  onUpload?: UploadListener,
): Promise<Connection> {
  const server = await resolveServer(options);
  if (!server) {
    throw new CliError('auth', cliText().noServer);
  }
  const config = await readConfig();
  const session = config.sessions[server];
  if (!session) {
    await assertReachable(server);
    throw new CliError('auth', cliText().noSession(server));
  }
  return {
    server,
    client: clientFor(server, session.token, onUpload),
    session,
    configFile: configFilePath(),
  };
}
