import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

describe.each(databaseTargets)('smoke on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it('health and program create/list', async () => {
    expect((await t.call('GET', '/ranwal/api/health')).json()).toMatchObject({
      status: 200,
      data: { database: 'up' },
    });
    const created = await t.call('POST', '/ranwal/api/program/create', {
      token: t.adminToken,
      body: { name: 'Program Penunjang', is_taxed: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await t.call('GET', '/ranwal/api/program/list?limit=100', { token: t.userToken });
    expect(list.json()).toMatchObject({
      status: 200,
      data: [{ name: 'Program Penunjang', is_taxed: true }],
    });
    const action = await t.call('POST', '/ranwal/api/action/create', {
      token: t.adminToken,
      body: { name: 'Kegiatan A', program_id: created.json().data.id },
    });
    expect(action.statusCode, action.body).toBe(201);
    expect(action.json().data.program_name).toBe('Program Penunjang');
  });
});
