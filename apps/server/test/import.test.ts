import {
  HIERARCHY_IMPORT_MAX_ROWS,
  HierarchyImportBatch,
  type HierarchyImportResult,
  type HierarchyImportRow,
  type HierarchyLevelKey,
  hierarchyLevelKeys,
  type ImportLevelKey,
  importLevelKeys,
  importNameKey,
  managedEntities,
} from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImportService } from '../src/services/import.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const IMPORT = '/ranwal/api/import/hierarchy';

const row = (overrides: Partial<HierarchyImportRow> = {}): HierarchyImportRow => ({
  program: 'Program Penunjang Urusan Pemerintahan',
  action: 'Perencanaan, Penganggaran, dan Evaluasi',
  sub_action: 'Penyusunan Dokumen Perencanaan',
  activity: 'Rapat Koordinasi',
  subtitle: 'Belanja Operasional',
  account_code: '5.1.02.01.01.0024',
  account_name: 'Belanja Alat Tulis Kantor',
  ...overrides,
});

/** Six levels below one programme, two subtitles, five accounts. */
const sample: HierarchyImportRow[] = [
  row(),
  row({ account_code: '5.1.02.01.01.0025', account_name: 'Belanja Kertas dan Cover' }),
  row({ account_code: '5.1.02.01.01.0026', account_name: 'Belanja Bahan Cetak' }),
  row({ subtitle: 'Belanja Perjalanan', account_code: '5.1.02.04.01.0001', account_name: 'SPPD' }),
  row({ subtitle: 'Belanja Perjalanan', account_code: '5.1.02.04.01.0003', account_name: 'Taksi' }),
];

/**
 * The call for some spreadsheet rows: each level's records once, in the order the rows name
 * them, under their parent's position (as the CLI builds it).
 */
function tree(rows: HierarchyImportRow[], dryRun?: boolean): HierarchyImportBatch {
  // Rows that name their Perangkat Daerah carry it as the top level.
  const keys: readonly ImportLevelKey[] = rows.some((row) => row.agency)
    ? importLevelKeys
    : hierarchyLevelKeys;
  const batch: HierarchyImportBatch = {
    ...(keys[0] === 'agency' ? { agency: { name: [], code: [] } } : {}),
    program: { ...(keys[0] === 'agency' ? { parent: [] } : {}), name: [], is_taxed: [], code: [] },
    action: { parent: [], name: [], code: [] },
    sub_action: { parent: [], name: [], code: [] },
    activity: { parent: [], name: [], code: [] },
    subtitle: { parent: [], name: [], code: [] },
    account: { parent: [], code: [], name: [] },
    ...(dryRun === undefined ? {} : { dry_run: dryRun }),
  };
  const positions = keys.map(() => new Map<string, number>());
  for (const row of rows) {
    let parent = -1;
    keys.forEach((key, depth) => {
      const code = key === 'account' ? row.account_code : (row[`${key}_code`] ?? null);
      const identity = `${parent}\u0000${code ?? importNameKey(row[key as 'program']!)}`;
      let position = positions[depth]!.get(identity);
      if (position === undefined) {
        const level = batch[key] as { parent?: number[]; name: string[]; code: (string | null)[] };
        position = level.name.length;
        positions[depth]!.set(identity, position);
        level.parent?.push(parent);
        level.name.push(key === 'account' ? row.account_name : row[key]!);
        level.code.push(code);
        if (key === 'program') batch.program.is_taxed.push(row.program_is_taxed ?? null);
      }
      parent = position;
    });
  }
  // A level none of whose rows has a code is sent as names only, as the CLI does.
  for (const key of keys.slice(0, -1)) {
    const level = batch[key] as { code?: (string | null)[] };
    if (level.code?.every((code) => code === null)) delete level.code;
  }
  return batch;
}

const counts = (result: HierarchyImportResult) =>
  Object.fromEntries(
    hierarchyLevelKeys.map((key) => [
      key,
      [result.levels[key].created, result.levels[key].existing] as const,
    ]),
  );

