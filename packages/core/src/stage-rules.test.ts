import { describe, expect, it } from 'vitest';
import { StageScheduleInput } from './history.js';
import { messagesEn, messagesId } from './messages/index.js';
import {
  budgetYearWindow,
  type StageDates,
  type StageGate,
  stageAdvanceConsequence,
  stageDateNote,
  stageRefusal,
  stageScheduleIssues,
  stageScheduleWarnings,
} from './stage-rules.js';

const gate = (overrides: Partial<StageGate>): StageGate => ({
  kind: 'ranwal',
  year: 2027,
  status: 'current',
  locked: false,
  locked_by_name: null,
  starts_on: '2026-12-01',
  ends_on: '2027-01-31',
  ...overrides,
});
const ranwal = (overrides: Partial<StageGate> = {}) => gate(overrides);
const ranhir = (overrides: Partial<StageGate> = {}) =>
  gate({
    kind: 'ranhir',
    status: 'upcoming',
    starts_on: '2027-02-01',
    ends_on: '2027-03-31',
    ...overrides,
  });

describe('may a user write lines of a year today, and if not why (stageRefusal)', () => {
  it.each<[string, StageGate[], string, string | null]>([
    ['a year without stages is open', [], '2026-11-28', null],
    [
      'the first stage not entered, its dates not come: names its start',
      [ranwal({ status: 'upcoming' }), ranhir()],
      '2026-11-28',
      'Tahap Rancangan Awal 2027 belum dimulai (mulai 1 Des 2026): rincian belanja belum dapat dibuat, diubah, atau dihapus.',
    ],
    [
      'the first stage not entered though its dates have come: the administrator starts it',
      [ranwal({ status: 'upcoming' }), ranhir()],
      '2026-12-05',
      'Tahap Rancangan Awal 2027 belum dimulai oleh administrator (jadwalnya mulai 1 Des 2026): rincian belanja belum dapat dibuat, diubah, atau dihapus.',
    ],
    [
      'the current stage locked: names who locked it',
      [ranwal({ locked: true, locked_by_name: 'Administrator' }), ranhir()],
      '2026-12-05',
      'Tahap Rancangan Awal 2027 dikunci oleh Administrator: rincian belanja tidak dapat dibuat, diubah, atau dihapus.',
    ],
    [
      'locked by an account since removed',
      [ranwal({ locked: true })],
      '2026-12-05',
      'Tahap Rancangan Awal 2027 dikunci oleh admin: rincian belanja tidak dapat dibuat, diubah, atau dihapus.',
    ],
    [
      'the current stage entered before its dates: until its start',
      [ranwal(), ranhir()],
      '2026-11-30',
      'Tahap Rancangan Awal 2027 baru berlaku mulai 1 Des 2026: rincian belanja belum dapat dibuat, diubah, atau dihapus sampai tanggal itu.',
    ],
    ['on its first day it is open', [ranwal(), ranhir()], '2026-12-01', null],
    ['on its last day it is open', [ranwal(), ranhir()], '2027-01-31', null],
    [
      'after its last day: names its end',
      [ranwal(), ranhir()],
      '2027-02-01',
      'Tahap Rancangan Awal 2027 berakhir 31 Jan 2027: rincian belanja tidak dapat lagi dibuat, diubah, atau dihapus.',
    ],
    [
      'a later stage current: its own dates count',
      [ranwal({ status: 'closed' }), ranhir({ status: 'current' })],
      '2027-02-10',
      null,
    ],
  ])('%s', (_, stages, today, expected) => {
    expect(stageRefusal(stages, today)).toBe(expected);
  });

  it('speaks English with the English catalogue', () => {
    expect(stageRefusal([ranwal({ status: 'upcoming' })], '2026-11-28', messagesEn.server)).toBe(
      'Stage Initial draft of 2027 has not started (starts 1 Des 2026): budget lines cannot be created, edited or deleted yet.',
    );
  });
});

