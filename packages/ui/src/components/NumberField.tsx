import { useContext, useEffect, useEffectEvent } from 'react';
import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  I18nProvider,
  NumberFieldStateContext,
} from 'react-aria-components';
import { composeClassName } from '../lib/cn.js';
import {
  Description,
  FieldError,
  type FieldErrorMessage,
  FieldGroup,
  Input,
  isInvalidFrom,
  Label,
} from './Field.js';

export interface NumberFieldProps extends AriaNumberFieldProps {
  label?: string;
  description?: string;
  /** Shown under the field; a non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  placeholder?: string;
  /**
   * Called as the user types with the number typed so far (NaN while it does not parse), for
   * live results such as totals; `onChange` still fires only when the value is committed.
   */
  onNumberInput?: (value: number) => void;
}

/**
 * A labelled number input (Harga, Volume, Pajak), parsed and shown the Indonesian way (decimal
 * comma). Digits are not grouped unless `formatOptions` asks for it, so what is typed stays as
 * typed; rupiah fields pass `{ maximumFractionDigits: 0 }`. Arrow keys step by `step`.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  formatOptions,
  onNumberInput,
  isInvalid,
  className,
  ...props
}: NumberFieldProps) {
  return (
    <I18nProvider locale="id-ID">
      <AriaNumberField
        {...props}
        formatOptions={{ useGrouping: false, ...formatOptions }}
        isInvalid={isInvalidFrom(isInvalid, errorMessage)}
        className={composeClassName(className, 'group/field flex flex-col gap-1')}
      >
        {label && <Label>{label}</Label>}
        <FieldGroup>
          <Input placeholder={placeholder} className="tabular-nums" />
        </FieldGroup>
        {description && <Description>{description}</Description>}
        <FieldError>{errorMessage}</FieldError>
        {onNumberInput && <TypedNumber onNumberInput={onNumberInput} />}
      </AriaNumberField>
    </I18nProvider>
  );
}

/** Reports the field's parsed text as it changes (react-aria only reports it on commit). */
function TypedNumber({ onNumberInput }: { onNumberInput: (value: number) => void }) {
  const typed = useContext(NumberFieldStateContext)?.numberValue;
  const report = useEffectEvent(onNumberInput);
  useEffect(() => {
    if (typed !== undefined) report(typed);
  }, [typed]);
  return null;
}
