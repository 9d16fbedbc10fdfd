import type { ReactNode } from 'react';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  SelectValue,
} from 'react-aria-components';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import {
  Description,
  FieldError,
  type FieldErrorMessage,
  isInvalidFrom,
  Label,
  popoverStyles,
} from './Field.js';
import { CheckIcon, ChevronDownIcon } from './icons.js';

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children'> {
  label?: string;
  description?: string;
  /** 'warning' draws the description as the spec's yellow hint. */
  descriptionTone?: 'neutral' | 'warning';
  /** Shown under the field; a non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** The options; with them, `children` is a function rendering one `SelectItem`. */
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

/** A labelled drop-down of options (`SelectItem`s), opened and chosen with the keyboard too. */
export function Select<T extends object>({
  label,
  description,
  descriptionTone,
  errorMessage,
  items,
  children,
  isInvalid,
  className,
  ...props
}: SelectProps<T>) {
  return (
    <AriaSelect
      {...props}
      isInvalid={isInvalidFrom(isInvalid, errorMessage)}
      className={composeClassName(className, 'group/field flex flex-col gap-1')}
    >
      {label && <Label>{label}</Label>}
      <Button
        className={cn(
          'flex min-h-10 w-full cursor-default items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-start text-sm text-slate-900 transition-colors',
          'data-[hovered]:border-slate-400 data-[pressed]:bg-slate-50',
          'group-data-[invalid]/field:border-red-700',
          'data-[disabled]:cursor-not-allowed data-[disabled]:border-slate-200 data-[disabled]:bg-slate-100 data-[disabled]:text-slate-500',
          focusRing,
        )}
      >
        <SelectValue className="line-clamp-3 flex-1 break-words data-[placeholder]:text-slate-600" />
        <ChevronDownIcon className="size-4 shrink-0 text-slate-600" />
      </Button>
      {description && <Description tone={descriptionTone}>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className={popoverStyles}>
        <ListBox items={items} className="max-h-72 overflow-auto p-1 outline-none">
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a Select or ComboBox. Give `textValue` when the children are not plain text. */
export function SelectItem({ className, children, ...props }: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem
      {...props}
      textValue={textValue}
      className={composeClassName(
        className,
        cn(
          'flex cursor-default items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none',
          'data-[focused]:bg-brand-50 data-[focused]:text-brand-900 data-[selected]:font-semibold',
          'data-[disabled]:text-slate-400',
        ),
      )}
    >
      {(renderProps) => (
        <>
          <span className="min-w-0 flex-1 break-words">
            {typeof children === 'function' ? children(renderProps) : children}
          </span>
          {renderProps.isSelected && <CheckIcon className="size-4 shrink-0 text-brand-700" />}
        </>
      )}
    </ListBoxItem>
  );
}

/** The key of 'all' in an `AllOrOneSelect` (no option of one record or kind is called so). */
const ALL = 'all';

export interface AllOrOneSelectProps<K extends string> {
  label: string;
  /** The first option, meaning no narrowing ('Semua Program'). */
  allLabel: string;
  options: readonly { id: K; name: string }[];
  /** The chosen option; null is all. */
  value: K | null;
  onChange: (id: K | null) => void;
}

/** A list filter of one option or all of them ('Semua Jenis'): null is all. */
export function AllOrOneSelect<K extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: AllOrOneSelectProps<K>) {
  return (
    <Select
      label={label}
      items={[{ id: ALL, name: allLabel }, ...options]}
      value={value ?? ALL}
      onChange={(key) => onChange(key === null || key === ALL ? null : (key as K))}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  );
}
