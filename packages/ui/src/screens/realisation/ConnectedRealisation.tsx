import { formatRupiah, RealisationReasonText, type RealisationRow } from '@ranwal/core';
import { useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { useRealisation, useSetRealisationReason } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { YearSelect } from '../planning/planning-parts.js';
import { useSubActionPicker } from '../planning/SubActionPicker.js';
import { ConnectedRealisationSummary } from './RealisationSummaryTable.js';
import { RealisationView } from './RealisationView.js';

export interface ConnectedRealisationProps {
  /** Offer a year of its own (the admin's page); without it, the budget year every section shows. */
  showYear?: boolean;
  /** 1 when the section is the page (the admin's), 2 under a page's own heading (a unit's). */
  level?: 1 | 2;
  /** The year to open on, instead of the budget year every screen shares. */
  initialYear?: number;
  /** Whether the person may give reasons (a unit's planner, an admin); a reader only sees them. */
  canExplain?: boolean;
}

/**
 * 'Realisasi Anggaran' (issue 37): choose a sub kegiatan (the caller's units' only, as the
 * server scopes them) and read what was paid (SP2D) month by month against its Anggaran Kas; a
 * kode rekening paid above its lines asks for the unit's reason. Needs a `ToastProvider`.
 */
export function ConnectedRealisation({
  showYear = false,
  level = 2,
  initialYear,
  canExplain = true,
}: ConnectedRealisationProps) {
  const m = useMessages();
  const t = m.realisation.view;
  const toasts = useCallToasts();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const { subAction, picker } = useSubActionPicker();
  const realisation = useRealisation(
    { sub_action_id: subAction?.id ?? '', year },
    { enabled: subAction !== null },
  );
  const setReason = useSetRealisationReason();
  const [explaining, setExplaining] = useState<RealisationRow | null>(null);
  const dialog = t.reasonDialog;

  return (
    <AdminSection title={m.realisation.title} intro={t.intro} level={level}>
      {showYear && <YearSelect year={year} years={years} onChange={setYear} className="w-36" />}
      <ConnectedRealisationSummary year={year} headingLevel={level === 1 ? 2 : 3} />
      {picker}
      {!subAction && <p className="text-sm text-slate-600">{t.choose}</p>}
      {subAction && realisation.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void realisation.refetch()} />
      )}
      {subAction && realisation.isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {m.common.loading}
        </p>
      )}
      {subAction && realisation.data && (
        <RealisationView
          grid={realisation.data.data}
          onGiveReason={canExplain ? setExplaining : undefined}
        />
      )}
      <ReasonDialog
        texts={
          explaining && {
            title: dialog.title(explaining.account_code),
            text: dialog.text(
              formatRupiah(explaining.realised_total),
              formatRupiah(explaining.lines_total),
            ),
            reason: dialog.reason,
            reasonPlaceholder: dialog.reasonPlaceholder,
            failed: dialog.failed,
          }
        }
        check={(reason) => RealisationReasonText.safeParse({ reason })}
        onClose={() => setExplaining(null)}
        onSubmit={async (reason) => {
          if (!explaining || !subAction) return;
          await setReason.mutateAsync({
            sub_action_id: subAction.id,
            year,
            account_code: explaining.account_code,
            reason,
          });
          toasts.success(t.reasonSaved(explaining.account_code));
        }}
      />
    </AdminSection>
  );
}
