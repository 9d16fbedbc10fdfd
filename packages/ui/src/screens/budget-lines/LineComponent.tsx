import { type BudgetLine, coefficientText } from '@ranwal/core';
import { useMessages } from '../../data/RanwalProvider.js';

export interface LineComponentProps {
  line: BudgetLine;
  /** The component code on its own line ('Kode: …'), where the list has no column for it. */
  showCode?: boolean;
}

/**
 * A line's component as the lists show it: its name (or code), 'Di luar katalog' when it was not
 * picked from its year's catalogue, and below it the coefficient the RKA prints ('Koefisien: 2
 * Orang x 3 Hari'), so a list tells one line of a component from another.
 */
export function LineComponent({ line, showCode = false }: LineComponentProps) {
  const messages = useMessages();
  return (
    <span className="flex min-w-32 flex-col gap-0.5">
      <span className="break-words font-medium text-slate-900">
        {line.component_name || line.component_code}
      </span>
      {line.outside_catalogue && (
        // Free-form in a year with a catalogue (issue 34): the reviewer's first question.
        <span
          className="w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
          title={messages.reports.priceSource.hint}
        >
          {messages.reports.priceSource.outside}
        </span>
      )}
      {showCode && line.component_code && (
        <span className="text-xs text-slate-600">
          {messages.reports.admin.componentCode(line.component_code)}
        </span>
      )}
      <span className="text-xs font-normal text-slate-600">
        {messages.reports.planning.coefficient(coefficientText(line))}
      </span>
    </span>
  );
}
