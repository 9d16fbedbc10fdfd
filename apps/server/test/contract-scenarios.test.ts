import type { AddressInfo } from 'node:net';
import { createClient } from '@ranwal/core';
import { contractScenarios, scenarioTag } from '@ranwal/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

/**
 * Core's contract scenarios against the real app over HTTP, through the SDK's own client: the
 * same table the in-memory client that Storybook runs on must pass
 * (packages/ui/src/testing/memory-client.test.ts).
 */
describe.each(databaseTargets)('the contract scenarios on %s', (target) => {
  let t: TestApp;
  let callers: Parameters<(typeof contractScenarios)[number]['run']>[0];
  beforeAll(async () => {
    t = await startTestApp(target);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const as = (token?: string) => createClient({ baseUrl, getToken: () => token });
    callers = { admin: as(t.adminToken), user: as(t.userToken), visitor: as(), withToken: as };
  });
  afterAll(() => t?.close());

  it.each(contractScenarios.map((scenario, index) => [scenario.name, index] as const))(
    '%s',
    async (_, index) => {
      const checks = await contractScenarios[index]!.run(callers, scenarioTag(index));
      for (const { what, actual, expected } of checks) expect(actual, what).toMatchObject(expected);
    },
  );
});
