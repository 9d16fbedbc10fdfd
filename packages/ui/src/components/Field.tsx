import {
  FieldError as AriaFieldError,
  type FieldErrorProps as AriaFieldErrorProps,
  Input as AriaInput,
  Label as AriaLabel,
  Group,
  type GroupProps,
  type InputProps,
  type LabelProps,
  Text,
  type TextProps,
  type ValidationResult,
} from 'react-aria-components';
import { cn, composeClassName } from '../lib/cn.js';

/** What every field takes as its error: a message, or a function of react-aria's validation. */
export type FieldErrorMessage = string | ((validation: ValidationResult) => string);

/**
 * A field given an error text is invalid unless told otherwise, so a screen can pass
 * `errorMessage={errors.name}` and nothing else.
 */
export function isInvalidFrom(
  isInvalid: boolean | undefined,
  errorMessage: FieldErrorMessage | undefined,
): boolean | undefined {
  return isInvalid ?? (typeof errorMessage === 'string' && errorMessage !== '' ? true : undefined);
}

/** The field's label; fields put `group/field` on their root, which adds the required mark. */
export function Label({ className, ...props }: LabelProps) {
  return (
    <AriaLabel
      {...props}
      className={cn(
        'w-fit cursor-default text-sm font-medium text-slate-800',
        "group-data-[required]/field:after:ms-0.5 group-data-[required]/field:after:text-red-700 group-data-[required]/field:after:content-['*']",
        className,
      )}
    />
  );
}

export interface DescriptionProps extends TextProps {
  /** 'warning' is the spec's yellow hint ('Silakan pilih program terlebih dahulu'). */
  tone?: 'neutral' | 'warning';
}

/** Help text under a field, linked to it by aria-describedby. */
export function Description({ tone = 'neutral', className, ...props }: DescriptionProps) {
  return (
    <Text
      {...props}
      slot="description"
      className={cn(
        'text-sm',
        tone === 'warning'
          ? 'rounded-md border border-yellow-200 bg-yellow-50 px-2 py-1 text-yellow-800'
          : 'text-slate-600',
        className,
      )}
    />
  );
}

/** The field's error text; shown only while the field is invalid. */
export function FieldError({ className, ...props }: AriaFieldErrorProps) {
  return (
    <AriaFieldError
      {...props}
      className={composeClassName(className, 'text-sm font-medium text-red-700')}
    />
  );
}

/** The bordered box around an input and its buttons, styled from react-aria's data attributes. */
export const fieldGroupStyles = cn(
  'flex min-h-10 w-full items-center overflow-hidden rounded-md border border-slate-300 bg-white transition-colors',
  'data-[hovered]:border-slate-400',
  'data-[focus-within]:border-brand-600 data-[focus-within]:ring-1 data-[focus-within]:ring-brand-600',
  'data-[invalid]:border-red-700 data-[invalid]:data-[focus-within]:ring-red-700',
  'data-[disabled]:cursor-not-allowed data-[disabled]:border-slate-200 data-[disabled]:bg-slate-100',
);

/** The text input inside a field group: the group draws the border and the focus ring. */
export const inputStyles = cn(
  // A value longer than the field ends in '…' rather than mid-letter (a narrow filter).
  'min-w-0 flex-1 text-ellipsis bg-transparent px-3 py-2 text-sm text-slate-900 outline-none',
  'placeholder:text-slate-500 data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-500',
);

export function FieldGroup({ className, ...props }: GroupProps) {
  return <Group {...props} className={composeClassName(className, fieldGroupStyles)} />;
}

export function Input({ className, ...props }: InputProps) {
  return <AriaInput {...props} className={composeClassName(className, inputStyles)} />;
}

/** The popover of a Select or ComboBox: as wide as its field (long options wrap). */
export const popoverStyles =
  'w-(--trigger-width) max-w-[calc(100vw-1.5rem)] overflow-auto rounded-md border border-slate-200 bg-white shadow-lg outline-none';