describe('what entering the next stage today does to users (stageAdvanceConsequence)', () => {
  it.each<[string, StageGate[], string, string | null]>([
    ['no stages: nothing to enter', [], '2026-11-28', null],
    [
      'the first stage, three days early',
      [ranwal({ status: 'upcoming' }), ranhir()],
      '2026-11-28',
      'Tahap Rancangan Awal 2027 dijadwalkan mulai 1 Des 2026. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai 1 Des 2026.',
    ],
    ['the first stage within its dates', [ranwal({ status: 'upcoming' })], '2026-12-01', null],
    [
      'the next stage, early',
      [ranwal(), ranhir()],
      '2027-01-15',
      'Tahap Rancangan Akhir 2027 dijadwalkan mulai 1 Feb 2027. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai 1 Feb 2027.',
    ],
    ['the next stage on its first day', [ranwal(), ranhir()], '2027-02-01', null],
    [
      'the next stage after its dates',
      [ranwal(), ranhir()],
      '2027-04-01',
      'Jadwal tahap Rancangan Akhir 2027 sudah berakhir 31 Mar 2027. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai jadwalnya diubah.',
    ],
    [
      'the last stage current: nothing to enter',
      [ranwal({ status: 'closed' }), ranhir({ status: 'current' })],
      '2027-05-01',
      null,
    ],
  ])('%s', (_, stages, today, expected) => {
    expect(stageAdvanceConsequence(stages, today)).toBe(expected);
  });
});

describe("a schedule's dates: overlaps refused naming both stages, outside the year warned", () => {
  const dates = (kind: StageDates['kind'], starts_on: string, ends_on: string): StageDates => ({
    kind,
    starts_on,
    ends_on,
  });

  it.each<[string, StageDates[], { index: number; message: string }[]]>([
    [
      'one after another',
      [dates('ranwal', '2026-01-05', '2026-03-31'), dates('ranhir', '2026-04-01', '2026-06-30')],
      [],
    ],
    [
      'starting on the day the one before ends',
      [dates('ranwal', '2026-01-05', '2026-03-31'), dates('ranhir', '2026-03-31', '2026-06-30')],
      [
        {
          index: 1,
          message:
            'tumpang tindih dengan tahap Rancangan Awal (5 Jan 2026 s.d. 31 Mar 2026); tahap Rancangan Akhir harus dimulai setelah 31 Mar 2026',
        },
      ],
    ],
    [
      'wholly inside the one before',
      [dates('ranwal', '2026-01-05', '2026-03-31'), dates('rancangan', '2026-02-01', '2026-02-10')],
      [
        {
          index: 1,
          message:
            'tumpang tindih dengan tahap Rancangan Awal (5 Jan 2026 s.d. 31 Mar 2026); tahap Rancangan harus dimulai setelah 31 Mar 2026',
        },
      ],
    ],
    [
      'dated wholly before the one it follows',
      [dates('ranwal', '2026-04-01', '2026-06-30'), dates('ranhir', '2026-01-05', '2026-03-31')],
      [
        {
          index: 1,
          message:
            'mendahului tahap Rancangan Awal (1 Apr 2026 s.d. 30 Jun 2026), padahal tahap berjalan berurutan; tahap Rancangan Akhir harus dimulai setelah 30 Jun 2026',
        },
      ],
    ],
    [
      'a date not typed yet is left to its own field',
      [dates('ranwal', '2026-01-05', ''), dates('ranhir', '2026-01-06', '2026-06-30')],
      [],
    ],
    [
      'so is a date that is not one',
      [dates('ranwal', '2026-01-05', '2026-02-30'), dates('ranhir', '2026-02-28', '2026-06-30')],
      [],
    ],
  ])('%s', (_, stages, expected) => {
    expect(stageScheduleIssues(stages)).toEqual(expected);
  });

  it("refuses an overlap through the schedule schema, on the later stage's start date", () => {
    const parsed = StageScheduleInput.safeParse({
      year: 2027,
      stages: [
        dates('ranwal', '2026-11-01', '2026-12-15'),
        dates('ranhir', '2026-12-01', '2027-01-31'),
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ['stages', 1, 'starts_on'],
        message: expect.stringContaining('tumpang tindih dengan tahap Rancangan Awal'),
      }),
    ]);
    const apart = StageScheduleInput.parse({
      year: 2027,
      stages: [dates('ranwal', '2026-11-01', '2026-11-30')],
    });
    expect(apart.confirm).toBe(false);
  });

  it('plans budget year Y from 1 January of Y-1 to 31 December of Y', () => {
    expect(budgetYearWindow(2027)).toEqual({ from: '2026-01-01', to: '2027-12-31' });
  });

  it.each<[string, StageDates, boolean]>([
    ['inside', dates('ranwal', '2026-11-01', '2026-12-15'), false],
    ['touching the window on its last day', dates('ranwal', '2025-12-01', '2026-01-01'), false],
    ['touching the window on its first day', dates('perubahan', '2027-12-31', '2028-01-15'), false],
    ['wholly before', dates('ranwal', '2025-11-01', '2025-12-31'), true],
    ['wholly after', dates('perubahan', '2028-01-01', '2028-02-01'), true],
  ])('a stage %s the window is warned: %s', (_, stage, warned) => {
    const warnings = stageScheduleWarnings(2027, [stage]);
    expect(warnings.length > 0).toBe(warned);
  });

  it('words the warning with both ranges', () => {
    expect(stageScheduleWarnings(2027, [dates('ranwal', '2025-11-01', '2025-12-31')])).toEqual([
      {
        index: 0,
        message:
          'Tanggal tahap Rancangan Awal (1 Nov 2025 s.d. 31 Des 2025) di luar masa perencanaan anggaran 2027 (1 Jan 2026 s.d. 31 Des 2027).',
      },
    ]);
  });
});

