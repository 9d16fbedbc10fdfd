import { AsyncLocalStorage } from 'node:async_hooks';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  AppError,
  messagesId,
  PDF_CONTENT_TYPE,
  type ReportFormat,
  type User,
  XLSX_CONTENT_TYPE,
} from '@ranwal/core';
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { SESSION_VERSION_CLAIM, sessionVersionOf } from '../plugins/auth.js';
import { cutOffWhenStalled } from '../plugins/request-guards.js';
import type { TokenPurpose } from '../services/tokens.js';

const server = messagesId.server;

/** How long a signed file link stays valid. */
export const LINK_TTL_SECONDS = 10 * 60;

/** What a file link is for: each kind of file signs its own, so one never opens another. */
export type LinkPurpose = Exclude<TokenPurpose, 'session'>;

export interface FileWriteOptions {
  /** Aborted when the client leaves while the file is made. */
  signal: AbortSignal;
  /** On PGlite (one database session) reads stay short, so others' calls are not held. */
  shortStatements: boolean;
}

/** The media type of a file in each format the printouts come in. */
export const CONTENT_TYPES: Readonly<Record<ReportFormat, string>> = {
  xlsx: XLSX_CONTENT_TYPE,
  pdf: PDF_CONTENT_TYPE,
};

/** A file a verified link makes: its name and type, and what writes it. */
export interface SignedFile {
  fileName: string;
  contentType: string;
  /**
   * Laid out on the server's thread (the RKA PDF): a person has RANWAL_PDF_RENDERS_PER_USER of
   * these being made at once at most.
   */
  heavy?: boolean;
  write(output: Writable, options: FileWriteOptions): Promise<void>;
}

/** What a link may carry: an object, as a token's claims are. */
type ClaimsSchema = z.ZodType<Record<string, unknown>>;

/**
 * A kind of signed file: the raw route that serves it and what its links carry. Declared once
 * (`signedFile`) and handed to both `link` and `register`, so a link is always for its own
 * route and carries what that route reads.
 */
export interface SignedFileRoute<Claims extends ClaimsSchema> {
  /** The full path, `/ranwal/api/...`; the link's `?token=` authorizes it. */
  path: string;
  purpose: LinkPurpose;
  /** What the link carries; a link whose claims do not parse is refused. */
  claims: Claims;
  /** The file for the signer as they are now (their role may have changed); throws to refuse. */
  open(claims: z.output<Claims>, signer: User): SignedFile | Promise<SignedFile>;
}

/** Declares a kind of signed file (its claims' type inferred from their schema). */
export const signedFile = <Claims extends ClaimsSchema>(
  route: SignedFileRoute<Claims>,
): SignedFileRoute<Claims> => route;

export const tokenInvalid = () => new AppError('unauthorized', server.tokenInvalid);

/**
 * Signed, expiring download links and the routes behind them (the report, the stage comparison,
 * the history): the browser opens a link itself, so its token stands in for the bearer token.
 * Each file is written to a temporary file first and sent from there, so no database session
 * ever waits on a client however slowly it reads; a person has RANWAL_EXPORTS_PER_USER
 * downloads in progress at most, over all kinds, and RANWAL_PDF_RENDERS_PER_USER heavy files
 * (PDFs) being made. Each limit refuses (429), it does not queue: a queue would hold the
 * person's connection and their next click would add to it. (@fastify/rate-limit counts
 * requests in a time window, not work in progress, so it does not fit here.)
 */
