import { type Messages, monthName, type Notification } from '@ranwal/core';

/**
 * What a notification says, from its kind: 'Vera menulis catatan pada Laporan Buku Tulis
 * (Sub Kegiatan Penyediaan ATK, 2026)', 'Sub Kegiatan Penyediaan ATK 2026 ditandai terverifikasi
 * oleh Vera'. A person removed since is 'Seseorang', a line deleted since '(dihapus)'.
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
        ? t.line(notification.line_name ?? t.deletedLine, subAction, year)
        : t.subAction(subAction, year).trim();
  return t.kinds[notification.kind](actor, about);
}
