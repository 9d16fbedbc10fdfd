import { UnitNavigation } from '@ranwal/ui';
import { useLocation } from 'react-router';
import { useViewLink } from './view-url.js';

/** The links under a unit's header (it has no sidebar), keeping the year (and month) chosen. */
export function UserNavigation() {
  const { pathname } = useLocation();
  const renderLink = useViewLink();
  return <UnitNavigation currentPath={pathname} renderLink={renderLink} />;
}
