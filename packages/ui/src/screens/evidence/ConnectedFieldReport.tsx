import {
  fieldReportMonths,
  isMonthEditable,
  monthOfDate,
  monthOfYear,
  todayInRegion,
} from '@ranwal/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { Select, SelectItem } from '../../components/Select.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import type { OutboxItem } from '../../data/outbox.js';
import { OutboxProvider } from '../../data/outbox-context.js';
import { ranwalKeys, useCurrentUser, useEntityList, useMonthlyReport } from '../../data/queries.js';
import { useMessages, useRanwalClient, useSession } from '../../data/RanwalProvider.js';
import { FieldUpdateForm } from './FieldUpdateForm.js';
import { OutboxStatus } from './OutboxStatus.js';
import type { DevicePlace, PreparePhoto } from './PhotoPicker.js';

/** A month of a year as the month chooser keys it. */
const periodKey = ({ year, month }: { year: number; month: number }) => `${year}-${month}`;

export interface ConnectedFieldReportProps {
  /** The clock: the page opens on its month (on the region's calendar); the real time by default. */
  now?: () => Date;
  /** 1 when the section is the page, 2 under a unit's own header. */
  level?: 1 | 2;
  /** Resizes and reads a chosen photo (the browser's canvas by default). */
  preparePhoto?: PreparePhoto;
  /** Reads the phone's position (navigator.geolocation by default). */
  locate?: () => Promise<DevicePlace>;
}

/**
 * 'Lapor dari Lapangan' (issue 38): a field officer on a phone picks a sub kegiatan of their
 * unit's month and files its progress with one to three photos. The month is one of the year
 * being carried out, today's by default and never one still to come (the server refuses those):
 * not of the budget year other screens share, which is next year's while it is being planned.
 * What is filed waits on the phone (the outbox) and is sent, each item under its own
 * Idempotency-Key, when connected; what still waits is listed below. Needs a `ToastProvider`.
 */
export function ConnectedFieldReport({
  now = () => new Date(),
  level = 1,
  preparePhoto,
  locate,
}: ConnectedFieldReportProps) {
  const m = useMessages();
  const t = m.evidence.field;
  const client = useRanwalClient();
  const me = useCurrentUser();
  const user = me.data?.data;
  const session = useSession();
  // Who the outbox belongs to, from the signed-in session until the server says: a page opened
  // again with no signal lists what waits and sends it when the signal returns.
  const ownerId = user?.id ?? session?.userId;
  const today = todayInRegion(now());
  const months = fieldReportMonths(today);
  const [chosen, setChosen] = useState<{ year: number; month: number } | null>(null);
  const { year, month: shownMonth } = chosen ?? monthOfDate(today);
  const units = user?.agency_ids ?? [];
  const [chosenUnit, setChosenUnit] = useState<string | null>(null);
  const agencyId = chosenUnit ?? (units.length === 1 ? units[0]! : null);
  const report = useMonthlyReport(
    { agency_id: agencyId ?? undefined, year, month: shownMonth },
    { enabled: agencyId !== null },
  );
  const [subActionId, setSubActionId] = useState<string | null>(null);
  const data = report.data?.data;
  const row = data?.sub_actions.find((found) => found.sub_action_id === subActionId) ?? null;

  const queryClient = useQueryClient();
  const agencies = useEntityList('agency', {}, { enabled: units.length > 1 });
  const unitName = (id: string) =>
    agencies.data?.data.find((agency) => agency.id === id)?.name ?? id;

  /** One item of the outbox to the API; what it changed reads again once it is in. */
  const send = async (item: OutboxItem, signal: AbortSignal) => {
    const options = { signal, idempotencyKey: item.id };
    const answer =
      item.kind === 'progress'
        ? await client.monthlyReport.progress(item.body, options)
        : await client.evidence.upload(item.photo, item.fields, item.filename, options);
    await queryClient.invalidateQueries({ queryKey: ranwalKeys.reports });
    return answer;
  };

  if (!ownerId) return null;
  return (
    <OutboxProvider owner={ownerId} send={send}>
      <AdminSection title={t.title} intro={t.intro} level={level}>
        {/* Two columns by the card's own width, not the window's: in a phone-wide card on a wide
            screen a half column wrapped the month's name onto two lines. */}
        <div className="@container">
          <div className="grid gap-3 @sm:grid-cols-2">
            <Select
              label={m.evidence.mapPage.month}
              items={months.map((period) => ({
                id: periodKey(period),
                name: monthOfYear(period.month, period.year, m),
              }))}
              value={periodKey({ year, month: shownMonth })}
              onChange={(key) => {
                const found = months.find((period) => periodKey(period) === key);
                if (!found) return;
                setChosen(found);
                setSubActionId(null);
              }}
            >
              {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
            </Select>
            {units.length > 1 && (
              <Select
                label={m.evidence.mapPage.unit}
                items={units.map((id) => ({ id, name: unitName(id) }))}
                value={agencyId}
                onChange={(key) => setChosenUnit(key === null ? null : String(key))}
              >
                {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
              </Select>
            )}
          </div>
        </div>
        {report.isError && (
          <ErrorState message={t.fetchFailed} onRetry={() => void report.refetch()} />
        )}
        {user && units.length === 0 && (
          // An account with no unit has no month to file: said so, with whom to ask.
          <EmptyState text={m.server.withoutUnit} />
        )}
        {report.isPending && agencyId && <LoadingState className="justify-start py-0" />}
        {data && data.sub_actions.length === 0 && <EmptyState text={t.nothing} />}
        {data && !isMonthEditable(data.status) && (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t.closed(monthOfYear(shownMonth, year, m), m.monthlyReport.statuses[data.status])}
          </p>
        )}
        {data && data.sub_actions.length > 0 && isMonthEditable(data.status) && (
          <Select
            label={t.choose}
            placeholder={t.chooseHint}
            items={data.sub_actions.map((found) => ({
              id: found.sub_action_id,
              name: [found.sub_action_code, found.sub_action_name].filter(Boolean).join(' '),
            }))}
            value={subActionId}
            onChange={(key) => setSubActionId(key === null ? null : String(key))}
          >
            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
          </Select>
        )}
        {row && data && isMonthEditable(data.status) && (
          <FieldUpdateForm
            key={`${row.sub_action_id}/${shownMonth}`}
            row={row}
            year={year}
            month={shownMonth}
            preparePhoto={preparePhoto}
            locate={locate}
          />
        )}
        <OutboxStatus />
      </AdminSection>
    </OutboxProvider>
  );
}
