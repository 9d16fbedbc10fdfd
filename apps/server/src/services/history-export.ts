import type { Writable } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  actorText,
  formatDateTimeLong,
  formatNumberId,
  HISTORY_EXPORT_MAX_ROWS,
  type HistoryEntry,
  messagesId,
  recordName,
  recordSideText,
} from '@ranwal/core';
import ExcelJS from 'exceljs';
import { headerStyle, whileQueued } from './report-export.js';

const messages = messagesId;
const h = messages.history;

/** The workbook's name. */
export const HISTORY_EXPORT_FILE_NAME = 'riwayat-perubahan.xlsx';

type Style = Partial<ExcelJS.Style>;
const wrapped: Style = { alignment: { vertical: 'top', wrapText: true } };
const top: Style = { alignment: { vertical: 'top' } };

/** The columns, worded as the Riwayat Perubahan page words them, and each cell of an entry. */
const columns: {
  header: string;
  width: number;
  style: Style;
  value(entry: HistoryEntry): string;
}[] = [
  { header: h.columns.time, width: 24, style: top, value: (e) => formatDateTimeLong(e.changed_at) },
  { header: h.columns.actor, width: 24, style: wrapped, value: (e) => actorText(e, messages) },
  { header: h.columns.address, width: 16, style: top, value: (e) => e.address ?? '-' },
  {
    header: h.columns.recordType,
    width: 22,
    style: top,
    value: (e) => h.recordTypes[e.record_type],
  },
  { header: h.export.record, width: 36, style: wrapped, value: (e) => recordName(e, messages) },
  { header: h.columns.action, width: 12, style: top, value: (e) => h.actions[e.action] },
  {
    header: h.export.before,
    width: 48,
    style: wrapped,
    value: (e) => recordSideText(e, 'before', messages),
  },
  {
    header: h.export.after,
    width: 48,
    style: wrapped,
    value: (e) => recordSideText(e, 'after', messages),
  },
];
const styles = columns.map((column) => column.style);

/**
 * The Riwayat Perubahan workbook (history.export): the changes the page's filters select,
 * newest first, read a chunk at a time; at most `max` (HISTORY_EXPORT_MAX_ROWS), and then a last
 * row saying the workbook was cut. Stops when `signal` aborts.
 */
export async function writeHistoryExport(
  chunks: (max: number) => AsyncIterable<HistoryEntry[]>,
  output: Writable,
  { signal, max = HISTORY_EXPORT_MAX_ROWS }: { signal: AbortSignal; max?: number },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(h.export.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.eachCell((cell) => {
    cell.style = headerStyle;
  });
  header.commit();
  let written = 0;
  let cut = false;
  // One more than the cap tells whether there were more.
  for await (const entries of chunks(max + 1)) {
    for (const entry of entries) {
      if (written === max) {
        cut = true;
        break;
      }
      const row = sheet.addRow(columns.map((column) => column.value(entry) || undefined));
      row.eachCell((cell, column) => {
        cell.style = styles[column - 1] ?? {};
      });
      row.commit();
      written += 1;
    }
    if (signal.aborted) return;
    await whileQueued(sheet, signal);
    await yieldToOthers();
  }
  if (cut) {
    const note = sheet.addRow([h.export.truncated(formatNumberId(max))]);
    note.getCell(1).style = { font: { italic: true } };
    note.commit();
  }
  sheet.commit();
  await workbook.commit();
}
