import { hierarchyLevelKeys, type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const api = (key: ManagedEntityKey, action: string) =>
  `/ranwal/api/${managedEntities[key].path}/${action}`;
const MISSING = '00000000-0000-4000-8000-000000000000';

/** A valid create body for a level, under the given parent id. */
function bodyFor(key: ManagedEntityKey, name: string, parentId?: string, code?: string) {
  const definition = managedEntities[key];
  return {
    name,
    ...(definition.parentField ? { [definition.parentField]: parentId } : {}),
    ...(definition.hasCode ? { code: code ?? '5.1.02.01.01.0024' } : {}),
    ...(definition.hasTaxFlag ? { is_taxed: true } : {}),
  };
}

describe.each(databaseTargets)('hierarchy and supporters on %s', (target) => {
  let t: TestApp;
  /** One record per level, built top to bottom through the API. */
  const chain: Partial<Record<ManagedEntityKey, { id: string; name: string }>> = {};

  beforeAll(async () => {
    t = await startTestApp(target);
    let parentId: string | undefined;
    for (const key of [...hierarchyLevelKeys, 'supporter'] as const) {
      const response = await t.call('POST', api(key, 'create'), {
        token: t.adminToken,
        body: bodyFor(key, `  ${key} pertama  `, key === 'supporter' ? undefined : parentId),
      });
      expect(response.statusCode, response.body).toBe(201);
      chain[key] = response.json().data;
      if (key !== 'supporter') parentId = response.json().data.id;
    }
  });
  afterAll(() => t?.close());

  describe.each([...hierarchyLevelKeys, 'supporter'] as const)('%s', (key) => {
    const definition = managedEntities[key];
    const parentId = () => (definition.parent ? chain[definition.parent]!.id : undefined);

    it('creates with trimmed fields and answers the entity with its parent name', () => {
      const record = chain[key]!;
      expect(record.name).toBe(`${key} pertama`);
      if (definition.parent) {
        expect(record).toMatchObject({
          [definition.parentField!]: parentId(),
          [`${definition.parent}_name`]: `${definition.parent} pertama`,
        });
      }
    });

    it('lists for a signed-in user with search, parent filter and pagination', async () => {
      for (const name of ['Rapat Koordinasi', 'rapat evaluasi', 'Belanja ATK']) {
        const created = await t.call('POST', api(key, 'create'), {
          token: t.adminToken,
          body: bodyFor(key, name, parentId(), `9.9.${name.length}.${name.charCodeAt(0)}`),
        });
        expect(created.statusCode, created.body).toBe(201);
      }
      const searched = await t.call('GET', `${api(key, 'list')}?search=RAPAT&limit=1&page=2`, {
        token: t.userToken,
      });
      expect(searched.statusCode).toBe(200);
      expect(searched.json().filter).toEqual({
        current_page: 2,
        total_page: 2,
        filtered_result: 2,
        total_result: 4,
      });
      expect(searched.json().data).toHaveLength(1);

      if (definition.parentField) {
        const scoped = await t.call('GET', `${api(key, 'list')}?uuid=${MISSING}`, {
          token: t.userToken,
        });
        expect(scoped.json()).toMatchObject({ data: [], filter: { total_result: 0 } });
        const own = await t.call('GET', `${api(key, 'list')}?uuid=${parentId()}&limit=100`, {
          token: t.userToken,
        });
        expect(own.json().data.length).toBe(4);
      }
    });

    it('treats search text literally (no LIKE wildcards)', async () => {
      const response = await t.call(
        'GET',
        `${api(key, 'list')}?search=${encodeURIComponent('%_')}`,
        {
          token: t.userToken,
        },
      );
      expect(response.json().filter.filtered_result).toBe(0);
    });

    it('updates, and answers 404 for an unknown id and 400 for a non-UUID id', async () => {
      const created = await t.call('POST', api(key, 'create'), {
        token: t.adminToken,
        body: bodyFor(key, 'Nama Lama', parentId(), '7.7.7'),
      });
      const id = created.json().data.id;
      const updated = await t.call('PUT', api(key, `${id}/update`), {
        token: t.adminToken,
        body: bodyFor(key, 'Nama Baru', parentId(), '7.7.8'),
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.name).toBe('Nama Baru');
      if (definition.hasCode) expect(updated.json().data.code).toBe('7.7.8');

      const missing = await t.call('PUT', api(key, `${MISSING}/update`), {
        token: t.adminToken,
        body: bodyFor(key, 'X', parentId()),
      });
      expect(missing.statusCode).toBe(404);
      const malformed = await t.call('PUT', api(key, 'not-a-uuid/update'), {
        token: t.adminToken,
        body: bodyFor(key, 'X', parentId()),
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toContain('id');
    });

    it('rejects a blank name, naming the field, and writes nothing', async () => {
      const before = await t.call('GET', `${api(key, 'list')}?limit=1`, { token: t.userToken });
      const response = await t.call('POST', api(key, 'create'), {
        token: t.adminToken,
        body: bodyFor(key, '   ', parentId()),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'validation', data: null });
      expect(response.json().message).toContain('name');
      const after = await t.call('GET', `${api(key, 'list')}?limit=1`, { token: t.userToken });
      expect(after.json().filter.total_result).toBe(before.json().filter.total_result);
    });

    it('lets only admins write: no token 401 "Token Invalid", user 403', async () => {
      const body = bodyFor(key, 'Percobaan', parentId());
      const anonymous = await t.call('POST', api(key, 'create'), { body });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Token Invalid');
      const asUser = await t.call('POST', api(key, 'create'), { token: t.userToken, body });
      expect(asUser.statusCode).toBe(403);
      const listAnonymous = await t.call('GET', api(key, 'list'));
      expect(listAnonymous.statusCode).toBe(401);
      const deleteAsUser = await t.call('DELETE', api(key, `${chain[key]!.id}/delete`), {
        token: t.userToken,
      });
      expect(deleteAsUser.statusCode).toBe(403);
    });

    it('deletes a record nothing depends on', async () => {
      const created = await t.call('POST', api(key, 'create'), {
        token: t.adminToken,
        body: bodyFor(key, 'Sementara', parentId(), '8.8.8'),
      });
      const id = created.json().data.id;
      const deleted = await t.call('DELETE', api(key, `${id}/delete`), { token: t.adminToken });
      expect(deleted.json()).toMatchObject({ status: 200, data: null });
      const again = await t.call('DELETE', api(key, `${id}/delete`), { token: t.adminToken });
      expect(again.statusCode).toBe(404);
    });
  });

  describe.each(hierarchyLevelKeys.filter((key) => managedEntities[key].parent !== null))(
    '%s (has a parent)',
    (key) => {
      const definition = managedEntities[key];
      it('rejects an unknown parent id, naming the field', async () => {
        const response = await t.call('POST', api(key, 'create'), {
          token: t.adminToken,
          body: bodyFor(key, 'Yatim', MISSING),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(definition.parentField!);
      });
    },
  );

  describe.each(hierarchyLevelKeys.filter((key) => managedEntities[key].child !== null))(
    '%s (has children)',
    (key) => {
      it('refuses to delete a record with children (409) and says what depends on it', async () => {
        const response = await t.call('DELETE', api(key, `${chain[key]!.id}/delete`), {
          token: t.adminToken,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toContain(chain[key]!.name);
        expect(response.json().message).toMatch(/tidak dapat dihapus karena masih memiliki \d+ /);
      });
    },
  );

  it('refuses a second account with the same code under one subtitle (409)', async () => {
    const body = bodyFor('account', 'Duplikat', chain.subtitle!.id, '5.1.02.01.01.0024');
    const response = await t.call('POST', api('account', 'create'), { token: t.adminToken, body });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('code');
  });

  it('rejects a malformed account code', async () => {
    const body = bodyFor('account', 'Aneh', chain.subtitle!.id, '5..1 ;drop');
    const response = await t.call('POST', api('account', 'create'), { token: t.adminToken, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('code');
  });
});
