import { Id, ReportYear } from '@ranwal/core';
import { ConnectedVerificationPage } from '@ranwal/ui';
import { useSearchParams } from 'react-router';

/** The address's query naming the open sub kegiatan and its year. */
const SUB_ACTION_PARAM = 'sub-kegiatan';
const YEAR_PARAM = 'year';

/**
 * `/verifikasi`: a verifier's (and an admin's) sub kegiatan, notes and verification (issue 19).
 * Each open sub kegiatan has its own address (`?sub-kegiatan=<id>&year=<year>`): shareable, and
 * kept on reload and by the browser's back button.
 */
export default function VerificationPage() {
  const [params, setParams] = useSearchParams();
  const id = Id.safeParse(params.get(SUB_ACTION_PARAM));
  const year = ReportYear.safeParse(params.get(YEAR_PARAM));
  return (
    <ConnectedVerificationPage
      // A new year from the address starts the page over in it.
      key={year.success ? year.data : 'default'}
      {...(year.success ? { initialYear: year.data } : {})}
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
