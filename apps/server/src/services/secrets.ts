import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const SIGNING_SECRET_KEY = 'token_signing_secret';

/**
 * The token-signing secret: from RANWAL_JWT_SECRET, else generated once and kept in the
 * database, so a restart or a second process accepts the same tokens.
 */
export async function loadSigningSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  // Insert-if-absent then read: two processes starting together agree on one secret.
  await db
    .insertInto('app_setting')
    .values({ key: SIGNING_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', SIGNING_SECRET_KEY)
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
