import type { ReactNode } from 'react';
import {
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  RadioButton,
  RadioField,
  type RadioFieldProps,
} from 'react-aria-components';
import { cn, composeClassName } from '../lib/cn.js';
import { Description, FieldError, type FieldErrorMessage, isInvalidFrom, Label } from './Field.js';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  label?: string;
  description?: string;
  /** Shown under the group; a non-empty string also marks it invalid. */
  errorMessage?: FieldErrorMessage;
  /** The `Radio`s. */
  children: ReactNode;
}

/** A labelled set of mutually exclusive options; arrow keys move between them. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  children,
  isInvalid,
  orientation = 'vertical',
  className,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      orientation={orientation}
      isInvalid={isInvalidFrom(isInvalid, errorMessage)}
      className={composeClassName(className, 'group/field flex flex-col gap-2')}
    >
      {label && <Label>{label}</Label>}
      <div
        className={cn('flex gap-2', orientation === 'horizontal' ? 'flex-row gap-x-6' : 'flex-col')}
      >
        {children}
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<RadioFieldProps, 'children'> {
  /** The option's label. */
  children: ReactNode;
  description?: string;
}

/**
 * One option of a RadioGroup. Built from react-aria's RadioField and RadioButton, which replace
 * its deprecated single Radio and carry a description.
 */
export function Radio({ children, description, className, ...props }: RadioProps) {
  return (
    <RadioField {...props} className={composeClassName(className, 'flex flex-col gap-0.5')}>
      <RadioButton
        className={cn(
          'group flex w-fit cursor-default items-center gap-2 text-sm text-slate-800',
          'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500',
        )}
      >
        <span
          className={cn(
            'size-5 shrink-0 rounded-full border-2 border-slate-500 bg-white transition-all',
            'group-data-[pressed]:border-slate-700',
            'group-data-[selected]:border-[6px] group-data-[selected]:border-brand-700',
            'group-data-[invalid]:border-red-700',
            'group-data-[disabled]:border-slate-300 group-data-[disabled]:bg-slate-100',
            'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-600',
          )}
        />
        {children}
      </RadioButton>
      {description && <Description className="ms-7">{description}</Description>}
    </RadioField>
  );
}
