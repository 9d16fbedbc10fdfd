import { isDeepStrictEqual } from 'node:util';
import {
  type Access,
  BASE_PATH,
  envelope,
  type ListFilter,
  listEnvelope,
  listRoutes,
  messagesId,
  type RouteDefinition,
  type Routes,
  todayInRegion,
  type User,
} from '@ranwal/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { changeActors } from '../db/change-actor.js';
import type { ReplicaReads } from '../db/read-replica.js';
import { type IdempotencyService, idempotencyKeyOf } from '../services/idempotency.js';
import type { ListAnswerCache } from '../services/list-cache.js';

export type AuthUser = User;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: validated params/query/body and the caller. */
export interface RequestContext<R extends RouteDefinition> {
  params: Output<R['params']>;
  query: Output<R['query']>;
  body: Output<R['body']>;
  /**
   * Present whenever the route is not public; on public routes, when a valid token was sent;
   * on routes open to anonymous callers by the server's setting, when a token was sent.
   */
  user: R['access'] extends 'public'
    ? AuthUser | null
    : R extends { anonymousOptIn: true }
      ? AuthUser | null
      : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a handler returns; the registrar wraps it in the `{status, message, data}` envelope. */
export type HandlerResult<R extends RouteDefinition> = R extends { list: true }
  ? { data: z.input<R['data']>[]; filter: ListFilter; message?: string }
  : { data: z.input<R['data']>; message?: string };

export type RouteHandler<R extends RouteDefinition> = (
  context: RequestContext<R>,
) => Promise<HandlerResult<R>>;

/** Every route of the contract must have a handler: a missing one is a type error. */
export type Handlers = {
  [G in keyof Routes]: {
    [N in keyof Routes[G]]: RouteHandler<Extract<Routes[G][N], RouteDefinition>>;
  };
};

/**
 * Any route's handler as the registrar calls it, looked up by group and name at run time. Declared
 * as a method so its parameter is checked both ways (method bivariance): every `RouteHandler<R>` is
 * one, which is what lets the typed `Handlers` table be read by string keys without a cast.
 */
type AnyRouteHandler = {
  call(context: RequestContext<RouteDefinition>): Promise<HandlerResult<RouteDefinition>>;
}['call'];

const LAG_TOLERANT = Symbol('lag-tolerant');

/**
 * Marks a GET handler whose reads may lag the primary a moment (a dashboard, a comparison, the
 * history): the registrar runs it as the caller's lag-tolerant reads, which services built on
 * `database.replica.db` then read from the read replica when it may answer them
 * (db/read-replica.ts). Unmarked, that database is the primary.
 */
export function lagTolerant<H extends (context: never) => Promise<unknown>>(handler: H): H {
  return Object.assign(handler, { [LAG_TOLERANT]: true });
}

const isLagTolerant = (handler: object): boolean => LAG_TOLERANT in handler;

export type Authorize = (request: FastifyRequest, access: Access) => Promise<AuthUser | null>;

export interface ContractOptions {
  handlers: Handlers;
  authorize: Authorize;
  /** Extra Fastify route options per `group.name` (e.g. a rate limit on sign-in). */
  routeOptions?: Partial<Record<string, Partial<RouteOptions>>>;
  /**
   * Check every answer against its zod schema. On by default except when NODE_ENV is
   * production: tests and development prove the handlers' answers, production only writes them.
   */
  checkResponses?: boolean;
  /**
   * Keeps list answers (already serialized) until the database changes: see
   * services/list-cache.ts. Lists only: they read and never write, and their answer is a function
   * of the query, the caller and the data.
   */
  listCache?: ListAnswerCache;
  /** The region's date (ISO) the app takes as today: part of a cached read's key (below). */
  today?: () => string;
  /**
   * Routes declared `anonymousOptIn` take calls that carry no Authorization header at all, with
   * no caller (RANWAL_ANONYMOUS_UPLOADS). A call with a token is checked as usual.
   */
  allowAnonymous?: boolean;
  /** Creates (POST answering 201) sent with an Idempotency-Key happen once per key and user. */
  idempotency?: IdempotencyService;
  /**
   * Where `lagTolerant` handlers read, and what every writing call by a person marks (so their
   * own lag-tolerant reads see it, on whichever process they land).
   */
  replica?: ReplicaReads;
}

/**
 * Writes a route's success answer. Outside production the answer must parse with the route's
 * zod schema and already be exactly its parsed form (no undeclared or coerced field), which is
 * what lets production skip the parse and write it with plain JSON.stringify: zod's parse costs
 * as much again as the stringify on a 100-row page.
 */
function responseSerializer(schema: z.ZodType, check: boolean, method: string, url: string) {
  if (!check) return (data: unknown) => JSON.stringify(data);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    if (!isDeepStrictEqual(data, result.data)) {
      throw new Error(`${method} ${url} answered fields or values outside its schema`);
    }
    return JSON.stringify(result.data);
  };
}

