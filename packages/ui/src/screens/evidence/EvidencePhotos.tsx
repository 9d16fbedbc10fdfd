import {
  type EvidencePhoto,
  evidenceFlagText,
  formatTenths,
  monthOfYear,
  photoPlaceText,
  photoTimeText,
} from '@ranwal/core';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface EvidencePhotoCardProps {
  photo: EvidencePhoto;
  /** The photo's place in its month (1 for the first), for its name. */
  position: number;
  onRemove?: (photo: EvidencePhoto) => void;
}

/**
 * One evidence photo as a verifier reads it: the picture, when and where it was taken (and who
 * says so: the photo or the phone), how far from the work, and each flag in red.
 */
export function EvidencePhotoCard({ photo, position, onRemove }: EvidencePhotoCardProps) {
  const m = useMessages();
  const t = m.evidence;
  const month = monthOfYear(photo.month, photo.year, m);
  const flagged = photo.flags.length > 0;
  return (
    <figure
      className={`flex flex-col overflow-hidden rounded-lg border bg-white ${
        flagged ? 'border-red-300' : 'border-slate-200'
      }`}
    >
      <a href={photo.url} target="_blank" rel="noreferrer" className="block bg-slate-100">
        <img
          src={photo.url}
          alt={photo.caption || t.view.photoAlt(position, month)}
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
        />
      </a>
      <figcaption className="flex flex-col gap-1 p-3 text-sm text-slate-700">
        {photo.caption && <span className="font-medium text-slate-900">{photo.caption}</span>}
        <span>{photoTimeText(photo, m)}</span>
        <span className="break-words">{photoPlaceText(photo, m)}</span>
        {flagged && (
          <ul className="flex flex-col gap-1">
            {photo.flags.map((flag) => (
              <li key={flag.kind} className="rounded bg-red-50 px-2 py-1 font-medium text-red-800">
                {evidenceFlagText(flag, photo, m)}
              </li>
            ))}
          </ul>
        )}
        {onRemove && (
          <div>
            <Button variant="ghost" size="sm" onPress={() => onRemove(photo)}>
              {t.view.removeOf(position)}
            </Button>
          </div>
        )}
      </figcaption>
    </figure>
  );
}

export interface EvidencePhotosProps {
  photos: readonly EvidencePhoto[];
  year: number;
  month: number;
  onRemove?: (photo: EvidencePhoto) => void;
  headingLevel?: 3 | 4;
}

/** A sub kegiatan's photos of one month, with how many need a verifier's look. */
export function EvidencePhotos({
  photos,
  year,
  month,
  onRemove,
  headingLevel = 4,
}: EvidencePhotosProps) {
  const m = useMessages();
  const t = m.evidence.view;
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const flagged = photos.filter((photo) => photo.flags.length > 0).length;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline gap-3">
        <Heading id={titleId} className="text-base font-semibold text-slate-900">
          {t.monthPhotos(monthOfYear(month, year, m))}
        </Heading>
        {flagged > 0 && (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
            {t.flagged(flagged)}
          </span>
        )}
      </div>
      {photos.length === 0 ? (
        <EmptyState text={t.empty} />
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((photo, index) => (
            <EvidencePhotoCard
              key={photo.id}
              photo={photo}
              position={index + 1}
              onRemove={onRemove}
            />
          ))}
        </div>
      )}
    </section>
  );
}

export interface EvidenceStagesProps {
  /** A year's photos; each month is a stage, shown with its physical progress. */
  photos: readonly EvidencePhoto[];
  headingLevel?: 3 | 4;
}

/**
 * The year's photos side by side, month by month with the month's physical progress: the road
 * at 0 %, 50 % and 100 % in one row, as the verifier compares them.
 */
export function EvidenceStages({ photos, headingLevel = 4 }: EvidenceStagesProps) {
  const m = useMessages();
  const t = m.evidence.view;
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const months = [...new Set(photos.map((photo) => photo.month))].sort((a, b) => a - b);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <Heading id={titleId} className="text-base font-semibold text-slate-900">
        {t.stagesTitle}
      </Heading>
      {months.length === 0 ? (
        <EmptyState text={t.stagesEmpty} />
      ) : (
        <ol className="flex snap-x gap-3 overflow-x-auto pb-2">
          {months.map((month) => {
            const ofMonth = photos.filter((photo) => photo.month === month);
            const first = ofMonth[0]!;
            const name = monthOfYear(month, first.year, m);
            return (
              <li key={month} className="flex w-64 shrink-0 snap-start flex-col gap-2">
                <span className="text-sm font-semibold text-slate-900">
                  {first.progress_tenths === null
                    ? t.stageWithoutProgress(name)
                    : t.stageOf(name, formatTenths(first.progress_tenths))}
                </span>
                {ofMonth.map((photo, index) => (
                  <EvidencePhotoCard key={photo.id} photo={photo} position={index + 1} />
                ))}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
