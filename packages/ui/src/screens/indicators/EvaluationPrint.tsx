import { QUARTERS, quarterNumeral } from '@ranwal/core';
import { PrintButtons, type PrintFormat } from '../../components/PrintButtons.js';
import { Select, SelectItem } from '../../components/Select.js';
import type { DownloadedFile } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface EvaluationPrintProps {
  /** The quarter printed: Triwulan I up to it. */
  quarter: number;
  onQuarterChange: (quarter: number) => void;
  /** Fetches the evaluation to `quarter` in `format` (a signed link, then its file). */
  fetchFile: (format: PrintFormat, quarter: number) => Promise<DownloadedFile>;
  /** Hands the file to the person; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
}

/** The quarter a month falls in (1–4): what the evaluation offers first beside a month. */
export const quarterOfMonth = (month: number) => Math.ceil(month / 3);

/**
 * 'Unduh Evaluasi Triwulan' and its PDF (issue 37): the unit's Evaluasi terhadap Hasil Renja up
 * to the quarter chosen, as the server prints it. Needs a `ToastProvider`.
 */
export function EvaluationPrint({
  quarter,
  onQuarterChange,
  fetchFile,
  saveFile,
}: EvaluationPrintProps) {
  const m = useMessages();
  const t = m.indicators.print;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label={t.quarterChoice}
        className="w-40"
        items={QUARTERS.map((id) => ({ id }))}
        value={quarter}
        onChange={(key) => key !== null && onQuarterChange(Number(key))}
      >
        {(option) => (
          <SelectItem id={option.id}>{m.indicators.quarter(quarterNumeral(option.id))}</SelectItem>
        )}
      </Select>
      <PrintButtons
        labels={{ xlsx: t.download, pdf: t.downloadPdf }}
        fetchFile={(format) => fetchFile(format, quarter)}
        saveFile={saveFile}
        downloaded={t.downloaded}
        failed={t.downloadFailed}
      />
    </div>
  );
}
