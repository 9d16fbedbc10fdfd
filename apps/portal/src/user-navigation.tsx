import { messagesId } from '@ranwal/core';
import { cn, focusRing } from '@ranwal/ui';
import { Link, useLocation, useSearchParams } from 'react-router';
import { withYearOf } from './view-url.js';

/**
 * A unit's pages, in the order of its day: its lines, their monthly plan, what was paid, the
 * month's report.
 */
const userPages = [
  { href: '/user-dashboard', label: messagesId.app.pageTitles.userDashboard },
  { href: '/anggaran-kas', label: messagesId.cashPlan.title },
  { href: '/realisasi', label: messagesId.realisation.title },
  { href: '/laporan-bulanan', label: messagesId.monthlyReport.title },
  { href: '/lapor-lapangan', label: messagesId.evidence.field.title },
  { href: '/peta-kegiatan', label: messagesId.evidence.mapPage.title },
] as const;

/**
 * The links under a unit's header (it has no sidebar): each keeps the budget year chosen, and
 * the current page is marked for screen readers and by its underline.
 */
export function UserNavigation() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  return userPages.map(({ href, label }) => {
    const current = pathname === href;
    return (
      <Link
        key={href}
        to={withYearOf(href, params)}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'border-b-2 px-3 py-2.5 text-sm font-medium',
          current
            ? 'border-brand-700 text-brand-800'
            : 'border-transparent text-slate-700 hover:text-brand-800',
          focusRing,
        )}
      >
        {label}
      </Link>
    );
  });
}
