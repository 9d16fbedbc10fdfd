import {
  formatRupiah,
  RealisationReasonText,
  type RealisationRow,
  type Sp2dPayment,
} from '@ranwal/core';
import { useState } from 'react';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { useCallToasts } from '../../data/call-toasts.js';
import {
  useDeleteSp2d,
  useRealisation,
  useRecordSp2d,
  useSetRealisationReason,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { RealisationView } from './RealisationView.js';
import { RecordSp2dDialog, RemoveSp2dDialog, Sp2dPayments } from './Sp2dPayments.js';

export interface ConnectedSubActionRealisationProps {
  subActionId: string;
  year: number;
  /**
   * Whether the person may give reasons and, where the region lets units, record SP2D (a unit's
   * planner, an admin); a reader only sees them.
   */
  canExplain?: boolean;
}

/**
 * One sub kegiatan's realisation over the API (`realisation.get`): its months and kode rekening,
 * and the reason dialog of a kode rekening paid above its lines. What 'Realisasi Anggaran' shows
 * for the chosen sub kegiatan, and what Laporan Bulanan opens from a sub kegiatan's row. Needs a
 * `ToastProvider`.
 */
export function ConnectedSubActionRealisation({
  subActionId,
  year,
  canExplain = true,
}: ConnectedSubActionRealisationProps) {
  const m = useMessages();
  const t = m.realisation.view;
  const toasts = useCallToasts();
  const realisation = useRealisation({ sub_action_id: subActionId, year });
  const setReason = useSetRealisationReason();
  const [explaining, setExplaining] = useState<RealisationRow | null>(null);
  const recordSp2d = useRecordSp2d();
  const deleteSp2d = useDeleteSp2d();
  const [recording, setRecording] = useState<{ payment: Sp2dPayment | null } | null>(null);
  const [removing, setRemoving] = useState<Sp2dPayment | null>(null);
  const entry = m.realisation.entry;
  const dialog = t.reasonDialog;
  return (
    <>
      {realisation.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void realisation.refetch()} />
      )}
      {realisation.isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {m.common.loading}
        </p>
      )}
      {realisation.data && (
        <>
          <RealisationView
            grid={realisation.data.data}
            onGiveReason={canExplain ? setExplaining : undefined}
          />
          <Sp2dPayments
            grid={realisation.data.data}
            {...(canExplain && {
              onRecord: (payment: Sp2dPayment | null) => setRecording({ payment }),
              onRemove: setRemoving,
            })}
          />
          <RecordSp2dDialog
            grid={realisation.data.data}
            editing={recording}
            onClose={() => setRecording(null)}
            onSubmit={async (values) => {
              await recordSp2d.mutateAsync({ sub_action_id: subActionId, year, ...values });
              toasts.success(entry.saved(values.sp2d_number));
            }}
          />
          <RemoveSp2dDialog
            payment={removing}
            isPending={deleteSp2d.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={(payment) =>
              void toasts.attempt(
                async () => {
                  await deleteSp2d.mutateAsync({
                    sub_action_id: subActionId,
                    year,
                    sp2d_number: payment.sp2d_number,
                  });
                  setRemoving(null);
                },
                () => entry.removed(payment.sp2d_number),
                entry.removeFailed,
              )
            }
          />
        </>
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
          if (!explaining) return;
          await setReason.mutateAsync({
            sub_action_id: subActionId,
            year,
            account_code: explaining.account_code,
            reason,
          });
          toasts.success(t.reasonSaved(explaining.account_code));
        }}
      />
    </>
  );
}
