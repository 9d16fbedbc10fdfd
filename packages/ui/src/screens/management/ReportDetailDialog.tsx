import { type BudgetLine, coefficientText, taxRuleText } from '@ranwal/core';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { DateText } from '../../components/DateText.js';
import { Dialog, Modal } from '../../components/Dialog.js';
import { Rupiah } from '../../components/Rupiah.js';
import { useMessages, useSession } from '../../data/RanwalProvider.js';
import { cn, focusVisibleRing } from '../../lib/cn.js';
import {
  EditedBy,
  lineLevels,
  SubActionVerificationBadge,
  volumeText,
} from '../budget-lines/line-facts.js';
import { ConnectedLineHistory } from '../history/ConnectedLineHistory.js';
import { ConnectedNoteThread } from '../verification/ConnectedNoteThread.js';

export interface ReportDetailDialogProps {
  report: BudgetLine;
  onClose: () => void;
}

interface Entry {
  label: string;
  value: ReactNode;
}

function Section({ title, entries }: { title: string; entries: Entry[] }) {
  const id = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {title}
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-md bg-slate-50 p-4 sm:grid-cols-[12rem_1fr]">
        {entries.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * One budget line in full: component, the hierarchy it sits in, money, who and when, and its
 * 'Riwayat Perubahan' (an admin may restore a version, which the dialog then shows).
 */
export default function ReportDetailDialog({ report: given, onClose }: ReportDetailDialogProps) {
  const messages = useMessages();
  const session = useSession();
  const [restored, setRestored] = useState<BudgetLine | null>(null);
  const report = restored ?? given;
  const fields = messages.reports.fields;
  const admin = messages.reports.admin;
  // Each volume with what it counts ('2 Orang'); a volume that counts nothing is a number.
  const volume = (value: number, unit: string | null) => volumeText(messages, value, unit);

  const component: Entry[] = [
    { label: fields.componentCode, value: report.component_code || '-' },
    { label: fields.componentName, value: report.component_name || '-' },
    { label: fields.specification, value: report.specification || '-' },
    { label: fields.unit, value: report.unit },
    { label: fields.price, value: <Rupiah value={report.price} /> },
    { label: fields.firstVolume, value: volume(report.first_volume, report.first_volume_unit) },
    { label: fields.secondVolume, value: volume(report.second_volume, report.second_volume_unit) },
    { label: fields.thirdVolume, value: volume(report.third_volume, report.third_volume_unit) },
    { label: fields.coefficient, value: coefficientText(report) },
    {
      label: fields.priceSource,
      value: report.price_item_id ? fields.priceFromCatalogue : fields.freeFormComponent,
    },
  ];

  // Only the levels the line names, each with its code, under its programme's Perangkat Daerah
  // when it has one.
  const hierarchy: Entry[] = lineLevels(report, messages);

  const finance: Entry[] = [
    { label: fields.totalPrice, value: <Rupiah value={report.total_price} /> },
    ...(report.tax > 0
      ? [{ label: fields.taxWithRule(taxRuleText(report)), value: <Rupiah value={report.tax} /> }]
      : []),
    ...(report.total_after_tax
      ? [{ label: fields.totalAfterTax, value: <Rupiah value={report.total_after_tax} /> }]
      : []),
  ];

  const extra: Entry[] = [
    { label: fields.supporter, value: report.supporter_name || '-' },
    {
      label: messages.lines.detail.createdBy,
      value: report.created_by_name ?? messages.history.system,
    },
    { label: fields.createdAt, value: <DateText value={report.created_at} format="long" /> },
    ...(report.updated_at
      ? [{ label: fields.updatedAt, value: <EditedBy report={report} /> }]
      : []),
    {
      label: messages.lines.verification.label,
      value: <SubActionVerificationBadge line={report} />,
    },
    { label: fields.id, value: <span className="break-all font-mono text-xs">{report.id}</span> },
  ];

  return (
    <Modal isOpen isDismissable onOpenChange={(isOpen) => !isOpen && onClose()} size="lg">
      <Dialog
        title={admin.detailTitle}
        showCloseButton={false}
        footer={({ close }) => (
          <Button variant="secondary" onPress={close}>
            {messages.common.close}
          </Button>
        )}
      >
        {/* Focusable, so the keyboard can scroll a detail taller than the screen. */}
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the content of a scrolling region
          tabIndex={0}
          className={cn(
            'flex flex-col gap-5 rounded-md',
            focusVisibleRing,
            'focus-visible:outline-offset-4',
          )}
        >
          <Section title={admin.componentSection} entries={component} />
          <Section title={admin.hierarchySection} entries={hierarchy} />
          <Section title={admin.financeSection} entries={finance} />
          <Section title={admin.extraSection} entries={extra} />
          {/* The history is read as the signed-in person: without a session (a screen shown
            on its own, as in a story) there is none to read. */}
          {session && (
            <ConnectedLineHistory
              lineId={report.id}
              canRestore={session.userRole === 'admin'}
              onRestored={setRestored}
            />
          )}
          {/* The line's verification notes: answered by whoever sees the line, written and
            closed by verifiers and admins. */}
          {session && (
            <ConnectedNoteThread query={{ line_id: report.id }} place={{ line_id: report.id }} />
          )}
        </div>
      </Dialog>
    </Modal>
  );
}
