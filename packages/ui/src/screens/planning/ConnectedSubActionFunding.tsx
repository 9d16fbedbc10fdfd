import { AdminSection } from '../../components/AdminPage.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCallToasts } from '../../data/call-toasts.js';
import {
  useFundingSources,
  useSetSubActionFunding,
  useSubActionFunding,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { YearSelect } from './planning-parts.js';
import { SubActionFundingEditor } from './SubActionFundingEditor.js';
import { useSubActionPicker } from './SubActionPicker.js';

/** Sources per year (a region's whole list). */
const SOURCES_SIZE = 100;

/**
 * 'Sumber Dana per Sub Kegiatan' (issue 36, admin): choose a year and a sub kegiatan, then set
 * the sources it draws on, their ceilings and the default (`subActionFunding.set`). Needs a
 * `ToastProvider`.
 */
export function ConnectedSubActionFunding({ initialYear }: { initialYear?: number }) {
  const m = useMessages();
  const t = m.funding.subAction;
  const toasts = useCallToasts();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const { subAction, picker } = useSubActionPicker();
  const sources = useFundingSources({ active_in: year, limit: SOURCES_SIZE });
  const funding = useSubActionFunding(
    { sub_action_id: subAction?.id ?? '', year },
    { enabled: subAction !== null },
  );
  const save = useSetSubActionFunding();

  return (
    <AdminSection title={t.title} intro={t.intro} level={2}>
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <YearSelect year={year} years={years} onChange={setYear} />
        {picker}
      </div>
      {!subAction && <p className="text-sm text-slate-600">{t.choose}</p>}
      {subAction && funding.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void funding.refetch()} />
      )}
      {subAction && funding.isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {m.common.loading}
        </p>
      )}
      {subAction && funding.data && sources.data && (
        <SubActionFundingEditor
          // A new sub kegiatan or year starts from what the server has.
          key={`${subAction.id}/${year}/${funding.dataUpdatedAt}`}
          funding={funding.data.data}
          sources={sources.data.data}
          isSaving={save.isPending}
          onSave={(entries) =>
            toasts.attempt(
              () => save.mutateAsync({ sub_action_id: subAction.id, year, sources: entries }),
              () => t.saved(subAction.name, year),
              t.saveFailed,
            )
          }
        />
      )}
    </AdminSection>
  );
}
