import type { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';

// The toast types, apart from Toast.tsx so its lazily loaded region never imports back from it.

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
