import { ConnectedFieldReport } from '@ranwal/ui';
import { useSessionContext } from '../session.js';
import { UnitPageFrame } from '../unit-page.js';

/**
 * `/lapor-lapangan` (issue 38): a unit's month filed from a phone, photos included, waiting on
 * the phone while the connection is away.
 */
export default function FieldReportPage() {
  const { session } = useSessionContext();
  if (session?.userRole !== 'user') return <ConnectedFieldReport />;
  return (
    <UnitPageFrame>
      <ConnectedFieldReport level={2} />
    </UnitPageFrame>
  );
}
