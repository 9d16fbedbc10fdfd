import { Id } from '@ranwal/core';
import { ConnectedVerificationPage } from '@ranwal/ui';
import { useSearchParams } from 'react-router';
import { YEAR_PARAM } from '../budget-year-url.js';

/** The address's query naming the open sub kegiatan (its year is the page's, `?tahun=`). */
const SUB_ACTION_PARAM = 'sub-kegiatan';

/**
 * `/verifikasi`: a verifier's (and an admin's) sub kegiatan, notes and verification (issue 19).
 * Each open sub kegiatan has its own address (`?sub-kegiatan=<id>&tahun=<year>`): shareable, and
 * kept on reload and by the browser's back button. The year is the budget year every page keeps
 * in the URL (`BudgetYearInUrl`), so one parameter names it.
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
