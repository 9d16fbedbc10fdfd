import {
  HIERARCHY_IMPORT_MAX_ROWS,
  type HierarchyImportResult,
  type HierarchyImportRow,
  hierarchyLevelKeys,
  managedEntities,
} from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
    for (const key of [...hierarchyLevelKeys].reverse()) {
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
    const first = await imported({ rows: sample });
    expect(first.dry_run).toBe(false);
    expect(counts(first)).toEqual({
      program: [1, 0],
      action: [1, 0],
      sub_action: [1, 0],
      activity: [1, 0],
      subtitle: [2, 0],
      account: [5, 0],
    });
    expect(first.levels.subtitle.created_rows).toEqual([0, 3]);
    expect(first.levels.account.created_rows).toEqual([0, 1, 2, 3, 4]);
    expect(first.conflicts).toEqual([]);

    const second = await imported({ rows: sample });
    expect(counts(second)).toEqual({
      program: [0, 1],
      action: [0, 1],
      sub_action: [0, 1],
      activity: [0, 1],
      subtitle: [0, 2],
      account: [0, 5],
    });
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
    await imported({ rows: [row()] });
    const result = await imported({
      rows: [
        row({
          program: '  program penunjang   URUSAN pemerintahan ',
          action: 'Perencanaan,\tPenganggaran, dan Evaluasi',
          account_code: '5.1.02.01.01.0099',
          account_name: 'Belanja   Materai',
        }),
        // Same sub-action name under another action: a record of its own.
        row({ action: 'Administrasi Keuangan', account_code: '5.1.02.01.01.0099' }),
      ],
    });
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
    const result = await imported({ rows: [row()] });
    expect(counts(result)).toMatchObject({ program: [0, 1], action: [0, 1], sub_action: [1, 0] });
    const { rows } = await sql<{ action_id: string }>`select action_id from sub_action`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ action_id: older }]);
  });

  it('reports a code stored under another name and leaves it as it is', async () => {
    await imported({ rows: [row()] });
    const result = await imported({
      rows: [
        row({ account_code: '5.1.02.01.01.0030', account_name: 'Belanja Baru' }),
        row({ account_name: 'Belanja ATK (nama lain)' }),
      ],
    });
    expect(result.conflicts).toEqual([
      {
        row: 1,
        field: 'account_name',
        message:
          'kode 5.1.02.01.01.0024 sudah ada di subtitle ini dengan nama "Belanja Alat Tulis Kantor"; nama tidak diubah',
      },
    ]);
    expect(result.levels.account).toEqual({ created: 1, existing: 0, created_rows: [0] });
    const { rows } = await sql<{ name: string }>`
      select name from account where code = '5.1.02.01.01.0024'`.execute(t.database.db);
    expect(rows).toEqual([{ name: 'Belanja Alat Tulis Kantor' }]);
  });

  it('reports a code that a batch names twice differently, and imports the first', async () => {
    const result = await imported({
      rows: [
        row(),
        row({ account_name: 'Nama Lain' }),
        row({ account_name: 'belanja alat  tulis kantor' }),
      ],
    });
    expect(result.conflicts.map((c) => [c.row, c.field])).toEqual([[1, 'account_name']]);
    expect(result.levels.account).toMatchObject({ created: 1, existing: 0 });
  });

  it("sets a new programme's PPN flag and reports a row that disagrees with a stored one", async () => {
    const created = await imported({ rows: [row({ program_is_taxed: true })] });
    expect(created.conflicts).toEqual([]);
    const again = await imported({
      rows: [
        row({ program_is_taxed: false }),
        row({ program_is_taxed: false, account_code: '5.1.02.01.01.0031' }),
        row({ program: 'Program Kedua' }),
      ],
    });
    expect(again.conflicts).toEqual([
      {
        row: 0,
        field: 'program_is_taxed',
        message:
          'program "Program Penunjang Urusan Pemerintahan" sudah ada dengan PPN aktif; tanda PPN tidak diubah',
      },
    ]);
    const { rows } = await sql<{ name: string; is_taxed: boolean }>`
      select name, is_taxed from program order by name`.execute(t.database.db);
    expect(rows).toEqual([
      { name: 'Program Kedua', is_taxed: false },
      { name: 'Program Penunjang Urusan Pemerintahan', is_taxed: true },
    ]);
  });

  it('answers a dry run with the counts of the real run and writes nothing', async () => {
    await imported({ rows: sample.slice(0, 2) });
    const dry = await imported({ rows: sample, dry_run: true });
    expect(dry.dry_run).toBe(true);
    expect(await tableCounts()).toMatchObject({ subtitle: 1, account: 2 });
    const real = await imported({ rows: sample });
    expect({ ...dry, dry_run: false }).toEqual(real);
    expect(counts(real)).toMatchObject({ subtitle: [1, 1], account: [3, 2] });
  });

  it('applies a batch whole or not at all', async () => {
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
      const response = await post({
        rows: [...sample, row({ program: 'Program Lain', account_code: '9.9.9' })],
      });
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

  it('takes a full batch of long names in one call', async () => {
    const long = (label: string, n: number) => `${label} ${'x'.repeat(230)} ${n}`;
    const rows = Array.from({ length: HIERARCHY_IMPORT_MAX_ROWS }, (_, n) =>
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
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(t.config.RANWAL_BODY_LIMIT_BYTES);
    const result = await imported({ rows });
    expect(result.levels.account.created).toBe(HIERARCHY_IMPORT_MAX_ROWS);
    expect(result.levels.program.created).toBe(3);
  });

  it('validates rows with the shared schema and writes nothing for a bad batch', async () => {
    const response = await post({
      rows: [row(), row({ action: '   ', account_code: '5.1' }), row({ account_code: '5 1' })],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { path: string }) => issue.path)).toEqual([
      'rows.1.action',
      'rows.2.account_code',
    ]);
    const tooMany = await post({
      rows: Array.from({ length: HIERARCHY_IMPORT_MAX_ROWS + 1 }, () => row()),
    });
    expect(tooMany.statusCode).toBe(400);
    expect((await post({ rows: [] })).statusCode).toBe(400);
    expect(await tableCounts()).toMatchObject({ program: 0 });
  });

  it('is for admins only', async () => {
    expect((await post({ rows: sample }, t.userToken)).statusCode).toBe(403);
    expect((await post({ rows: sample }, null)).statusCode).toBe(401);
  });
});
