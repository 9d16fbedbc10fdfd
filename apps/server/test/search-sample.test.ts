import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  estimateSearch,
  likeTrigrams,
  rarePieces,
  textTrigrams,
} from '../src/services/search-sample.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// The server plans a whole-province search from its own sample of lines (issue 39): which of
// the search's trigrams are rare, and so which pieces of it to ask the trigram index for. Its
// trigrams must be pg_trgm's, or it would ask by pieces that narrow nothing.

describe('the pieces of a search asked of the trigram index', () => {
  it("takes the trigrams pg_trgm takes from '%search%', each with a piece of the search", () => {
    expect(likeTrigrams('Spesifikasi 42')).toEqual([
      ...['spe', 'pes', 'esi', 'sif', 'ifi', 'fik', 'ika', 'kas', 'asi'].map((trigram) => ({
        trigram,
        piece: trigram === 'spe' ? 'Spe' : trigram,
      })),
      // The first word's start and the last word's end are hidden by the pattern's '%'.
      { trigram: 'si ', piece: 'si ' },
      { trigram: '  4', piece: ' 4' },
      { trigram: ' 42', piece: ' 42' },
    ]);
    // Separators are any character but a letter or a digit; a word of one is padded too.
    expect(likeTrigrams('1.1.12').map(({ trigram, piece }) => `${trigram}|${piece}`)).toEqual([
      '  1|.1',
      ' 1 |.1.',
      '  1|.1',
      ' 12|.12',
    ]);
    expect(likeTrigrams('ab')).toEqual([]);
  });

  it('asks by the rare pieces only when the search has both common and rare trigrams', () => {
    const everyLine = new Map(
      ['spe', 'pes', 'esi', 'sif', 'ifi', 'fik', 'ika', 'kas', 'asi', 'si '].map((t) => [t, 1]),
    );
    const shares = new Map([...everyLine, ['  4', 0.11], [' 42', 0.01]]);
    expect(rarePieces('spesifikasi 42', shares)).toEqual([' 42']);
    // '  4' is rare too here: its piece ' 4' is inside ' 42', which asks for both.
    expect(rarePieces('spesifikasi 42', new Map([...everyLine, [' 42', 0.01]]))).toEqual([' 42']);
    expect(rarePieces('spesifikasi', shares)).toBeUndefined();
    expect(rarePieces('genset cadangan', shares)).toBeUndefined();
  });
});

describe('what the sample says of a search', () => {
  const line = (search_text: string, year: number, account_name = 'belanja alat tulis kantor') => ({
    search_text,
    year,
    program_name: 'program penunjang urusan pemerintahan daerah',
    account_code: '5.1.02.01.01.0024',
    account_name,
  });
  const sample = {
    lines: [
      line('kertas hvs spesifikasi 42', 2025),
      line('kertas hvs spesifikasi 7', 2025),
      line('nasi kotak spesifikasi 42', 2025, 'belanja makanan dan minuman rapat'),
      line('tinta printer spesifikasi 42', 2026),
    ],
    shares: new Map<string, number>(),
    tableLines: 1_000,
    taken: 0,
  };

  it('finds lines as the list does, in the year asked, scaled to the table', () => {
    // Two of the three 2025 lines hold it: two of four sampled lines, so 500 of the table's.
    expect(estimateSearch(sample, 'Spesifikasi 42', 2025)).toMatchObject({
      found: 2,
      share: 2 / 3,
      lines: 500,
    });
    // By the account's name and code, and the programme's name, as budgetLineSearchFields.
    expect(estimateSearch(sample, 'makanan dan minuman', 2025)).toMatchObject({ found: 1 });
    expect(estimateSearch(sample, '5.1.02.01', undefined)).toMatchObject({ found: 4, share: 1 });
    expect(estimateSearch(sample, 'penunjang urusan', 2026)).toMatchObject({ found: 1 });
    expect(estimateSearch(sample, 'genset', 2025)).toMatchObject({ found: 0, share: 0, lines: 0 });
  });
});

describe.each(databaseTargets)("the sample's trigrams on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  it("are pg_trgm's own for a line's text", async () => {
    const texts = [
      '5.1.02.01.01.0024 kertas hvs a4 80 gr spesifikasi 42',
      'Nasi Kotak Rapat (paket) - 25.000/orang',
      'honorarium narasumber eselon ii',
      'x',
    ];
    for (const text of texts) {
      const { rows } = await sql<{
        trigram: string;
      }>`select unnest(show_trgm(${text})) as trigram`.execute(t.database.db);
      expect([...textTrigrams(text)].sort(), text).toEqual(rows.map((row) => row.trigram).sort());
    }
  });
});
