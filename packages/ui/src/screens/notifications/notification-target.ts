import type { Notification, Role } from '@ranwal/core';
import {
  AGENCY_PARAM,
  LINE_PARAM,
  MONTH_PARAM,
  monthParamOf,
  SUB_ACTION_PARAM,
  YEAR_PARAM,
} from '../../lib/portal-url.js';

/** The pages a notification can open, as the portal routes them (an embedding app may differ). */
export interface NotificationPaths {
  /** A unit's user: the dashboard, whose list opens a line's detail from `lineParam`. */
  userDashboard: string;
  /** The query parameter naming the line whose detail the dashboard opens. */
  lineParam: string;
  /** A verifier's or an admin's: the Verifikasi page. */
  verification: string;
  /** The query parameters naming the sub kegiatan (and its year) the Verifikasi page opens. */
  subActionParam: string;
  yearParam: string;
  /** Everyone's Laporan Bulanan (a unit's month, issue 37). */
  monthlyReport: string;
  /**
   * The query parameters naming the month (its value `monthParamOf(year, month)`) and the unit
   * Laporan Bulanan opens; left out of the address when not given.
   */
  monthParam?: string;
  agencyParam?: string;
}

export const portalNotificationPaths: NotificationPaths = {
  userDashboard: '/user-dashboard',
  lineParam: LINE_PARAM,
  verification: '/verifikasi',
  subActionParam: SUB_ACTION_PARAM,
  yearParam: YEAR_PARAM,
  monthlyReport: '/laporan-bulanan',
  monthParam: MONTH_PARAM,
  agencyParam: AGENCY_PARAM,
};

/**
 * Where choosing a notification leads (issue 33), the one place that decides it: a unit's user
 * to the line it is about, opened in the dashboard's detail (else the dashboard, whose card lists
 * the open notes); a verifier or an admin to the sub kegiatan under verification; anyone to a
 * unit's month on Laporan Bulanan, that month of that unit.
 */
export function notificationTarget(
  notification: Notification,
  role: Role | undefined,
  paths: NotificationPaths = portalNotificationPaths,
): string {
  const query = new URLSearchParams();
  if (notification.month !== null) {
    // The month it is about, in its year, and its unit opened (one unit's person has it open
    // anyway): not this month's list of units.
    if (notification.year !== null) {
      query.set(paths.yearParam, String(notification.year));
      if (paths.monthParam) {
        query.set(paths.monthParam, monthParamOf(notification.year, notification.month));
      }
    }
    if (paths.agencyParam && notification.agency_id) {
      query.set(paths.agencyParam, notification.agency_id);
    }
    return withQuery(paths.monthlyReport, query);
  }
  if (role === 'user') {
    if (notification.line_id && notification.line_name !== null) {
      query.set(paths.lineParam, notification.line_id);
    }
    return withQuery(paths.userDashboard, query);
  }
  if (notification.sub_action_id) {
    query.set(paths.subActionParam, notification.sub_action_id);
    if (notification.year !== null) query.set(paths.yearParam, String(notification.year));
  }
  return withQuery(paths.verification, query);
}

const withQuery = (path: string, query: URLSearchParams) =>
  query.size > 0 ? `${path}?${query}` : path;
