import { ConnectedPaguManager } from '@ranwal/ui';

/** `/admin-pagu`: the pagu of each sub kegiatan (and Perangkat Daerah) per year (issue 18). */
export default function PaguPage() {
  return <ConnectedPaguManager />;
}
