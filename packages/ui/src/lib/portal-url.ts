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
