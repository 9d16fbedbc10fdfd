import type { z } from 'zod';
import {
  ApiError,
  AppError,
  type ErrorCode,
  errorStatuses,
  errorStatusTexts,
  httpError,
} from '../errors.js';
import { messagesId } from '../messages/index.js';
import { MoneyError, moneyErrorAnswer } from '../money.js';
import { fieldIssuesOf, issuesRefusal } from '../refusals.js';
import { BASE_PATH, type RouteDefinition, type Routes, roleMayCall, routes } from '../routes.js';
import { envelope, listEnvelope, type User } from '../schemas.js';

/*
 * The route table served by functions instead of a server: a `fetch` for `createClient` that
 * reads each request as the server's contract layer does (the route by method and path, the
 * caller by bearer token, access, then parameters, query and body checked with the route's
 * schemas) and hands it to a handler. What a stand-in API needs besides its rules, so that a
 * stand-in (an embedding agency's demo, say) is only its rules, and the real client does the
 * rest as it does against the server.
 */

/**
 * One call, checked against its route's schemas: what a handler answers for. `Body` and `Query`
 * are how the stand-in reads them (each handler reads only what its route's schema has).
 */
export interface RouteCall<Body = unknown, Query = unknown> {
  params: { id?: string; slug?: string };
  query: Query;
  body: Body;
  file: Blob | undefined;
  /** Signed in, except on public routes, where it may be null. */
  caller: User;
}
/** A handler's answer: the envelope's data, and a message and list filter where they apply. */
export interface RouteAnswer {
  message?: string;
  data: unknown;
  filter?: unknown;
}
export type RouteHandler<Body = unknown, Query = unknown> = (
  call: RouteCall<Body, Query>,
) => RouteAnswer;
/** `group.name` of every route, e.g. `program.list`. */
export type RouteName = {
  [G in keyof Routes]: `${G}.${keyof Routes[G] & string}`;
}[keyof Routes];

type Parsed<R, K extends string> = R extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
/** A handler for each route, by group and name, reading the body and query its schemas give. */
export type RouteHandlers = {
  [G in keyof Routes]?: {
    [N in keyof Routes[G]]?: RouteHandler<
      Parsed<Routes[G][N], 'body'>,
      Parsed<Routes[G][N], 'query'>
    >;
  };
};

/** The handlers and callers of a stand-in, and what it stages (`latencyMs`, `failOn`). */
export interface RouteTableFetchOptions extends Omit<FaultyFetchOptions, 'next'> {
  /** Handlers by group and name; a route without one answers 404. */
  handlers: RouteHandlers;
  /** The user a bearer token stands for, or null when it stands for none. */
  callerOf(token: string): User | null;
  /** Bytes at URLs this stand-in handed out (uploads, report files). */
  files?: ReadonlyMap<string, Blob>;
}