const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The OpenAPI transform: zod schemas as JSON Schema, and for uploads (multipart, read by the
 * handler, so never validated as a body) the one file field the document would otherwise omit.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes(MULTIPART)) return output;
  const body = {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary' } },
  };
  return { ...output, schema: { ...output.schema, body } };
};

/**
 * An empty query parameter means the parameter was not given: forms send every field
 * (`?page=1&search=&uuid=` while 'Semua Program' is chosen), and an empty filter filters nothing.
 */
async function dropEmptyQueryValues(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const key of Object.keys(query)) if (query[key] === '') delete query[key];
}

/** Registers every route declared in @ranwal/core, with its schemas, access rule and handler. */
export function registerContract(app: FastifyInstance, options: ContractOptions): void {
  // The caller is settled in onRequest, before the body is read or validated, so an
  // unauthorized request gets 401/403 whatever its body looks like.
  const callers = new WeakMap<FastifyRequest, AuthUser | null>();
  const checkResponses = options.checkResponses ?? process.env.NODE_ENV !== 'production';
  const handlers: Partial<Record<string, Partial<Record<string, AnyRouteHandler>>>> =
    options.handlers;
  for (const { group, name, route } of listRoutes()) {
    const handler = handlers[group]?.[name];
    if (!handler) throw new Error(`No handler for route ${group}.${name}`);
    const lagging = route.method === 'GET' && isLagTolerant(handler) ? options.replica : undefined;
    const status = route.successStatus ?? 200;
    const responseSchema = route.list ? listEnvelope(route.data) : envelope(route.data);

    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const url = `${BASE_PATH}${path}`;
      const serialize = responseSerializer(responseSchema, checkResponses, route.method, url);
      const cachedList =
        (route.list || route.cached) && route.method === 'GET' ? options.listCache : undefined;
      const creates = route.method === 'POST' && status === 201;
      app.route({
        ...options.routeOptions?.[`${group}.${name}`],
        method: route.method,
        url,
        serializerCompiler: () => serialize,
        schema: {
          summary: route.summary,
          tags: [group],
          ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
          ...(route.params ? { params: route.params } : {}),
          ...(route.query ? { querystring: route.query } : {}),
          ...(route.body ? { body: route.body } : {}),
          ...(route.upload ? { consumes: [MULTIPART] } : {}),
          response: { [status]: responseSchema },
        },
        onRequest: async (request) => {
          const anonymous =
            route.anonymousOptIn && options.allowAnonymous && !request.headers.authorization;
          callers.set(request, anonymous ? null : await options.authorize(request, route.access));
        },
        ...(route.query ? { preValidation: dropEmptyQueryValues } : {}),
        handler: async (request, reply) => {
          const user = callers.get(request) ?? null;
          const respond = async () => {
            const result = await handler({
              params: request.params as never,
              query: request.query as never,
              body: request.body as never,
              user: user as never,
              request,
              reply,
            });
            return { status, message: result.message ?? messagesId.server.ok, ...result };
          };
          // A call that may write says who is writing, for the history (db/change-actor.ts), and
          // leaves the person's mark for their lag-tolerant reads (whatever it answered: a
          // refusal may follow a committed step).
          const written = async () => {
            try {
              return await changeActors.run({ id: user?.id ?? null, address: request.ip }, respond);
            } finally {
              if (user) await options.replica?.wrote(user.id);
            }
          };
          const answer = route.method === 'GET' ? respond : written;
          reply.code(status);
          const onceKey = creates
            ? idempotencyKeyOf(request.headers['idempotency-key'])
            : undefined;
          if (onceKey && user && options.idempotency) {
            const route = `${group}.${name}`;
            const kept = await options.idempotency.once(
              user.id,
              onceKey,
              // An upload's body is read by its handler: its key alone makes it the same request.
              { route, body: request.body ?? null },
              answer,
            );
            if (kept.replayed) reply.header('idempotent-replayed', 'true');
            return kept.answer;
          }
          if (!cachedList) return lagging ? lagging.run(user?.id ?? null, answer) : answer();
          // The same answer for the same call (aliases included) by the same caller in the same
          // scope (their units: a change reaches a process's cached person up to 5 s later).
          // A cached read may say what is late by the region's day: a new day is a new answer.
          const key = `${group}.${name}\u0000${user ? `${user.id}:${user.role}:${user.agency_ids.join(',')}` : ''}\u0000${JSON.stringify(request.query)}${route.cached ? `\u0000${(options.today ?? todayInRegion)()}` : ''}`;
          // Bytes with their type set are sent as they are (Fastify skips the serializer).
          reply.type(JSON_TYPE);
          const compute = async () => serialize(await answer());
          // Read where the call reads, and kept under that server's snapshot.
          if (lagging) {
            return lagging.run(user?.id ?? null, () =>
              cachedList.answer(key, compute, lagging.snapshot),
            );
          }
          return cachedList.answer(key, compute);
        },
      });
    }
  }
}
