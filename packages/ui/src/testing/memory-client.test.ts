import { contractScenarios, scenarioTag } from '@ranwal/core/contract';
import { describe, expect, it } from 'vitest';
import { createMemoryClient, demoSeed, emptySeed, type MemorySeed } from './memory-client.js';

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
