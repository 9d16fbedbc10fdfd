/**
 * A one-sheet .xlsx built in the browser: an uncompressed ZIP of the five parts a workbook needs,
 * cells as inline strings and numbers. Only for the memory client's demo download; the server's
 * real export is in apps/server.
 */

import { XLSX_CONTENT_TYPE } from '@ranwal/core';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') +
  String.fromCharCode(65 + (index % 26));

const cell = (value: string | number, ref: string) =>
  typeof value === 'number'
    ? `<c r="${ref}"><v>${value}</v></c>`
    : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;

function workbookParts(rows: readonly (readonly (string | number)[])[], sheetName: string) {
  const sheetRows = rows
    .map((row, r) => {
      const cells = row.map((value, c) => cell(value, `${columnName(c)}${r + 1}`));
      return `<row r="${r + 1}">${cells.join('')}</row>`;
    })
    .join('');
  return {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/></Types>`,
    '_rels/.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="${MAIN}"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Little-endian fields of a ZIP header: [value, byte width] pairs. */
function header(fields: readonly [number, 2 | 4][]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(fields.reduce((size, [, width]) => size + width, 0));
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [value, width] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  return bytes;
}

/** A stored (uncompressed) ZIP with UTF-8 names, dated 1980-01-01 so equal input gives equal bytes. */
function zip(files: Record<string, string>): Blob {
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const directory: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  const UTF8 = 0x0800;
  const DATE = 0x21;
  for (const [path, text] of Object.entries(files)) {
    const name = encoder.encode(path);
    const data = encoder.encode(text);
    const crc = crc32(data);
    const common: [number, 2 | 4][] = [
      [20, 2], // version needed
      [UTF8, 2],
      [0, 2], // stored
      [0, 2], // time
      [DATE, 2],
      [crc, 4],
      [data.length, 4],
      [data.length, 4],
      [name.length, 2],
      [0, 2], // extra length
    ];
    const local = header([[0x04034b50, 4], ...common]);
    parts.push(local, name, data);
    directory.push(
      header([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]),
      name,
    );
    offset += local.length + name.length + data.length;
  }
  const directorySize = directory.reduce((size, part) => size + part.length, 0);
  const count = Object.keys(files).length;
  const end = header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [count, 2],
    [count, 2],
    [directorySize, 4],
    [offset, 4],
    [0, 2],
  ]);
  return new Blob([...parts, ...directory, end], { type: XLSX_CONTENT_TYPE });
}

/** A workbook of one sheet holding `rows` (first row: headers). */
export function xlsxBlob(rows: readonly (readonly (string | number)[])[], sheetName: string): Blob {
  return zip(workbookParts(rows, sheetName));
}
