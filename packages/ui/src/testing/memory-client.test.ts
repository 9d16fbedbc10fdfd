import { contractScenarios, scenarioTag } from '@ranwal/core/contract';
import { describe, expect, it } from 'vitest';
import {
  createMemoryClient,
  demoSeed,
  emptySeed,
  type MemorySeed,
  unitsSeed,
} from './memory-client.js';

/**
 * Core's contract scenarios against the in-memory client, as apps/server/test/
 * contract-scenarios.test.ts runs them against the server: a story cannot show behaviour the
 * server does not have. One store, three callers: an admin, a user, and a visitor.
 */
describe('the contract scenarios on the in-memory client', () => {
  const user = demoSeed.users.find((candidate) => candidate.role === 'user')!;
  const seed: MemorySeed = { ...emptySeed, users: [...emptySeed.users, user] };
  const admin = createMemoryClient({ seed });
  const callers = {
    admin,
    user: createMemoryClient({ sharedWith: admin, currentUser: user }),
    visitor: createMemoryClient({ sharedWith: admin, currentUser: null }),
    withToken: (token: string) => createMemoryClient({ sharedWith: admin, token }),
  };

  it.each(contractScenarios.map((scenario, index) => [scenario.name, index] as const))(
    '%s',
    async (_, index) => {
      const checks = await contractScenarios[index]!.run(callers, scenarioTag(index));
      for (const { what, actual, expected } of checks) expect(actual, what).toMatchObject(expected);
    },
  );
});

/** Perangkat Daerah on the in-memory client, as the server keeps them (lines reach them through programmes). */
describe('units on the in-memory client', () => {
  it("programmes belong to a unit or to none; lines read and filter by their programme's unit", async () => {
    const client = createMemoryClient({ seed: unitsSeed });
    const [bappeda, dinas] = (await client.unit.list()).data;
    expect(bappeda).toMatchObject({ name: 'BADAN PERENCANAAN PEMBANGUNAN DAERAH' });
    const inBappeda = (await client.program.list({ uuid: bappeda!.id })).data;
    expect(inBappeda.length).toBeGreaterThan(0);
    expect(inBappeda.every((program) => program.unit_name === bappeda!.name)).toBe(true);

    const created = (await client.program.create({ name: 'PROGRAM BARU', unit_id: dinas!.id }))
      .data;
    expect(created).toMatchObject({ unit_id: dinas!.id, unit_name: dinas!.name });
    // Left out of an update, the unit stays; null takes the programme out of it.
    const renamed = await client.program.update(created.id, { name: 'PROGRAM LAMA' });
    expect(renamed.data).toMatchObject({ name: 'PROGRAM LAMA', unit_id: dinas!.id });
    const none = await client.program.update(created.id, { name: 'PROGRAM LAMA', unit_id: null });
    expect(none.data).toMatchObject({ unit_id: null, unit_name: null });

    const lines = (await client.budgetLine.list({ limit: 100 })).data;
    const filtered = (await client.budgetLine.list({ limit: 100, unit_id: bappeda!.id })).data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(lines.filter((line) => line.unit_id === bappeda!.id));
    expect(filtered.every((line) => line.unit_name === bappeda!.name)).toBe(true);
    // A unit with programmes cannot go; one without can.
    await expect(client.unit.delete(bappeda!.id)).rejects.toMatchObject({ status: 409 });
    await client.unit.delete(dinas!.id);
    expect((await client.unit.list()).data).toHaveLength(1);
  });
});
