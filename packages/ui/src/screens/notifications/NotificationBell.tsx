import type { Notification } from '@ranwal/core';
import { useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { describeError } from '../../data/errors.js';
import {
  useMarkNotificationsRead,
  useNotificationCount,
  useNotifications,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { cn, focusRing } from '../../lib/cn.js';
import { type NotificationPaths, notificationTarget } from './notification-target.js';
import { notificationText } from './notification-text.js';

export interface NotificationBellProps {
  /** How many are unread: the badge, and its name ('3 notifikasi belum dibaca'). */
  unreadCount: number;
  /** The latest notifications, newest first; read while the list is open. */
  notifications: readonly Notification[];
  isLoading?: boolean;
  /** Why the list could not be loaded. */
  loadError?: string;
  onRetry?: () => void;
  /** The list opened or closed (a connected bell loads it only while open). */
  onOpenChange?: (isOpen: boolean) => void;
  /** 'Tandai semua dibaca'. */
  onMarkAllRead: () => void;
  /** A notification chosen: mark it read and go where it is about. The list closes. */
  onSelect: (notification: Notification) => void;
}

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The header's 'Notifikasi' button (issue 19): the unread count as a badge, and a list of the
 * latest notifications, the unread ones marked, each worded from its kind.
 */
export function NotificationBell({
  unreadCount,
  notifications,
  isLoading = false,
  loadError,
  onRetry,
  onOpenChange,
  onMarkAllRead,
  onSelect,
}: NotificationBellProps) {
  const m = useMessages();
  const t = m.notifications;
  const [isOpen, setOpen] = useState(false);
  const open = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={open}>
      <Button variant="secondary" size="sm" className="relative">
        <BellIcon />
        {t.button}
        {unreadCount > 0 && (
          <span className="ms-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white">
            <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
            <span className="sr-only">{`(${t.unreadCount(unreadCount)})`}</span>
          </span>
        )}
      </Button>
      <Popover
        placement="bottom end"
        className="w-[26rem] max-w-[calc(100vw-1.5rem)] rounded-md border border-slate-200 bg-white shadow-lg outline-none"
      >
        <Dialog aria-label={t.title} className="flex max-h-[70vh] flex-col outline-none">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <Heading slot="title" className="text-base font-semibold text-slate-900">
              {t.title}
            </Heading>
            <Button
              variant="secondary"
              size="sm"
              isDisabled={unreadCount === 0}
              onPress={onMarkAllRead}
            >
              {t.markAllRead}
            </Button>
          </div>
          <div className="overflow-y-auto">
            {loadError ? (
              <ErrorState message={loadError} onRetry={onRetry} className="m-3" />
            ) : isLoading ? (
              <LoadingState className="py-6" />
            ) : notifications.length === 0 ? (
              <EmptyState text={t.empty} className="py-6" />
            ) : (
              <ul className="divide-y divide-slate-100">
                {notifications.map((notification) => (
                  <li key={notification.id}>
                    <AriaButton
                      onPress={() => {
                        open(false);
                        onSelect(notification);
                      }}
                      className={cn(
                        'flex w-full cursor-default items-start gap-3 px-4 py-3 text-start text-sm',
                        'data-[hovered]:bg-slate-50 data-[pressed]:bg-slate-100',
                        notification.read ? 'text-slate-700' : 'bg-brand-50/60 text-slate-900',
                        focusRing,
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          notification.read ? 'bg-transparent' : 'bg-brand-700',
                        )}
                      />
                      <span className="flex min-w-0 flex-col gap-0.5">
                        {!notification.read && <span className="sr-only">{`${t.unread}: `}</span>}
                        <span className={cn('break-words', !notification.read && 'font-semibold')}>
                          {notificationText(m, notification)}
                        </span>
                        <DateText
                          value={notification.created_at}
                          format="long"
                          className="text-xs text-slate-600"
                        />
                      </span>
                    </AriaButton>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

export interface ConnectedNotificationBellProps {
  /**
   * Goes to what a chosen notification is about: `notificationTarget` of it for the signed-in
   * person's role (the line's detail on the dashboard, the sub kegiatan under verification).
   * The portal passes its router's navigate.
   */
  onNavigate?: (target: string) => void;
  /** The pages `onNavigate` is given; the portal's by default. */
  paths?: NotificationPaths;
  /** A chosen notification, for an app that decides itself where it leads. */
  onOpenNotification?: (notification: Notification) => void;
  /** How many of the latest the list shows; 20 by default. */
  limit?: number;
}

/**
 * The bell over the provider's client: the unread count read every 60 s and whenever the window
 * regains focus (and after every verification write), the list while open.
 */
export function ConnectedNotificationBell({
  onNavigate,
  paths,
  onOpenNotification,
  limit = 20,
}: ConnectedNotificationBellProps) {
  const m = useMessages();
  const session = useSession();
  const [isOpen, setOpen] = useState(false);
  const count = useNotificationCount();
  const list = useNotifications({ page: 1, limit }, { enabled: isOpen });
  const markRead = useMarkNotificationsRead();
  return (
    <NotificationBell
      unreadCount={count.data?.data.unread ?? 0}
      notifications={list.data?.data ?? []}
      isLoading={list.isPending}
      loadError={list.isError ? describeError(list.error, m.notifications.fetchFailed) : undefined}
      onRetry={() => void list.refetch()}
      onOpenChange={setOpen}
      onMarkAllRead={() => markRead.mutate({})}
      onSelect={(notification) => {
        if (!notification.read) markRead.mutate({ ids: [notification.id] });
        onOpenNotification?.(notification);
        onNavigate?.(notificationTarget(notification, session?.userRole, paths));
      }}
    />
  );
}