describe.each(databaseTargets)('hierarchy import on %s', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    for (const key of [...importLevelKeys].reverse()) {
      await sql`delete from ${sql.table(managedEntities[key].table)}`.execute(t.database.db);
    }
  });

  const post = (body: unknown, token: string | null = t.adminToken) =>
    t.call('POST', IMPORT, { token: token ?? undefined, body });
  const imported = async (body: unknown): Promise<HierarchyImportResult> => {
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const tableCounts = async () => {
    const entries = [];
    for (const key of hierarchyLevelKeys) {
      const { rows } = await sql<{ count: string | number }>`
        select count(*) as count from ${sql.table(managedEntities[key].table)}`.execute(
        t.database.db,
      );
      entries.push([key, Number(rows[0]!.count)]);
    }
    return Object.fromEntries(entries);
  };

  it('creates every missing level, then a second run creates nothing', async () => {
    const first = await imported(tree(sample));
    expect(first.dry_run).toBe(false);
    expect(counts(first)).toEqual({
      program: [1, 0],
      action: [1, 0],
      sub_action: [1, 0],
      activity: [1, 0],
      subtitle: [2, 0],
      account: [5, 0],
    });
    expect(first.levels.subtitle.created_records).toEqual([0, 1]);
    expect(first.levels.account.created_records).toEqual([0, 1, 2, 3, 4]);
    expect(first.conflicts).toEqual([]);

    const second = await imported(tree(sample));
    expect(counts(second)).toEqual({
      program: [0, 1],
      action: [0, 1],
      sub_action: [0, 1],
      activity: [0, 1],
      subtitle: [0, 2],
      account: [0, 5],
    });
    expect(second.levels.account.created_records).toEqual([]);
    expect(await tableCounts()).toEqual({
      program: 1,
      action: 1,
      sub_action: 1,
      activity: 1,
      subtitle: 2,
      account: 5,
    });

    const accounts = await t.call('GET', '/ranwal/api/account/list?search=0024', {
      token: t.userToken,
    });
    expect(accounts.json().data).toMatchObject([
      {
        code: '5.1.02.01.01.0024',
        name: 'Belanja Alat Tulis Kantor',
        subtitle_name: 'Belanja Operasional',
      },
    ]);
  });

  it('matches names under the same parent ignoring case and spacing, and keeps them apart under another parent', async () => {
    await imported(tree([row()]));
    const result = await imported(
      tree([
        row({
          program: '  program penunjang   URUSAN pemerintahan ',
          action: 'Perencanaan,\tPenganggaran, dan Evaluasi',
          account_code: '5.1.02.01.01.0099',
          account_name: 'Belanja   Materai',
        }),
        // Same sub-action name under another action: a record of its own.
        row({ action: 'Administrasi Keuangan', account_code: '5.1.02.01.01.0099' }),
      ]),
    );
    expect(counts(result)).toEqual({
      program: [0, 1],
      action: [1, 1],
      sub_action: [1, 1],
      activity: [1, 1],
      subtitle: [1, 1],
      account: [2, 0],
    });
    const { rows } = await sql<{ name: string }>`select name from account order by name`.execute(
      t.database.db,
    );
    // Names are stored with their spacing collapsed.
    expect(rows.map((r) => r.name)).toEqual([
      'Belanja Alat Tulis Kantor',
      'Belanja Alat Tulis Kantor',
      'Belanja Materai',
    ]);
  });

  it('merges records a call names twice under one parent', async () => {
    const batch = tree([row()]);
    batch.action.parent.push(0);
    batch.action.name.push('PERENCANAAN, penganggaran,  dan evaluasi');
    batch.sub_action.parent.push(1);
    batch.sub_action.name.push('Sub Kegiatan Lain');
    batch.activity.parent.push(1);
    batch.activity.name.push('Rapat Koordinasi');
    batch.subtitle.parent.push(1);
    batch.subtitle.name.push('Belanja Operasional');
    batch.account.parent.push(1);
    batch.account.code.push('5.1.02.01.01.0025');
    batch.account.name.push('Belanja Kertas');
    const result = await imported(batch);
    expect(counts(result)).toEqual({
      program: [1, 0],
      action: [1, 0],
      sub_action: [2, 0],
      activity: [2, 0],
      subtitle: [2, 0],
      account: [2, 0],
    });
    expect(result.levels.action.created_records).toEqual([0]);
    expect(result.levels.sub_action.created_records).toEqual([0, 1]);
    expect(await tableCounts()).toMatchObject({ action: 1, sub_action: 2, account: 2 });
  });

  it('reuses records created through the API, the oldest when a parent has a name twice', async () => {
    const create = async (path: string, body: object) => {
      const response = await t.call('POST', `/ranwal/api/${path}/create`, {
        token: t.adminToken,
        body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };
    const programId = await create('program', { name: 'Program Penunjang Urusan Pemerintahan' });
    const older = await create('action', {
      name: 'Perencanaan, Penganggaran, dan Evaluasi',
      program_id: programId,
    });
    await create('action', {
      name: 'perencanaan, penganggaran, dan evaluasi',
      program_id: programId,
    });
    const result = await imported(tree([row()]));
    expect(counts(result)).toMatchObject({ program: [0, 1], action: [0, 1], sub_action: [1, 0] });
    const { rows } = await sql<{ action_id: string }>`select action_id from sub_action`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ action_id: older }]);
  });

  it('reports a code stored under another name and leaves it as it is', async () => {
    await imported(tree([row()]));
    const result = await imported(
      tree([
        row({ account_code: '5.1.02.01.01.0030', account_name: 'Belanja Baru' }),
        row({ account_name: 'Belanja ATK (nama lain)' }),
        row({ account_code: '5.1.02.01.01.0031', account_name: 'Belanja Lain' }),
      ]),
    );
    expect(result.conflicts).toEqual([
      {
        record: 1,
        field: 'account_name',
        message:
          'kode 5.1.02.01.01.0024 sudah ada di subtitle ini dengan nama "Belanja Alat Tulis Kantor"; nama tidak diubah',
      },
    ]);
    expect(result.levels.account).toEqual({
      created: 2,
      existing: 0,
      created_records: [0, 2],
      renamed_records: [],
    });
    const { rows } = await sql<{ name: string }>`
      select name from account where code = '5.1.02.01.01.0024'`.execute(t.database.db);
    expect(rows).toEqual([{ name: 'Belanja Alat Tulis Kantor' }]);

    // The same name, spaced or cased otherwise, is the same account.
    const again = await imported(tree([row({ account_name: 'belanja  alat tulis KANTOR' })]));
    expect(again.conflicts).toEqual([]);
    expect(again.levels.account).toEqual({
      created: 0,
      existing: 1,
      created_records: [],
      renamed_records: [],
    });
  });

  it('reports a code that a call names twice differently, and imports the first', async () => {
    const batch = tree([row()]);
    batch.account.parent.push(0, 0);
    batch.account.code.push('5.1.02.01.01.0024', '5.1.02.01.01.0024');
    batch.account.name.push('Nama Lain', 'belanja alat  tulis kantor');
    const result = await imported(batch);
    expect(result.conflicts).toEqual([
      {
        record: 1,
        field: 'account_name',
        message:
          'kode 5.1.02.01.01.0024 sudah dipakai baris lain dengan nama "Belanja Alat Tulis Kantor"; baris ini dilewati',
      },
    ]);
    expect(result.levels.account).toEqual({
      created: 1,
      existing: 0,
      created_records: [0],
      renamed_records: [],
    });
    expect(await tableCounts()).toMatchObject({ account: 1 });
  });

  it("sets a new programme's PPN flag and reports a record that disagrees with a stored one", async () => {
    const created = await imported(tree([row({ program_is_taxed: true })]));
    expect(created.conflicts).toEqual([]);
    const again = await imported(
      tree([
        row({ program_is_taxed: false }),
        row({ program_is_taxed: false, account_code: '5.1.02.01.01.0031' }),
        row({ program: 'Program Kedua' }),
      ]),
    );
    expect(again.conflicts).toEqual([
      {
        record: 0,
        field: 'program_is_taxed',
        message:
          'program "Program Penunjang Urusan Pemerintahan" sudah ada dengan PPN aktif; tanda PPN tidak diubah',
      },
    ]);
    // The rest of the programme's rows is imported.
    expect(again.levels.account.created).toBe(2);
    const { rows } = await sql<{ name: string; is_taxed: boolean }>`
      select name, is_taxed from program order by name`.execute(t.database.db);
    expect(rows).toEqual([
      { name: 'Program Kedua', is_taxed: false },
      { name: 'Program Penunjang Urusan Pemerintahan', is_taxed: true },
    ]);
  });

  it('answers a dry run with the counts of the real run and writes nothing', async () => {
    await imported(tree(sample.slice(0, 2)));
    const before = await tableCounts();
    const more = [...sample, row({ program: 'Program Baru', account_code: '5.2.1' })];
    const dry = await imported(tree(more, true));
    expect(dry.dry_run).toBe(true);
    expect(await tableCounts()).toEqual(before);
    const real = await imported(tree(more));
    expect({ ...dry, dry_run: false }).toEqual(real);
    expect(counts(real)).toEqual({
      program: [1, 1],
      action: [1, 1],
      sub_action: [1, 1],
      activity: [1, 1],
      subtitle: [2, 1],
      account: [4, 2],
    });
  });

  it('applies a call whole or not at all', async () => {
    // A trigger stands in for any failure midway (the database going away, say).
    await sql`
      create function refuse_account() returns trigger language plpgsql as $$
      begin
        if new.code = '9.9.9' then raise exception 'refused'; end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger refuse_account before insert on account
      for each row execute function refuse_account()`.execute(t.database.db);
    try {
      const response = await post(
        tree([...sample, row({ program: 'Program Lain', account_code: '9.9.9' })]),
      );
      expect(response.statusCode).toBe(500);
      expect(await tableCounts()).toEqual({
        program: 0,
        action: 0,
        sub_action: 0,
        activity: 0,
        subtitle: 0,
        account: 0,
      });
    } finally {
      await sql`drop trigger refuse_account on account`.execute(t.database.db);
      await sql`drop function refuse_account`.execute(t.database.db);
    }
  });

  it('keeps nothing of a call whose caller went away before it was committed', async () => {
    const imports = createImportService(t.database.db);
    await expect(
      imports.hierarchy(HierarchyImportBatch.parse({ ...tree(sample), dry_run: false }), {
        abandoned: () => true,
      }),
    ).rejects.toThrow(/went away/);
    expect(await tableCounts()).toMatchObject({ program: 0, account: 0 });
  });

  it('takes a call bigger than the API body limit', async () => {
    const long = (label: string, n: number) => `${label} ${'x'.repeat(230)} ${n}`;
    const rows = Array.from({ length: 2000 }, (_, n) =>
      row({
        program: long('Program', n % 3),
        action: long('Kegiatan', n % 7),
        sub_action: long('Sub Kegiatan', n % 11),
        activity: long('Aktivitas', n % 13),
        subtitle: long('Subtitle', n % 17),
        account_code: `5.1.${n}`,
        account_name: long('Rekening', n),
      }),
    );
    const batch = tree(rows);
    expect(JSON.stringify(batch).length).toBeGreaterThan(t.config.RANWAL_BODY_LIMIT_BYTES / 4);
    const response = await t.call('POST', IMPORT, {
      token: t.adminToken,
      // Padding a JSON body with spaces takes it past the limit with the same content.
      body: `${JSON.stringify(batch)}${' '.repeat(t.config.RANWAL_BODY_LIMIT_BYTES)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result: HierarchyImportResult = response.json().data;
    expect(result.levels.account.created).toBe(2000);
    expect(result.levels.program.created).toBe(3);
  });

  it('validates names and codes with the shared schema and writes nothing for a bad call', async () => {
    const response = await post(
      tree([row(), row({ action: '   ', account_code: '5.1' }), row({ account_code: '5 1' })]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual([
      'action.name.1',
      'account.code.2',
    ]);
    expect(await tableCounts()).toMatchObject({ program: 0 });
  });

  it('refuses a call that is not a tree of account codes', async () => {
    const issues = async (batch: unknown) => {
      const response = await post(batch);
      expect(response.statusCode).toBe(400);
      return response.json().issues as { path: string; message: string }[];
    };
    // A parent that is not there.
    const orphan = tree(sample);
    orphan.account.parent[4] = 2;
    expect(await issues(orphan)).toEqual([
      { path: 'account.parent.4', message: expect.stringContaining('tidak ada di subtitle') },
    ]);
    // A record with nothing under it.
    const childless = tree(sample);
    childless.subtitle.parent.push(0);
    childless.subtitle.name.push('Subtitle Kosong');
    expect(await issues(childless)).toEqual([
      { path: 'subtitle.name.2', message: 'tidak memiliki account' },
    ]);
    // Columns of different lengths.
    const ragged = tree(sample);
    ragged.account.code.pop();
    expect((await issues(ragged)).map((issue) => issue.path)).toEqual(['account.code']);
    // No account, and more accounts than one call takes.
    expect((await issues(tree([]))).map((issue) => issue.path)).toEqual(['account.code']);
    const tooMany = tree([row()]);
    tooMany.account.parent = Array.from({ length: HIERARCHY_IMPORT_MAX_ROWS + 1 }, () => 0);
    tooMany.account.code = tooMany.account.parent.map((_, n) => `5.${n}`);
    tooMany.account.name = tooMany.account.parent.map(() => 'Belanja');
    expect(await issues(tooMany)).toEqual([
      { path: 'account.code', message: `maksimal ${HIERARCHY_IMPORT_MAX_ROWS} rekening` },
    ]);
    expect(await tableCounts()).toMatchObject({ program: 0 });
  });

  it('is for admins only', async () => {
    expect((await post(tree(sample), t.userToken)).statusCode).toBe(403);
    expect((await post(tree(sample), null)).statusCode).toBe(401);
  });

  it('asks for small calls on PGlite (one shared session) and large ones on PostgreSQL', async () => {
    const result = await imported(tree(sample, true));
    expect(result.batch_rows).toBe(target === 'postgres' ? 20_000 : 1_000);
  });

  describe('official codes', () => {
    /** A unit's support programme: the same name in every unit, each its own code. */
    const coded = (unit: string, overrides: Partial<HierarchyImportRow> = {}) =>
      row({
        program: 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH',
        program_code: `${unit}.01`,
        action: 'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah',
        action_code: `${unit}.01.2.01`,
        sub_action: 'Penyusunan Dokumen Perencanaan Perangkat Daerah',
        sub_action_code: `${unit}.01.2.01.0001`,
        ...overrides,
      });
    const stored = async (key: HierarchyLevelKey) =>
      (
        await sql<{ code: string | null; name: string }>`
          select code, name from ${sql.table(managedEntities[key].table)} order by code, name`.execute(
          t.database.db,
        )
      ).rows.map(({ code, name }) => `${code ?? '-'} ${name}`);

    it('keeps apart what the codes keep apart, though the names are the same', async () => {
      const result = await imported(tree([coded('4.01'), coded('1.02'), coded('2.17')]));
      expect(counts(result)).toMatchObject({ program: [3, 0], action: [3, 0], sub_action: [3, 0] });
      expect(await stored('program')).toEqual([
        '1.02.01 PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH',
        '2.17.01 PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH',
        '4.01.01 PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH',
      ]);
      // Two kegiatan codes sharing a name under one programme stay two.
      const twin = coded('4.01', {
        action_code: '4.01.01.2.02',
        sub_action_code: '4.01.01.2.02.0001',
      });
      const again = await imported(tree([coded('4.01'), twin]));
      expect(counts(again)).toMatchObject({ program: [0, 1], action: [1, 1] });
      expect(await stored('action')).toHaveLength(4);
      // Running the same file again changes nothing.
      expect(counts(await imported(tree([coded('4.01'), twin])))).toMatchObject({
        program: [0, 1],
        action: [0, 2],
        sub_action: [0, 2],
        account: [0, 2],
      });
    });

    it('gives its code to a record made earlier by name; a code stored under another name keeps it', async () => {
      await imported(tree([row({ program: 'Program Lama' })]));
      const adopted = await imported(
        tree([row({ program: 'Program Lama', program_code: '1.01.01' })]),
      );
      expect(counts(adopted)).toMatchObject({ program: [0, 1], action: [0, 1] });
      expect(await stored('program')).toEqual(['1.01.01 Program Lama']);

      const renamed = await imported(
        tree([row({ program: 'Program Nama Baru Kementerian', program_code: '1.01.01' })]),
      );
      expect(counts(renamed)).toMatchObject({ program: [0, 0], action: [0, 1] });
      expect(renamed.conflicts).toEqual([
        {
          record: 0,
          field: 'program',
          message: 'kode 1.01.01 sudah ada dengan nama "Program Lama"; nama tidak diubah',
        },
      ]);
      expect(await stored('program')).toEqual(['1.01.01 Program Lama']);
    });

    it('with accept_renames, takes the official new names of records found by code', async () => {
      await imported(tree([row({ program: 'Program Lama', program_code: '1.01.01' })]));
      const renamedRow = row({
        program: 'Program Nama Baru Kementerian',
        program_code: '1.01.01',
        account_name: 'Belanja Alat Tulis Kantor (nama baru)',
      });
      const dry = await imported({ ...tree([renamedRow], true), accept_renames: true });
      expect(dry.levels.program.renamed_records).toEqual([0]);
      expect(await stored('program')).toEqual(['1.01.01 Program Lama']);

      const result = await imported({ ...tree([renamedRow]), accept_renames: true });
      expect(result.conflicts).toEqual([]);
      expect(result.levels.program).toMatchObject({
        created: 0,
        existing: 0,
        renamed_records: [0],
      });
      expect(result.levels.account).toMatchObject({
        created: 0,
        existing: 0,
        renamed_records: [0],
      });
      expect(await stored('program')).toEqual(['1.01.01 Program Nama Baru Kementerian']);
      expect(await stored('account')).toEqual([
        '5.1.02.01.01.0024 Belanja Alat Tulis Kantor (nama baru)',
      ]);
    });

    it("exports the hierarchy in the import's own rows, a page at a time, to admins only", async () => {
      await imported(tree([coded('4.01'), coded('1.02', { account_code: '5.1.02.01.01.0025' })]));
      const page = (query: string, token = t.adminToken) =>
        t.call('GET', `/ranwal/api/export/hierarchy?${query}`, { token });
      expect((await page('', t.userToken)).statusCode).toBe(403);
      const first = (await page('limit=1')).json().data;
      expect(first.rows).toHaveLength(1);
      const second = (await page(`limit=1&after=${first.next}`)).json().data;
      expect(second.rows).toHaveLength(1);
      const last = (await page(`limit=1&after=${second.next}`)).json().data;
      expect(last).toEqual({ rows: [], next: null });
      const rows = [...first.rows, ...second.rows].sort((a, b) =>
        a.program_code.localeCompare(b.program_code),
      );
      expect(rows.map(({ account_id, ...row }: Record<string, unknown>) => row)).toEqual(
        [
          {
            ...coded('1.02', { account_code: '5.1.02.01.01.0025' }),
            program_is_taxed: false,
            activity_code: null,
            subtitle_code: null,
          },
          { ...coded('4.01'), program_is_taxed: false, activity_code: null, subtitle_code: null },
        ].map((expected) => ({ agency: null, agency_code: null, ...expected })),
      );
    });

    it('matches programmes within their Perangkat Daerah: one support programme per agency', async () => {
      const support = 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH';
      const inAgency = (
        agency: string,
        agency_code: string,
        overrides: Partial<HierarchyImportRow> = {},
      ) => row({ agency, agency_code, program: support, ...overrides });
      const rows = [
        inAgency('Badan Perencanaan Pembangunan Daerah', '4.01.0.00.0.00.01.0000'),
        inAgency('Dinas Kesehatan', '1.02.0.00.0.00.01.0000'),
        inAgency('Dinas Kesehatan', '1.02.0.00.0.00.01.0000', {
          account_code: '5.1.02.01.01.0025',
        }),
      ];
      const first = await imported(tree(rows));
      expect(first.levels.agency).toMatchObject({ created: 2, existing: 0 });
      expect(counts(first)).toMatchObject({ program: [2, 0], account: [3, 0] });
      const { rows: programs } = await sql<{ agency: string; name: string }>`
        select agency.name as agency, program.name from program join agency on agency.id = program.agency_id
        order by agency.name`.execute(t.database.db);
      expect(programs).toEqual([
        { agency: 'Badan Perencanaan Pembangunan Daerah', name: support },
        { agency: 'Dinas Kesehatan', name: support },
      ]);
      // A file without agencies finds none of them: its programme is the region's own.
      const regionWide = await imported(tree([row({ program: support })]));
      expect(counts(regionWide)).toMatchObject({ program: [1, 0] });
      // Again with agencies: nothing new; the export names each row's agency.
      const again = await imported(tree(rows));
      expect(again.levels.agency).toMatchObject({ created: 0, existing: 2 });
      expect(counts(again)).toMatchObject({ program: [0, 2], account: [0, 3] });
      const exported = (
        await t.call('GET', '/ranwal/api/export/hierarchy', { token: t.adminToken })
      )
        .json()
        .data.rows.map((r: { agency: string | null; agency_code: string | null }) =>
          [r.agency_code, r.agency].join(' '),
        )
        .sort();
      expect(exported).toEqual([
        ' ',
        '1.02.0.00.0.00.01.0000 Dinas Kesehatan',
        '1.02.0.00.0.00.01.0000 Dinas Kesehatan',
        '4.01.0.00.0.00.01.0000 Badan Perencanaan Pembangunan Daerah',
      ]);
    });

    it('takes a programme of no agency (parent -1) beside agencies in one call', async () => {
      const batch = tree([
        row({ agency: 'Dinas Kesehatan', agency_code: '1.02.0.00.0.00.01.0000' }),
      ]) as unknown as Record<
        string,
        { parent?: number[]; name: string[]; code?: unknown[]; is_taxed?: (boolean | null)[] }
      >;
      // A whole server's export: the region's own programme beside the agency's.
      const program = batch.program!;
      let parent = program.name.length;
      program.parent!.push(-1);
      program.name.push('PROGRAM DAERAH');
      program.is_taxed!.push(null);
      program.code?.push(null);
      for (const key of ['action', 'sub_action', 'activity', 'subtitle']) {
        const level = batch[key]!;
        const position = level.name.length;
        level.parent!.push(parent);
        level.name.push(`${key} daerah`);
        level.code?.push(null);
        parent = position;
      }
      batch.account!.parent!.push(parent);
      batch.account!.code!.push('5.1.02.01.01.0030');
      batch.account!.name.push('Belanja Daerah');
      const first = await imported(batch);
      expect(first.levels.agency).toMatchObject({ created: 1, existing: 0 });
      expect(counts(first)).toMatchObject({ program: [2, 0], account: [2, 0] });
      const { rows } = await sql<{ name: string; agency_id: string | null }>`
        select name, agency_id from program order by name`.execute(t.database.db);
      expect(rows.map((r) => [r.name, r.agency_id === null])).toEqual([
        ['PROGRAM DAERAH', true],
        [row().program, false],
      ]);
      const again = await imported(batch);
      expect(counts(again)).toMatchObject({ program: [0, 2], account: [0, 2] });
    });

    it('refuses programmes without an agency in a call that names agencies', async () => {
      const batch = tree([row({ agency: 'Dinas Kesehatan' })]);
      delete (batch.program as { parent?: number[] }).parent;
      const response = await post(batch);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].path).toBe('program.parent');
    });

    it('refuses a code outside its level pattern, naming the level and the record', async () => {
      const batch = tree([row({ action_code: '1.01' })]);
      const response = await post(batch);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('format kode tidak sesuai, mis. 1.01.01.2.01');
      expect(response.json().issues[0].path).toBe('action.code.0');
    });
  });
});
