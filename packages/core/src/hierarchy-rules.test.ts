import { describe, expect, it } from 'vitest';
import { chainIssues, dependentsConflict } from './hierarchy-rules.js';

describe('dependentsConflict', () => {
  it('names the children and the lines that hold a record', () => {
    expect(dependentsConflict('program', 'Pendidikan', { children: 2, lines: 1 })).toBe(
      'Program "Pendidikan" tidak dapat dihapus karena masih memiliki 2 Kegiatan dan 1 laporan.',
    );
    expect(dependentsConflict('supporter', 'Bidang Fisik', { children: 0, lines: 3 })).toBe(
      'Pengampu "Bidang Fisik" tidak dapat dihapus karena masih memiliki 3 laporan.',
    );
  });

  it('is null when nothing holds it', () => {
    expect(dependentsConflict('account', '5.1.02', { children: 0, lines: 0 })).toBeNull();
  });
});

describe('chainIssues', () => {
  const ids = {
    program_id: 'p',
    action_id: 'a',
    sub_action_id: 's',
    activity_id: 'v',
    subtitle_id: 't',
    account_id: 'k',
    supporter_id: 'g',
  };
  const parents: Record<string, string | null> = {
    p: null,
    a: 'p',
    s: 'a',
    v: 's',
    t: 'v',
    k: 't',
    g: null,
  };

  it('finds nothing wrong in one chain', () => {
    expect(chainIssues(ids, (_, id) => parents[id])).toEqual([]);
  });

  it('names a missing record and a record under another parent', () => {
    expect(
      chainIssues({ ...ids, action_id: 'x', account_id: 'gone', supporter_id: 'gone' }, (_, id) =>
        id === 'x' ? 'other' : parents[id],
      ),
    ).toEqual([
      { path: 'action_id', message: 'Kegiatan tidak ditemukan di program ini' },
      { path: 'sub_action_id', message: 'Sub Kegiatan tidak ditemukan di kegiatan ini' },
      { path: 'account_id', message: 'Kode Rekening tidak ditemukan' },
      { path: 'supporter_id', message: 'Pengampu tidak ditemukan' },
    ]);
  });
});
