// Imports bounded (issue 34): an .xlsx of a few hundred kilobytes that unpacks to hundreds of
// megabytes (shared strings, rows, any other part) is refused by `ranwal import hierarchy` with
// the catalogue's Indonesian message, in a process whose heap is held to 192 MB: it never holds
// what the zip unpacks to. Before the limits, the shared strings one took the CLI to 3.2 GB and
// did not finish. The workbooks are made here, streamed through deflate.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, createDeflateRaw } from 'node:zlib';
import { messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ENTRY, requireBuilds } from './support.js';

const text = messagesId.cli.import;
const MB = 1024 * 1024;

interface Part {
  name: string;
  /** The part's text, or its pieces: each yielded piece is deflated as it comes. */
  content: string | (() => Iterable<string>);
}

/** A zip of deflated entries with their sizes in the local headers (as Excel writes them). */
async function zip(parts: Part[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const pieces = typeof part.content === 'string' ? [part.content] : part.content();
    const deflate = createDeflateRaw({ level: 9 });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const ended = new Promise((resolve) => deflate.on('end', resolve));
    let crc = 0;
    let size = 0;
    for (const piece of pieces) {
      const bytes = Buffer.from(piece);
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
    deflate.end();
    await ended;
    const data = Buffer.concat(compressed);
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, name, data);
    central.push(entry, name);
    offset += header.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const frame: Part[] = [
  {
    name: '[Content_Types].xml',
    content: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  },
  {
    name: '_rels/.rels',
    content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  },
  {
    name: 'xl/workbook.xml',
    content: `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Rekening" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  },
  {
    name: 'xl/_rels/workbook.xml.rels',
    content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  },
];
const header = ['Program', 'Kegiatan', 'Sub Kegiatan', 'Aktivitas', 'Subtitle', 'Kode Rekening'];
const strings = (extra: () => Iterable<string> = () => []): Part => ({
  name: 'xl/sharedStrings.xml',
  content: function* () {
    yield `<?xml version="1.0"?><sst xmlns="${NS}">`;
    for (const name of header) yield `<si><t>${name}</t></si>`;
    yield* extra();
    yield '</sst>';
  },
});
const sheet = (rows: () => Iterable<string> = () => []): Part => ({
  name: 'xl/worksheets/sheet1.xml',
  content: function* () {
    yield `<?xml version="1.0"?><worksheet xmlns="${NS}"><sheetData><row r="1">`;
    yield header.map((_, i) => `<c r="${'ABCDEF'[i]}1" t="s"><v>${i}</v></c>`).join('');
    yield '</row>';
    yield* rows();
    yield '</sheetData></worksheet>';
  },
});
/** `count` pieces of `piece`, a megabyte at a time. */
function* repeated(piece: string, count: number): Iterable<string> {
  const perChunk = Math.max(1, Math.floor(MB / piece.length));
  for (let done = 0; done < count; done += perChunk) {
    yield piece.repeat(Math.min(perChunk, count - done));
  }
}

function ranwal(args: string[], configHome: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=192', CLI_ENTRY, ...args], {
      env: { ...process.env, XDG_CONFIG_HOME: configHome, RANWAL_LANG: 'id' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('import limits: workbooks that unpack to hundreds of megabytes', () => {
  let dir: string;
  beforeAll(async () => {
    requireBuilds();
    dir = await mkdtemp(path.join(os.tmpdir(), 'ranwal-import-limits-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const cases: { name: string; parts: Part[]; message: (file: string) => string }[] = [
    {
      // The review's file: 400 MB of shared strings.
      name: 'shared-strings.xlsx',
      parts: [
        ...frame,
        strings(() => repeated(`<si><t>${'A'.repeat(1000)}</t></si>`, 400_000)),
        sheet(),
      ],
      message: (file) => text.workbookTooManyStrings(file, '1.000.000', '64,0 MB'),
    },
    {
      name: 'rows.xlsx',
      parts: [...frame, strings(), sheet(() => repeated('<row><c><v>1</v></c></row>', 2_000_000))],
      message: (file) => text.workbookTooManyRows(file, '1.048.576'),
    },
    {
      name: 'unpacked.xlsx',
      parts: [
        ...frame,
        strings(),
        sheet(),
        { name: 'xl/media/image1.bin', content: () => repeated('\0'.repeat(1024), 300 * 1024) },
      ],
      message: (file) => text.workbookTooLarge(file, '256,0 MB'),
    },
  ];

  it.each(cases)(
    'refuses $name with the catalogue message, the heap held to 192 MB',
    async ({ name, parts, message }) => {
      const file = path.join(dir, name);
      const bytes = await zip(parts);
      expect(bytes.length).toBeLessThan(2 * MB);
      await writeFile(file, bytes);
      const run = await ranwal(['import', 'hierarchy', file, '--dry-run'], dir);
      expect(run.stderr).toContain(message(file));
      expect(run.code).toBe(3);
    },
  );
});
