import type { FieldIssue } from './schemas.js';

/**
 * The closed set of error codes the API answers with, and their HTTP statuses.
 * The server maps every failure through this table; the client and CLI read `code` back.
 */
export const errorStatuses = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
  storage_full: 507,
} as const;
export type ErrorCode = keyof typeof errorStatuses;

/** The reason phrase of each code's status, as an HTTP status line carries it. */
export const errorStatusTexts: Record<ErrorCode, string> = {
  validation: 'Bad Request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not Found',
  request_timeout: 'Request Timeout',
  conflict: 'Conflict',
  payload_too_large: 'Payload Too Large',
  uri_too_long: 'URI Too Long',
  unsupported_media_type: 'Unsupported Media Type',
  rate_limited: 'Too Many Requests',
  headers_too_large: 'Request Header Fields Too Large',
  internal: 'Internal Server Error',
  unavailable: 'Service Unavailable',
  storage_full: 'Insufficient Storage',
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatuses, value);

/** The error code that belongs to an HTTP status the server did not label itself. */
export function errorCodeForStatus(status: number): ErrorCode {
  const match = Object.entries(errorStatuses).find(([, s]) => s === status);
  if (match) return match[0] as ErrorCode;
  return status >= 500 ? 'internal' : 'validation';
}

/** A failure with a code from the table above; thrown by the server's services. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  /** Seconds until a refused request may succeed (a 429's or 503's `Retry-After`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    issues?: FieldIssue[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return errorStatuses[this.code];
  }
}

/**
 * What a call through the API client can fail with.
 * - `http`: the server answered with an error status (`status`, `statusText`, server `message`).
 * - `network`: no answer at all (offline, refused, aborted); `status` is 0.
 * - `invalid_response`: an answer that does not match the contract.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly statusText: string;
  readonly code: ErrorCode | undefined;
  readonly issues: FieldIssue[] | undefined;
  /** The server's own message when it sent one (spec section 8 prefers it to the default). */
  readonly serverMessage: string | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    statusText?: string;
    code?: ErrorCode;
    issues?: FieldIssue[];
    serverMessage?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.statusText = init.statusText ?? '';
    this.code = init.code;
    this.issues = init.issues;
    this.serverMessage = init.serverMessage;
  }

  get isNetworkError(): boolean {
    return this.kind === 'network';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The ApiError the client throws for an HTTP error answer with this code: with the server's
 * message when given, else only the status line (as for a proxy's HTML error page). For
 * stand-ins and tests that answer as the server would.
 */
export function httpError(
  code: ErrorCode,
  serverMessage?: string,
  issues?: FieldIssue[],
): ApiError {
  const status = errorStatuses[code];
  const statusText = errorStatusTexts[code];
  return new ApiError({
    kind: 'http',
    status,
    statusText,
    code,
    message: serverMessage ?? `${status} ${statusText}`,
    ...(serverMessage ? { serverMessage } : {}),
    ...(issues ? { issues } : {}),
  });
}
