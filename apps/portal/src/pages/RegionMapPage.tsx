import { ConnectedRegionMap } from '@ranwal/ui';
import { useSessionContext } from '../session.js';
import { UnitPageFrame } from '../unit-page.js';

/**
 * `/peta-kegiatan` (issue 38): the sub kegiatan on a map. Bappeda and verifiers open it from the
 * sidebar (the region's, or their units'); a unit's planner from the links under their header.
 */
export default function RegionMapPage() {
  const { session } = useSessionContext();
  if (session?.userRole !== 'user') return <ConnectedRegionMap showYear />;
  return (
    <UnitPageFrame>
      <ConnectedRegionMap level={2} />
    </UnitPageFrame>
  );
}
