import { createServer } from 'node:http';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { BASE_PATH, monthOfDate, todayInRegion, UPLOAD_MAX_BYTES } from '@ranwal/core';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/connect.js';
import { createAuthorize } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import {
  DEFAULT_PORTAL_DIR,
  loadPortalIndex,
  pinnedPortalDirectory,
  registerPortal,
} from './plugins/portal.js';
import {
  answerClientError,
  answerFrameworkError,
  registerRequestGuards,
} from './plugins/request-guards.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { articleRoutes } from './routes/articles.js';
import { type Handlers, openApiTransform, registerContract } from './routes/contract.js';
import { evidenceRoutes } from './routes/evidence.js';
import { hierarchyHandlers } from './routes/hierarchy.js';
import { historyRoutes, lockHandlers, stageRoutes } from './routes/history.js';
import {
  exportHandlers,
  IMPORT_BODY_LIMIT_BYTES,
  importHandlers,
  referenceHandlers,
} from './routes/import.js';
import { indicatorRoutes } from './routes/indicators.js';
import {
  cashPlanRoutes,
  fundingRoutes,
  monthlyReportRoutes,
  paguHandlers,
  planningHandlers,
  priceItemHandlers,
  realisationHandlers,
} from './routes/planning.js';
import { reportRoutes } from './routes/reports.js';
import { createSignedFiles } from './routes/signed-files.js';
import { uploadRoutes } from './routes/uploads.js';
import { healthHandlers, userHandlers } from './routes/users.js';
import { notificationHandlers, verificationHandlers } from './routes/verification.js';
import { createHierarchyService } from './services/hierarchy.js';
import { createIdempotencyService } from './services/idempotency.js';
import { createListAnswerCache } from './services/list-cache.js';
import { loadSigningSecret } from './services/secrets.js';
import { createSignInGuard } from './services/sign-in-guard.js';
import { TokenService } from './services/tokens.js';
import { createUserService } from './services/users.js';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** false silences logging (tests); `stream` sends the JSON log lines elsewhere. */
  logger?: false | { stream?: { write(line: string): void } };
  /** Today's date in the region (ISO); the clock's by default (AppContext). */
  today?: () => string;
  /** The calendar year the server takes as this one; `today`'s by default (AppContext). */
  currentYear?: () => number;
  /** What links start with, asked at each link; RANWAL_PUBLIC_URL's origin by default (AppContext). */
  linkOrigin?: () => string;
  /**
   * How long a looked-up user is remembered (5 s by default, services/users.ts). The stories'
   * sandbox remembers none: its app serves one session after another on a database emptied and
   * seeded again between them, where the same user id may be someone else.
   */
  userCacheMs?: number;
}

/** Query parameters whose values are secrets, written as `[REDACTED]` wherever a URL is logged. */
const SECRET_QUERY_PARAMS = /([?&](?:token|access_token|key|secret|password|signature)=)[^&#]*/gi;

/** A URL as it may be logged: every secret query value replaced. */
export function withoutQuerySecrets(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, '$1[REDACTED]');
}

// The API answers in Indonesian: a check core gives no message of its own ('expected number,
// received NaN' for `page=abc`) speaks Zod's Indonesian rather than its English default.
z.config(z.locales.id());