const server = messagesId.server;
const compiled = Object.entries(routes).flatMap(([group, members]) =>
  Object.entries(members as Record<string, RouteDefinition>).map(([name, route]) => ({
    name: `${group}.${name}` as RouteName,
    route,
    pattern: new RegExp(`^${BASE_PATH}${route.path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
  })),
);

/** The response the server sends for an error: its JSON body, or only the status line. */
export function errorResponse(error: ApiError): Response {
  const code: ErrorCode = error.code ?? 'internal';
  const status = error.status || errorStatuses[code];
  const init = { status, statusText: error.statusText || errorStatusTexts[code] };
  if (error.kind === 'invalid_response')
    return Response.json({ unexpected: true }, { status: 200 });
  if (!error.serverMessage) return new Response(null, init);
  const issues = error.issues ? { issues: error.issues } : {};
  return Response.json({ status, message: error.serverMessage, data: null, code, ...issues }, init);
}

function check(schema: RouteDefinition['body'], value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw issuesRefusal(fieldIssuesOf(result.error, where));
}

/** Waits `ms`, or rejects with the signal's reason (as fetch does) when it aborts. */
function delay(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * What a story or a test stages of the network before an API answers: a delay before each answer
 * (so loading states show) and calls that fail on purpose, named by their route.
 */
export interface FaultyFetchOptions {
  /** Where a call goes when it is not failed on purpose (a stand-in, a sandboxed server). */
  next(request: Request): Promise<Response>;
  /** Milliseconds before each answer; an abort cuts it short. */
  latencyMs?: number;
  /**
   * Calls that fail on purpose (read per call): with this error status and message (see
   * `httpError`), or as a network failure. `fetchFile` stands for every request that is not an
   * API route (files, uploads, report links).
   */
  failOn?: Partial<Record<RouteName | 'fetchFile', ApiError | 'network'>>;
}

/** A `fetch` that delays every call and fails the ones `failOn` names, then asks `next`. */
export function faultyFetch(options: FaultyFetchOptions): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    try {
      await delay(options.latencyMs ?? 0, request.signal);
      const failure = options.failOn?.[routeOf(request)?.name ?? 'fetchFile'];
      if (failure === 'network') throw new TypeError('Failed to fetch');
      if (failure) throw failure;
    } catch (failure) {
      // An ApiError is an answer (an error status); anything else fails the fetch itself.
      if (failure instanceof ApiError) return errorResponse(failure);
      throw failure;
    }
    return options.next(request);
  };
}

/** The route a request is for, with its path parameters. */
function routeOf(request: Request) {
  const { pathname } = new URL(request.url);
  for (const entry of compiled) {
    const found = entry.route.method === request.method && entry.pattern.exec(pathname);
    if (found) return { ...entry, params: { ...found.groups } };
  }
  return undefined;
}

/**
 * A `fetch` that answers the Ranwal API's requests with `handlers`. What `before` throws is
 * thrown by fetch (a network failure, an abort); everything else is an HTTP answer.
 */
export function routeTableFetch(options: RouteTableFetchOptions): typeof fetch {
  const handlerOf = (name: RouteName) => {
    const [group, member] = name.split('.') as [keyof Routes, string];
    const handlers = options.handlers[group] as Record<string, RouteHandler> | undefined;
    return handlers?.[member];
  };
  async function answer(request: Request, match: ReturnType<typeof routeOf>): Promise<Response> {
    const handler = match && handlerOf(match.name);
    if (!match || !handler) throw httpError('not_found', server.notFound(request.url));
    const { route } = match;
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    const caller = token ? options.callerOf(token) : null;
    if (route.access !== 'public' && !caller) throw httpError('unauthorized', server.tokenInvalid);
    if (caller && !roleMayCall(route.access, caller.role)) {
      throw httpError('forbidden', server.forbidden);
    }
    const form = route.upload ? await request.formData() : undefined;
    const text = route.body ? await request.text() : '';
    const upload = form?.get('file');
    const result = handler({
      params: check(route.params, match.params, 'params') ?? {},
      query: check(route.query, Object.fromEntries(new URL(request.url).searchParams), 'query'),
      body: check(route.body, text ? JSON.parse(text) : {}, 'body'),
      file: upload instanceof Blob ? upload : undefined,
      caller: caller as User,
    });
    const status = route.successStatus ?? 200;
    const body = { status, message: server.ok, ...result };
    const schema = route.list ? listEnvelope(route.data) : envelope(route.data);
    // An answer the contract does not allow is the stand-in's own bug: a 500 that says so.
    const checked = schema.safeParse(body);
    if (!checked.success) throw new Error(`${match.name} answered ${checked.error.message}`);
    return Response.json(body, { status });
  }

  const next = async (request: Request): Promise<Response> => {
    const file = options.files?.get(request.url);
    if (file) return new Response(file, { headers: { 'content-type': file.type } });
    const match = routeOf(request);
    try {
      return await answer(request, match);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      if (error instanceof AppError) {
        return errorResponse(httpError(error.code, error.message, error.issues));
      }
      if (error instanceof MoneyError) {
        const { message, issues } = moneyErrorAnswer(error);
        return errorResponse(httpError('validation', message, issues));
      }
      return errorResponse(httpError('internal', String(error)));
    }
  };
  return faultyFetch({ ...options, next });
}