describe("where a stage's status and its dates disagree, the page says why (stageDateNote)", () => {
  it.each<[string, StageGate[], number, string, string | null]>([
    ['current within its dates', [ranwal(), ranhir()], 0, '2026-12-10', null],
    [
      'current before its dates',
      [ranwal(), ranhir()],
      0,
      '2026-11-28',
      'Dimulai sebelum jadwalnya: pengguna baru dapat mengubah rincian belanja mulai 1 Des 2026.',
    ],
    [
      'current after its dates',
      [ranwal(), ranhir()],
      0,
      '2027-02-05',
      'Jadwalnya berakhir 31 Jan 2027: pengguna tidak dapat lagi mengubah rincian belanja. Lanjutkan ke tahap berikutnya atau ubah jadwalnya.',
    ],
    [
      'the next stage whose dates have come',
      [ranwal(), ranhir()],
      1,
      '2027-02-05',
      'Jadwalnya mulai 1 Feb 2027, tetapi tahap ini baru berjalan setelah admin memilih Lanjut ke Tahap Berikutnya.',
    ],
    [
      'a stage after the next is not due yet',
      [ranwal({ status: 'upcoming' }), ranhir({ starts_on: '2026-11-01', ends_on: '2026-12-31' })],
      1,
      '2026-12-05',
      null,
    ],
    ['the next stage before its dates', [ranwal(), ranhir()], 1, '2027-01-05', null],
    [
      'an upcoming stage whose dates have passed',
      [ranwal(), ranhir()],
      1,
      '2027-04-05',
      'Jadwalnya sudah berakhir 31 Mar 2027, sebelum tahap ini dimulai.',
    ],
    [
      'closed before its end',
      [ranwal({ status: 'closed' }), ranhir({ status: 'current' })],
      0,
      '2027-01-20',
      'Diselesaikan sebelum jadwalnya berakhir (31 Jan 2027).',
    ],
    [
      'closed after its end',
      [ranwal({ status: 'closed' }), ranhir({ status: 'current' })],
      0,
      '2027-02-01',
      null,
    ],
  ])('%s', (_, stages, index, today, expected) => {
    expect(stageDateNote(stages, index, today, messagesId)).toBe(expected);
  });
});
