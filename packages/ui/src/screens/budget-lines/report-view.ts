import {
  type BudgetLineListQuery,
  BudgetLineSort,
  DEFAULT_REPORT_YEAR,
  Id,
  ReportDownloadQuery,
} from '@ranwal/core';
import { AGENCY_PARAM } from '../../lib/portal-url.js';

/**
 * What a report list shows: its page, search, filters and order. The portal keeps it in the
 * URL, so a reload or a shared link shows the same lines; the export covers the same lines.
 * A connected list shows the budget year of every screen (`useBudgetYear`), not a year of its own.
 */
export interface ReportListView {
  page: number;
  search: string;
  /** null: every year. */
  year: number | null;
  /** Lines of one Perangkat Daerah's programmes. */
  agency_id: string | null;
  program_id: string | null;
  supporter_id: string | null;
  /** One user's lines (an admin's filter). */
  created_by: string | null;
  sort: BudgetLineSort;
}

/** A view with nothing narrowed, on its first page, for `year` (null: every year). */
export const defaultReportView = (year: number | null): ReportListView => ({
  page: 1,
  search: '',
  year,
  agency_id: null,
  program_id: null,
  supporter_id: null,
  created_by: null,
  sort: 'newest',
});

/** The admin's Laporan; its year is the budget year (`useBudgetYear`). */
export const adminReportsDefaultView = defaultReportView(null);
/** A user's Daftar Laporan; its year is the budget year too. */
export const userReportsDefaultView = defaultReportView(null);

/**
 * The view a URL's query describes; a part that does not read as one keeps its default. The
 * year is not in it: the portal keeps the budget year of every screen as `?tahun=`.
 */
export function reportViewFromParams(
  params: URLSearchParams,
  defaults: ReportListView,
): ReportListView {
  const id = (name: string) => {
    const parsed = Id.safeParse(params.get(name));
    return parsed.success ? parsed.data : null;
  };
  const page = Number(params.get('page'));
  const sort = BudgetLineSort.safeParse(params.get('sort'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : defaults.page,
    search: (params.get('q') ?? defaults.search).slice(0, 200),
    year: defaults.year,
    agency_id: id(AGENCY_PARAM) ?? defaults.agency_id,
    program_id: id('program') ?? defaults.program_id,
    supporter_id: id('pengampu') ?? defaults.supporter_id,
    created_by: id('pengguna') ?? defaults.created_by,
    sort: sort.success ? sort.data : defaults.sort,
  };
}

/** The URL query of a view: only what differs from its defaults, so a plain list has none. */
export function reportViewToParams(
  view: ReportListView,
  defaults: ReportListView,
): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string | number, fallback: string | number) => {
    if (value !== fallback) params.set(name, String(value));
  };
  set('q', view.search, defaults.search);
  if (view.agency_id) params.set(AGENCY_PARAM, view.agency_id);
  if (view.program_id) params.set('program', view.program_id);
  if (view.supporter_id) params.set('pengampu', view.supporter_id);
  if (view.created_by) params.set('pengguna', view.created_by);
  set('sort', view.sort, defaults.sort);
  set('page', view.page, defaults.page);
  return params;
}

/** The list call of a view. */
export function listQueryOf(view: ReportListView, limit: number): BudgetLineListQuery {
  return {
    page: view.page,
    limit,
    sort: view.sort,
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
    ...(view.year !== null ? { year: view.year } : {}),
    ...(view.agency_id ? { agency_id: view.agency_id } : {}),
    ...(view.program_id ? { program_id: view.program_id } : {}),
    ...(view.supporter_id ? { supporter_id: view.supporter_id } : {}),
    ...(view.created_by ? { created_by: view.created_by } : {}),
  };
}

/** The export of a view: the same lines, of one year (2025 when the view shows every year). */
export function downloadQueryOf(view: ReportListView): ReportDownloadQuery {
  const { page, limit, sort, ...filters } = listQueryOf(view, 1);
  return ReportDownloadQuery.parse({ ...filters, year: view.year ?? DEFAULT_REPORT_YEAR });
}

/** Whether the view narrows the lines at all (the empty state then says so). */
export const isNarrowed = (view: ReportListView, defaults: ReportListView): boolean =>
  view.search.trim() !== '' ||
  view.year !== defaults.year ||
  view.agency_id !== null ||
  view.program_id !== null ||
  view.supporter_id !== null ||
  view.created_by !== null;
