import { useState } from 'react';
import { useCallToasts } from '../data/call-toasts.js';
import { saveFile as saveToDisk } from '../data/files.js';
import type { DownloadedFile } from '../data/queries.js';
import { Button } from './Button.js';

/** The formats a printout comes in. */
export type PrintFormat = 'xlsx' | 'pdf';
const printFormats: readonly PrintFormat[] = ['xlsx', 'pdf'];

export interface PrintButtonsProps {
  /** Each format's button ('Unduh Anggaran Kas (Excel)', '… (PDF)'). */
  labels: Record<PrintFormat, string>;
  /** Fetches the printout in `format` (a signed link, then its file). */
  fetchFile: (format: PrintFormat) => Promise<DownloadedFile>;
  /** Hands the file to the person; the browser's save by default. */
  saveFile?: (file: DownloadedFile) => void;
  /** The toasts: what was done, and what failed (the server's words where it gave them). */
  downloaded: string;
  failed: string;
}

/**
 * A printout's buttons, a workbook and a PDF: the one pressed is busy and the other waits while
 * it downloads; a toast says it was saved, or why not. Needs a `ToastProvider`.
 */
export function PrintButtons({
  labels,
  fetchFile,
  saveFile = saveToDisk,
  downloaded,
  failed,
}: PrintButtonsProps) {
  const toasts = useCallToasts();
  const [pending, setPending] = useState<PrintFormat | null>(null);
  const print = async (format: PrintFormat) => {
    setPending(format);
    try {
      await toasts.attempt(
        async () => saveFile(await fetchFile(format)),
        () => downloaded,
        failed,
      );
    } finally {
      setPending(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {printFormats.map((format) => (
        <Button
          key={format}
          variant="secondary"
          isPending={pending === format}
          isDisabled={pending !== null && pending !== format}
          onPress={() => void print(format)}
        >
          {labels[format]}
        </Button>
      ))}
    </div>
  );
}
