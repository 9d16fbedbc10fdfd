import { ConnectedStageManager } from '@ranwal/ui';

/** `/admin-tahap`: a budget year's stages, moving on, the lock and comparing two (issue 19). */
export default function StagesPage() {
  return <ConnectedStageManager />;
}
