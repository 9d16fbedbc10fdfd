import { coordinatesText, type EvidencePhoto, type SubActionLocation } from '@ranwal/core';
import { useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorState, LoadingState } from '../../components/States.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { saveFile as saveToDisk } from '../../data/files.js';
import {
  type DownloadedFile,
  useDownloadEvidenceSheet,
  useEvidence,
  useRemoveEvidence,
  useSetSubActionLocation,
  useSubActionLocation,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { EvidencePhotos, EvidenceStages } from './EvidencePhotos.js';
import { LocationDialog } from './LocationDialog.js';

export interface ConnectedEvidenceProps {
  subActionId: string;
  subActionName: string;
  year: number;
  month: number;
  /** The unit's planner (or an admin): may set the place. */
  canEdit?: boolean;
  /** …and, while the month is open to the unit, take a photo back. */
  canRemove?: boolean;
  /** Hands the printed sheet to the person; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/**
 * A sub kegiatan's place and its month's photos, under its month's details (issue 38): where
 * the work is (area and point), each photo with when and where it was taken and its flags, the
 * year's photos side by side as stages, and the evidence sheet printed. Needs a `ToastProvider`.
 */
export function ConnectedEvidence({
  subActionId,
  subActionName,
  year,
  month,
  canEdit = false,
  canRemove = false,
  saveFile = saveToDisk,
}: ConnectedEvidenceProps) {
  const m = useMessages();
  const t = m.evidence.view;
  const toasts = useCallToasts();
  const titleId = useId();
  const location = useSubActionLocation(subActionId);
  const photos = useEvidence({ sub_action_id: subActionId, year, month });
  const [showStages, setShowStages] = useState(false);
  const yearPhotos = useEvidence({ sub_action_id: subActionId, year }, { enabled: showStages });
  const setLocation = useSetSubActionLocation();
  const remove = useRemoveEvidence();
  const sheet = useDownloadEvidenceSheet();
  const [editing, setEditing] = useState<SubActionLocation | null>(null);
  const [removing, setRemoving] = useState<EvidencePhoto | null>(null);
  const place = location.data?.data;
  const point = place?.geometry?.type === 'Point' ? place.geometry.coordinates : null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h4 id={titleId} className="text-base font-semibold text-slate-900">
        {t.title}
      </h4>
      {location.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void location.refetch()} />
      )}
      {place && (
        <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-medium text-slate-900">{m.location.title}</dt>
            <dd className="text-slate-700">{place.label ?? m.location.notSet}</dd>
            <dt className="font-medium text-slate-900">{m.evidence.sheetLabels.point}</dt>
            <dd className="text-slate-700 tabular-nums">
              {point
                ? coordinatesText(point[1], point[0])
                : place.geometry
                  ? m.location.geometryKinds[place.geometry.type]
                  : m.location.noPoint}
            </dd>
          </dl>
          {canEdit && (
            <Button variant="secondary" onPress={() => setEditing(place)}>
              {m.location.dialog.edit}
            </Button>
          )}
        </div>
      )}
      {photos.isPending && <LoadingState className="justify-start py-0" />}
      {photos.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void photos.refetch()} />
      )}
      {photos.data && (
        <EvidencePhotos
          photos={photos.data.data}
          year={year}
          month={month}
          onRemove={canRemove ? setRemoving : undefined}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onPress={() => setShowStages((shown) => !shown)}>
          {showStages ? t.hideStages : t.stages}
        </Button>
        <Button
          variant="secondary"
          isPending={sheet.isPending}
          onPress={() =>
            void toasts.attempt(
              async () =>
                saveFile(await sheet.mutateAsync({ sub_action_id: subActionId, year, month })),
              () => t.sheetDownloaded,
              t.sheetFailed,
            )
          }
        >
          {t.sheet}
        </Button>
      </div>
      {showStages && yearPhotos.data && <EvidenceStages photos={yearPhotos.data.data} />}
      <LocationDialog
        location={editing}
        subActionName={subActionName}
        tileUrl={place?.tile_url ?? null}
        onClose={() => setEditing(null)}
        onSubmit={async (input) => {
          await setLocation.mutateAsync(input);
          toasts.success(m.location.dialog.saved);
        }}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        isPending={remove.isPending}
        title={t.removeTitle}
        message={t.removeText}
        onConfirm={() => {
          const photo = removing;
          if (!photo) return;
          void toasts
            .attempt(
              () => remove.mutateAsync(photo.id),
              () => t.removed,
              t.removeFailed,
            )
            .finally(() => setRemoving(null));
        }}
      />
    </section>
  );
}
