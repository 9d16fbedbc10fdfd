import { HistoryListQuery, Id, PriceItemListQuery } from '@ranwal/core';
import { describe, expect, it } from 'vitest';
import {
  type FilterParams,
  type ListView,
  listViewFromParams,
  listViewToParams,
} from './list-page.js';

const AGENCY = '3f2b8c1e-6a4d-4e1f-9b7a-2c5d8e9f0a1b';

/** A list with the filters' kinds the admin pages have: an id, a choice, a date, plain text. */
type Filters = {
  agency_id: string | null;
  kind: string | null;
  from: string | null;
  code: string | null;
};
const defaults: Filters = { agency_id: null, kind: null, from: null, code: null };
const params: FilterParams<Filters> = {
  agency_id: { name: 'perangkat-daerah', schema: Id },
  kind: { name: 'jenis', schema: PriceItemListQuery.shape.kind },
  from: { name: 'dari', schema: HistoryListQuery.shape.from },
  // `code` has no parameter of its own: it is kept under its key, as any text.
};
const plain: ListView<Filters> = { filters: defaults, search: '', page: 1 };

describe("an admin list's view in the URL", () => {
  it.each<[string, ListView<Filters>, string]>([
    ['nothing narrowed, first page: no parameter', plain, ''],
    ['the page', { ...plain, page: 3 }, 'page=3'],
    ['the search, trimmed', { ...plain, search: ' kertas ' }, 'q=kertas'],
    [
      'each filter under its name',
      {
        filters: { agency_id: AGENCY, kind: 'SSH', from: '2026-01-31', code: '5.1' },
        search: 'lem',
        page: 2,
      },
      `perangkat-daerah=${AGENCY}&jenis=SSH&dari=2026-01-31&code=5.1&q=lem&page=2`,
    ],
    ['blank text is no filter', { ...plain, filters: { ...defaults, code: '' } }, ''],
  ])('%s', (_, view, query) => {
    const written = listViewToParams(view, defaults, params);
    expect(written.toString()).toBe(query);
    expect(listViewFromParams(written, defaults, params)).toEqual({
      ...view,
      search: view.search.trim(),
      filters: { ...view.filters, code: view.filters.code || null },
    });
  });

  it.each([
    ['an agency that is not an id', 'perangkat-daerah=bappeda', {}],
    ['a kind the catalogue has not', 'jenis=XYZ', {}],
    ['a day that is not a date', 'dari=31-01-2026', {}],
    ['page zero', 'page=0', {}],
    ['a page that is not a whole number', 'page=2.5', {}],
    ['a negative page', 'page=-2', {}],
    ['a page of words', 'page=dua', {}],
    ['a blank search', 'q=%20%20', {}],
    [
      'one bad part, one good',
      'jenis=XYZ&dari=2026-02-01',
      { filters: { ...defaults, from: '2026-02-01' } },
    ],
  ])('%s: its default', (_, query, kept) => {
    expect(listViewFromParams(new URLSearchParams(query), defaults, params)).toEqual({
      ...plain,
      ...kept,
    });
  });

  it('keeps the parameters that are not its own (the year, an open sub kegiatan)', () => {
    const current = new URLSearchParams('tahun=2027&sub-kegiatan=abc&jenis=SSH&page=4');
    const view = listViewFromParams(current, defaults, params);
    const next = listViewToParams(
      { ...view, filters: { ...view.filters, kind: null }, page: 1 },
      defaults,
      params,
      current,
    );
    expect(next.toString()).toBe('tahun=2027&sub-kegiatan=abc');
    expect(current.toString()).toBe('tahun=2027&sub-kegiatan=abc&jenis=SSH&page=4');
  });

  it('reads a long search cut to 200 characters', () => {
    const view = listViewFromParams(new URLSearchParams({ q: 'a'.repeat(500) }), defaults, params);
    expect(view.search).toHaveLength(200);
  });
});
