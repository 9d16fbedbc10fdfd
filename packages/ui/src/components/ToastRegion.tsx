import {
  Button as AriaButton,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  type ToastProps as AriaToastProps,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Text,
} from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import { AlertIcon, CloseIcon, SuccessIcon } from './icons.js';
import type { ToastContent, ToastQueue } from './toast-types.js';

const tones = {
  success: { className: 'bg-green-700', Icon: SuccessIcon },
  error: { className: 'bg-red-700', Icon: AlertIcon },
} as const;

/**
 * The landmark holding the visible toasts, top-end below the header (so Logout and the user's
 * name stay visible), at most three; F6 jumps to it.
 */
export function ToastRegion({ toasts }: { toasts: ToastQueue }) {
  return (
    <AriaToastRegion
      queue={toasts.queue}
      data-toast-region
      className={cn(
        'fixed end-4 top-20 z-[60] flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-lg',
        focusRing,
      )}
    >
      {({ toast }) => <Toast toast={toast} />}
    </AriaToastRegion>
  );
}

/** One toast: icon, title, optional description and a close button. */
export function Toast({ className, ...props }: Omit<AriaToastProps<ToastContent>, 'children'>) {
  const m = useMessages();
  const { title, description, tone } = props.toast.content;
  const { Icon, className: toneClassName } = tones[tone];
  return (
    <AriaToast
      {...props}
      className={composeClassName(className, () =>
        cn(
          'flex items-start gap-2 rounded-lg px-3 py-2 text-white shadow-lg outline-none',
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
        aria-label={m.common.close}
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
