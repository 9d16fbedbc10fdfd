import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, messagesId } from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

const server = messagesId.server;
/** How long a key is remembered. */
const KEPT_FOR = '1 day';
/** How long a repeat waits for the first request with its key to finish. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** The header's key, or undefined when none was sent; a 400 for a malformed one. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_SHAPE.test(key)) throw new AppError('validation', server.idempotencyKeyInvalid);
  return key;
}

/**
 * Creates that happen once per Idempotency-Key and user, across every server process on the
 * database: the first request with a key claims it (a row, unique by user and key) and stores
 * its answer; a repeat gets that answer again, waiting while the first still runs. A key sent
 * with a different request is refused. A failed first request frees its key for a retry.
 */
export function createIdempotencyService(db: Kysely<Database>) {
  const claim = async (userId: string, key: string, route: string, fingerprint: string) => {
    const inserted = await db
      .insertInto('idempotent_request')
      .values({ user_id: userId, key, route, fingerprint, answer: null })
      .onConflict((oc) => oc.doNothing())
      .returning('key')
      .executeTakeFirst();
    return inserted !== undefined;
  };

  return {
    /**
     * Runs `produce` once for (user, key): answers `{ answer, replayed }`. `request` is what
     * makes two requests the same (route and body).
     */
    async once<T>(
      userId: string,
      key: string,
      request: { route: string; body: unknown },
      produce: () => Promise<T>,
    ): Promise<{ answer: T; replayed: boolean }> {
      const fingerprint = createHash('sha256').update(JSON.stringify(request.body)).digest('hex');
      await db
        .deleteFrom('idempotent_request')
        .where('created_at', '<', sql<Date>`now() - ${KEPT_FOR}::interval`)
        .execute();
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(userId, key, request.route, fingerprint)) {
          try {
            const answer = await produce();
            await db
              .updateTable('idempotent_request')
              .set({ answer: JSON.stringify(answer) })
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .execute();
            return { answer, replayed: false };
          } catch (error) {
            await db
              .deleteFrom('idempotent_request')
              .where('user_id', '=', userId)
              .where('key', '=', key)
              .execute();
            throw error;
          }
        }
        const kept = await db
          .selectFrom('idempotent_request')
          .select(['route', 'fingerprint', 'answer'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        // Gone: the first request failed and freed the key; claim it again.
        if (!kept) continue;
        if (kept.route !== request.route || kept.fingerprint !== fingerprint) {
          throw new AppError('conflict', server.idempotencyKeyReused);
        }
        if (kept.answer !== null) return { answer: kept.answer as T, replayed: true };
        if (Date.now() > deadline) throw new AppError('conflict', server.idempotencyInProgress);
        await sleep(POLL_MS);
      }
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
