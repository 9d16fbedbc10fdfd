import { ConnectedLockManager } from '@ranwal/ui';

/** `/admin-kunci`: a budget year's sub kegiatan locks, locking and unlocking with a reason. */
export default function LocksPage() {
  return <ConnectedLockManager />;
}
