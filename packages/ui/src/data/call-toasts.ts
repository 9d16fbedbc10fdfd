import { useMemo } from 'react';
import { toastDurations, useToast } from '../components/Toast.js';
import { describeError } from './errors.js';

/**
 * The toasts a connected screen says its calls with, at the spec's durations: `success` with
 * what was done, `failure` with the server's words (or the fallback), and `attempt`, a call
 * that says either and never throws. Needs a `ToastProvider`.
 */
export function useCallToasts() {
  const toast = useToast();
  return useMemo(() => {
    const success = (text: string) => toast.success(undefined, text, toastDurations.reportSuccess);
    const failure = (error: unknown, fallback: string) =>
      toast.error(undefined, describeError(error, fallback), toastDurations.reportError);
    const attempt = async <R>(
      call: () => Promise<R>,
      done: (result: R) => string,
      failed: string,
    ) => {
      try {
        success(done(await call()));
      } catch (error) {
        failure(error, failed);
      }
    };
    return { success, failure, attempt };
  }, [toast]);
}
