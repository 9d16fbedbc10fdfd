import { ConnectedRealisation } from '@ranwal/ui';
import { useSessionContext } from '../session.js';
import { UnitPageFrame } from '../unit-page.js';

/**
 * `/realisasi` (issue 37): a sub kegiatan's payments (SP2D) against its Anggaran Kas, below each
 * unit's year to date. A unit's planner opens it from the links under their header, with the
 * budget year there; an admin from the sidebar, with the year on the page and 'Muat SP2D'.
 */
export default function RealisationPage() {
  const { session } = useSessionContext();
  if (session?.userRole !== 'user') {
    return <ConnectedRealisation showYear level={1} canImport={session?.userRole === 'admin'} />;
  }
  return (
    <UnitPageFrame>
      <ConnectedRealisation />
    </UnitPageFrame>
  );
}
