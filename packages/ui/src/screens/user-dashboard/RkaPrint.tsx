import { DEFAULT_REPORT_YEAR, type ReportFormat } from '@ranwal/core';
import { useId } from 'react';
import { Button } from '../../components/Button.js';
import { toastDurations, useToast } from '../../components/Toast.js';
import { describeError } from '../../data/errors.js';
import { saveFile as browserSave } from '../../data/files.js';
import { type DownloadedFile, useDownloadReport } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { cn } from '../../lib/cn.js';

export interface RkaPrintProps {
  /** The year the dashboard shows: the RKA printed is of this year. */
  year: number;
  /** Prints the RKA as a workbook or a PDF. */
  onPrint: (format: ReportFormat) => unknown;
  /** The format being prepared, if any: its button is busy, the other waits. */
  printing?: ReportFormat | null;
  className?: string;
}

/**
 * 'Cetak RKA' on the unit's dashboard: the year's RKA of the person's Perangkat Daerah (the
 * server scopes it to their units and signs it by their unit's signatory), as a workbook or a PDF.
 */
export function RkaPrint({ year, onPrint, printing = null, className }: RkaPrintProps) {
  const rka = useMessages().rka;
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
      <div className="flex flex-wrap gap-2">
        {button('xlsx', rka.printWorkbook)}
        {button('pdf', rka.printPdf)}
      </div>
    </section>
  );
}

export interface ConnectedRkaPrintProps {
  /** The year the dashboard shows; 2025 by default. */
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
  year = DEFAULT_REPORT_YEAR,
  saveFile = browserSave,
  className,
}: ConnectedRkaPrintProps) {
  const rka = useMessages().rka;
  const toast = useToast();
  const download = useDownloadReport();
  const onPrint = async (format: ReportFormat) => {
    try {
      saveFile(await download.mutateAsync({ year, layout: 'rka', format }));
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
      className={className}
    />
  );
}
