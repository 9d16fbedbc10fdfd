import { Id } from '@ranwal/core';
import { ConnectedVerificationPage, SUB_ACTION_PARAM, YEAR_PARAM } from '@ranwal/ui';
import { useSearchParams } from 'react-router';

/**
 * `/verifikasi`: a verifier's (and an admin's) sub kegiatan, notes and verification (issue 19).
 * Each open sub kegiatan has its own address (`?sub-kegiatan=<id>&tahun=<year>`): shareable, and
 * kept on reload and by the browser's back button. The year is the budget year every page keeps
 * in the URL (`ViewInUrl`), so one parameter names it.
 */
export default function VerificationPage() {
  const [params, setParams] = useSearchParams();
  const id = Id.safeParse(params.get(SUB_ACTION_PARAM));
  return (
    <ConnectedVerificationPage
      openSubActionId={id.success ? id.data : null}
      onOpenSubActionChange={(next, openYear) =>
        setParams((current) => {
          const updated = new URLSearchParams(current);
          if (next) {
            updated.set(SUB_ACTION_PARAM, next);
            updated.set(YEAR_PARAM, String(openYear));
          } else {
            updated.delete(SUB_ACTION_PARAM);
          }
          return updated;
        })
      }
    />
  );
}
