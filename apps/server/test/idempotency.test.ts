import { messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startSecondApp, startTestApp, type TestApp } from './harness.js';

const CREATE = '/ranwal/api/detail-program/create';

/**
 * A create sent again with the same Idempotency-Key (a retry after a lost answer, a double
 * submit that got through, the same request reaching two server processes) stores one line.
 */
describe.each(databaseTargets)('Idempotency-Key on %s', (target) => {
  let t: TestApp;
  let chain: Chain;
  /** A second app on the same database with its own pool, as a second server process. */
  let other: Awaited<ReturnType<typeof startSecondApp>> | undefined;
  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Sekali');
    other = await startSecondApp(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const linesNamed = async (name: string) => {
    const { rows } = await sql<{ id: string }>`
      select id from detail_program where component_name = ${name}`.execute(t.database.db);
    return rows.map((row) => row.id);
  };
  const send = (key: string, body: unknown, app = t.app, token = t.userToken) =>
    app.inject({
      method: 'POST',
      url: CREATE,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: body as object,
    });

  it('answers a repeat with the first answer and stores one line', async () => {
    const body = budgetLineInput(chain, { component_name: 'Ulang' });
    const first = await send('kunci-1', body);
    const again = await send('kunci-1', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await linesNamed('Ulang')).toEqual([first.json().data.id]);
  });

  it('stores one line when ten requests with one key arrive together at two processes', async () => {
    const body = budgetLineInput(chain, { component_name: 'Serentak' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send('kunci-serentak', body, index % 2 === 0 ? t.app : other!.app),
      ),
    );
    const ids = new Set(answers.map((answer) => answer.json().data?.id));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(ids.size).toBe(1);
    expect(await linesNamed('Serentak')).toEqual([...ids]);
  });

  it('refuses a key sent again with another request', async () => {
    await send('kunci-2', budgetLineInput(chain, { component_name: 'Pertama' }));
    const other = await send('kunci-2', budgetLineInput(chain, { component_name: 'Kedua' }));
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(messagesId.server.idempotencyKeyReused);
    expect(await linesNamed('Kedua')).toEqual([]);
  });

  it('frees the key of a refused request, so the corrected retry is stored', async () => {
    const wrong = await send(
      'kunci-3',
      budgetLineInput(chain, { component_name: 'Koreksi', account_id: chain.program_id }),
    );
    expect(wrong.statusCode).toBe(400);
    const right = await send('kunci-3', budgetLineInput(chain, { component_name: 'Koreksi' }));
    expect(right.statusCode, right.body).toBe(201);
    expect(await linesNamed('Koreksi')).toHaveLength(1);
  });

  it("keeps each user's keys apart, and refuses a malformed key", async () => {
    const body = budgetLineInput(chain, { component_name: 'Milik masing-masing' });
    const mine = await send('kunci-4', body);
    const theirs = await send('kunci-4', body, t.app, t.adminToken);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    const malformed = await send('kunci dengan spasi', body);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(messagesId.server.idempotencyKeyInvalid);
  });
});
