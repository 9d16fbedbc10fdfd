import {
  type BudgetLineListQuery,
  BudgetLineSort,
  DEFAULT_REPORT_YEAR,
  Id,
  ReportDownloadQuery,
  ReportYear,
} from '@ranwal/core';

/**
 * What a report list shows: its page, search, filters and order. The portal keeps it in the
 * URL, so a reload or a shared link shows the same lines; the export covers the same lines.
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

/** The admin's Laporan: the spec's year, 2025, as 'Download Laporan' exports it. */
export const adminReportsDefaultView = defaultReportView(DEFAULT_REPORT_YEAR);
/** A user's Daftar Laporan: every year. */
export const userReportsDefaultView = defaultReportView(null);

/**
 * The years a user may narrow their list to: two before the spec's 2025 up to next year (a user
 * cannot ask the server which years have lines; an admin's list offers those).
 */
export function reportYearChoices(now: Date = new Date()): number[] {
  const last = Math.max(now.getFullYear() + 1, DEFAULT_REPORT_YEAR + 1);
  const years: number[] = [];
  for (let year = DEFAULT_REPORT_YEAR - 2; year <= last; year += 1) years.push(year);
  return years;
}

/** `year=all` in a URL: every year, where the default is one. */
const ALL_YEARS = 'all';

/** The view a URL's query describes; a part that does not read as one keeps its default. */
export function reportViewFromParams(
  params: URLSearchParams,
  defaults: ReportListView,
): ReportListView {
  const id = (name: string) => {
    const parsed = Id.safeParse(params.get(name));
    return parsed.success ? parsed.data : null;
  };
  const page = Number(params.get('page'));
  const yearParam = params.get('year');
  const year = ReportYear.safeParse(yearParam);
  const sort = BudgetLineSort.safeParse(params.get('sort'));
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : defaults.page,
    search: (params.get('q') ?? defaults.search).slice(0, 200),
    year: yearParam === ALL_YEARS ? null : year.success ? year.data : defaults.year,
    agency_id: id('perangkat-daerah') ?? defaults.agency_id,
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
  const set = (name: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== fallback) params.set(name, value === null ? ALL_YEARS : String(value));
  };
  set('q', view.search, defaults.search);
  set('year', view.year, defaults.year);
  if (view.agency_id) params.set('perangkat-daerah', view.agency_id);
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
