import {
  type BudgetLine,
  codeAndName,
  type FundingSource,
  formatRupiah,
  type Messages,
  type SubActionFunding,
} from '@ranwal/core';
import { useState } from 'react';
import { describeError } from '../../data/errors.js';
import {
  useFundingSources,
  usePaguStatus,
  usePlanningSettings,
  usePriceItems,
  useStages,
  useSubActionFunding,
} from '../../data/queries.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { stageNoticeOf, todayInWib } from '../stages/stage-notice.js';
import type { HierarchySelection } from './cascade.js';
import type { FundingChoice, LinePlanning } from './ReportForm.js';

/** Catalogue items offered per search; typing narrows them. */
export const COMPONENT_SEARCH_PAGE_SIZE = 20;
/** A region's sumber dana of a year, all offered at once (a few dozen at most). */
const FUNDING_SOURCES_PAGE_SIZE = 100;

export interface LinePlanningOptions {
  selection: HierarchySelection;
  /** The line's budget year: the one chosen (`useBudgetYear`), or the edited line's. */
  year: number;
  /** The line being edited: its stored total is left out of what its pagu has planned. */
  line?:
    | Pick<BudgetLine, 'id' | 'sub_action_id' | 'total_after_tax' | 'funding_source_id'>
    | undefined;
}

/**
 * What the line form plans with, over the data hooks (the dashboard's form and the edit
 * dialog's): the PPN rules and the free-form setting (`planning.settings`), the chosen sub
 * kegiatan's pagu with its chain's (`pagu.status`, asked again when the chain or the year
 * changes and after every line written), and, where the year has a standard price catalogue,
 * its items under the chosen kode rekening (`priceItem.list`, searched as typed), and the
 * sumber dana its line may name (`subActionFunding.get`: the sub kegiatan's own sources when the
 * admin listed some, else every source of the year; issue 36).
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

  const funding = useSubActionFunding(
    { sub_action_id: subActionId ?? '', year, ...(line ? { line_id: line.id } : {}) },
    { enabled: subActionId !== undefined },
  );
  const yearSources = useFundingSources(
    { active_in: year, limit: FUNDING_SOURCES_PAGE_SIZE },
    { enabled: subActionId !== undefined },
  );
  const fundingText = messages.funding.line;

  return {
    funding:
      subActionId && funding.data && yearSources.data
        ? fundingChoice(
            funding.data.data,
            yearSources.data.data,
            line?.funding_source_id ?? null,
            fundingText,
          )
        : subActionId && (funding.isError || yearSources.isError)
          ? {
              options: [],
              defaultLabel: null,
              required: false,
              errorMessage: fundingText.loadFailed,
            }
          : undefined,
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

/**
 * The field's choices: the sub kegiatan's own sources when it has any (the server refuses
 * others), else the year's; an edited line's stored source stays offered even if retired.
 */
function fundingChoice(
  funding: SubActionFunding,
  yearSources: readonly FundingSource[],
  storedId: string | null,
  text: Messages['funding']['line'],
): FundingChoice {
  const named = funding.sources.filter((source) => source.funding_source_id !== null);
  const own = named.filter((source) => source.assigned);
  const figuresOf = (id: string) => {
    const total = named.find((source) => source.funding_source_id === id);
    if (!total) return '';
    return total.ceiling !== null && total.remaining !== null
      ? text.plannedOfCeiling(
          formatRupiah(total.planned),
          formatRupiah(total.ceiling),
          formatRupiah(total.remaining),
        )
      : text.planned(formatRupiah(total.planned));
  };
  const offered =
    own.length > 0
      ? own.map((source) => ({
          id: source.funding_source_id!,
          code: source.code,
          name: source.name,
        }))
      : yearSources.map((source) => ({ id: source.id, code: source.code, name: source.name }));
  const stored = named.find((source) => source.funding_source_id === storedId);
  if (stored && !offered.some((option) => option.id === storedId)) {
    offered.push({ id: storedId!, code: stored.code, name: stored.name });
  }
  const fallback = own.find((source) => source.is_default);
  return {
    options: offered.map((option) => ({
      id: option.id,
      label: codeAndName(option.code, option.name ?? ''),
      figures: figuresOf(option.id),
    })),
    defaultLabel: fallback ? codeAndName(fallback.code, fallback.name ?? '') : null,
    required: funding.source_required,
    totals: funding.sources,
  };
}
