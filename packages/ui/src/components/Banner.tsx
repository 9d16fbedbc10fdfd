import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import { cn, focusRing } from '../lib/cn.js';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon } from './icons.js';

const tones = {
  success: { className: 'border-green-200 bg-green-50 text-green-800', Icon: SuccessIcon },
  error: { className: 'border-red-200 bg-red-50 text-red-800', Icon: AlertIcon },
  warning: { className: 'border-yellow-200 bg-yellow-50 text-yellow-800', Icon: AlertIcon },
  info: { className: 'border-brand-100 bg-brand-50 text-brand-900', Icon: InfoIcon },
} as const;

export interface BannerProps {
  tone: keyof typeof tones;
  /** A bold first line, e.g. 'Berhasil!' or 'Gagal!'. */
  title?: string;
  /** The message. */
  children?: ReactNode;
  /** Shows a close button; also called when the banner hides itself after `timeout`. */
  onDismiss?: () => void;
  /** Hide after this many milliseconds (the user list's banners: 5000). */
  timeout?: number;
  /** For `aria-describedby` of what the message explains (a disabled button). */
  id?: string;
  className?: string;
}

/**
 * An inline status message: errors interrupt (role=alert), the rest wait their turn
 * (role=status). It hides itself after `timeout` or when dismissed; render it with a new `key`
 * to show it again.
 */
export function Banner({ tone, title, children, onDismiss, timeout, id, className }: BannerProps) {
  const m = useMessages();
  const [isHidden, setHidden] = useState(false);
  const dismiss = () => {
    setHidden(true);
    onDismiss?.();
  };
  // An effect event, so a parent re-rendering with a new onDismiss does not restart the clock.
  const expire = useEffectEvent(dismiss);

  useEffect(() => {
    if (timeout === undefined) return;
    const timer = setTimeout(expire, timeout);
    return () => clearTimeout(timer);
  }, [timeout]);

  if (isHidden) return null;
  const { Icon, className: toneClassName } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-3 rounded-md border px-4 py-3 text-sm',
        toneClassName,
        className,
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {onDismiss && (
        <AriaButton
          aria-label={m.common.close}
          onPress={dismiss}
          className={cn(
            '-me-1 flex size-7 shrink-0 items-center justify-center rounded',
            'data-[hovered]:bg-black/5 data-[pressed]:bg-black/10',
            focusRing,
          )}
        >
          <CloseIcon className="size-4" />
        </AriaButton>
      )}
    </div>
  );
}
