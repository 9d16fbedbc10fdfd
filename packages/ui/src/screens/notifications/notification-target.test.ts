import type { Notification } from '@ranwal/core';
import { describe, expect, it } from 'vitest';
import { monthOfParam } from '../../lib/portal-url.js';
import { notificationTarget, portalNotificationPaths } from './notification-target.js';

const UNIT = '30000000-0000-4000-8000-000000000001';

/** A unit's month told to someone (issue 37): March 2026 of one Perangkat Daerah. */
const aboutMarch: Notification = {
  id: '40000000-0000-4000-8000-000000000001',
  kind: 'month_sent',
  note_id: null,
  line_id: null,
  line_name: null,
  line_namesake: null,
  sub_action_id: null,
  sub_action_name: null,
  year: 2026,
  agency_id: UNIT,
  agency_name: 'Dinas Kesehatan',
  month: 3,
  actor_name: 'Rina Bulanan',
  created_at: '2026-04-05T02:00:00.000Z',
  read: false,
};

describe("where a notification of a unit's month leads", () => {
  it.each(['verifier', 'admin', 'user'] as const)(
    "a %s to that month of that unit, not to this month's list",
    (role) => {
      const target = new URL(notificationTarget(aboutMarch, role), 'http://portal.local');
      expect(target.pathname).toBe('/laporan-bulanan');
      expect(target.searchParams.get('tahun')).toBe('2026');
      expect(target.searchParams.get('bulan')).toBe('2026-03');
      expect(target.searchParams.get('perangkat-daerah')).toBe(UNIT);
      // The month reads back as March in 2026 only: another year starts on its own default.
      expect(monthOfParam(target.searchParams.get('bulan'), 2026)).toBe(3);
      expect(monthOfParam(target.searchParams.get('bulan'), 2025)).toBeNull();
    },
  );

  it('leaves the month and the unit out where an embedding app names no parameter for them', () => {
    const { monthParam: _month, agencyParam: _agency, ...paths } = portalNotificationPaths;
    expect(notificationTarget(aboutMarch, 'verifier', paths)).toBe('/laporan-bulanan?tahun=2026');
  });
});

describe('a month in an address', () => {
  it.each<[string | null, number | null]>([
    ['2026-12', 12],
    ['2026-01', 1],
    ['2026-1', null],
    ['2026-13', null],
    ['2026-00', null],
    ['Maret', null],
    ['', null],
    [null, null],
  ])('%s reads as %s in 2026', (value, month) => {
    expect(monthOfParam(value, 2026)).toBe(month);
  });
});
