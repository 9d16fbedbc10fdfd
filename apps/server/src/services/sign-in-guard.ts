import { AppError, messagesId } from '@ranwal/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

const server = messagesId.server;

/** At most `max` attempts under one key in a window of `minutes`. */
export interface AttemptLimit {
  max: number;
  minutes: number;
}

export interface SignInLimits {
  /** One address guessing one account's password. */
  perAddressAndAccount: AttemptLimit;
  /** One address trying many accounts (a list of emails and a common password). */
  perAddress: AttemptLimit;
  /** Many addresses guessing one account's password. */
  perAccount: AttemptLimit;
}

/** How often, at most, one process clears the counters of windows that have ended. */
const SWEEP_EVERY_MS = 60_000;
/** Keys this process remembers as refused, at most; past it the oldest are forgotten first. */
const REMEMBERED_REFUSALS = 10_000;

/**
 * Sign-in attempts counted in the database, so the limits hold across every server process on
 * it. An attempt is counted before its password is verified, in one statement for its three keys
 * (atomic, so a burst of parallel guesses cannot all slip under a limit), and refused with 429
 * without verifying when any key is over its limit: a flood costs a row update per request, not
 * an Argon2 hash. A sign-in that succeeds takes its own count back, so only failures add up and
 * people behind one office address do not use up each other's attempts.
 */
export function createSignInGuard(db: Kysely<Database>, limits: SignInLimits) {
  let lastSweep = 0;
  // Keys found over their limit, and until when: a flood's further guesses are refused here
  // without a database round trip (each process learns it from one refusal of its own).
  const refusedUntil = new Map<string, number>();

  const keysOf = (address: string, email: string) => {
    const account = email.trim().toLowerCase();
    // Sorted, so that concurrent statements lock shared rows in one order and never deadlock.
    return [
      { key: `account:${account}`, limit: limits.perAccount },
      { key: `address:${address}`, limit: limits.perAddress },
      { key: `pair:${address}|${account}`, limit: limits.perAddressAndAccount },
    ];
  };

  const limited = (seconds: number) =>
    new AppError(
      'rate_limited',
      server.signInLimited(Math.max(1, Math.ceil(seconds / 60))),
      undefined,
      {
        retryAfterSeconds: seconds,
      },
    );

  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.deleteFrom('sign_in_attempt').where('window_ends', '<', sql<Date>`now()`).execute();
  }

  return {
    /**
     * Counts an attempt from `address` for `email`; throws a 429 naming the minutes left when any
     * of its limits is past. Answers the function that takes the count back after a success.
     */
    async admit(address: string, email: string): Promise<() => Promise<void>> {
      const keys = keysOf(address, email);
      const now = Date.now();
      const known = Math.max(0, ...keys.map(({ key }) => (refusedUntil.get(key) ?? 0) - now));
      if (known > 0) throw limited(Math.ceil(known / 1000));
      await sweep();
      const counted = await db
        .insertInto('sign_in_attempt')
        .values(
          keys.map(({ key, limit }) => ({
            key,
            attempts: 1,
            window_ends: sql<Date>`now() + make_interval(mins => ${limit.minutes})`,
          })),
        )
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`case when sign_in_attempt.window_ends <= now() then 1 else sign_in_attempt.attempts + 1 end`,
            window_ends: sql<Date>`case when sign_in_attempt.window_ends <= now() then excluded.window_ends else sign_in_attempt.window_ends end`,
          }),
        )
        .returning([
          'key',
          'attempts',
          sql<number>`ceil(extract(epoch from window_ends - now()))`.as('seconds_left'),
        ])
        .execute();
      let waitSeconds = 0;
      for (const row of counted) {
        const { limit } = keys.find(({ key }) => key === row.key)!;
        if (row.attempts <= limit.max) continue;
        const seconds = Number(row.seconds_left);
        waitSeconds = Math.max(waitSeconds, seconds);
        if (refusedUntil.size >= REMEMBERED_REFUSALS) {
          refusedUntil.delete(refusedUntil.keys().next().value!);
        }
        refusedUntil.set(row.key, Date.now() + seconds * 1000);
      }
      if (waitSeconds > 0) throw limited(waitSeconds);
      return async () => {
        await db
          .updateTable('sign_in_attempt')
          .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
          .where(
            'key',
            'in',
            keys.map(({ key }) => key),
          )
          .execute();
      };
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
