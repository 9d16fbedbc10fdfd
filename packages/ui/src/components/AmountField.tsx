import {
  formatRupiah,
  groupNumberInput,
  type NumberInputProblem,
  numberInputProblemText,
  parseNumberInput,
} from '@ranwal/core';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../data/messages-context.js';
import { TextField } from './TextField.js';

export interface AmountFieldProps {
  label: string;
  /**
   * The committed number, shown when the field is not being typed in (a reset shows here);
   * NaN shows a blank field.
   */
  value: number;
  /** Decimal places the field takes: 0 for rupiah (shown grouped, 2.500.000), 2 for volumes. */
  decimals: number;
  /** A percentage: '45,5 %' as typed reads as 45,5. */
  percent?: boolean;
  /** A problem from the form (on submit); the field's own reading problem shows otherwise. */
  errorMessage?: string | undefined;
  placeholder?: string;
  /** Words under a field that is not rupiah (a rupiah field shows the amount it reads there). */
  description?: string;
  isRequired?: boolean;
  /**
   * A blank field is an answer of its own (NaN: none, as an optional ceiling), not a problem;
   * otherwise blank reads as 'wajib diisi'.
   */
  allowBlank?: boolean;
  /** The number, when the field is left with a readable one. */
  onChange: (value: number) => void;
  /** The number as typed so far (NaN while it does not read), for live totals. */
  onNumberInput?: (value: number) => void;
  /**
   * The form's submit attempts: each new one makes the field say what it cannot read, as
   * leaving it does (a blank field never entered says it is required).
   */
  submitCount?: number;
}

/** A number as the field shows it: '2.500.000', '1,5'. */
const shownNumber = (value: number, decimals: number) =>
  Number.isFinite(value) ? groupNumberInput(String(value).replace('.', ','), { decimals }) : '';

/**
 * An amount or volume typed the Indonesian way, read by core's `parseNumberInput`: `2.500.000`
 * is two and a half million, `1,5` and `1.5` one and a half; anything with no single reading
 * (`2,500,000`, `1.2.3`) is refused with a message naming the field, never reinterpreted.
 * A rupiah amount shows grouped under the field as it is typed ('Rp 2.500.000'), and in the
 * field once left.
 */
export function AmountField({
  label,
  value,
  decimals,
  percent = false,
  errorMessage,
  placeholder,
  description,
  isRequired,
  allowBlank = false,
  onChange,
  onNumberInput,
  submitCount = 0,
}: AmountFieldProps) {
  const m = useMessages();
  const [text, setText] = useState(() => shownNumber(value, decimals));
  const [problem, setProblem] = useState<string>();
  // The amount the text reads as, null while it reads as none; the committed value otherwise.
  const [typedValue, setTypedValue] = useState<number | null>();
  const committed = useRef(value);
  // A value set from outside (the form's reset after a save) replaces what is shown.
  useEffect(() => {
    if (Object.is(value, committed.current)) return;
    committed.current = value;
    setText(shownNumber(value, decimals));
    setProblem(undefined);
  }, [value, decimals]);

  const reading = { decimals, percent };
  const read = (typed: string) =>
    allowBlank && typed.trim() === ''
      ? ({ ok: true, value: Number.NaN } as const)
      : parseNumberInput(typed, reading);
  const refusal = (problem: NumberInputProblem) =>
    m.reports.form.fieldInvalid(label, numberInputProblemText(problem, reading, m.numberInput));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new submit attempt only
  useEffect(() => {
    if (submitCount === 0) return;
    const result = read(text);
    if (!result.ok) setProblem(refusal(result.problem));
  }, [submitCount]);
  return (
    <TextField
      label={label}
      value={text}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      placeholder={placeholder}
      isRequired={isRequired}
      errorMessage={errorMessage ?? problem}
      // While typing the text stays as typed (grouping dots inserted under the caret would make
      // the next digit ambiguous); the amount it reads shows grouped below (always there, so
      // screen readers have it as the field's description), and in the field once left.
      description={
        decimals === 0
          ? typedValue === null || !Number.isFinite(typedValue ?? value)
            ? 'Rp –'
            : formatRupiah(typedValue ?? value)
          : description
      }
      onChange={(typed) => {
        setText(typed);
        const result = read(typed);
        setTypedValue(result.ok ? result.value : null);
        onNumberInput?.(result.ok ? result.value : Number.NaN);
        if (result.ok || problem) {
          setProblem(result.ok ? undefined : refusal(result.problem));
        }
      }}
      onBlur={() => {
        const result = read(text);
        if (!result.ok) {
          setProblem(refusal(result.problem));
          return;
        }
        committed.current = result.value;
        setText(shownNumber(result.value, decimals));
        setTypedValue(undefined);
        onChange(result.value);
      }}
    />
  );
}
