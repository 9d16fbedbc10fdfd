import { formatTenths, type MonthlyReportSubAction } from '@ranwal/core';
import { useId, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { useFormSubmit } from '../../components/FormDialog.js';
import type { OutboxEntry, OutboxItem, ProgressBody } from '../../data/outbox.js';
import { useOutbox } from '../../data/outbox-context.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { ProgressFields, useProgressEntry } from '../realisation/progress-entry.js';
import {
  type DevicePlace,
  PhotoPicker,
  type PickedPhoto,
  type PreparePhoto,
} from './PhotoPicker.js';

export interface FieldUpdateFormProps {
  /** The sub kegiatan and what its month holds so far (the monthly report's row). */
  row: MonthlyReportSubAction;
  year: number;
  month: number;
  /** Resizes and reads a chosen photo (PhotoPicker's default otherwise). */
  preparePhoto?: PreparePhoto;
  /** Reads the phone's position (PhotoPicker's default otherwise). */
  locate?: () => Promise<DevicePlace>;
  /** After the submission is in the outbox. */
  onQueued?: (items: OutboxItem[]) => void;
}

/** The outbox entries of one submission: the progress first, then each photo. */
export function fieldUpdateEntries(
  row: MonthlyReportSubAction,
  body: ProgressBody,
  photos: readonly PickedPhoto[],
): OutboxEntry[] {
  const subject = row.sub_action_name;
  const key = { sub_action_id: row.sub_action_id, year: body.year, month: body.month };
  return [
    { kind: 'progress', subject, body },
    ...photos.map(
      (photo): OutboxEntry => ({
        kind: 'photo',
        subject,
        photo: photo.photo,
        filename: photo.filename,
        fields: {
          ...key,
          // The phone's position only for a photo that carries none, and only when given.
          ...(photo.place === null && photo.devicePlace
            ? {
                device_latitude: photo.devicePlace.latitude,
                device_longitude: photo.devicePlace.longitude,
                device_accuracy_m: photo.devicePlace.accuracy_m,
                device_at: photo.devicePlace.at,
              }
            : {}),
        },
      }),
    ),
  ];
}

/**
 * A sub kegiatan's month from a phone, in under a minute: the cumulative progress as people type
 * it ('45', '45,5', '45.5'), problems, actions and one to three photos. Submitting puts it all in
 * the outbox (`OutboxProvider`), which keeps it on the phone and sends it when connected, and
 * says so; nothing waits for the network here.
 */
export function FieldUpdateForm({
  row,
  year,
  month,
  preparePhoto,
  locate,
  onQueued,
}: FieldUpdateFormProps) {
  const m = useMessages();
  const t = m.fieldUpdate;
  const { enqueue, isOnline, items: waiting } = useOutbox();
  const titleId = useId();
  const entry = useProgressEntry(row, year, month);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [queued, setQueued] = useState<readonly string[] | null>(null);
  // What this form put in the outbox and is still there; a refused item is the outbox list's to
  // show, so the form then says nothing of it.
  const ours = queued ? waiting.filter((item) => queued.includes(item.id)) : [];
  const queuedText = !queued
    ? null
    : ours.length === 0
      ? t.sent
      : ours.some((item) => item.failure)
        ? null
        : isOnline
          ? t.savedOnline
          : t.savedOffline;

  const { parsed } = entry;
  const ready = entry.ready && photos.length > 0;
  const { attempt, failure, submit, dialog } = useFormSubmit({
    isSaving,
    parsed: ready && parsed.success ? parsed : { success: false },
    failed: t.saveFailed,
    onAttempt: () => setQueued(null),
    save: async (body: ProgressBody) => {
      setSaving(true);
      try {
        const items = await enqueue(fieldUpdateEntries(row, body, photos));
        setQueued(items.map((item) => item.id));
        setPhotos([]);
        onQueued?.(items);
      } finally {
        setSaving(false);
      }
    },
  });
  const planned =
    row.planned_progress_tenths === null ? '–' : formatTenths(row.planned_progress_tenths);
  const monthName = m.cashPlan.monthNames[month - 1] ?? String(month);

  return (
    <form
      ref={dialog.formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="flex w-full max-w-md flex-col gap-4"
    >
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="font-semibold text-lg text-slate-900">
          {t.title}
        </h2>
        <p className="break-words font-medium text-slate-900">{row.sub_action_name}</p>
        <p className="text-slate-600 text-sm">
          {[row.sub_action_code, t.period(monthName, year)].filter(Boolean).join(' · ')}
        </p>
        <p className="text-slate-700 text-sm">
          {t.lastMonth(formatTenths(row.previous_progress_tenths), planned)}
        </p>
      </header>
      {queuedText && <Banner tone="success">{queuedText}</Banner>}
      {failure && (
        <Banner key={failure.key} tone="error">
          {failure.message}
        </Banner>
      )}
      <ProgressFields entry={entry} texts={t} attempt={attempt} />
      <PhotoPicker
        photos={photos}
        onChange={setPhotos}
        errorMessage={attempt > 0 ? t.photos.required : undefined}
        {...(preparePhoto ? { prepare: preparePhoto } : {})}
        {...(locate ? { locate } : {})}
      />
      <Button type="submit" isPending={isSaving} className="min-h-12 text-base">
        {t.submit}
      </Button>
    </form>
  );
}
