import { type Messages, monthName, type Notification } from '@ranwal/core';
import { lineDetailText } from '../verification/line-detail.js';

/** The line's name; also its specification and price where others of its sub kegiatan share it. */
function lineName(notification: Notification, t: Messages['notifications']): string {
  if (notification.line_name === null) return t.deletedLine;
  return notification.line_namesake
    ? t.lineWithDetail(notification.line_name, lineDetailText(notification.line_namesake))
    : notification.line_name;
}

/**
 * What a notification says, from its kind: 'Vera menulis catatan pada Laporan Buku Tulis
 * (Sub Kegiatan Penyediaan ATK, 2026)', 'Sub Kegiatan Penyediaan ATK 2026 ditandai terverifikasi
 * oleh Vera'. A person removed since is 'Seseorang', a line deleted since '(dihapus)'; a line
 * whose name others of its sub kegiatan share also by its specification and price.
 */
export function notificationText(messages: Messages, notification: Notification): string {
  const t = messages.notifications;
  const actor = notification.actor_name ?? t.someone;
  const year = notification.year === null ? '' : String(notification.year);
  const subAction = notification.sub_action_name ?? '';
  const about =
    notification.month !== null
      ? t.month(monthName(notification.month, messages), year, notification.agency_name ?? '')
      : notification.line_id !== null && notification.kind !== 'sub_action_verified'
        ? t.line(lineName(notification, t), subAction, year)
        : t.subAction(subAction, year).trim();
  return t.kinds[notification.kind](actor, about);
}
