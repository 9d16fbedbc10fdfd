import { DEVIATION_THRESHOLDS, MAX_PAGE_SIZE } from '@ranwal/core';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../../components/States.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import {
  useEntityList,
  usePlanningSettings,
  usePlanningSigners,
  useRecalculateTax,
  useSetPlanningPolicy,
  useSetSigner,
  useSetTaxRules,
  useTaxRecalculation,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { DeviationThresholdsEditor } from './DeviationThresholdsEditor.js';
import { PlanningPolicyEditor } from './PlanningPolicyEditor.js';
import { SignersEditor } from './SignersEditor.js';
import { TaxRecalculationPanel } from './TaxRecalculationPanel.js';
import { TaxRulesEditor } from './TaxRulesEditor.js';

/**
 * The Pengaturan Perencanaan page (issue 18, beyond the spec): the PPN rules
 * (`planning.taxRules`), recalculating the PPN of lines priced under older rules
 * (`planning.taxRecalculation`, `planning.recalculateTax`, issue 34), the region's planning rules (`planning.policy`: pagu, sumber dana, Anggaran Kas, the
 * deviation thresholds) and the RKA
 * signatories (`planning.setSigner`) over the RanwalProvider's client (admin only). Needs a
 * `ToastProvider`.
 */
export function ConnectedPlanningSettings() {
  const m = useMessages();
  const t = m.planning.settings;
  const toast = useToast();
  const titleId = useId();
  const settings = usePlanningSettings();
  const saveRules = useSetTaxRules();
  const signers = usePlanningSigners();
  // A region has a few dozen Perangkat Daerah: one page holds them.
  const agencies = useEntityList('agency', { limit: MAX_PAGE_SIZE });
  const saveSigner = useSetSigner();
  const savePolicy = useSetPlanningPolicy();
  const recalculation = useTaxRecalculation();
  const recalculate = useRecalculateTax();

  return (
    <div className="flex flex-col gap-6">
      <h1 id={titleId} className="text-2xl font-bold text-slate-900">
        {t.title}
      </h1>
      {settings.isError ? (
        <ErrorState
          message={describeError(settings.error, t.tax.fetchFailed)}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.data ? (
        <TaxRulesEditor
          // A saved set starts the editor afresh from the server's answer (in date order).
          key={settings.dataUpdatedAt}
          rules={settings.data.data.tax_rules}
          onSave={async (rules) => {
            await saveRules.mutateAsync({ rules });
            toast.success(undefined, t.tax.saved, toastDurations.reportSuccess);
          }}
        />
      ) : (
        <LoadingState />
      )}
      <TaxRecalculationPanel
        years={recalculation.data?.data.years ?? []}
        isLoading={recalculation.isPending}
        error={
          recalculation.isError
            ? describeError(recalculation.error, t.recalculation.fetchFailed)
            : null
        }
        onRetry={() => void recalculation.refetch()}
        onApply={async (year) => {
          try {
            const done = await recalculate.mutateAsync({ year });
            toast.success(
              undefined,
              t.recalculation.applied(done.data.lines, year),
              toastDurations.reportSuccess,
            );
          } catch (error) {
            toast.error(
              undefined,
              describeError(error, t.recalculation.failed),
              toastDurations.reportError,
            );
          }
        }}
      />
      {settings.data && (
        <PlanningPolicyEditor
          policy={{
            lines_need_pagu: settings.data.data.lines_need_pagu,
            lines_need_funding_source: settings.data.data.lines_need_funding_source,
            cash_plan_required: settings.data.data.cash_plan_required ?? false,
            units_enter_sp2d: settings.data.data.units_enter_sp2d ?? false,
          }}
          isSaving={savePolicy.isPending}
          onChange={async (change) => {
            try {
              await savePolicy.mutateAsync(change);
              toast.success(undefined, t.policy.saved, toastDurations.reportSuccess);
            } catch (error) {
              toast.error(
                undefined,
                describeError(error, t.policy.saveFailed),
                toastDurations.reportError,
              );
            }
          }}
        />
      )}
      {settings.data && (
        <DeviationThresholdsEditor
          key={`${settings.data.data.deviation_red_below_tenths}-${settings.data.data.deviation_yellow_below_tenths}`}
          thresholds={{
            deviation_red_below_tenths:
              settings.data.data.deviation_red_below_tenths ??
              DEVIATION_THRESHOLDS.red_below_tenths,
            deviation_yellow_below_tenths:
              settings.data.data.deviation_yellow_below_tenths ??
              DEVIATION_THRESHOLDS.yellow_below_tenths,
          }}
          isSaving={savePolicy.isPending}
          onSave={async (thresholds) => {
            try {
              await savePolicy.mutateAsync(thresholds);
              toast.success(undefined, t.policy.saved, toastDurations.reportSuccess);
            } catch (error) {
              toast.error(
                undefined,
                describeError(error, t.policy.saveFailed),
                toastDurations.reportError,
              );
            }
          }}
        />
      )}
      <SignersEditor
        agencies={(agencies.data?.data ?? []).map(({ id, code, name }) => ({
          id,
          code: code ?? null,
          name,
        }))}
        signers={signers.data?.data ?? []}
        isLoading={signers.isPending || agencies.isPending}
        error={
          signers.isError || agencies.isError
            ? describeError(signers.error ?? agencies.error, t.signers.fetchFailed)
            : null
        }
        onRetry={() => {
          void signers.refetch();
          void agencies.refetch();
        }}
        onSave={async (signer) => {
          await saveSigner.mutateAsync(signer);
          toast.success(undefined, t.signers.saved, toastDurations.reportSuccess);
        }}
      />
    </div>
  );
}
