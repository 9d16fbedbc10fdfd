import type { FundingSource, Messages } from '@ranwal/core';
import { type ReactNode, useId } from 'react';
import { type AdminListProps, AdminTablePage } from '../../components/AdminPage.js';
import { Button } from '../../components/Button.js';
import { RowButton } from '../../components/DataTable.js';
import { DeleteRowButton } from '../../components/DeleteRowButton.js';
import { EmptyState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** The years a source is in use, as the list says them: 'Sejak 2024', '2024–2030'. */
export function fundingYearsText(
  source: Pick<FundingSource, 'active_from' | 'active_to'>,
  messages: Messages,
): string {
  const years = messages.funding.years;
  const { active_from: from, active_to: to } = source;
  if (from !== null && to !== null) return years.between(from, to);
  if (from !== null) return years.from(from);
  if (to !== null) return years.until(to);
  return years.always;
}

export interface FundingSourcesProps extends AdminListProps {
  /** The current page of sources. */
  sources: readonly FundingSource[];
  /** A search or kelompok narrows the list: the empty table says nothing matched. */
  isNarrowed?: boolean;
  onAdd: () => void;
  onEdit: (source: FundingSource) => void;
  /** Asks to delete a source nothing uses. */
  onDelete: (source: FundingSource) => void;
  /** The source being deleted: its button waits. */
  deletingId?: string | null;
  /** The add and edit dialog and the delete question, rendered beside the page. */
  children?: ReactNode;
}

/**
 * The Sumber Dana page (issue 36, beyond the spec): the region's funding sources with their
 * kelompok and the years they are in use. One is added or edited here; a used one is retired
 * by its last year instead of deleted. A whole sheet is loaded through the CLI, whose command
 * the page shows.
 */
export function FundingSources({
  sources,
  isNarrowed = false,
  onAdd,
  onEdit,
  onDelete,
  deletingId = null,
  children,
  controls,
  ...list
}: FundingSourcesProps) {
  const m = useMessages();
  const t = m.funding;
  const c = t.columns;
  const inUseHintId = useId();
  return (
    <AdminTablePage
      title={t.title}
      intro={t.intro}
      action={<Button onPress={onAdd}>{t.add}</Button>}
      controls={
        <>
          <div className="flex flex-col gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
            <p>{t.importNote}</p>
            <code className="w-fit max-w-full overflow-x-auto rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
              {t.importCommand}
            </code>
          </div>
          {controls}
        </>
      }
      listTitle={t.listTitle}
      listAside={
        <p id={inUseHintId} className="text-sm text-slate-600">
          {t.inUseHint}
        </p>
      }
      listAsideAlign="baseline"
      footer={children}
      rows={sources}
      empty={<EmptyState text={isNarrowed ? t.emptySearch : t.empty} />}
      {...list}
      columns={[
        {
          id: 'code',
          header: c.code,
          cellClassName: 'whitespace-nowrap font-mono text-xs text-slate-700',
          cell: (source) => source.code,
        },
        {
          id: 'name',
          header: c.name,
          isRowHeader: true,
          cellClassName: 'min-w-40 break-words font-medium text-slate-900',
          cell: (source) => (
            <>
              {source.name}
              {source.in_use && (
                <span className="ms-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                  {t.inUse}
                </span>
              )}
            </>
          ),
        },
        {
          id: 'group',
          header: c.group,
          cellClassName: 'min-w-32 text-slate-700',
          cell: (source) => t.groups[source.funding_group],
        },
        {
          id: 'years',
          header: c.years,
          cellClassName: 'whitespace-nowrap text-slate-700',
          cell: (source) => fundingYearsText(source, m),
        },
        {
          id: 'actions',
          header: c.actions,
          cell: (source) => (
            <div className="flex gap-2">
              <RowButton aria-label={t.editFor(source.name)} onPress={() => onEdit(source)}>
                {m.common.edit}
              </RowButton>
              <DeleteRowButton
                isDeleting={deletingId === source.id}
                blockedBy={source.in_use ? inUseHintId : undefined}
                onPress={() => onDelete(source)}
              />
            </div>
          ),
        },
      ]}
    />
  );
}
