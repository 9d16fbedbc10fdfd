import { contractScenarios, scenarioTag } from '@ranwal/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agenciesSeed,
  createSandboxClient,
  demoSeed,
  emptySeed,
  type SeedTables,
  useSandboxTransport,
} from './sandbox-client.js';

// The server's sandbox host in this process (built by `npm test`), as the stories' dev server runs it.
const hostModule = new URL('../../../../apps/server/dist/sandbox.js', import.meta.url).href;
let host: { handle(request: Request): Promise<Response>; close(): Promise<void> };
beforeAll(async () => {
  const { createSandboxHost } = await import(/* @vite-ignore */ hostModule);
  host = createSandboxHost();
  useSandboxTransport({
    origin: 'http://sandbox.test',
    fetch: (input, init) => host.handle(new Request(input, init)),
  });
}, 60_000);
afterAll(() => host?.close());

/**
 * Core's contract scenarios against the sandbox client, as apps/server/test/
 * contract-scenarios.test.ts runs them against the server: a story cannot show behaviour the
 * server does not have. One store, three callers: an admin, a user, and a visitor.
 */
describe('the contract scenarios on the sandbox client', () => {
  const user = demoSeed.users.find((candidate) => candidate.role === 'user')!;
  const seed: SeedTables = { ...emptySeed, users: [...emptySeed.users, user] };
  const admin = createSandboxClient({ seed });
  const callers = {
    admin,
    user: createSandboxClient({ sharedWith: admin, currentUser: user }),
    visitor: createSandboxClient({ sharedWith: admin, currentUser: null }),
    withToken: (token: string) => createSandboxClient({ sharedWith: admin, token }),
  };

  it.each(contractScenarios.map((scenario, index) => [scenario.name, index] as const))(
    '%s',
    async (_, index) => {
      const checks = await contractScenarios[index]!.run(callers, scenarioTag(index));
      for (const { what, actual, expected } of checks) expect(actual, what).toMatchObject(expected);
    },
  );
});

/** Perangkat Daerah on the sandbox client, as the server keeps them (lines reach them through programmes). */
describe('agencies on the sandbox client', () => {
  it("programmes belong to an agency or to none; lines read and filter by their programme's agency", async () => {
    const client = createSandboxClient({ seed: agenciesSeed });
    const [bappeda, dinas] = (await client.agency.list()).data;
    expect(bappeda).toMatchObject({ name: 'BADAN PERENCANAAN PEMBANGUNAN DAERAH' });
    const inBappeda = (await client.program.list({ uuid: bappeda!.id })).data;
    expect(inBappeda.length).toBeGreaterThan(0);
    expect(inBappeda.every((program) => program.agency_name === bappeda!.name)).toBe(true);

    const created = (await client.program.create({ name: 'PROGRAM BARU', agency_id: dinas!.id }))
      .data;
    expect(created).toMatchObject({ agency_id: dinas!.id, agency_name: dinas!.name });
    // Left out of an update, the agency stays; null takes the programme out of it.
    const renamed = await client.program.update(created.id, { name: 'PROGRAM LAMA' });
    expect(renamed.data).toMatchObject({ name: 'PROGRAM LAMA', agency_id: dinas!.id });
    const none = await client.program.update(created.id, { name: 'PROGRAM LAMA', agency_id: null });
    expect(none.data).toMatchObject({ agency_id: null, agency_name: null });

    const lines = (await client.budgetLine.list({ limit: 100 })).data;
    const filtered = (await client.budgetLine.list({ limit: 100, agency_id: bappeda!.id })).data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual(lines.filter((line) => line.agency_id === bappeda!.id));
    expect(filtered.every((line) => line.agency_name === bappeda!.name)).toBe(true);
    // An agency with programmes cannot go; one without can.
    await expect(client.agency.delete(bappeda!.id)).rejects.toMatchObject({ status: 409 });
    await client.agency.delete(dinas!.id);
    expect((await client.agency.list()).data).toHaveLength(1);
  });
});
