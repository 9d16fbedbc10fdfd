import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { httpError } from '../errors.js';
import type { User } from '../schemas.js';
import { faultyFetch, routeTableFetch } from './route-fetch.js';
import { pageOf } from './stand-in.js';

const admin: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Admin',
  email: 'admin@example.go.id',
  role: 'admin',
  agency_ids: [],
};
const supporters = [{ id: '00000000-0000-4000-8000-000000000002', name: 'Bidang Perencanaan' }];

/** An agency's own stand-in, as docs/core.md shows it: one route, one caller. */
function standIn(options: Partial<Parameters<typeof routeTableFetch>[0]> = {}) {
  return (token: string | null) =>
    createClient({
      baseUrl: 'http://stand-in.invalid',
      getToken: () => token,
      fetch: routeTableFetch({
        handlers: { supporter: { list: ({ query }) => pageOf(supporters, query) } },
        callerOf: (given) => (given === 'admin-token' ? admin : null),
        ...options,
      }),
    });
}

describe('a stand-in API from the route table (routeTableFetch)', () => {
  it('answers a handled route with the envelope the server sends', async () => {
    const list = await standIn()('admin-token').supporter.list({ limit: 10 });
    expect(list.data).toEqual(supporters);
    expect(list.filter).toMatchObject({ current_page: 1, total_page: 1, total_result: 1 });
  });

  it('refuses as the server does: no token, a query its schema refuses, a route with no handler', async () => {
    await expect(standIn()(null).supporter.list()).rejects.toMatchObject({ status: 401 });
    await expect(standIn()('admin-token').supporter.list({ limit: 0 })).rejects.toMatchObject({
      status: 400,
      code: 'validation',
    });
    await expect(standIn()('admin-token').program.list()).rejects.toMatchObject({ status: 404 });
  });

  it('fails the calls `failOn` names, with a status or as a network failure', async () => {
    const failing = standIn({
      failOn: { 'supporter.list': httpError('forbidden', 'Tidak boleh.') },
    });
    await expect(failing('admin-token').supporter.list()).rejects.toMatchObject({
      status: 403,
      message: 'Tidak boleh.',
    });
    const offline = standIn({ failOn: { 'supporter.list': 'network' } });
    await expect(offline('admin-token').supporter.list()).rejects.toMatchObject({
      kind: 'network',
    });
  });
});

describe('faultyFetch', () => {
  it('passes a call it does not fail to `next`, and names files apart from routes', async () => {
    const seen: string[] = [];
    const fetch = faultyFetch({
      next: async (request) => {
        seen.push(new URL(request.url).pathname);
        return new Response('ok');
      },
      failOn: { fetchFile: 'network' },
    });
    expect(await (await fetch('http://x.invalid/ranwal/api/health')).text()).toBe('ok');
    await expect(fetch('http://x.invalid/ranwal/uploads/1')).rejects.toThrow('Failed to fetch');
    expect(seen).toEqual(['/ranwal/api/health']);
  });

  it('waits `latencyMs` unless the call is aborted', async () => {
    const fetch = faultyFetch({ next: async () => new Response('late'), latencyMs: 60_000 });
    const controller = new AbortController();
    const pending = fetch('http://x.invalid/ranwal/api/health', { signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});
