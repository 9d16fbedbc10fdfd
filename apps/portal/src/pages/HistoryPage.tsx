import { ConnectedHistoryLog } from '@ranwal/ui';

/** `/admin-riwayat`: every recorded change, by kind of record and dates (issue 19). */
export default function HistoryPage() {
  return <ConnectedHistoryLog />;
}
