/*
 * The query parameters of the portal's addresses that more than one module reads or writes
 * (issue 33): each spelled once, here.
 */

/** The budget year every signed-in page shows (`?tahun=2027`). */
export const YEAR_PARAM = 'tahun';
/** The sub kegiatan the Verifikasi page opens (`?sub-kegiatan=<id>`). */
export const SUB_ACTION_PARAM = 'sub-kegiatan';
/** The line whose detail the user's dashboard opens (`?rincian=<id>`). */
export const LINE_PARAM = 'rincian';
/** An admin list's search text (`?q=kertas`), as typed once typing pauses. */
export const SEARCH_PARAM = 'q';
/** An admin list's page (`?page=2`); a list starts on its first page without it. */
export const PAGE_PARAM = 'page';
/**
 * The Perangkat Daerah a page narrows its list to, or opens (`?perangkat-daerah=<id>`): the
 * admin lists' filter and the unit opened on Laporan Bulanan.
 */
export const AGENCY_PARAM = 'perangkat-daerah';
/**
 * The month the realisation pages run to, with its year (`?bulan=2026-03`), so a month kept in
 * an address never shows against another year (a year changed starts on its default month).
 */
export const MONTH_PARAM = 'bulan';

/** `MONTH_PARAM`'s value for a month of a year: '2026-03'. */
export const monthParamOf = (year: number, month: number): string =>
  `${year}-${String(month).padStart(2, '0')}`;

const MONTH_PARAM_TEXT = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** What a `MONTH_PARAM` must read as, as a list filter's schema: 'YYYY-MM'. */
export const monthParamSchema = {
  safeParse: (value: unknown) =>
    typeof value === 'string' && MONTH_PARAM_TEXT.test(value)
      ? { success: true, data: value }
      : { success: false },
};

/** The month a `MONTH_PARAM` value names in `year`; null when it is missing or another year's. */
export function monthOfParam(value: string | null, year: number): number | null {
  const match = MONTH_PARAM_TEXT.exec(value ?? '');
  return match && Number(match[1]) === year ? Number(match[2]) : null;
}
