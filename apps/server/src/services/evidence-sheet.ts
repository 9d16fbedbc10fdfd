import type { Writable } from 'node:stream';
import {
  coordinatesText,
  type EvidencePhoto,
  evidenceFlagText,
  formatTenths,
  messagesId,
  monthOfYear,
  photoPlaceText,
  photoTimeText,
  type SubActionLocation,
} from '@ranwal/core';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Database } from '../db/schema.js';
import { MARGIN, PAGE_SIZES } from './pdf-table.js';

const texts = messagesId.evidence;

/** What an evidence sheet prints: the sub kegiatan, its place and its photos. */
export interface EvidenceSheet {
  sub_action: { id: string; code: string | null; name: string; agency_name: string | null };
  year: number;
  month: number | null;
  location: SubActionLocation;
  photos: (EvidencePhoto & { upload_id: string })[];
}

const periodOf = (sheet: EvidenceSheet) =>
  sheet.month === null ? String(sheet.year) : monthOfYear(sheet.month, sheet.year);

export const evidenceSheetName = (sheet: EvidenceSheet) =>
  `${texts.fileName(sheet.sub_action.code ?? sheet.sub_action.name, periodOf(sheet))}.pdf`.replace(
    /[\\/:*?"<>|]+/g,
    '-',
  );

/** Photo cells: two across an A4 page, each the picture with its time, place and flags below. */
const COLUMNS = 2;
const GAP = 14;
const PICTURE_HEIGHT = 190;
const TEXT_SIZE = 8;

/**
 * A sub kegiatan's evidence sheet (PDF, A4 portrait) for the file: its unit, period and place,
 * then every photo with when and where it was taken, the month's progress and each flag in red.
 * The pictures are the stored copies (without metadata), as the portal shows them.
 */
export async function writeEvidenceSheet(
  db: Kysely<Database>,
  sheet: EvidenceSheet,
  output: Writable,
): Promise<void> {
  const page = PAGE_SIZES.A4;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN.left,
    info: { Title: `${texts.sheetTitle} ${periodOf(sheet)}`, Creator: 'Ranwal' },
  });
  doc.pipe(output);
  const width = page.width - MARGIN.left - MARGIN.right;
  doc.font('Helvetica-Bold').fontSize(12).text(texts.sheetTitle, { align: 'center' });
  doc.moveDown(0.6);
  const labels = texts.sheetLabels;
  const rows: [string, string][] = [
    [labels.subAction, [sheet.sub_action.code, sheet.sub_action.name].filter(Boolean).join(' ')],
    [labels.unit, sheet.sub_action.agency_name ?? '-'],
    [labels.period, periodOf(sheet)],
    [labels.location, sheet.location.label ?? messagesId.location.notSet],
  ];
  const anchor = sheet.location.geometry;
  if (anchor?.type === 'Point') {
    rows.push([labels.point, coordinatesText(anchor.coordinates[1], anchor.coordinates[0])]);
  }
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).text(label, MARGIN.left, y, { width: 110 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`: ${value}`, MARGIN.left + 110, y, {
        width: width - 110,
      });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);
  if (sheet.photos.length === 0) {
    doc.font('Helvetica').fontSize(10).text(texts.noPhotos, MARGIN.left);
  }
  const cellWidth = (width - GAP * (COLUMNS - 1)) / COLUMNS;
  let rowTop = doc.y;
  let rowBottom = rowTop;
  for (const [index, photo] of sheet.photos.entries()) {
    const column = index % COLUMNS;
    if (column === 0 && index > 0) rowTop = rowBottom + GAP;
    if (column === 0 && rowTop + PICTURE_HEIGHT + 90 > page.height - MARGIN.bottom) {
      doc.addPage();
      rowTop = MARGIN.top;
    }
    const x = MARGIN.left + column * (cellWidth + GAP);
    const stored = await db
      .selectFrom('upload')
      .select((eb) => eb.fn<string>('encode', ['bytes', eb.val('base64')]).as('base64'))
      .where('id', '=', photo.upload_id)
      .executeTakeFirst();
    if (stored) {
      doc.image(Buffer.from(stored.base64, 'base64'), x, rowTop, {
        fit: [cellWidth, PICTURE_HEIGHT],
        align: 'center',
        valign: 'center',
      });
    }
    doc.rect(x, rowTop, cellWidth, PICTURE_HEIGHT).lineWidth(0.5).strokeColor('#999999').stroke();
    let y = rowTop + PICTURE_HEIGHT + 4;
    const line = (text: string, options: { bold?: boolean; colour?: string } = {}) => {
      doc
        .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(TEXT_SIZE)
        .fillColor(options.colour ?? '#000000')
        .text(text, x, y, { width: cellWidth });
      y = doc.y + 1;
    };
    line(`${monthOfYear(photo.month, photo.year)}${photo.caption ? `: ${photo.caption}` : ''}`, {
      bold: true,
    });
    line(photoTimeText(photo));
    line(photoPlaceText(photo));
    if (photo.progress_tenths !== null) {
      line(texts.progress(formatTenths(photo.progress_tenths)));
    }
    for (const flag of photo.flags)
      line(`! ${evidenceFlagText(flag, photo)}`, { colour: '#b91c1c' });
    rowBottom = Math.max(rowBottom, y);
  }
  await new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
    doc.end();
  });
}
