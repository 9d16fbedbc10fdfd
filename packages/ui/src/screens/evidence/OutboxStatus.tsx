import { formatTenths } from '@ranwal/core';
import { useId } from 'react';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import type { OutboxItem } from '../../data/outbox.js';
import { useOutbox } from '../../data/outbox-context.js';
import { useMessages } from '../../data/RanwalProvider.js';

const clock = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit' });

/**
 * 'Menunggu Dikirim': what the outbox still holds, in sending order, each saying whether it is
 * being sent, waits for a connection (and when it is tried again), or was refused by the server
 * with its words and a 'Buang' to drop it. Says when the phone is offline.
 */
export function OutboxStatus() {
  const m = useMessages();
  const t = m.fieldUpdate.outbox;
  const { items, isLoaded, isOnline, sendingId, retryAt, discard, sendNow } = useOutbox();
  const headingId = useId();
  const waiting = items.filter((item) => item.failure === null);

  const what = (item: OutboxItem) =>
    item.kind === 'progress'
      ? t.progressItem(formatTenths(item.body.progress_tenths))
      : t.photoItem(item.filename);
  const period = (item: OutboxItem) => {
    const { year, month } = item.kind === 'progress' ? item.body : item.fields;
    return m.fieldUpdate.period(m.cashPlan.monthNames[month - 1] ?? String(month), year);
  };
  const state = (item: OutboxItem) => {
    if (item.failure) return t.refused(item.failure.message);
    if (item.id === sendingId) return t.sending;
    if (item.attempts > 0 && retryAt !== null && isOnline) {
      return t.retryAt(clock.format(retryAt));
    }
    return t.waiting;
  };

  return (
    <section aria-labelledby={headingId} className="flex w-full max-w-md flex-col gap-3">
      <h2 className="font-semibold text-base text-slate-900">
        <span id={headingId}>{t.title}</span>
        {items.length > 0 && (
          <span className="ms-2 rounded-full bg-slate-200 px-2 py-0.5 font-medium text-slate-800 text-sm">
            {items.length}
          </span>
        )}
      </h2>
      {!isOnline && <Banner tone="warning">{t.offline}</Banner>}
      {isLoaded && items.length === 0 && <p className="text-slate-600 text-sm">{t.empty}</p>}
      {items.length > 0 && (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {items.map((item) => (
            <li
              key={item.id}
              className={
                item.failure
                  ? 'flex items-start gap-3 rounded-md border border-red-200 bg-red-50 p-3'
                  : 'flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3'
              }
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
                <p className="break-words font-medium text-slate-900">{what(item)}</p>
                <p className="break-words text-slate-700">
                  {item.subject} · {period(item)}
                </p>
                <p className={item.failure ? 'break-words text-red-800' : 'text-slate-600'}>
                  {state(item)}
                </p>
              </div>
              {item.failure && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t.discardLabel(what(item))}
                  className="min-h-11 shrink-0"
                  onPress={() => void discard(item.id)}
                >
                  {t.discard}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isOnline && waiting.length > 0 && sendingId === null && (
        <Button variant="secondary" className="min-h-11 self-start" onPress={() => void sendNow()}>
          {t.sendNow}
        </Button>
      )}
    </section>
  );
}
