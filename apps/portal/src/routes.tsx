import type { ManagedEntityKey, Role } from '@ranwal/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The route table of spec section 2. `requiresAuth` and `role` drive the guard; pages are
 * code-split so the public home never downloads the admin screens or the editor.
 */
export interface PortalRoute {
  path: string;
  requiresAuth: boolean;
  role?: Role;
  page: LazyExoticComponent<ComponentType>;
}

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

/** The admin pages of the hierarchy and supporters: one page component, one row each. */
export const entityPaths: Record<string, ManagedEntityKey> = {
  '/admin-program': 'program',
  '/admin-kegiatan': 'action',
  '/admin-sub-kegiatan': 'sub_action',
  '/admin-aktifitas': 'activity',
  '/admin-subtitle': 'subtitle',
  '/admin-rekening': 'account',
  '/admin-pengampu': 'supporter',
};

export const portalRoutes: PortalRoute[] = [
  { path: '/', requiresAuth: false, page: PublicHomePage },
  { path: '/artikel/:slug', requiresAuth: false, page: ArticlePage },
  { path: '/login', requiresAuth: false, page: LoginPage },
  { path: '/admin-dashboard', requiresAuth: true, role: 'admin', page: AdminDashboardPage },
  ...Object.keys(entityPaths).map((path) => ({
    path,
    requiresAuth: true,
    role: 'admin' as const,
    page: HierarchyPage,
  })),
  { path: '/admin-laporan', requiresAuth: true, role: 'admin', page: AdminReportsPage },
  { path: '/admin-artikel', requiresAuth: true, role: 'admin', page: ArticleEditorPage },
  { path: '/admin-list-artikel', requiresAuth: true, role: 'admin', page: ArticleManagementPage },
  { path: '/admin-user-management', requiresAuth: true, role: 'admin', page: UserManagementPage },
  { path: '/user-dashboard', requiresAuth: true, role: 'user', page: UserDashboardPage },
];
