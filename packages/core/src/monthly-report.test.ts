import { describe, expect, it } from 'vitest';
import { messagesId } from './messages/index.js';
import {
  fieldReportMonths,
  hasMonthBegun,
  isMonthLate,
  MonthlyReportReview,
  monthlyReportDueDate,
  monthOfDate,
  PhysicalProgressInput,
  physicalAchievementTenths,
  plannedProgressTenths,
  reminderMonths,
  todayInRegion,
  weightedProgressTenths,
} from './monthly-report.js';

const SUB = '00000000-0000-4000-8000-000000000001';

describe('the monthly report', () => {
  it('weighs progress by money, exactly, rounding half up to a tenth', () => {
    // simonev's bobot: each sub kegiatan's lines ÷ all lines.
    expect(
      weightedProgressTenths([
        { progress_tenths: 400, weight: '3000' },
        { progress_tenths: 1000, weight: '1000' },
      ]),
    ).toBe(550);
    // 999 000 ÷ 4 000 = 249,75 → 250; 999 ÷ 4 = 249,75 → 250; 998 ÷ 4 = 249,5 → 250 (half up).
    expect(
      weightedProgressTenths([
        { progress_tenths: 333, weight: '3000' },
        { progress_tenths: null, weight: '1000' },
      ]),
    ).toBe(250);
    expect(
      weightedProgressTenths([
        { progress_tenths: 998, weight: '1' },
        { progress_tenths: 0, weight: '3' },
      ]),
    ).toBe(250);
    // Weights past 2^53 stay exact.
    expect(
      weightedProgressTenths([
        { progress_tenths: 1000, weight: '90071992547409930' },
        { progress_tenths: 0, weight: '90071992547409930' },
      ]),
    ).toBe(500);
    expect(weightedProgressTenths([])).toBeNull();
    expect(weightedProgressTenths([{ progress_tenths: 500, weight: '0' }])).toBeNull();
  });

  it('plans the physical curve from the Anggaran Kas and compares progress with it', () => {
    expect(plannedProgressTenths('2500', '10000')).toBe(250);
    expect(plannedProgressTenths('12000', '10000')).toBe(1000);
    expect(plannedProgressTenths('0', '0')).toBeNull();
    expect(physicalAchievementTenths(200, 250)).toBe(800);
    expect(physicalAchievementTenths(null, 250)).toBe(0);
    expect(physicalAchievementTenths(200, 0)).toBeNull();
  });

  it('is due on the tenth of the next month, and late only while the unit still holds it', () => {
    expect(monthlyReportDueDate(2027, 3)).toBe('2027-04-10');
    expect(monthlyReportDueDate(2027, 12)).toBe('2028-01-10');
    expect(isMonthLate('draft', 2027, 3, '2027-04-10')).toBe(false);
    expect(isMonthLate('draft', 2027, 3, '2027-04-11')).toBe(true);
    expect(isMonthLate('returned', 2027, 3, '2027-05-01')).toBe(true);
    expect(isMonthLate('sent', 2027, 3, '2027-05-01')).toBe(false);
  });

  it.each([
    // [year, month, today, begun]
    [2026, 12, '2026-12-02', true],
    [2026, 12, '2026-12-31', true],
    [2026, 1, '2026-12-02', true],
    [2025, 12, '2026-01-01', true],
    [2027, 1, '2026-12-31', false],
    [2027, 12, '2026-12-02', false],
    [2026, 11, '2026-10-31', false],
  ] as const)('takes %i-%i as begun on %s: %s', (year, month, today, begun) => {
    expect(hasMonthBegun(year, month, today)).toBe(begun);
  });

  it("reads today's month on the region's calendar (WIB), whatever the machine's zone", () => {
    // 17:30 UTC on 30 November is 00:30 on 1 December in Jakarta.
    const today = todayInRegion(new Date('2026-11-30T17:30:00Z'));
    expect(today).toBe('2026-12-01');
    expect(monthOfDate(today)).toEqual({ year: 2026, month: 12 });
    expect(monthOfDate('2027-01-31')).toEqual({ year: 2027, month: 1 });
  });

  it("offers the field this year's months to today's, and last December in January", () => {
    expect(fieldReportMonths('2026-03-17')).toEqual([
      { year: 2026, month: 1 },
      { year: 2026, month: 2 },
      { year: 2026, month: 3 },
    ]);
    expect(fieldReportMonths('2027-01-05')).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(fieldReportMonths('2026-12-31')).toHaveLength(12);
  });

  it('reminds of the last month past its due date, and of the last month that has ended', () => {
    expect(reminderMonths('2027-04-10')).toEqual({
      late: { year: 2027, month: 2 },
      red: { year: 2027, month: 3 },
    });
    expect(reminderMonths('2027-04-11')).toEqual({
      late: { year: 2027, month: 3 },
      red: { year: 2027, month: 3 },
    });
    // Across the new year: December is due on 10 January.
    expect(reminderMonths('2028-01-05')).toEqual({
      late: { year: 2027, month: 11 },
      red: { year: 2027, month: 12 },
    });
    expect(reminderMonths('2028-01-11').late).toEqual({ year: 2027, month: 12 });
  });

  it('reads an entry as a person sends it and refuses what does not fit', () => {
    const entry = PhysicalProgressInput.parse({
      sub_action_id: SUB,
      year: '2027',
      month: '3',
      progress_tenths: 455,
      problems: '  Cuaca buruk  ',
      decrease_reason: '',
    });
    expect(entry).toMatchObject({
      year: 2027,
      month: 3,
      problems: 'Cuaca buruk',
      actions: '',
      decrease_reason: null,
    });
    const wrong = PhysicalProgressInput.safeParse({
      sub_action_id: SUB,
      year: 2027,
      month: 13,
      progress_tenths: 45.5,
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['month', 'harus bulan 1 sampai 12'],
      ['progress_tenths', 'paling banyak satu angka di belakang koma'],
    ]);
  });

  it('needs a note to send a month back, not to verify it', () => {
    const base = { agency_id: SUB, year: 2027, month: 3 };
    expect(MonthlyReportReview.safeParse({ ...base, decision: 'verify' }).success).toBe(true);
    const silent = MonthlyReportReview.safeParse({ ...base, decision: 'return', note: '  ' });
    expect(silent.error?.issues.map((issue) => issue.message)).toEqual([
      messagesId.monthlyReport.noteRequired,
    ]);
  });
});
