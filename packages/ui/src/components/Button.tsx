import { useEffect } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { announceNamesAsText } from '../lib/announcements.js';
import { cn, composeClassName, focusRing } from '../lib/cn.js';

const variants = {
  primary: 'bg-brand-700 text-white data-[hovered]:bg-brand-800 data-[pressed]:bg-brand-900',
  secondary:
    'bg-white text-slate-800 border border-slate-300 data-[hovered]:bg-slate-50 data-[pressed]:bg-slate-100',
  danger: 'bg-red-700 text-white data-[hovered]:bg-red-800 data-[pressed]:bg-red-900',
  ghost: 'bg-transparent text-brand-700 data-[hovered]:bg-brand-50 data-[pressed]:bg-brand-100',
} as const;

export interface ButtonProps extends AriaButtonProps {
  variant?: keyof typeof variants;
  size?: 'sm' | 'md';
}

/**
 * react-aria's Button with Ranwal's variants; `isPending` keeps focus and announces progress,
 * as text, so the announcement still reads right once the button has gone.
 */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  // Mounted before it can be pending: watching starts before its first announcement.
  useEffect(announceNamesAsText, []);
  return (
    <AriaButton
      {...props}
      className={composeClassName(className, () =>
        cn(
          'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors',
          'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[pending]:opacity-80',
          size === 'sm' ? 'px-2.5 py-1 text-sm' : 'px-4 py-2 text-sm',
          variants[variant],
          focusRing,
        ),
      )}
    />
  );
}
