import type { z } from 'zod';
import { ApiError, isErrorCode } from './errors.js';
import { BASE_PATH, buildPath, type RouteDefinition, type Routes, routes } from './routes.js';
import { ErrorBody, envelope, type ListFilter, listEnvelope } from './schemas.js';

export interface ApiResult<T> {
  status: number;
  message: string;
  data: T;
}
export interface ListResult<T> extends ApiResult<T[]> {
  filter: ListFilter;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key` on a create: the server stores one record per key, however often
   * the request arrives (a retry, a double submit that got through). One key per thing meant.
   */
  idempotencyKey?: string;
}

type ParamArgs<R> = R extends { params: z.ZodObject } ? [param: string] : [];
type BodyArgs<R> = R extends { upload: true; fields: infer F extends z.ZodType }
  ? [file: Blob, fields: z.input<F>, filename?: string]
  : R extends { upload: true }
    ? [file: Blob, filename?: string]
    : R extends { body: infer B extends z.ZodType }
      ? [body: z.input<B>]
      : [];
type QueryArgs<R> = R extends { query: infer Q extends z.ZodType } ? [query?: z.input<Q>] : [];
type ResultOf<R> = R extends { list: true; data: infer D extends z.ZodType }
  ? ListResult<z.output<D>>
  : R extends { data: infer D extends z.ZodType }
    ? ApiResult<z.output<D>>
    : never;

/** One method per route: path parameter first, then the body (or file), then the query. */
export type RouteMethod<R> = (
  ...args: [...ParamArgs<R>, ...BodyArgs<R>, ...QueryArgs<R>, options?: CallOptions]
) => Promise<ResultOf<R>>;

export type RanwalClient = {
  [G in keyof Routes]: { [N in keyof Routes[G]]: RouteMethod<Routes[G][N]> };
} & {
  /** Fetch a file the API linked to (a signed report link or an uploaded image). */
  fetchFile(path: string, options?: CallOptions): Promise<Response>;
};

export interface ClientOptions {
  /** Origin of the server, e.g. `http://localhost:8080`; `''` for same-origin in a browser. */
  baseUrl: string;
  /** The bearer token to send, if any. */
  getToken?: () => string | null | undefined;
  /** Called once for every 401 answer, before the error is thrown. */
  onUnauthorized?: (error: ApiError) => void;
  /** Defaults to the global fetch (browsers, Node 18+). */
  fetch?: typeof fetch;
}

