import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, freshDatabase } from '../../test/harness.js';
import { tableRowCount } from '../services/hierarchy.js';
import type { DatabaseHandle } from './connect.js';
import type { Database } from './schema.js';

const counted = async (db: Kysely<Database>) => {
  const { rows } = await sql<{ count: unknown }>`select count(*) as count from supporter`.execute(
    db,
  );
  return Number(rows[0]?.count);
};

describe.each(databaseTargets)('kept row counts on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase(target);
  });
  afterAll(() => database?.close());

  it('follow multi-row inserts, deletes, a rolled-back insert and truncate exactly', async () => {
    const { db } = database;
    expect(await tableRowCount(db, 'supporter')).toBe(0);

    await sql`insert into supporter (name) select 'Dinas ' || g from generate_series(1, 25) g`.execute(
      db,
    );
    await db.insertInto('supporter').values({ name: 'Dinas Satu' }).execute();
    await db.deleteFrom('supporter').where('name', 'like', 'Dinas 1%').execute();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('supporter').values({ name: 'Dinas Batal' }).execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await tableRowCount(db, 'supporter')).toBe(await counted(db));
    expect(await counted(db)).toBe(26 - 11);

    await sql`truncate detail_program, supporter`.execute(db);
    expect(await tableRowCount(db, 'supporter')).toBe(0);
    expect(await tableRowCount(db, 'detail_program')).toBe(0);
  });
});
