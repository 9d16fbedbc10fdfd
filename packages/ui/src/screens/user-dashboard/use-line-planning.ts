import type { BudgetLine } from '@ranwal/core';
import { useState } from 'react';
import { describeError } from '../../data/errors.js';
import {
  usePaguStatus,
  usePlanningSettings,
  usePriceItems,
  useStages,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { stageNoticeOf, todayInWib } from '../stages/stage-notice.js';
import type { HierarchySelection } from './cascade.js';
import type { LinePlanning } from './ReportForm.js';

/** Catalogue items offered per search; typing narrows them. */
export const COMPONENT_SEARCH_PAGE_SIZE = 20;

export interface LinePlanningOptions {
  selection: HierarchySelection;
  /** The line's budget year: the one chosen (`useBudgetYear`), or the edited line's. */
  year: number;
  /** The line being edited: its stored total is left out of what its pagu has planned. */
  line?: Pick<BudgetLine, 'id' | 'sub_action_id' | 'total_after_tax'> | undefined;
}

/**
 * What the line form plans with, over the data hooks (the dashboard's form and the edit
 * dialog's): the PPN rules and the free-form setting (`planning.settings`), the chosen sub
 * kegiatan's pagu with its chain's (`pagu.status`, asked again when the chain or the year
 * changes and after every line written), and, where the year has a standard price catalogue,
 * its items under the chosen kode rekening (`priceItem.list`, searched as typed).
 */
export function useLinePlanning({ selection, year, line }: LinePlanningOptions): LinePlanning {
  const messages = useMessages();
  const session = useSession();
  const text = messages.reports.planning;
  // The year's stages: a notice above the totals (a year without stages has none).
  const stages = useStages(year);
  const settings = usePlanningSettings();
  const subActionId = selection.sub_action?.id;
  const pagu = usePaguStatus(
    subActionId
      ? { sub_action_id: subActionId, year, ...(line ? { line_id: line.id } : {}) }
      : undefined,
  );
  const accountCode = selection.account?.code ?? undefined;
  // A search typed under one kode rekening does not carry to the next.
  const [typed, setTyped] = useState({ accountCode, search: '' });
  const search = typed.accountCode === accountCode ? typed.search : '';
  // One item is enough to know whether the year has a catalogue at all.
  const yearCatalogue = usePriceItems({ year, limit: 1 });
  const hasCatalogue = (yearCatalogue.data?.filter.total_result ?? 0) > 0;
  const items = usePriceItems(
    {
      year,
      account_code: accountCode,
      search: search || undefined,
      limit: COMPONENT_SEARCH_PAGE_SIZE,
    },
    { enabled: hasCatalogue && accountCode !== undefined },
  );

  return {
    stage: stageNoticeOf(stages.data?.data ?? [], todayInWib(), messages, session?.userRole),
    taxRules: settings.data?.data.tax_rules,
    freeFormComponents: settings.data?.data.free_form_components,
    pagu: subActionId
      ? {
          status: pagu.data?.data,
          isLoading: pagu.isFetching,
          errorMessage: pagu.isError ? describeError(pagu.error, text.pagu.loadFailed) : undefined,
          // Only under its own sub kegiatan does the edited line count as already planned.
          storedLineTotal: line?.sub_action_id === subActionId ? line?.total_after_tax : undefined,
          refetch: () => void pagu.refetch(),
        }
      : undefined,
    catalogue:
      hasCatalogue && accountCode
        ? {
            accountCode,
            // While another rekening's items load, the last ones stand in: never offer those.
            items: (items.data?.data ?? []).filter(
              (item) => item.account_codes.length === 0 || item.account_codes.includes(accountCode),
            ),
            isLoading: items.isFetching,
            errorMessage: items.isError
              ? describeError(items.error, text.catalogue.loadFailed)
              : undefined,
            onSearchChange: (next) => setTyped({ accountCode, search: next }),
          }
        : undefined,
  };
}
