import { ConnectedVerificationPage } from '@ranwal/ui';

/** `/verifikasi`: a verifier's (and an admin's) sub kegiatan, notes and verification (issue 19). */
export default function VerificationPage() {
  return <ConnectedVerificationPage />;
}
