import { isLineReference, managedEntityKeys } from '@ranwal/core';
import { useId } from 'react';
import { InfoIcon } from '../../components/icons.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';
import { type HierarchySelection, isHierarchyComplete, optionLabel } from './cascade.js';

export interface HierarchySummaryProps {
  selection: HierarchySelection;
  /** PPN is on. */
  taxed: boolean;
  /** The PPN rule of the line's year as it reads ('12% x 11/12'); the spec's 12% without. */
  taxRule?: string | undefined;
  className?: string;
}

/**
 * 'Hierarki Terpilih': each choice or 'Belum dipilih' (the Perangkat Daerah only once chosen),
 * the tax use, and what is still missing.
 */
export function HierarchySummary({ selection, taxed, taxRule, className }: HierarchySummaryProps) {
  const messages = useMessages();
  const form = messages.reports.form;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('flex flex-col gap-4', className)}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {form.summaryTitle}
      </h2>
      <dl className="flex flex-col gap-3 text-sm">
        {managedEntityKeys.map((key) => {
          const chosen = selection[key];
          // The optional agency shows once chosen; the rest say what is still to choose.
          if (!chosen && !isLineReference(key)) return null;
          return (
            <div key={key} className="flex flex-col gap-0.5">
              <dt className="font-medium text-slate-600">{messages.levels[key].label}</dt>
              <dd
                className={cn('break-words', chosen ? 'text-slate-900' : 'italic text-slate-600')}
              >
                {chosen ? optionLabel(key, chosen, messages) : form.notSelected}
              </dd>
            </div>
          );
        })}
        <div className="flex flex-col gap-0.5">
          <dt className="font-medium text-slate-600">{form.summaryTax}</dt>
          <dd className="text-slate-900">
            {taxed
              ? taxRule
                ? messages.reports.planning.taxYes(taxRule)
                : form.taxYes
              : form.taxNo}
          </dd>
        </div>
      </dl>
      {!isHierarchyComplete(selection) && (
        <p className="flex items-start gap-2 rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-800">
          <InfoIcon className="mt-0.5 size-4 shrink-0" />
          {form.incompleteHierarchy}
        </p>
      )}
    </section>
  );
}
