import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api/reference';

/** A slice of the Kepmendagri 050-5889 nomenclature: urusan and bidang rows are groupings. */
const nomenclature = [
  { code: '1.01.01', name: 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH PROVINSI' },
  {
    code: '1.01.01.2.01',
    name: 'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah',
  },
  { code: '1.01.01.2.01.0001', name: 'Penyusunan Dokumen Perencanaan Perangkat Daerah' },
  { code: '1.01.01.2.01.0002', name: 'Koordinasi dan Penyusunan Dokumen RKA-SKPD' },
  { code: '1.01.02', name: 'PROGRAM PENGELOLAAN PENDIDIKAN' },
  { code: '1.01.02.1.01', name: 'Pengelolaan Pendidikan Sekolah Menengah Atas' },
  { code: '5.1.02.01.01.0024', name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor' },
];

describe.each(databaseTargets)('national reference on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const load = (items: unknown[], extra: Record<string, unknown> = {}, token = t.adminToken) =>
    t.call('POST', `${API}/import`, { token, body: { items, ...extra } });
  const list = async (query: string) =>
    (await t.call('GET', `${API}/list?${query}`, { token: t.adminToken })).json();

  it('loads codes by level, read from their shape; a second load changes nothing', async () => {
    const dry = await load(nomenclature, { dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect((await list('level=program')).data).toEqual([]);

    const first = (await load(nomenclature)).json().data;
    expect(first).toEqual({
      dry_run: false,
      levels: {
        program: { created: 2, renamed: 0, unchanged: 0 },
        action: { created: 2, renamed: 0, unchanged: 0 },
        sub_action: { created: 2, renamed: 0, unchanged: 0 },
        account: { created: 1, renamed: 0, unchanged: 0 },
      },
      renamed_example: null,
    });
    const again = (await load(nomenclature)).json().data;
    expect(again.levels.sub_action).toEqual({ created: 0, renamed: 0, unchanged: 2 });
  });

  it('takes a renamed code’s new name (the ministry renamed it)', async () => {
    const renamed = { code: '1.01.02', name: 'PROGRAM PENGELOLAAN PENDIDIKAN (NOMENKLATUR BARU)' };
    const result = (await load([renamed])).json().data;
    expect(result.levels.program).toEqual({ created: 0, renamed: 1, unchanged: 0 });
    // Which code, for a summary to show: its stored name and the new one.
    expect(result.renamed_example).toEqual({
      code: '1.01.02',
      from: expect.not.stringContaining('NOMENKLATUR BARU'),
      to: renamed.name,
    });
    const programs = await list('level=program&search=baru');
    expect(programs.data).toEqual([{ level: 'program', ...renamed }]);
  });

  it('lists one level in code order, under a parent code, searched by code or name', async () => {
    const under = await list('level=sub_action&under=1.01.01.2.01');
    expect(under.data.map((item: { code: string }) => item.code)).toEqual([
      '1.01.01.2.01.0001',
      '1.01.01.2.01.0002',
    ]);
    expect(under.filter).toMatchObject({ filtered_result: 2, total_result: 2 });
    const searched = await list('level=action&search=sekolah');
    expect(searched.data).toEqual([
      {
        level: 'action',
        code: '1.01.02.1.01',
        name: 'Pengelolaan Pendidikan Sekolah Menengah Atas',
      },
    ]);
    expect((await list('level=account')).data[0].code).toBe('5.1.02.01.01.0024');
  });

  it('refuses a code of no level, naming the item, and stores nothing of the call', async () => {
    const response = await load([
      { code: '2.02.01', name: 'Program baru yang sah' },
      { code: '1.01', name: 'BIDANG (pengelompokan)' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('items.1.code');
    expect((await list('level=program&search=2.02.01')).data).toEqual([]);
  });

  it('lets only admins load and read it', async () => {
    expect((await load(nomenclature, {}, t.userToken)).statusCode).toBe(403);
    const asUser = await t.call('GET', `${API}/list?level=program`, { token: t.userToken });
    expect(asUser.statusCode).toBe(403);
  });
});
