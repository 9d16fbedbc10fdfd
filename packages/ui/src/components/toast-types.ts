import type { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';

// The toast types, apart from Toast.tsx so its lazily loaded region never imports back from it.

export interface ToastContent {
  title: string;
  description?: string;
  tone: 'success' | 'error';
}

export interface ToastOptions {
  /**
   * Toasts of one group replace each other: a new one closes the last still shown, so a run of
   * confirmations (the cascade's 'Program "…" berhasil dipilih') reads one at a time.
   */
  group?: string;
}

/** A queue of toasts and the calls screens make on it. */
export interface ToastQueue {
  readonly queue: AriaToastQueue<ToastContent>;
  /** A green toast; the title defaults to 'Berhasil!', the timeout to 5 s. Returns its key. */
  success(title?: string, description?: string, timeout?: number, options?: ToastOptions): string;
  /** A red toast; the title defaults to 'Gagal!', the timeout to 5 s. Returns its key. */
  error(title?: string, description?: string, timeout?: number, options?: ToastOptions): string;
  close(key: string): void;
}
