import { messagesId } from '@ranwal/core';
import { createContext, type ReactNode, useContext, useState } from 'react';
import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  type ToastProps as AriaToastProps,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Text,
} from 'react-aria-components';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import { AlertIcon, CloseIcon, SuccessIcon } from './icons.js';

/** How long each kind of message stays, in milliseconds (spec section 9). */
export const toastDurations = {
  reportSuccess: 2000,
  reportError: 3000,
  article: 5000,
  user: 5000,
  upload: 3000,
  successDialog: 1500,
} as const;

export interface ToastContent {
  title: string;
  description?: string;
  tone: 'success' | 'error';
}

/** A queue of toasts and the calls screens make on it. */
export interface ToastQueue {
  readonly queue: AriaToastQueue<ToastContent>;
  /** A green toast; the title defaults to 'Berhasil!', the timeout to 5 s. Returns its key. */
  success(title?: string, description?: string, timeout?: number): string;
  /** A red toast; the title defaults to 'Gagal!', the timeout to 5 s. Returns its key. */
  error(title?: string, description?: string, timeout?: number): string;
  close(key: string): void;
}

export function createToastQueue(): ToastQueue {
  const queue = new AriaToastQueue<ToastContent>({ maxVisibleToasts: 5 });
  const add = (tone: ToastContent['tone'], defaultTitle: string) =>
    function show(title?: string, description?: string, timeout: number = toastDurations.article) {
      return queue.add({ title: title ?? defaultTitle, description, tone }, { timeout });
    };
  return {
    queue,
    success: add('success', messagesId.common.successTitle),
    error: add('error', messagesId.common.failureTitle),
    close: (key) => queue.close(key),
  };
}

const ToastContext = createContext<ToastQueue | null>(null);

/** The toast queue of the nearest `ToastProvider`. */
export function useToast(): ToastQueue {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToast() needs a <ToastProvider> above it');
  return toasts;
}

export interface ToastProviderProps {
  /** A queue made with `createToastQueue()`, to show toasts from outside React; else its own. */
  toasts?: ToastQueue;
  children?: ReactNode;
}

/** Gives `useToast()` its queue and renders the toast region once, top-right. */
export function ToastProvider({ toasts, children }: ToastProviderProps) {
  const [ownToasts] = useState(createToastQueue);
  const value = toasts ?? ownToasts;
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastRegion toasts={value} />
    </ToastContext.Provider>
  );
}

const tones = {
  success: { className: 'bg-green-700', Icon: SuccessIcon },
  error: { className: 'bg-red-700', Icon: AlertIcon },
} as const;

/** The landmark holding the visible toasts, top-end; F6 jumps to it. */
export function ToastRegion({ toasts }: { toasts: ToastQueue }) {
  return (
    <AriaToastRegion
      queue={toasts.queue}
      className={cn(
        'fixed end-4 top-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-lg',
        focusRing,
      )}
    >
      {({ toast }) => <Toast toast={toast} />}
    </AriaToastRegion>
  );
}

/** One toast: icon, title, optional description and a close button. */
export function Toast({ className, ...props }: Omit<AriaToastProps<ToastContent>, 'children'>) {
  const { title, description, tone } = props.toast.content;
  const { Icon, className: toneClassName } = tones[tone];
  return (
    <AriaToast
      {...props}
      className={composeClassName(className, () =>
        cn(
          'flex items-start gap-3 rounded-lg px-4 py-3 text-white shadow-lg outline-none',
          'data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-slate-900',
          toneClassName,
        ),
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <AriaToastContent className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Text slot="title" className="text-sm font-semibold">
          {title}
        </Text>
        {description && (
          <Text slot="description" className="text-sm">
            {description}
          </Text>
        )}
      </AriaToastContent>
      <AriaButton
        slot="close"
        aria-label={messagesId.common.close}
        className={cn(
          '-me-1 flex size-7 shrink-0 items-center justify-center rounded text-white',
          'outline-none data-[hovered]:bg-white/15 data-[pressed]:bg-white/25',
          'data-[focus-visible]:outline-2 data-[focus-visible]:outline-white',
        )}
      >
        <CloseIcon className="size-4" />
      </AriaButton>
    </AriaToast>
  );
}
