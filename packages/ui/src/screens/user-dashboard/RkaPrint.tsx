import type { ReportFormat } from '@ranwal/core';
import { useId, useState } from 'react';
import { Button } from '../../components/Button.js';
import { Select, SelectItem } from '../../components/Select.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { useBudgetYear } from '../../data/budget-year.js';
import { describeError } from '../../data/errors.js';
import { saveFile as browserSave } from '../../data/files.js';
import {
  type DownloadedFile,
  useCurrentUser,
  useDownloadReport,
  useEntityList,
} from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

export interface RkaPrintProps {
  /** The year the dashboard shows: the RKA printed is of this year. */
  year: number;
  /** Prints the RKA as a workbook or a PDF. */
  onPrint: (format: ReportFormat) => unknown;
  /** The format being prepared, if any: its button is busy, the other waits. */
  printing?: ReportFormat | null;
  /**
   * A person with several units chooses whose RKA (each is signed by its own signer); with one
   * unit or none, no choice is shown.
   */
  units?: readonly { id: string; label: string }[];
  unit?: string | null;
  onUnitChange?: (unit: string) => void;
  className?: string;
}

/**
 * 'Cetak RKA' on the unit's dashboard: the year's RKA of the person's Perangkat Daerah (the
 * server scopes it to their units and signs it by their unit's signatory), as a workbook or a PDF.
 */
export function RkaPrint({
  year,
  onPrint,
  printing = null,
  units = [],
  unit = null,
  onUnitChange,
  className,
}: RkaPrintProps) {
  const messages = useMessages();
  const rka = messages.rka;
  const titleId = useId();
  const button = (format: ReportFormat, label: string) => (
    <Button
      variant={format === 'pdf' ? 'primary' : 'secondary'}
      onPress={() => void onPrint(format)}
      isPending={printing === format}
      isDisabled={printing !== null && printing !== format}
    >
      {printing === format ? rka.printing : label}
    </Button>
  );
  return (
    <section
      aria-labelledby={titleId}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <div className="min-w-0">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {rka.print}
        </h2>
        <p className="text-sm text-slate-600">{rka.printHint(year)}</p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {units.length > 1 && (
          <Select
            label={messages.levels.agency.label}
            items={units}
            value={unit}
            onChange={(key) => {
              if (key !== null) onUnitChange?.(String(key));
            }}
            isDisabled={printing !== null}
            className="w-72 max-w-full"
          >
            {(item) => <SelectItem id={item.id}>{item.label}</SelectItem>}
          </Select>
        )}
        {button('xlsx', rka.printWorkbook)}
        {button('pdf', rka.printPdf)}
      </div>
    </section>
  );
}

export interface ConnectedRkaPrintProps {
  /** A fixed year; the budget year chosen (`useBudgetYear`) by default. */
  year?: number | undefined;
  /** Hands the printed file to the user; the browser's save by default. */
  saveFile?: ((file: DownloadedFile) => void) | undefined;
  className?: string;
}

/**
 * `RkaPrint` over the report download (the signed link 'Download Laporan' uses): the RKA of the
 * caller's lines, which the server keeps to their units. Needs a `ToastProvider` above it.
 */
export function ConnectedRkaPrint({
  year: fixedYear,
  saveFile = browserSave,
  className,
}: ConnectedRkaPrintProps) {
  const budgetYear = useBudgetYear(fixedYear).year;
  const year = fixedYear ?? budgetYear;
  const rka = useMessages().rka;
  const toast = useToast();
  const download = useDownloadReport();
  // A person with several units prints one unit's RKA at a time, so its signer signs it.
  const unitIds = useCurrentUser().data?.data.agency_ids ?? [];
  const several = unitIds.length > 1;
  const agencies = useEntityList('agency', { limit: 100 }, { enabled: several });
  const units = several
    ? (agencies.data?.data ?? [])
        .filter((agency) => unitIds.includes(agency.id))
        .map((agency) => ({
          id: agency.id,
          label: agency.code ? `${agency.code} - ${agency.name}` : agency.name,
        }))
    : [];
  const [chosen, setChosen] = useState<string | null>(null);
  // The first in the list's order (by code) until one is chosen.
  const unit = several ? (chosen ?? units[0]?.id ?? unitIds[0]!) : null;
  const onPrint = async (format: ReportFormat) => {
    try {
      const agency = unit ? { agency_id: unit } : {};
      saveFile(await download.mutateAsync({ year, layout: 'rka', format, ...agency }));
      toast.success(undefined, rka.printed, toastDurations.reportSuccess);
    } catch (error) {
      toast.error(undefined, describeError(error, rka.printFailed), toastDurations.reportError);
    }
  };
  return (
    <RkaPrint
      year={year}
      onPrint={onPrint}
      printing={download.isPending ? (download.variables?.format ?? 'xlsx') : null}
      units={units}
      unit={unit}
      onUnitChange={setChosen}
      className={className}
    />
  );
}
