import {
  hierarchyLevelKeys,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
} from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain } from './fixtures.js';
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
    ...(definition.codeRequired ? { code: code ?? '5.1.02.01.01.0024' } : {}),
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
    for (const key of managedEntityKeys) {
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

  describe.each(managedEntityKeys)('%s', (key) => {
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
      // Programmes are listed to a person within their scope (issue 34): these are a
      // Perangkat Daerah's, which the harness's user (no unit) does not see; an admin does.
      const reader = key === 'program' ? t.adminToken : t.userToken;
      const searched = await t.call('GET', `${api(key, 'list')}?search=RAPAT&limit=1&page=2`, {
        token: reader,
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
          token: reader,
        });
        expect(scoped.json()).toMatchObject({ data: [], filter: { total_result: 0 } });
        const own = await t.call('GET', `${api(key, 'list')}?uuid=${parentId()}&limit=100`, {
          token: reader,
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
      if (definition.codeRequired) expect(updated.json().data.code).toBe('7.7.8');

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

  describe.each(
    hierarchyLevelKeys.filter(
      (key) => managedEntities[key].parent !== null && !managedEntities[key].parentOptional,
    ),
  )('%s (has a parent)', (key) => {
    const definition = managedEntities[key];
    it('rejects an unknown parent id, naming the field', async () => {
      const response = await t.call('POST', api(key, 'create'), {
        token: t.adminToken,
        body: bodyFor(key, 'Yatim', MISSING),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(definition.parentField!);
    });
  });

  describe.each(managedEntityKeys.filter((key) => managedEntities[key].child !== null))(
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

  describe('official codes above the account', () => {
    const create = (key: ManagedEntityKey, body: Record<string, unknown>) =>
      t.call('POST', api(key, 'create'), { token: t.adminToken, body });
    const names = async (key: ManagedEntityKey, query: string) =>
      (await t.call('GET', `${api(key, 'list')}?limit=100&${query}`, { token: t.userToken }))
        .json()
        .data.map((row: { code: string | null; name: string }) =>
          row.code ? `${row.code} ${row.name}` : row.name,
        );

    it('lists in code order, the records without a code after them by name', async () => {
      const program = (await create('program', { name: 'Induk Kode', code: '2.07.01' })).json()
        .data;
      for (const [name, code] of [
        ['Zeta', '2.07.01.2.10'],
        ['Alfa tanpa kode', undefined],
        ['Beta', '2.07.01.2.02'],
        ['Gamma', '2.07.01.1.05'],
      ] as const) {
        const response = await create('action', { name, code, program_id: program.id });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().data.code).toBe(code ?? null);
      }
      expect(await names('action', `uuid=${program.id}`)).toEqual([
        '2.07.01.1.05 Gamma',
        '2.07.01.2.02 Beta',
        '2.07.01.2.10 Zeta',
        'Alfa tanpa kode',
      ]);
      // A code is searched like a name.
      expect(await names('action', `uuid=${program.id}&search=2.07.01.2.0`)).toEqual([
        '2.07.01.2.02 Beta',
      ]);
      // And as a picker shows the two ('code - name'), typed or pasted whole or across them.
      for (const search of ['2.07.01.2.02 - Beta', '2.02 - Be', '02 - beta']) {
        expect(
          await names('action', `uuid=${program.id}&search=${encodeURIComponent(search)}`),
          search,
        ).toEqual(['2.07.01.2.02 Beta']);
      }
      expect(
        await names('action', `uuid=${program.id}&search=${encodeURIComponent('2.10 - Beta')}`),
      ).toEqual([]);
    });

    it('a code names one record under its parent; another parent may use it', async () => {
      const first = await create('program', { name: 'Penunjang Dinas A', code: 'X.XX.01' });
      expect(first.statusCode, first.body).toBe(201);
      const twin = await create('program', { name: 'Penunjang Dinas B', code: 'X.XX.01' });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().message).toContain('X.XX.01');
      const other = (await create('program', { name: 'Lain', code: '1.02.03' })).json().data;
      for (const program_id of [first.json().data.id, other.id]) {
        const action = await create('action', {
          name: 'Kegiatan sama',
          code: '1.02.03.2.01',
          program_id,
        });
        expect(action.statusCode, action.body).toBe(201);
      }
      // Records named only never collide on their (absent) code.
      for (const name of ['Tanpa kode 1', 'Tanpa kode 2']) {
        expect((await create('program', { name })).statusCode).toBe(201);
      }
    });

    it('refuses a code outside its level pattern, naming the field and an example', async () => {
      const response = await create('sub_action', {
        name: 'Sub',
        code: '1.01.01.2.01.001',
        action_id: chain.action!.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'code', message: 'format kode tidak sesuai, mis. 1.01.01.2.01.0001' },
      ]);
    });

    it('keeps an official name of 306 characters whole; refuses one past 1 000', async () => {
      const long = `${'Penyediaan Jasa Pelayanan Umum Kantor '.repeat(8)}Daerah`.slice(0, 306);
      const response = await create('sub_action', {
        name: long,
        code: '1.01.01.2.01.0099',
        action_id: chain.action!.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.name).toBe(long.trim());
      const tooLong = await create('program', { name: 'n'.repeat(1001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toContain('maksimal 1000 karakter');
    });
  });
  describe('Perangkat Daerah above programmes', () => {
    const create = (key: ManagedEntityKey, body: Record<string, unknown>) =>
      t.call('POST', api(key, 'create'), { token: t.adminToken, body });
    const update = (key: ManagedEntityKey, id: string, body: Record<string, unknown>) =>
      t.call('PUT', api(key, `${id}/update`), { token: t.adminToken, body });
    const agency = async (name: string, code: string) => {
      const response = await create('agency', { name, code });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { id: string; code: string; name: string };
    };

    it('keeps one official programme code per agency: the same code in two agencies is two programmes', async () => {
      const bappeda = await agency(
        'Badan Perencanaan Pembangunan Daerah',
        '4.01.0.00.0.00.01.0000',
      );
      const dinkes = await agency('Dinas Kesehatan', '1.02.0.00.0.00.01.0000');
      const support = 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA';
      const inBappeda = await create('program', {
        name: support,
        code: '4.01.01',
        agency_id: bappeda.id,
      });
      expect(inBappeda.statusCode, inBappeda.body).toBe(201);
      expect(inBappeda.json().data).toMatchObject({
        agency_id: bappeda.id,
        agency_name: bappeda.name,
        code: '4.01.01',
      });
      const sameCodeElsewhere = await create('program', {
        name: support,
        code: '4.01.01',
        agency_id: dinkes.id,
      });
      expect(sameCodeElsewhere.statusCode, sameCodeElsewhere.body).toBe(201);
      const twice = await create('program', {
        name: 'Lain',
        code: '4.01.01',
        agency_id: bappeda.id,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toContain('4.01.01');

      const listed = await t.call('GET', `${api('program', 'list')}?uuid=${dinkes.id}`, {
        token: t.adminToken,
      });
      expect(listed.json().data.map((row: { agency_name: string }) => row.agency_name)).toEqual([
        'Dinas Kesehatan',
      ]);
      // An agency with a programme is not deleted; the message names what holds it.
      const deleted = await t.call('DELETE', api('agency', `${dinkes.id}/delete`), {
        token: t.adminToken,
      });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toContain('1 Program');
    });

    it('a programme of no agency (the spec client sends none) keeps its agency and code when edited without them', async () => {
      const spec = await create('program', { name: 'Program Klien Lama', is_taxed: false });
      expect(spec.statusCode, spec.body).toBe(201);
      expect(spec.json().data).toMatchObject({ agency_id: null, agency_name: null, code: null });

      const home = await agency('Dinas Pendidikan', '1.01.0.00.0.00.01.0000');
      const placed = await update('program', spec.json().data.id, {
        name: 'Program Klien Lama',
        code: '1.01.02',
        agency_id: home.id,
        is_taxed: false,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      // What the spec's client sends on edit: the name and the flag.
      const renamed = await update('program', spec.json().data.id, {
        name: 'Program Klien Lama (ubah)',
        is_taxed: true,
      });
      expect(renamed.json().data).toMatchObject({
        name: 'Program Klien Lama (ubah)',
        code: '1.01.02',
        agency_id: home.id,
        is_taxed: true,
      });
      // An explicit null takes it out of its agency.
      const regionWide = await update('program', spec.json().data.id, {
        name: 'Program Klien Lama (ubah)',
        agency_id: null,
      });
      expect(regionWide.json().data).toMatchObject({ agency_id: null, code: '1.01.02' });
    });

    it('moves a programme with budget lines to another agency: lines do not name the agency', async () => {
      const chain = await buildChain(t, 'pindah-agency');
      const line = await t.call('POST', '/ranwal/api/detail-program/create', {
        token: t.userToken,
        body: budgetLineInput(chain),
      });
      expect(line.statusCode, line.body).toBe(201);
      const other = await agency('Sekretariat Daerah', '4.01.0.00.0.00.02.0000');
      const moved = await update('program', chain.program_id, {
        name: 'Program pindah-agency',
        agency_id: other.id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.agency_name).toBe('Sekretariat Daerah');
    });

    it('refuses an agency code outside the Kepmendagri pattern and an unknown agency, naming the field', async () => {
      const badCode = await create('agency', { name: 'Dinas X', code: '4.01.01' });
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().issues).toEqual([
        { path: 'code', message: 'format kode tidak sesuai, mis. 4.01.0.00.0.00.01.0000' },
      ]);
      const unknown = await create('program', { name: 'Yatim', agency_id: MISSING });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toContain('agency_id');
      expect(unknown.json().message).toContain('Perangkat Daerah');
    });
  });
});
