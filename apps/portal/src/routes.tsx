import { managedEntityKeys, messagesId, type Role } from '@ranwal/core';
import { adminNavigation } from '@ranwal/ui';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The route table of spec section 2. `requiresAuth` and `role` drive the guard; pages are
 * code-split so the public home never downloads the admin screens or the editor.
 */
export interface PortalRoute {
  path: string;
  requiresAuth: boolean;
  /** Who may open the page; another signed-in role is sent to its own dashboard. */
  role?: Role | readonly Role[];
  page: LazyExoticComponent<ComponentType>;
  /** The browser tab's page name ('Laporan' reads 'Laporan — Ranwal'); a page without one sets its own. */
  title?: string;
}

const pageTitles = messagesId.app.pageTitles;

const PublicHomePage = lazy(() => import('./pages/PublicHomePage.js'));
const ArticlePage = lazy(() => import('./pages/ArticlePage.js'));
const LoginPage = lazy(() => import('./pages/LoginPage.js'));
const AdminDashboardPage = lazy(() => import('./pages/AdminDashboardPage.js'));
const HierarchyPage = lazy(() => import('./pages/HierarchyPage.js'));
const AdminReportsPage = lazy(() => import('./pages/AdminReportsPage.js'));
const ArticleEditorPage = lazy(() => import('./pages/ArticleEditorPage.js'));
const ArticleManagementPage = lazy(() => import('./pages/ArticleManagementPage.js'));
const UserManagementPage = lazy(() => import('./pages/UserManagementPage.js'));
const UserDashboardPage = lazy(() => import('./pages/UserDashboardPage.js'));
const PaguPage = lazy(() => import('./pages/PaguPage.js'));
const PriceCataloguePage = lazy(() => import('./pages/PriceCataloguePage.js'));
const FundingSourcesPage = lazy(() => import('./pages/FundingSourcesPage.js'));
const CashPlanPage = lazy(() => import('./pages/CashPlanPage.js'));
const RealisationPage = lazy(() => import('./pages/RealisationPage.js'));
const MonthlyReportPage = lazy(() => import('./pages/MonthlyReportPage.js'));
const RegionMapPage = lazy(() => import('./pages/RegionMapPage.js'));
const FieldReportPage = lazy(() => import('./pages/FieldReportPage.js'));
const PlanningSettingsPage = lazy(() => import('./pages/PlanningSettingsPage.js'));
const PriceAnomaliesPage = lazy(() => import('./pages/PriceAnomaliesPage.js'));
const HistoryPage = lazy(() => import('./pages/HistoryPage.js'));
const StagesPage = lazy(() => import('./pages/StagesPage.js'));
const LocksPage = lazy(() => import('./pages/LocksPage.js'));
const VerificationPage = lazy(() => import('./pages/VerificationPage.js'));

/** The screen of each admin sidebar entry; the agencies, the six levels and Pengampu share one. */
const adminPages: Record<string, PortalRoute['page']> = {
  dashboard: AdminDashboardPage,
  userManagement: UserManagementPage,
  reports: AdminReportsPage,
  createArticle: ArticleEditorPage,
  articleList: ArticleManagementPage,
  pagu: PaguPage,
  priceCatalogue: PriceCataloguePage,
  fundingSources: FundingSourcesPage,
  cashPlan: CashPlanPage,
  realisation: RealisationPage,
  monthlyReport: MonthlyReportPage,
  regionMap: RegionMapPage,
  fieldReport: FieldReportPage,
  planningSettings: PlanningSettingsPage,
  priceAnomalies: PriceAnomaliesPage,
  history: HistoryPage,
  stages: StagesPage,
  locks: LocksPage,
  verification: VerificationPage,
  ...Object.fromEntries(managedEntityKeys.map((key) => [key, HierarchyPage])),
};

/** Whether `role` may open `route` (a route naming no role is anyone's). */
export const routeAllows = (route: PortalRoute, role: Role): boolean =>
  route.role === undefined ||
  (typeof route.role === 'string' ? route.role === role : route.role.includes(role));

export const portalRoutes: PortalRoute[] = [
  { path: '/', requiresAuth: false, page: PublicHomePage, title: pageTitles.home },
  // The article page names the tab after its article.
  { path: '/artikel/:slug', requiresAuth: false, page: ArticlePage },
  { path: '/login', requiresAuth: false, page: LoginPage, title: pageTitles.login },
  // The admin pages are the sidebar's entries: one table (@ranwal/ui's adminNavigation).
  ...adminNavigation.map((item) => {
    const page = adminPages[item.key];
    if (!page) throw new Error(`no page for the admin entry ${item.key}`);
    return {
      path: item.route,
      requiresAuth: true,
      role: item.roles,
      page,
      title: item.label(),
    };
  }),
  {
    path: '/user-dashboard',
    requiresAuth: true,
    role: 'user',
    page: UserDashboardPage,
    title: pageTitles.userDashboard,
  },
];
