import { useMessages } from '../data/messages-context.js';
import { cn } from '../lib/cn.js';
import { Button } from './Button.js';
import { AlertIcon } from './icons.js';

/** A decorative spinning ring; whatever shows it also says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cn('size-5 animate-spin text-brand-700', className)}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export interface LoadingStateProps {
  /** Defaults to 'Memuat data...'. */
  label?: string;
  className?: string;
}

/** A spinner with text, announced politely (role=status). */
export function LoadingState({ label, className }: LoadingStateProps) {
  const m = useMessages();
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-2 py-6 text-sm text-slate-700',
        className,
      )}
    >
      <Spinner />
      <span>{label ?? m.common.loading}</span>
    </div>
  );
}

export interface EmptyStateProps {
  /** The main line, e.g. 'Tidak ada artikel'. */
  text: string;
  /** A second line, e.g. 'Belum ada artikel yang dibuat.'. */
  hint?: string;
  className?: string;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ text, hint, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-1 py-6 text-center', className)}>
      <p className="text-sm font-medium text-slate-800">{text}</p>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
    </div>
  );
}

export interface ErrorStateProps {
  /** What went wrong, e.g. 'Gagal memuat data.'. */
  message: string;
  /** A line above the message, e.g. 'Terjadi kesalahan saat memuat data:'. */
  heading?: string;
  /** Shows a retry button. */
  onRetry?: () => void;
  /** The retry button's label; defaults to 'Coba lagi' (the public page passes 'Try Again'). */
  retryLabel?: string;
  className?: string;
}

/** A failed load, announced at once (role=alert), with an optional retry. */
export function ErrorState({ message, heading, onRetry, retryLabel, className }: ErrorStateProps) {
  const m = useMessages();
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800',
        className,
      )}
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="flex flex-col items-start gap-2">
        {heading && <p className="font-semibold">{heading}</p>}
        <p>{message}</p>
        {onRetry && (
          <Button variant="secondary" size="sm" onPress={onRetry}>
            {retryLabel ?? m.articles.management.retry}
          </Button>
        )}
      </div>
    </div>
  );
}