/** A typed client for the Ranwal API; works unchanged in browsers, Node and the CLI. */
export function createClient(options: ClientOptions): RanwalClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    const token = options.getToken?.();
    return {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    };
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch (cause) {
      const reason = describeNetworkFailure(cause);
      throw new ApiError({ kind: 'network', message: `Network error: ${reason}`, cause });
    }
  }

  async function failure(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    let parsed: ReturnType<typeof ErrorBody.partial>['_zod']['output'] = {};
    try {
      const result = ErrorBody.partial().safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
    } catch {
      // Not JSON (a proxy's HTML page, say): keep the HTTP status line only.
    }
    const serverMessage = parsed.message || undefined;
    const error = new ApiError({
      kind: 'http',
      status: response.status,
      statusText: response.statusText,
      message: serverMessage ?? `${response.status} ${response.statusText}`.trim(),
      ...(serverMessage ? { serverMessage } : {}),
      ...(isErrorCode(parsed.code) ? { code: parsed.code } : {}),
      ...(parsed.issues ? { issues: parsed.issues } : {}),
    });
    if (response.status === 401) options.onUnauthorized?.(error);
    return error;
  }

  async function call(
    route: RouteDefinition,
    request: {
      param?: string;
      body?: unknown;
      file?: Blob;
      fields?: Record<string, unknown>;
      filename?: string;
      query?: object;
    },
    callOptions: CallOptions = {},
  ): Promise<unknown> {
    const paramName = route.params ? Object.keys(route.params.shape)[0] : undefined;
    const path = buildPath(
      route.path,
      paramName && request.param !== undefined ? { [paramName]: request.param } : {},
    );
    const url = `${baseUrl}${BASE_PATH}${path}${queryString(request.query)}`;
    const once = callOptions.idempotencyKey
      ? { 'idempotency-key': callOptions.idempotencyKey }
      : undefined;
    const init: RequestInit = { method: route.method, headers: headers(once) };
    if (callOptions.signal) init.signal = callOptions.signal;
    if (route.upload && request.file) {
      const form = new FormData();
      // Fields first: a server reading the stream knows them when the file arrives.
      for (const [name, value] of Object.entries(request.fields ?? {})) {
        if (value !== undefined && value !== null) form.append(name, String(value));
      }
      form.append('file', request.file, request.filename ?? fileNameOf(request.file));
      init.body = form;
    } else if (route.body) {
      init.headers = headers({ 'content-type': 'application/json', ...once });
      init.body = JSON.stringify(request.body ?? {});
    }

    const response = await send(url, init);
    if (!response.ok) throw await failure(response);

    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      throw invalidResponse(response, 'the body is not JSON', cause);
    }
    const schema = route.list ? listEnvelope(route.data) : envelope(route.data);
    const result = schema.safeParse(json);
    if (!result.success) throw invalidResponse(response, result.error.message, result.error);
    return result.data;
  }

  function bind(route: RouteDefinition) {
    return (...args: unknown[]) => {
      let next = 0;
      const request: Parameters<typeof call>[1] = {};
      if (route.params) request.param = args[next++] as string;
      if (route.upload) {
        request.file = args[next++] as Blob;
        if (route.fields) request.fields = args[next++] as Record<string, unknown> | undefined;
        request.filename = args[next++] as string | undefined;
      } else if (route.body) {
        request.body = args[next++];
      }
      if (route.query) request.query = args[next++] as object | undefined;
      return call(route, request, args[next] as CallOptions | undefined);
    };
  }

  const client: Record<string, unknown> = Object.fromEntries(
    Object.entries(routes).map(([group, members]) => [
      group,
      Object.fromEntries(
        Object.entries(members as Record<string, RouteDefinition>).map(([name, route]) => [
          name,
          bind(route),
        ]),
      ),
    ]),
  );

  /** Whether a URL is the API's own origin: only there does the bearer token go. */
  function isApiOrigin(url: string): boolean {
    const api = baseUrl || globalThis.location?.origin;
    if (!api) return !/^[a-z][a-z0-9+.-]*:/i.test(url);
    try {
      return new URL(url, api).origin === new URL(api).origin;
    } catch {
      return false;
    }
  }

  client.fetchFile = async (path: string, callOptions: CallOptions = {}) => {
    const url = /^https?:\/\//i.test(path) ? path : `${baseUrl}${path}`;
    // A link the server answered may point elsewhere (a misconfigured host, a forged Host
    // header): the file is fetched, but the session's token never leaves the API's origin.
    const init: RequestInit = {
      headers: isApiOrigin(url) ? headers({ accept: '*/*' }) : { accept: '*/*' },
    };
    if (callOptions.signal) init.signal = callOptions.signal;
    const response = await send(url, init);
    if (!response.ok) throw await failure(response);
    return response;
  };

  return client as RanwalClient;
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** fetch's own message is vague ("fetch failed"); the underlying code says what happened. */
function describeNetworkFailure(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as Error & { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail = typeof inner?.code === 'string' ? inner.code : inner?.message;
  return typeof detail === 'string' && detail ? `${cause.message} (${detail})` : cause.message;
}

function fileNameOf(file: Blob): string {
  return 'name' in file && typeof file.name === 'string' ? file.name : 'upload';
}

function invalidResponse(response: Response, reason: string, cause: unknown): ApiError {
  return new ApiError({
    kind: 'invalid_response',
    status: response.status,
    statusText: response.statusText,
    message: `Unexpected answer from the server: ${reason}`,
    cause,
  });
}
