import { describe, expect, it } from 'vitest';
import {
  adminReportsDefaultView,
  downloadQueryOf,
  isNarrowed,
  listQueryOf,
  reportViewFromParams,
  reportViewToParams,
  userReportsDefaultView,
} from './report-view.js';

const UNIT = '3f2b8c1e-6a4d-4e1f-9b7a-2c5d8e9f0a1b';

describe("a report list's Perangkat Daerah filter", () => {
  it.each([
    ['Daftar Laporan', userReportsDefaultView],
    ['Laporan (admin)', adminReportsDefaultView],
  ])('%s: kept in the URL, read back, and sent to the list and the export', (_, defaults) => {
    const view = { ...defaults, unit_id: UNIT };
    const params = reportViewToParams(view, defaults);
    expect(params.get('perangkat-daerah')).toBe(UNIT);
    expect(reportViewFromParams(params, defaults)).toEqual(view);
    expect(isNarrowed(view, defaults)).toBe(true);
    expect(listQueryOf(view, 10)).toMatchObject({ unit_id: UNIT });
    expect(downloadQueryOf(view)).toMatchObject({ unit_id: UNIT });
  });

  it.each([
    ['absent', ''],
    ['not an id', 'perangkat-daerah=bappeda'],
  ])('%s in the URL: no unit filter', (_, query) => {
    const view = reportViewFromParams(new URLSearchParams(query), userReportsDefaultView);
    expect(view.unit_id).toBeNull();
    expect(listQueryOf(view, 10)).not.toHaveProperty('unit_id');
    expect(reportViewToParams(view, userReportsDefaultView).toString()).toBe('');
  });
});
