import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.js';
import { loadSigningSecret } from '../src/services/secrets.js';
import { createUserService } from '../src/services/users.js';
import { databaseTargets, freshDatabase } from './harness.js';

// Two server processes started at the same moment on an empty database run these side by side.
// The reliability suite (two-processes) found the first admin made twice: one process crashed.
describe.each(databaseTargets)('first start of two processes at once on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('creates the first admin once; both starts succeed', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        createUserService(database.db).ensureFirstAdmin('admin@first.local', 'first-password-1'),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const admins = await database.db
      .selectFrom('app_user')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ email: 'admin@first.local' }]);
  });

  it('agrees on one token-signing secret', async () => {
    const secrets = await Promise.all(
      [1, 2, 3].map(() => loadSigningSecret(database.db, undefined)),
    );
    const texts = new Set(secrets.map((secret) => Buffer.from(secret).toString('hex')));
    expect(texts.size).toBe(1);
  });
});
