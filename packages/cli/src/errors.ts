import { ApiError } from '@ranwal/core';
import { cliText } from './lang.js';

/**
 * What a command can fail with, and the exit code each kind gives. Commands throw these; only
 * the entry point turns them into an exit code and one line on stderr.
 */
export const exitCodes = {
  /** The server refused or failed, or something unexpected happened. */
  failure: 1,
  /** A flag, argument or file the command cannot use. */
  usage: 2,
  /** Rows that cannot be imported as written (bad rows, conflicts with stored records). */
  invalid_data: 3,
  /** Not signed in, session expired, or not allowed (admin only). */
  auth: 4,
  /** The server could not be reached, or the connection was lost. */
  network: 5,
  /** Ctrl-C. */
  interrupted: 130,
} as const;
export type FailureKind = keyof typeof exitCodes;

export class CliError extends Error {
  override readonly name = 'CliError';
  readonly kind: FailureKind;
  /**
   * What the command had done when it failed (an import's report of bad rows, say): printed
   * like a result before the one-line reason.
   */
  readonly report: unknown;

  constructor(
    kind: FailureKind,
    message: string,
    options: { report?: unknown; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.report = options.report;
  }

  get exitCode(): number {
    return exitCodes[this.kind];
  }
}

/** Why a call got no answer: the CLI's fetch names the server and how (see `clientFor`). */
export const networkReason = (error: ApiError): string =>
  error.cause instanceof Error ? error.cause.message : error.message;

/** A failed API call as a CliError: the kind from the HTTP status, the server's own message. */
export function fromApiError(error: ApiError, doing: string): CliError {
  if (error.kind === 'network') {
    return new CliError('network', `${doing}: ${networkReason(error)}`, { cause: error });
  }
  if (error.status === 401) {
    return new CliError('auth', cliText().notSignedIn(doing, error.message), { cause: error });
  }
  if (error.status === 403) {
    return new CliError('auth', cliText().notAllowed(doing, error.message), { cause: error });
  }
  return new CliError('failure', `${doing}: ${error.message}`, { cause: error });
}

/** Any thrown value as a CliError (the entry point's last step). */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof ApiError) return fromApiError(error, cliText().requestFailed);
  if (error instanceof Error && error.name === 'ExitPromptError') {
    return new CliError('interrupted', cliText().interrupted);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError('failure', message, { cause: error });
}

/** Runs an API call, turning its failure into a CliError that says what was being done. */
export async function calling<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof ApiError ? fromApiError(error, doing) : error;
  }
}
