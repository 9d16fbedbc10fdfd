import { type CalendarDate, parseDate } from '@internationalized/date';
import {
  DateField as AriaDateField,
  type DateFieldProps as AriaDateFieldProps,
  DateInput,
  DateSegment,
  I18nProvider,
} from 'react-aria-components';
import { cn, composeClassName } from '../lib/cn.js';
import {
  Description,
  FieldError,
  type FieldErrorMessage,
  fieldGroupStyles,
  isInvalidFrom,
  Label,
} from './Field.js';

export interface DateFieldProps
  extends Omit<
    AriaDateFieldProps<CalendarDate>,
    'value' | 'defaultValue' | 'onChange' | 'granularity' | 'children'
  > {
  label?: string;
  description?: string;
  /** Shown under the field; a non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  /** The date as the API carries it, 'YYYY-MM-DD'; '' for none. */
  value: string;
  /** The whole date typed ('YYYY-MM-DD'), or '' once it is cleared. */
  onChange: (value: string) => void;
}

/** 'YYYY-MM-DD' as a calendar date; null for '' or a text that is not one. */
function calendarDateOf(value: string): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/**
 * A labelled date, typed and shown the Indonesian way, dd/mm/yyyy, whatever the browser's
 * language (a native date input follows the browser's: mm/dd/yyyy in an English one). Day, month
 * and year are each a spin button (typed digits move on; arrow keys step), read out with the
 * field's label.
 */
export function DateField({
  label,
  description,
  errorMessage,
  value,
  onChange,
  isInvalid,
  className,
  ...props
}: DateFieldProps) {
  return (
    <I18nProvider locale="id-ID">
      <AriaDateField<CalendarDate>
        {...props}
        granularity="day"
        shouldForceLeadingZeros
        value={calendarDateOf(value)}
        onChange={(date) => onChange(date ? date.toString() : '')}
        isInvalid={isInvalidFrom(isInvalid, errorMessage)}
        className={composeClassName(className, 'group/field flex flex-col gap-1')}
      >
        {label && <Label>{label}</Label>}
        <DateInput className={cn(fieldGroupStyles, 'px-3 py-2 text-sm tabular-nums')}>
          {(segment) => (
            <DateSegment
              segment={segment}
              className={cn(
                'rounded px-0.5 text-slate-900 outline-none',
                'data-[placeholder]:text-slate-500 data-[type=literal]:px-0',
                'data-[focused]:bg-brand-700 data-[focused]:text-white',
              )}
            />
          )}
        </DateInput>
        {description && <Description>{description}</Description>}
        <FieldError>{errorMessage}</FieldError>
      </AriaDateField>
    </I18nProvider>
  );
}
