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

const AGENCY = '3f2b8c1e-6a4d-4e1f-9b7a-2c5d8e9f0a1b';

describe("a report list's Perangkat Daerah filter", () => {
  it.each([
    ['Daftar Laporan', userReportsDefaultView],
    ['Laporan (admin)', adminReportsDefaultView],
  ])('%s: kept in the URL, read back, and sent to the list and the export', (_, defaults) => {
    const view = { ...defaults, agency_id: AGENCY };
    const params = reportViewToParams(view, defaults);
    expect(params.get('perangkat-daerah')).toBe(AGENCY);
    expect(reportViewFromParams(params, defaults)).toEqual(view);
    expect(isNarrowed(view, defaults)).toBe(true);
    expect(listQueryOf(view, 10)).toMatchObject({ agency_id: AGENCY });
    expect(downloadQueryOf(view)).toMatchObject({ agency_id: AGENCY });
  });

  it.each([
    ['absent', ''],
    ['not an id', 'perangkat-daerah=bappeda'],
  ])('%s in the URL: no agency filter', (_, query) => {
    const view = reportViewFromParams(new URLSearchParams(query), userReportsDefaultView);
    expect(view.agency_id).toBeNull();
    expect(listQueryOf(view, 10)).not.toHaveProperty('agency_id');
    expect(reportViewToParams(view, userReportsDefaultView).toString()).toBe('');
  });
});

describe("a report list's year", () => {
  it("is not kept in the view's URL: the portal keeps the budget year of every page as ?tahun=", () => {
    const defaults = userReportsDefaultView;
    const view = { ...defaults, year: 2027, search: 'kertas' };
    expect(reportViewToParams(view, defaults).toString()).toBe('q=kertas');
    expect(reportViewFromParams(new URLSearchParams('year=2024&q=kertas'), defaults)).toEqual({
      ...defaults,
      search: 'kertas',
    });
    expect(listQueryOf(view, 10)).toMatchObject({ year: 2027, search: 'kertas' });
    expect(downloadQueryOf(view)).toMatchObject({ year: 2027 });
  });
});
