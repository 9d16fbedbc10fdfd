import { describe, expect, it } from 'vitest';
import { routes } from './routes.js';
import {
  collapseSpaces,
  HIERARCHY_IMPORT_MAX_ROWS,
  HierarchyImportBatch,
  HierarchyImportRow,
  importNameKey,
} from './schemas.js';

const row = {
  program: 'Program A',
  action: 'Kegiatan A',
  sub_action: 'Sub A',
  activity: 'Aktivitas A',
  subtitle: 'Subtitle A',
  account_code: '5.1.02.01.01.0024',
  account_name: 'Belanja ATK',
};

describe('import names', () => {
  it.each([
    ['  Belanja   ATK ', 'Belanja ATK'],
    ['Belanja\tATK', 'Belanja ATK'],
    ['Belanja\r\nATK', 'Belanja ATK'],
    ['Belanja\u00a0ATK', 'Belanja ATK'],
    ['Belanja ATK', 'Belanja ATK'],
  ])('collapses %j to %j', (input, output) => {
    expect(collapseSpaces(input)).toBe(output);
  });

  it('matches names whatever their case and spacing', () => {
    expect(importNameKey(' BELANJA  atk')).toBe(importNameKey('Belanja ATK'));
    expect(importNameKey('Belanja ATK 2')).not.toBe(importNameKey('Belanja ATK'));
  });
});

describe('HierarchyImportRow', () => {
  it('stores names collapsed and the code trimmed', () => {
    expect(
      HierarchyImportRow.parse({ ...row, program: ' Program \n A ', account_code: ' 5.1 ' }),
    ).toEqual({ ...row, program: 'Program A', account_code: '5.1' });
  });

  it.each([
    [{ action: '  ' }, 'action'],
    [{ account_code: '5 1' }, 'account_code'],
    [{ account_code: '' }, 'account_code'],
    [{ account_name: 'x'.repeat(256) }, 'account_name'],
    [{ program_is_taxed: 'ya' }, 'program_is_taxed'],
  ])('refuses %j', (change, field) => {
    const result = HierarchyImportRow.safeParse({ ...row, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('HierarchyImportBatch', () => {
  it(`takes 1 to ${HIERARCHY_IMPORT_MAX_ROWS} rows, a real run unless told`, () => {
    expect(HierarchyImportBatch.parse({ rows: [row] }).dry_run).toBe(false);
    expect(HierarchyImportBatch.safeParse({ rows: [] }).success).toBe(false);
    const tooMany = Array.from({ length: HIERARCHY_IMPORT_MAX_ROWS + 1 }, () => row);
    expect(HierarchyImportBatch.safeParse({ rows: tooMany }).success).toBe(false);
  });

  it('is the body of one admin route', () => {
    expect(routes.import.hierarchy).toMatchObject({
      method: 'POST',
      path: '/api/import/hierarchy',
      access: 'admin',
      body: HierarchyImportBatch,
    });
  });
});
