import type { Indicator } from '@ranwal/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useCallToasts } from '../../data/call-toasts.js';
import {
  useCreateIndicator,
  useDeleteIndicator,
  useIndicators,
  useUpdateIndicator,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { IndicatorDialog, type IndicatorTarget } from './IndicatorDialog.js';
import { IndicatorList, type IndicatorListProps } from './IndicatorList.js';

export interface ConnectedIndicatorListProps
  extends Pick<IndicatorListProps, 'readOnlyReason' | 'headingLevel' | 'className'> {
  subActionId: string;
  year: number;
}

/**
 * A sub kegiatan's 'Indikator Keluaran' over the data hooks: read, added, changed and deleted
 * (after a question) through the API, which refuses them as it refuses the lines. Needs a
 * `RanwalProvider` and a `ToastProvider` above it.
 */
export function ConnectedIndicatorList({
  subActionId,
  year,
  ...shown
}: ConnectedIndicatorListProps) {
  const m = useMessages();
  const t = m.indicators;
  const toasts = useCallToasts();
  const query = { sub_action_id: subActionId, year };
  const indicators = useIndicators(query);
  const create = useCreateIndicator();
  const update = useUpdateIndicator();
  const remove = useDeleteIndicator();
  const [editing, setEditing] = useState<IndicatorTarget | null>(null);
  const [deleting, setDeleting] = useState<Indicator | null>(null);
  return (
    <>
      <IndicatorList
        {...shown}
        indicators={indicators.data?.data}
        isLoading={indicators.isPending}
        error={indicators.isError ? t.fetchFailed : null}
        onRetry={() => void indicators.refetch()}
        onAdd={() => setEditing({ mode: 'add' })}
        onEdit={(indicator) => setEditing({ mode: 'edit', indicator })}
        onDelete={setDeleting}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
      />
      <IndicatorDialog
        target={editing}
        onClose={() => setEditing(null)}
        onSubmit={async (target, values) => {
          if (target.mode === 'add') await create.mutateAsync({ ...query, ...values });
          else await update.mutateAsync({ id: target.indicator.id, body: values });
          toasts.success(t.saved(values.description));
        }}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        message={deleting ? t.deleteText(deleting.description) : undefined}
        isPending={remove.isPending}
        onConfirm={() => {
          const indicator = deleting;
          if (!indicator) return;
          void toasts
            .attempt(
              () => remove.mutateAsync(indicator.id),
              () => t.deleted(indicator.description),
              t.deleteFailed,
            )
            .then(() => setDeleting(null));
        }}
      />
    </>
  );
}