export function createSignedFiles(context: AppContext) {
  const exports = slotsPerPerson(context.config.RANWAL_EXPORTS_PER_USER, server.exportsBusy);
  const renders = slotsPerPerson(context.config.RANWAL_PDF_RENDERS_PER_USER, server.pdfRendersBusy);
  // Heavy files are laid out a few at a time over the server (RANWAL_PDF_RENDERS), the rest
  // wait their turn: on one thread, four at once finish no sooner than one after another, and
  // every other call would wait for each of their turns in between.
  const heavyTurns = pLimit(context.config.RANWAL_PDF_RENDERS);

  /** The signer of a link and its claims; a link ends with its signer's sessions (a password change). */
  async function verify<Claims extends ClaimsSchema>(
    route: SignedFileRoute<Claims>,
    token: unknown,
  ): Promise<{ claims: z.output<Claims>; signer: User }> {
    const verified =
      typeof token === 'string' ? await context.tokens.verify(token, route.purpose) : null;
    const claims = route.claims.safeParse(verified?.claims);
    const signer = verified
      ? await context.users.findActive(verified.subject, sessionVersionOf(verified.claims))
      : null;
    if (!verified || !claims.success || !signer) throw tokenInvalid();
    return { claims: claims.data, signer };
  }

  return {
    /** A link to `route`'s file for `user`, carrying `claims`, valid for LINK_TTL_SECONDS. */
    async link<Claims extends ClaimsSchema>(
      route: SignedFileRoute<Claims>,
      user: Pick<User, 'id'>,
      claims: z.output<Claims>,
    ): Promise<string> {
      const token = await context.tokens.sign(
        user.id,
        route.purpose,
        { ...claims, [SESSION_VERSION_CLAIM]: await context.users.sessionVersion(user.id) },
        LINK_TTL_SECONDS,
      );
      return `${context.linkOrigin()}${route.path}?token=${encodeURIComponent(token)}`;
    },

    register<Claims extends ClaimsSchema>(
      app: FastifyInstance,
      route: SignedFileRoute<Claims>,
    ): void {
      app.get(route.path, { schema: { hide: true } }, async (request, reply) => {
        const { claims, signer } = await verify(
          route,
          (request.query as { token?: unknown }).token,
        );
        // A file is a lag-tolerant read: from the read replica when it has the signer's writes
        // (db/read-replica.ts).
        return context.database.replica.run(signer.id, async () => {
          const made = await route.open(claims, signer);
          const release = exports.take(signer.id);
          let releaseRender: () => void;
          try {
            releaseRender = made.heavy ? renders.take(signer.id) : () => undefined;
          } catch (error) {
            release();
            throw error;
          }
          const directory = await mkdtemp(
            path.join(context.config.RANWAL_TEMP_DIR ?? tmpdir(), 'ranwal-report-'),
          ).catch((error) => {
            releaseRender();
            release();
            throw error;
          });
          const cleanUp = () => {
            releaseRender();
            release();
            void rm(directory, { recursive: true, force: true });
          };
          try {
            const file = path.join(directory, made.fileName);
            // A client that leaves while the file is made stops the work.
            const left = new AbortController();
            const onLeave = () => left.abort();
            reply.raw.once('close', onLeave);
            const output = createWriteStream(file);
            // Bound to this call's reads: a file that waits its turn is run by another's call.
            const write = AsyncLocalStorage.bind(() =>
              made.write(output, {
                signal: left.signal,
                shortStatements: context.database.kind === 'pglite',
              }),
            );
            // One that waited its turn is not made once its client has left.
            if (made.heavy) await heavyTurns(() => (left.signal.aborted ? undefined : write()));
            else await write();
            reply.raw.off('close', onLeave);
            // Made: what is left is sending, which takes no turns from others.
            releaseRender();
            if (left.signal.aborted) {
              output.destroy();
              cleanUp();
              reply.hijack();
              reply.raw.destroy();
              return reply;
            }
            await finished(output);
            const { size } = await stat(file);
            const body = createReadStream(file);
            body.once('close', cleanUp);
            reply.raw.once('close', () => {
              body.destroy();
              cleanUp();
            });
            cutOffWhenStalled(reply, context.config.RANWAL_SEND_TIMEOUT_MS);
            return reply
              .type(made.contentType)
              .header('content-length', size)
              .header('content-disposition', `attachment; filename="${made.fileName}"`)
              .header('cache-control', 'no-store')
              .send(body);
          } catch (error) {
            cleanUp();
            throw error;
          }
        });
      });
    },
  };
}

export type SignedFiles = ReturnType<typeof createSignedFiles>;

/**
 * Up to `limit` things in progress per person: `take` answers the release (idempotent), or
 * refuses with 429 and `busy(limit)`.
 */
function slotsPerPerson(limit: number, busy: (limit: number) => string) {
  const held = new Map<string, number>();
  return {
    take(person: string): () => void {
      const count = held.get(person) ?? 0;
      if (count >= limit) throw new AppError('rate_limited', busy(limit));
      held.set(person, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(person) ?? 1) - 1;
        if (left > 0) held.set(person, left);
        else held.delete(person);
      };
    },
  };
}

/** An admin's file: refused once its signer is no longer an admin. */
export function assertAdmin(signer: User): void {
  if (signer.role !== 'admin') throw tokenInvalid();
}
