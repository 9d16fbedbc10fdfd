import {
  fromHundredths,
  hundredthsOf,
  type Indicator,
  IndicatorAchievementInput,
  quarterNumeral,
} from '@ranwal/core';
import { useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { FormDialog, FormModal, useFormSubmit } from '../../components/FormDialog.js';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { quantityText } from './IndicatorList.js';

/** The sub kegiatan whose quarter is entered. */
export interface AchievementSubAction {
  sub_action_id: string;
  sub_action_code: string | null;
  sub_action_name: string;
}

/** What the dialog sends: each indicator's achievement of the quarter. */
export type AchievementValues = { indicator_id: string; achievement: number }[];

export interface QuarterAchievementDialogProps {
  /** The sub kegiatan being entered; the dialog is open while it is set. */
  subAction: AchievementSubAction | null;
  year: number;
  quarter: number;
  /** Its indicators of the year; undefined while they load. */
  indicators: readonly Indicator[] | undefined;
  /** Why they could not be read, with `onRetry`. */
  error?: string | null;
  onRetry?: () => void;
  onClose: () => void;
  /** Saves; resolve when saved (the dialog closes), reject with the call's error (it stays). */
  onSubmit: (subAction: AchievementSubAction, values: AchievementValues) => Promise<unknown>;
}

/**
 * 'Capaian Triwulan' of a sub kegiatan (issue 37): for each of its output indicators what was
 * achieved in the quarter alone (the cumulative sums the quarters), typed as people type it
 * ('1,5'), beside the target and what the earlier quarters achieved. Checked by core's
 * IndicatorAchievementInput before the call.
 */
export function QuarterAchievementDialog({
  subAction,
  year,
  quarter,
  indicators,
  error = null,
  onRetry,
  onClose,
  onSubmit,
}: QuarterAchievementDialogProps) {
  return (
    <FormModal isOpen={subAction !== null} onClose={onClose}>
      {({ isSaving, save }) =>
        subAction && (
          <AchievementForm
            // A new form once the indicators arrive, so the fields start from what is stored.
            key={`${subAction.sub_action_id}/${indicators ? 'read' : 'loading'}`}
            subAction={subAction}
            year={year}
            quarter={quarter}
            indicators={indicators}
            error={error}
            onRetry={onRetry}
            isSaving={isSaving}
            onSubmit={(values) => save(() => onSubmit(subAction, values))}
          />
        )
      }
    </FormModal>
  );
}

interface AchievementFormProps
  extends Omit<QuarterAchievementDialogProps, 'subAction' | 'onClose' | 'onSubmit'> {
  subAction: AchievementSubAction;
  isSaving: boolean;
  onSubmit: (values: AchievementValues) => Promise<void>;
}

function AchievementForm({
  subAction,
  year,
  quarter,
  indicators,
  error,
  onRetry,
  isSaving,
  onSubmit,
}: AchievementFormProps) {
  const m = useMessages();
  const t = m.indicators.achievement;
  const quarterName = m.indicators.quarter(quarterNumeral(quarter));
  const name = subAction.sub_action_code ?? subAction.sub_action_name;
  const stored = Object.fromEntries(
    (indicators ?? []).map((one) => [one.id, one.quarters[quarter - 1] ?? Number.NaN]),
  );
  const [shown, setShown] = useState<Record<string, number>>(stored);
  const [typed, setTyped] = useState<Record<string, number>>(stored);
  const values: AchievementValues = (indicators ?? []).map((one) => ({
    indicator_id: one.id,
    achievement: typed[one.id] ?? Number.NaN,
  }));
  const parsed = IndicatorAchievementInput.safeParse({
    sub_action_id: subAction.sub_action_id,
    year,
    quarter,
    achievements: values,
  });
  const { attempt, dialog } = useFormSubmit<unknown>({
    isSaving,
    parsed:
      values.length > 0 && values.every((value) => Number.isFinite(value.achievement))
        ? parsed
        : { success: false },
    save: () => onSubmit(values),
    failed: t.failed,
  });
  const issueOf = (index: number) =>
    parsed.success
      ? undefined
      : parsed.error.issues.find(
          (issue) => issue.path[0] === 'achievements' && issue.path[1] === index,
        )?.message;

  return (
    <FormDialog title={t.title(quarterName, name)} {...dialog}>
      <div className="flex flex-col gap-1">
        <p className="break-words font-semibold text-slate-900">{subAction.sub_action_name}</p>
        <p className="text-slate-700">{t.text(quarterName)}</p>
      </div>
      {error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : !indicators ? (
        <LoadingState />
      ) : indicators.length === 0 ? (
        <EmptyState text={t.none} />
      ) : (
        indicators.map((indicator, index) => {
          const label = t.field(indicator.description, indicator.unit);
          const before = fromHundredths(
            indicator.quarters
              .slice(0, quarter - 1)
              .reduce((sum: bigint, value) => sum + hundredthsOf(value ?? 0), 0n),
          );
          const issue = Number.isFinite(typed[indicator.id]) ? issueOf(index) : undefined;
          return (
            <AmountField
              key={indicator.id}
              label={label}
              value={shown[indicator.id] ?? Number.NaN}
              decimals={2}
              isRequired
              placeholder="0"
              description={t.fieldHint(
                `${quantityText(indicator.target)} ${indicator.unit}`,
                quantityText(before),
              )}
              errorMessage={attempt > 0 && issue ? m.server.validation(label, issue) : undefined}
              submitCount={attempt}
              onChange={(value) => {
                setShown((all) => ({ ...all, [indicator.id]: value }));
                setTyped((all) => ({ ...all, [indicator.id]: value }));
              }}
              onNumberInput={(value) => setTyped((all) => ({ ...all, [indicator.id]: value }))}
            />
          );
        })
      )}
    </FormDialog>
  );
}
