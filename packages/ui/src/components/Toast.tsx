import { type Messages, messagesId } from '@ranwal/core';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
} from 'react';
import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import type { ToastContent, ToastOptions, ToastQueue } from './toast-types.js';

// The region (react-aria's toast and landmark code, with its strings in 34 languages) loads with
// the first toast, not with every page; it is not exported, or it would be bundled with the page.
const LazyToastRegion = lazy(() =>
  import('./ToastRegion.js').then((module) => ({ default: module.ToastRegion })),
);

/** How long each kind of message stays, in milliseconds (spec section 9). */
export const toastDurations = {
  reportSuccess: 2000,
  reportError: 3000,
  article: 5000,
  user: 5000,
  upload: 3000,
  successDialog: 1500,
} as const;

export type { ToastContent, ToastOptions, ToastQueue } from './toast-types.js';

/** A queue whose default titles come from `messages` (Indonesian unless told). */
export function createToastQueue(messages: Messages = messagesId): ToastQueue {
  // A compact stack: the cascade confirms each choice, and more than three would reach the form.
  const queue = new AriaToastQueue<ToastContent>({ maxVisibleToasts: 3 });
  // The last toast of each group, closed when the group's next one comes.
  const lastOfGroup = new Map<string, string>();
  const add = (tone: ToastContent['tone'], defaultTitle: string) =>
    function show(
      title?: string,
      description?: string,
      timeout: number = toastDurations.article,
      { group }: ToastOptions = {},
    ) {
      const last = group === undefined ? undefined : lastOfGroup.get(group);
      if (last !== undefined) queue.close(last);
      const key = queue.add({ title: title ?? defaultTitle, description, tone }, { timeout });
      if (group !== undefined) lastOfGroup.set(group, key);
      return key;
    };
  return {
    queue,
    success: add('success', messages.common.successTitle),
    error: add('error', messages.common.failureTitle),
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

/** Gives `useToast()` its queue and renders the toast region, top-right, from the first toast on. */
export function ToastProvider({ toasts, children }: ToastProviderProps) {
  const messages = useMessages();
  const [ownToasts] = useState(() => createToastQueue(messages));
  const value = toasts ?? ownToasts;
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (used) return;
    if (value.queue.visibleToasts.length > 0) setUsed(true);
    return value.queue.subscribe(() => setUsed(true));
  }, [value, used]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <LazyToastRegion toasts={value} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
