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
    [{ account_name: 'x'.repeat(1001) }, 'account_name'],
    [{ program_is_taxed: 'ya' }, 'program_is_taxed'],
  ])('refuses %j', (change, field) => {
    const result = HierarchyImportRow.safeParse({ ...row, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('HierarchyImportBatch', () => {
  /** One programme with one record on each level below it, and `accounts` account codes. */
  const batch = (accounts: number) => ({
    program: { name: ['Program A'], is_taxed: [null] },
    action: { parent: [0], name: ['Kegiatan A'] },
    sub_action: { parent: [0], name: ['Sub A'] },
    activity: { parent: [0], name: ['Aktivitas A'] },
    subtitle: { parent: [0], name: ['Subtitle A'] },
    account: {
      parent: Array.from({ length: accounts }, () => 0),
      code: Array.from({ length: accounts }, (_, n) => `5.1.${n}`),
      name: Array.from({ length: accounts }, () => ' Belanja   ATK '),
    },
  });
  const paths = (value: unknown) =>
    HierarchyImportBatch.safeParse(value).error?.issues.map((issue) => issue.path.join('.'));

  it(`takes 1 to ${HIERARCHY_IMPORT_MAX_ROWS} account codes, a real run unless told`, () => {
    const parsed = HierarchyImportBatch.parse(batch(2));
    expect(parsed.dry_run).toBe(false);
    expect(parsed.account.name).toEqual(['Belanja ATK', 'Belanja ATK']);
    expect(paths(batch(0))).toEqual(['account.code']);
    expect(paths(batch(HIERARCHY_IMPORT_MAX_ROWS + 1))).toEqual(['account.code']);
  });

  it('is a tree: columns of one length, parents that exist, no record without a child', () => {
    expect(paths({ ...batch(1), action: { parent: [0, 0], name: ['Kegiatan A'] } })).toEqual([
      'action.parent',
    ]);
    expect(paths({ ...batch(1), action: { parent: [1], name: ['Kegiatan A'] } })).toEqual([
      'action.parent.0',
    ]);
    expect(
      paths({
        ...batch(1),
        program: { name: ['Program A', 'Program B'], is_taxed: [null, true] },
      }),
    ).toEqual(['program.name.1']);
    expect(paths({ ...batch(1), account: { parent: [0], code: ['5 1'], name: [''] } })).toEqual([
      'account.code.0',
      'account.name.0',
    ]);
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
