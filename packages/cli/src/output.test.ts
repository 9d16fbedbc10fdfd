import { describe, expect, it } from 'vitest';
import { setLanguage } from './lang.js';
import { clip, createProgressBar, formatBytes, formatCount, formatTable } from './output.js';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, write: (text: string) => written.push(text) > 0 };
  return { stream: stream as unknown as NodeJS.WriteStream, written };
}

describe('progress bar', () => {
  it('draws on a terminal and clears its line at the end', () => {
    const { stream, written } = terminal(true);
    const bar = createProgressBar('Mengimpor', formatCount, { json: false }, stream);
    bar.update(0, 4000);
    bar.update(1000, 4000); // within 100 ms of the last drawing: skipped
    bar.update(4000, 4000); // the end is always drawn
    bar.stop();
    expect(written).toEqual([
      `\r\u001b[2KMengimpor [${'-'.repeat(28)}]   0% 0/4.000`,
      `\r\u001b[2KMengimpor [${'#'.repeat(28)}] 100% 4.000/4.000`,
      '\r\u001b[2K',
    ]);
  });

  it('says what it waits for when the count alone does not', () => {
    const { stream, written } = terminal(true);
    const bar = createProgressBar('Mengimpor', formatCount, { json: false }, stream);
    bar.update(0, 10);
    bar.update(10, 10, 'diterapkan di server');
    bar.update(10, 10);
    expect(written.slice(1)).toEqual([
      `\r\u001b[2KMengimpor [${'#'.repeat(28)}] 100% 10/10, diterapkan di server`,
      `\r\u001b[2KMengimpor [${'#'.repeat(28)}] 100% 10/10`,
    ]);
  });

  it('stays silent in a pipe and with --json', () => {
    for (const [isTTY, json] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = terminal(isTTY);
      const bar = createProgressBar('Mengimpor', formatCount, { json }, stream);
      bar.update(1, 2);
      bar.stop();
      expect(written).toEqual([]);
    }
  });
});

it('writes counts and sizes as planners do, in English on request', () => {
  expect([formatCount(1234567), formatCount(12), formatBytes(7578), formatBytes(900)]).toEqual([
    '1.234.567',
    '12',
    '7,4 kB',
    '900 B',
  ]);
  setLanguage('en');
  try {
    expect([formatCount(1234567), formatBytes(7578)]).toEqual(['1,234,567', '7.4 kB']);
  } finally {
    setLanguage('id');
  }
});

it('lines up table columns, counts to the right, codes to the left', () => {
  expect(
    formatTable(
      ['NAMA', 'DIBUAT'],
      [
        ['Program', '1'],
        ['Kode Rekening', '1.200'],
      ],
    ),
  ).toBe('NAMA           DIBUAT\nProgram             1\nKode Rekening   1.200');
  expect(
    formatTable(
      ['KODE', 'NAMA'],
      [
        ['5.1.02', 'A'],
        ['5.10', 'B'],
      ],
    ),
  ).toBe('KODE    NAMA\n5.1.02  A\n5.10    B');
  expect(
    formatTable(
      ['ID', 'NAME'],
      [
        ['1', 'A'],
        ['x2', 'B'],
      ],
    ),
  ).toBe('ID  NAME\n1   A\nx2  B');
});

it.each([
  ['Belanja ATK', 'Belanja ATK'],
  ['x'.repeat(60), 'x'.repeat(60)],
  ['x'.repeat(61), `${'x'.repeat(59)}…`],
  [`${'x'.repeat(58)}😀😀😀`, `${'x'.repeat(58)}😀…`],
])('clips %j to 60 characters for a table', (text, shown) => {
  expect(clip(text)).toBe(shown);
});