/** Builds the Ranwal API as a Fastify instance; `server.ts` only listens and closes it. */
export async function buildApp({
  config,
  database,
  logger,
  today = () => todayInRegion(),
  currentYear: thisYear = () => monthOfDate(today()).year,
  linkOrigin,
  userCacheMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens and passwords never reach the logs: not in headers or bodies, and not in a
            // URL's query (a report link's `token=` downloads that report for ten minutes).
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: withoutQuerySecrets(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
            ...(logger?.stream ? { stream: logger.stream } : {}),
          },
    bodyLimit: config.RANWAL_BODY_LIMIT_BYTES,
    // A request must arrive whole within RANWAL_REQUEST_TIMEOUT_MS (Node answers 408 through
    // answerClientError and closes), checked ten times in that span: Node's own check runs every
    // 30 s, which would let a slow body hold its connection up to that much longer.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: config.RANWAL_REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(config.RANWAL_REQUEST_TIMEOUT_MS, 60_000),
          connectionsCheckingInterval: Math.max(100, config.RANWAL_REQUEST_TIMEOUT_MS / 10),
          // Fastify's own 72 s, which it leaves out when given a server: Node's 5 s would close
          // idle connections before a proxy in front does (nginx and load balancers keep them
          // 60 s), and a call sent on a connection closing under it fails as a 502.
          keepAliveTimeout: 72_000,
        },
        handler,
      ),
    // Only the configured proxies' X-Forwarded-For (RANWAL_TRUSTED_PROXIES) names the client.
    trustProxy: config.RANWAL_TRUSTED_PROXIES,
    return503OnClosing: true,
    // Refusals before routing, and bytes Node's parser refuses, in the API's error envelope.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // The API speaks JSON (and multipart for uploads): other bodies get a clear 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestGuards(app);
  const portalDirectory = pinnedPortalDirectory(config.RANWAL_PORTAL_DIR ?? DEFAULT_PORTAL_DIR);
  const portalIndex = await loadPortalIndex(portalDirectory);
  registerErrorHandling(app, { portalIndex });

  // Security headers (helmet's, worked out once), then CORS, multipart, rate limiting, OpenAPI.
  registerSecurityHeaders(app);
  if (config.RANWAL_CORS_ORIGIN) {
    const origins = config.RANWAL_CORS_ORIGIN.split(',').map((origin) => origin.trim());
    await app.register(cors, {
      origin: origins.includes('*') ? true : origins,
      // @fastify/cors allows only the CORS-safelisted GET, HEAD and POST unless told: the API's
      // updates and deletes would fail their preflight from another origin.
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      // A client that retries a create reads whether the answer is the first one's.
      exposedHeaders: ['Idempotent-Replayed'],
      maxAge: 600,
    });
  }
  // An evidence photo comes with its sub kegiatan, month, caption and the phone's position: 8
  // short fields; a field of text is never more than a caption.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 12, fieldSize: 4096 },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ranwal API',
        version: '0.1.0',
        description:
          'Planning and activity-monitoring API. Every answer is `{status, message, data}`; lists add `filter`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
  });

  // App services.
  const configuredOrigin = config.RANWAL_PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  const db = database.db;
  const tokens = new TokenService(
    await loadSigningSecret(db, config.RANWAL_JWT_SECRET),
    Math.round(config.RANWAL_TOKEN_TTL_HOURS * 3600),
  );
  const users = createUserService(db, userCacheMs);
  const signInGuard = createSignInGuard(db, {
    perAddressAndAccount: { max: config.RANWAL_SIGN_IN_LIMIT, minutes: 1 },
    perAddress: { max: config.RANWAL_SIGN_IN_ADDRESS_LIMIT, minutes: 15 },
    perAccount: { max: config.RANWAL_SIGN_IN_ACCOUNT_LIMIT, minutes: 15 },
  });
  const context: AppContext = {
    config,
    database,
    db,
    replica: database.replica.db,
    tokens,
    users,
    signInGuard,
    hierarchy: createHierarchyService(db, database.read),
    linkOrigin: linkOrigin ?? (() => configuredOrigin),
    currentYear: thisYear,
    today,
  };

  // Routes: the whole contract of @ranwal/core, plus the file routes it links to.
  const articles = articleRoutes(context);
  const files = createSignedFiles(context);
  const reports = reportRoutes(context, files);
  const history = historyRoutes(context, reports.lines, files);
  const stages = stageRoutes(context, files);
  const cashPlan = cashPlanRoutes(context, files);
  const funding = fundingRoutes(context, files);
  const monthlyReport = monthlyReportRoutes(context, files);
  const indicator = indicatorRoutes(context, files);
  const evidence = evidenceRoutes(context, files);
  const uploads = uploadRoutes(context);
  const handlers: Handlers = {
    health: healthHandlers(context),
    user: userHandlers(context),
    ...hierarchyHandlers(context),
    budgetLine: reports.handlers,
    history: history.handlers,
    lock: lockHandlers(context),
    stage: stages.handlers,
    verification: verificationHandlers(context),
    notification: notificationHandlers(context),
    import: importHandlers(context),
    export: exportHandlers(context),
    reference: referenceHandlers(context),
    planning: planningHandlers(context),
    pagu: paguHandlers(context),
    ...funding.handlers,
    cashPlan: cashPlan.handlers,
    realisation: realisationHandlers(context),
    monthlyReport: monthlyReport.handlers,
    indicator: indicator.handlers,
    ...evidence.handlers,
    priceItem: priceItemHandlers(context),
    article: articles.handlers,
    upload: uploads.handlers,
  };
  const listCacheBytes = Math.floor(config.RANWAL_LIST_CACHE_MB * 1024 * 1024);
  registerContract(app, {
    handlers,
    authorize: createAuthorize(tokens, users),
    ...(listCacheBytes > 0
      ? {
          listCache: createListAnswerCache({
            snapshot: database.snapshot,
            maxSize: listCacheBytes,
          }),
        }
      : {}),
    allowAnonymous: Boolean(config.RANWAL_ANONYMOUS_UPLOADS),
    today,
    idempotency: createIdempotencyService(database.db),
    replica: database.replica,
    routeOptions: {
      'upload.file': {
        config: {
          rateLimit: {
            max: config.RANWAL_ANONYMOUS_UPLOAD_LIMIT,
            timeWindow: '1 hour',
            keyGenerator: (request) => request.ip,
            // Only calls without a token count: the others are an admin's (or refused).
            allowList: (request) =>
              !config.RANWAL_ANONYMOUS_UPLOADS || Boolean(request.headers.authorization),
          },
        },
      },
      'import.hierarchy': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
      // A catalogue or a pagu sheet of up to 100 000 rows fits in one call.
      'priceItem.import': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
      'pagu.import': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
      // A kabupaten year's Anggaran Kas is about 30 000 rows.
      'cashPlan.import': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
      // A kabupaten year's SP2D is about 200 000 rows.
      'realisation.import': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
      // The whole nomenclature (some 21 000 codes) fits in one call.
      'reference.import': {
        bodyLimit: Math.max(config.RANWAL_BODY_LIMIT_BYTES, IMPORT_BODY_LIMIT_BYTES),
      },
    },
  });
  for (const module of [
    articles,
    reports,
    history,
    stages,
    cashPlan,
    funding,
    monthlyReport,
    indicator,
    evidence,
    uploads,
  ]) {
    module.register?.(app);
  }

  if (portalIndex) await registerPortal(app, portalDirectory);

  app.get(`${BASE_PATH}/api/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  return app;
}
