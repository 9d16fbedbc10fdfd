import type { BudgetLine, LineReferenceKey, PriceItem } from '@ranwal/core';
import { useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Checkbox } from '../../components/Checkbox.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { LoadingState } from '../../components/States.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { usePriceItems, useUpdateBudgetLine } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import {
  type HierarchySelection,
  selectionIds,
  submitBlockedReason,
  useHierarchyChoice,
} from '../user-dashboard/cascade.js';
import { HierarchyCascade } from '../user-dashboard/HierarchyCascade.js';
import {
  isShownByReportForm,
  ReportForm,
  type ReportFormValues,
  yearTaxRule,
} from '../user-dashboard/ReportForm.js';
import { useCascadeLevels } from '../user-dashboard/use-cascade-levels.js';
import { useLinePlanning } from '../user-dashboard/use-line-planning.js';

export interface EditBudgetLineDialogProps {
  /** The line being edited; null closes the dialog. */
  line: BudgetLine | null;
  onClose: () => void;
}

/** The cascade's choices as a saved line has them. */
function selectionOf(line: BudgetLine): HierarchySelection {
  const option = (key: LineReferenceKey) => ({
    id: line[`${key}_id`],
    name: line[`${key}_name`],
  });
  return {
    agency: line.agency_id ? { id: line.agency_id, name: line.agency_name ?? '' } : null,
    program: { ...option('program'), is_taxed: line.tax > 0 },
    action: option('action'),
    sub_action: option('sub_action'),
    activity: option('activity'),
    subtitle: option('subtitle'),
    account: { ...option('account'), code: line.account_code },
    supporter: option('supporter'),
  };
}

/**
 * 'Edit Rincian Belanja': a saved line in the create form's fields, under the same cascade (a new
 * Kegiatan clears what is below it, as on the dashboard; its programme's Perangkat Daerah, if
 * any, narrows the programmes offered), priced again by the server. Needs a
 * RanwalProvider and a ToastProvider.
 */
export function EditBudgetLineDialog({ line, onClose }: EditBudgetLineDialogProps) {
  const text = useMessages().reports.edit;
  return (
    <Modal
      isOpen={line !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isDismissable
      size="lg"
    >
      <Dialog title={text.title}>
        {({ close }) => (line ? <EditBudgetLineLoader line={line} onDone={close} /> : null)}
      </Dialog>
    </Modal>
  );
}

/** Items a catalogue code search may match besides the line's own (codes nest). */
const ITEM_LOOKUP_LIMIT = 100;

/**
 * The catalogue item a line is priced from, for its price ceiling: found by its code under the
 * line's kode rekening. One no longer found stands in with price 0 (not known here).
 */
function EditBudgetLineLoader({ line, onDone }: { line: BudgetLine; onDone: () => void }) {
  const itemId = line.price_item_id;
  const lookup = usePriceItems(
    {
      year: line.year,
      account_code: line.account_code,
      search: line.component_code || undefined,
      limit: ITEM_LOOKUP_LIMIT,
      // The line keeps an item retired since: its ceiling still holds.
      status: 'all',
    },
    { enabled: itemId !== null },
  );
  if (itemId === null) return <EditBudgetLineForm line={line} item={null} onDone={onDone} />;
  if (lookup.isPending) return <LoadingState />;
  const item: PriceItem = lookup.data?.data.find((candidate) => candidate.id === itemId) ?? {
    id: itemId,
    year: line.year,
    kind: 'SSH',
    code: line.component_code,
    name: line.component_name,
    specification: line.specification,
    unit: line.unit,
    price: 0,
    account_codes: [],
    open: false,
    retired: false,
  };
  return <EditBudgetLineForm line={line} item={item} onDone={onDone} />;
}

function EditBudgetLineForm({
  line,
  item,
  onDone,
}: {
  line: BudgetLine;
  item: PriceItem | null;
  onDone: () => void;
}) {
  const messages = useMessages();
  const text = messages.reports.edit;
  const warn = messages.lines.verification;
  const toast = useToast();
  const update = useUpdateBudgetLine();
  const [initial] = useState(() => selectionOf(line));
  const { selection, taxed, choose, setTaxed } = useHierarchyChoice(initial);
  const cascade = useCascadeLevels(selection);
  const planning = useLinePlanning({ selection, year: line.year, line });
  const ids = selectionIds(selection);

  // A verified sub kegiatan's mark goes with any change to its lines: the user says so first.
  const verified = line.sub_action_verified_at !== null;
  const [asking, setAsking] = useState<{
    values: ReportFormValues;
    answer: (saving: Promise<void> | null) => void;
  } | null>(null);

  const submit = (values: ReportFormValues): Promise<void> => {
    if (!verified) return save(values);
    return new Promise<void>((resolve, reject) => {
      setAsking({
        values,
        answer: (saving) => {
          setAsking(null);
          if (saving) saving.then(resolve, reject);
          else reject(new Error('cancelled'));
        },
      });
    });
  };

  const save = async (values: ReportFormValues) => {
    if (!ids) return;
    try {
      await update.mutateAsync({ id: line.id, body: { ...values, ...ids } });
      toast.success(undefined, text.updated, toastDurations.reportSuccess);
      onDone();
    } catch (error) {
      // A refusal the form shows (over the pagu, a field's problem) is told there, once.
      if (!isShownByReportForm(error)) {
        toast.error(undefined, describeError(error, text.updateFailed), toastDurations.reportError);
      }
      throw error;
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {verified && <Banner tone="warning">{warn.editWarning}</Banner>}
      <ConfirmDialog
        isOpen={asking !== null}
        onOpenChange={(isOpen) => !isOpen && asking?.answer(null)}
        onConfirm={() => asking?.answer(save(asking.values))}
        title={warn.confirmTitle}
        message={warn.editWarning}
        confirmLabel={warn.confirmSave}
      />
      <HierarchyCascade
        selection={selection}
        onSelectionChange={(next, changed) => {
          choose(next, changed);
          cascade.forgetSearchesBelow(changed);
        }}
        levels={cascade.levels}
        onSearchChange={cascade.onSearchChange}
      />
      <Checkbox isSelected={taxed} onChange={setTaxed}>
        {messages.reports.planning.taxCheckbox(yearTaxRule(planning.taxRules, line.year).text)}
      </Checkbox>
      {/* Mounted throughout, so a changed Kegiatan keeps what was typed below. */}
      <ReportForm
        taxed={taxed}
        onSubmit={submit}
        isPending={update.isPending}
        submitBlockedReason={submitBlockedReason(selection, messages)}
        year={line.year}
        initialValues={{
          component_code: line.component_code,
          component_name: line.component_name,
          specification: line.specification,
          unit: line.unit,
          price: line.price,
          first_volume: line.first_volume,
          second_volume: line.second_volume,
          third_volume: line.third_volume,
          // Counting the line's unit, Volume 1 goes on following Satuan.
          first_volume_unit:
            line.first_volume_unit === line.unit ? null : (line.first_volume_unit ?? ''),
          second_volume_unit: line.second_volume_unit ?? '',
          third_volume_unit: line.third_volume_unit ?? '',
          price_item: item,
          funding_source_id: line.funding_source_id ?? null,
        }}
        planning={planning}
        title={messages.reports.admin.componentSection}
        submitLabel={text.submit}
        submittingLabel={text.submitting}
        onCancel={onDone}
        resetOnSuccess={false}
      />
    </div>
  );
}
