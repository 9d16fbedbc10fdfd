import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/schema.js';

// Placeholder while the demo seed is being written.
export async function shouldSeedDemo(_database: DatabaseHandle, _config: Config): Promise<boolean> {
  return false;
}
export async function seedDemo(
  _db: Kysely<Database>,
): Promise<{ user: { email: string; password: string } }> {
  throw new Error('not written yet');
}
