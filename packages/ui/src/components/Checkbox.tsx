import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps } from 'react-aria-components';
import { cn, composeClassName } from '../lib/cn.js';
import { Description, FieldError, type FieldErrorMessage, isInvalidFrom } from './Field.js';
import { CheckIcon } from './icons.js';

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'children'> {
  /** The label, e.g. 'Menggunakan Pajak (PPN 12%)'. */
  children: ReactNode;
  description?: string;
  /** Shown under the checkbox; a non-empty string also marks it invalid. */
  errorMessage?: FieldErrorMessage;
}

/**
 * A checkbox with its label, help and error text. Built from react-aria's CheckboxField and
 * CheckboxButton, which replace its deprecated single Checkbox and carry description and error.
 */
export function Checkbox({
  children,
  description,
  errorMessage,
  isInvalid,
  className,
  ...props
}: CheckboxProps) {
  return (
    <CheckboxField
      {...props}
      isInvalid={isInvalidFrom(isInvalid, errorMessage)}
      className={composeClassName(className, 'flex flex-col gap-1')}
    >
      <CheckboxButton
        className={cn(
          'group flex w-fit cursor-default items-center gap-2 text-sm text-slate-800',
          'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500',
        )}
      >
        {({ isSelected }) => (
          <>
            <span
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded border-2 border-slate-500 bg-white text-white transition-colors',
                'group-data-[pressed]:border-slate-700',
                'group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700',
                'group-data-[invalid]:border-red-700',
                'group-data-[disabled]:border-slate-300 group-data-[disabled]:bg-slate-100',
                'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-600',
              )}
            >
              {isSelected && <CheckIcon className="size-3.5" strokeWidth={3} />}
            </span>
            {children}
          </>
        )}
      </CheckboxButton>
      {description && <Description className="ms-7">{description}</Description>}
      <FieldError className="ms-7">{errorMessage}</FieldError>
    </CheckboxField>
  );
}
