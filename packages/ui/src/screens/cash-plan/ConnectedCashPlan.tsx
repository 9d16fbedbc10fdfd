import { AdminSection } from '../../components/AdminPage.js';
import { PrintButtons } from '../../components/PrintButtons.js';
import { ErrorState, Spinner } from '../../components/States.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { useCallToasts } from '../../data/call-toasts.js';
import {
  type DownloadedFile,
  useCashPlan,
  useDownloadCashPlanWorkbook,
  useSetCashPlan,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { YearSelect } from '../planning/planning-parts.js';
import { useSubActionPicker } from '../planning/SubActionPicker.js';
import { CashPlanEditor } from './CashPlanEditor.js';

export interface ConnectedCashPlanProps {
  /** Hands the printed workbook to the person; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
  /** Offer a year of its own (the admin's page); without it, the budget year every section shows. */
  showYear?: boolean;
  /** 1 when the section is the page (the admin's), 2 under a page's own heading (a unit's). */
  level?: 1 | 2;
  /** The year to open on, instead of the budget year every screen shares. */
  initialYear?: number;
}

/**
 * 'Anggaran Kas' (issue 36): choose a sub kegiatan (the caller's units' only, as the server
 * scopes them), then plan its months per kode rekening in `CashPlanEditor` and save
 * (`cashPlan.set`). The year before's plan, when there is one, offers its shape. Needs a
 * `ToastProvider`.
 */
export function ConnectedCashPlan({
  saveFile,
  showYear = false,
  level = 2,
  initialYear,
}: ConnectedCashPlanProps) {
  const m = useMessages();
  const t = m.cashPlan.grid;
  const toasts = useCallToasts();
  const { year, years, setYear } = useBudgetYear(initialYear);
  const { subAction, picker } = useSubActionPicker();
  const chosen = subAction !== null;
  const plan = useCashPlan({ sub_action_id: subAction?.id ?? '', year }, { enabled: chosen });
  const previous = useCashPlan(
    { sub_action_id: subAction?.id ?? '', year: year - 1 },
    { enabled: chosen },
  );
  const save = useSetCashPlan();
  const download = useDownloadCashPlanWorkbook();
  const printed = m.cashPlan.workbook;

  return (
    <AdminSection
      title={m.cashPlan.title}
      intro={t.intro}
      level={level}
      action={
        // The year's whole plan printed, of every unit the person plans for.
        <PrintButtons
          labels={{ xlsx: printed.download, pdf: printed.downloadPdf }}
          fetchFile={(format) => download.mutateAsync({ year, format })}
          saveFile={saveFile}
          downloaded={printed.downloaded}
          failed={printed.downloadFailed}
        />
      }
    >
      <div className={showYear ? 'grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]' : 'grid gap-3'}>
        {showYear && <YearSelect year={year} years={years} onChange={setYear} />}
        {picker}
      </div>
      {!subAction && <p className="text-sm text-slate-600">{t.choose}</p>}
      {subAction && plan.isError && (
        <ErrorState message={t.fetchFailed} onRetry={() => void plan.refetch()} />
      )}
      {subAction && plan.isLoading && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-brand-700" />
          {m.common.loading}
        </p>
      )}
      {subAction && plan.data && (
        <CashPlanEditor
          // A new sub kegiatan or year, or the lines moving, start from what the server has.
          key={`${subAction.id}/${year}/${plan.dataUpdatedAt}`}
          grid={plan.data.data}
          previous={previous.data?.data ?? null}
          isSaving={save.isPending}
          onSave={(rows) =>
            toasts.attempt(
              () => save.mutateAsync({ sub_action_id: subAction.id, year, rows }),
              () => t.saved(subAction.name, year),
              t.saveFailed,
            )
          }
        />
      )}
    </AdminSection>
  );
}
