import { messagesId, type Stage } from '@ranwal/core';
import { describe, expect, it } from 'vitest';
import { stageNoticeOf, todayInWib } from './stage-notice.js';

const stage = (overrides: Partial<Stage>): Stage => ({
  id: '00000000-0000-4000-8000-000000000001',
  year: 2026,
  kind: 'ranhir',
  position: 1,
  starts_on: '2026-11-01',
  ends_on: '2027-01-26',
  status: 'current',
  locked: false,
  locked_by_name: null,
  snapshot_lines: null,
  ...overrides,
});

describe("the line form's word on its year's stage", () => {
  it('says nothing for a year without stages', () => {
    expect(stageNoticeOf([], '2026-11-27', messagesId)).toBeUndefined();
  });

  it("says which stage runs until when, and warns in the server's words where it would refuse", () => {
    expect(stageNoticeOf([stage({})], '2026-11-27', messagesId)).toEqual({
      tone: 'info',
      text: 'Tahap Rancangan Akhir 2026 sedang berjalan hingga 26 Jan 2027.',
      blocksWrites: false,
    });
    expect(
      stageNoticeOf(
        [stage({ locked: true, locked_by_name: 'Administrator' })],
        '2026-11-27',
        messagesId,
      ),
    ).toEqual({
      tone: 'warning',
      text: 'Tahap Rancangan Akhir 2026 dikunci oleh Administrator: rincian belanja tidak dapat dibuat, diubah, atau dihapus.',
      blocksWrites: true,
    });
    expect(stageNoticeOf([stage({})], '2027-02-01', messagesId)?.text).toBe(
      'Tahap Rancangan Akhir 2026 berakhir 26 Jan 2027: rincian belanja tidak dapat lagi dibuat, diubah, atau dihapus.',
    );
    expect(
      stageNoticeOf(
        [stage({ kind: 'ranwal', status: 'upcoming', starts_on: '2026-12-01' })],
        '2026-11-27',
        messagesId,
      ),
    ).toEqual({
      tone: 'warning',
      text: 'Tahap Rancangan Awal 2026 belum dimulai (mulai 1 Des 2026): rincian belanja belum dapat dibuat, diubah, atau dihapus.',
      blocksWrites: true,
    });
  });

  it('tells an admin without holding them back: the server does not refuse admins', () => {
    expect(
      stageNoticeOf([stage({ locked: true })], '2026-11-27', messagesId, 'admin')?.blocksWrites,
    ).toBe(false);
    expect(
      stageNoticeOf([stage({ locked: true })], '2026-11-27', messagesId, 'user')?.blocksWrites,
    ).toBe(true);
  });

  it('reads today in WIB: 23.30 UTC is already tomorrow in Jakarta', () => {
    expect(todayInWib(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });
});
