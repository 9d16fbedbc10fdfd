import { type Messages, messagesId, type Role } from '@ranwal/core';

/*
 * The admin sidebar as data, apart from the shell's component so an app's route table can read
 * it without loading the admin screens (the public home stays small).
 */

/** One entry of the admin sidebar. */
export interface AdminNavItem {
  readonly key: string;
  /** Where the link goes. */
  readonly href: string;
  /** The admin page's own path, which an app routes to its screen (the link may redirect there). */
  readonly route: string;
  /** The paths on which this entry is the current page. */
  readonly activePaths: readonly string[];
  /** The entry's text from a catalogue (Indonesian by default). */
  readonly label: (messages?: Messages) => string;
  /** Who sees the entry and may open its page: admins only, unless it says more. */
  readonly roles: readonly Role[];
  /**
   * The page reads the month under review (`MONTH_PARAM`), so a link to it carries the month
   * chosen on another such page: the month under review stays as the person moves between them.
   */
  readonly keepsMonth: boolean;
}

const navItem = (
  key: string,
  href: string,
  label: (messages: Messages) => string,
  route = href,
  roles: readonly Role[] = ['admin'],
  { keepsMonth = false } = {},
): AdminNavItem => ({
  key,
  href,
  route,
  activePaths: [...new Set([href, route])],
  label: (messages = messagesId) => label(messages),
  roles,
  keepsMonth,
});

/** The pages of a month (their figures run to it): Realisasi, Laporan Bulanan, Peta Kegiatan. */
const ofAMonth = { keepsMonth: true };

/**
 * The admin sidebar, in the spec's order: the one table both the sidebar and the portal's routes
 * read. Each entry is current on its own paths only, so exactly one is highlighted.
 */
export const adminNavigation: readonly AdminNavItem[] = [
  // '/dashboard' sends each role to its own dashboard; an admin's is '/admin-dashboard'.
  navItem('dashboard', '/dashboard', (m) => m.sidebar.dashboard, '/admin-dashboard'),
  navItem('userManagement', '/admin-user-management', (m) => m.sidebar.userManagement),
  // Perangkat Daerah is not in the spec; it heads the hierarchy it sits above.
  navItem('agency', '/admin-perangkat-daerah', (m) => m.sidebar.levels.agency),
  navItem('program', '/admin-program', (m) => m.sidebar.levels.program),
  navItem('action', '/admin-kegiatan', (m) => m.sidebar.levels.action),
  navItem('sub_action', '/admin-sub-kegiatan', (m) => m.sidebar.levels.sub_action),
  navItem('activity', '/admin-aktifitas', (m) => m.sidebar.levels.activity),
  navItem('subtitle', '/admin-subtitle', (m) => m.sidebar.levels.subtitle),
  navItem('account', '/admin-rekening', (m) => m.sidebar.levels.account),
  navItem('supporter', '/admin-pengampu', (m) => m.sidebar.levels.supporter),
  // Planning within a ceiling (issue 18, not in the spec): after the hierarchy it budgets.
  navItem('pagu', '/admin-pagu', (m) => m.planning.nav.pagu),
  navItem('priceCatalogue', '/admin-katalog-harga', (m) => m.planning.nav.catalogue),
  // Sumber dana (issue 36): beside the catalogue, the other reference a line is planned from.
  navItem('fundingSources', '/admin-sumber-dana', (m) => m.funding.nav),
  // Anggaran Kas (issue 36): a unit plans its own months here too (from the links under its
  // header: a unit has no sidebar), so the page is not an admin-… path.
  navItem('cashPlan', '/anggaran-kas', (m) => m.cashPlan.title, '/anggaran-kas', ['admin', 'user']),
  // Realisasi (issue 37): what was paid against that plan, read by the unit too.
  navItem(
    'realisation',
    '/realisasi',
    (m) => m.realisation.title,
    '/realisasi',
    ['admin', 'user'],
    ofAMonth,
  ),
  // The monthly cycle (issue 37): the unit sends its month, a verifier reviews, an admin closes.
  navItem(
    'monthlyReport',
    '/laporan-bulanan',
    (m) => m.monthlyReport.title,
    '/laporan-bulanan',
    ['admin', 'user', 'verifier'],
    ofAMonth,
  ),
  // Evidence from the field (issue 38): the region's work on a map for everyone; a unit's
  // officers file their month from a phone.
  navItem(
    'regionMap',
    '/peta-kegiatan',
    (m) => m.evidence.mapPage.title,
    '/peta-kegiatan',
    ['admin', 'user', 'verifier'],
    ofAMonth,
  ),
  navItem('fieldReport', '/lapor-lapangan', (m) => m.evidence.field.title, '/lapor-lapangan', [
    'admin',
    'user',
  ]),
  navItem('planningSettings', '/admin-pengaturan-perencanaan', (m) => m.planning.nav.settings),
  // The year's price anomalies (issue 34): after the catalogue and rules they measure against.
  navItem('priceAnomalies', '/admin-anomali-harga', (m) => m.planning.nav.anomalies),
  navItem('reports', '/admin-laporan', (m) => m.sidebar.reports),
  // Verification (issue 19, not in the spec): a verifier's only page, an admin's beside Laporan.
  navItem('verification', '/verifikasi', (m) => m.verification.title, '/verifikasi', [
    'verifier',
    'admin',
  ]),
  // The history of every change (issue 19, not in the spec): after the records it covers.
  navItem('history', '/admin-riwayat', (m) => m.history.title),
  // A budget year's stages (issue 19, not in the spec): beside the history that records them.
  navItem('stages', '/admin-tahap', (m) => m.stages.title),
  // Sub kegiatan locks (beyond the spec): beside the stage locks.
  navItem('locks', '/admin-kunci', (m) => m.locks.title),
  navItem('createArticle', '/admin-artikel', (m) => m.sidebar.createArticle),
  navItem('articleList', '/admin-list-artikel', (m) => m.sidebar.articleList),
];

/** A path without query, hash or trailing slash: '/admin-program/?q=1' is '/admin-program'. */
export const normalizePath = (path: string) => path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');

/** The sidebar entries `role` sees (a sidebar shown without a session is an admin's). */
export function adminNavigationFor(role: Role | undefined): readonly AdminNavItem[] {
  return adminNavigation.filter((item) => item.roles.includes(role ?? 'admin'));
}

/** The sidebar entry that is the current page at `path`, if any. */
export function activeAdminNavItem(path: string): AdminNavItem | undefined {
  const current = normalizePath(path);
  return adminNavigation.find((item) => item.activePaths.includes(current));
}
