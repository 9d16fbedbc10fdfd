/**
 * A sample of the budget lines' search texts, kept by each server process, to plan a search
 * over the whole province by how many lines it finds and which of its trigrams are rare:
 * PostgreSQL's own estimate of `search_text like '%…%'` comes from a hundred-value histogram of
 * whole texts, and moved between 98 and 11 360 lines for the same 5 434 from one ANALYZE to the
 * next on the bench's seed, and with it the plan (1 ms or 52 ms).
 *
 * Rare pieces. pg_trgm answers `search_text like '%spesifikasi 42%'` by intersecting the lists of
 * all the pattern's trigrams; when most of them are in nearly every line ('spe', 'pes', … of a
 * word every specification has) that reads a million entries each (33–60 ms on the bench's
 * 1 000 000 lines) to find the few lines the rare ones ('  4', ' 42') alone narrow to. The
 * index is asked for the rare trigrams only, each by the shortest piece of the search that
 * holds it, and the whole search is checked on the lines found: the same lines, since every
 * line that holds the search holds each of its pieces.
 */
import { CompiledQuery } from 'kysely';
import type { ReadRows } from './pagination.js';

/** A trigram pg_trgm takes from a LIKE pattern, and the shortest piece of the search holding it. */
export interface SearchTrigram {
  /** As pg_trgm writes it: lower-cased, words padded with two blanks before, one after. */
  trigram: string;
  /** A substring of the search whose own LIKE pattern gives pg_trgm this trigram. */
  piece: string;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The search's words as pg_trgm splits text: runs of letters and digits, with their places. */
function wordsOf(characters: readonly string[]): { start: number; end: number }[] {
  const words: { start: number; end: number }[] = [];
  let start = 0;
  while (start < characters.length) {
    if (!WORD_CHARACTER.test(characters[start] as string)) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < characters.length && WORD_CHARACTER.test(characters[end] as string)) end += 1;
    words.push({ start, end });
    start = end;
  }
  return words;
}

/** The trigrams pg_trgm keeps for a line's text (show_trgm): each word padded on both sides. */
export function textTrigrams(text: string): Set<string> {
  const characters = Array.from(text.toLowerCase());
  const found = new Set<string>();
  for (const { start, end } of wordsOf(characters)) {
    const letters = [' ', ' ', ...characters.slice(start, end), ' '];
    for (let at = 0; at + 3 <= letters.length; at += 1)
      found.add(letters.slice(at, at + 3).join(''));
  }
  return found;
}

/**
 * The trigrams pg_trgm takes from `%search%` (generate_wildcard_trgm): the search's words
 * (runs of letters and digits), each padded only where the pattern shows its edge (a
 * separator before or after it inside the search; the `%` around it hides the outer edges).
 */
export function likeTrigrams(search: string): SearchTrigram[] {
  const characters = Array.from(search);
  const found: SearchTrigram[] = [];
  for (const { start, end } of wordsOf(characters)) {
    const edgeBefore = start > 0;
    const edgeAfter = end < characters.length;
    // Each padded position's character in the search: a pad stands for the separator.
    const positions: number[] = [];
    if (edgeBefore) positions.push(start - 1, start - 1);
    for (let at = start; at < end; at += 1) positions.push(at);
    if (edgeAfter) positions.push(end);
    const word = characters.slice(start, end).join('').toLowerCase();
    const letters = Array.from(`${edgeBefore ? '  ' : ''}${word}${edgeAfter ? ' ' : ''}`);
    for (let at = 0; at + 3 <= letters.length; at += 1) {
      const from = positions[at] as number;
      const to = (positions[at + 2] as number) + 1;
      found.push({
        trigram: letters.slice(at, at + 3).join(''),
        piece: characters.slice(from, to).join(''),
      });
    }
  }
  return found;
}

/** A trigram is common past this share of the sampled lines (5 %: 50 000 of 1 000 000). */
const COMMON_SHARE = 0.05;

/** How often each trigram occurs in a sample of lines' search texts (shares of the sample). */
export type TrigramShares = ReadonlyMap<string, number>;

/**
 * The pieces of `search` to ask the trigram index for, or undefined when its whole pattern is
 * the better question: when none of its trigrams is common (the lists are short already) or
 * all are (the search finds many lines either way).
 */
export function rarePieces(search: string, shares: TrigramShares): string[] | undefined {
  const trigrams = likeTrigrams(search);
  const rare = trigrams.filter(({ trigram }) => (shares.get(trigram) ?? 0) <= COMMON_SHARE);
  if (rare.length === 0 || rare.length === trigrams.length) return undefined;
  const pieces = [...new Set(rare.map(({ piece }) => piece))];
  // A piece inside another adds nothing to the longer one's question.
  return pieces.filter(
    (piece) => !pieces.some((other) => other !== piece && other.includes(piece)),
  );
}

/** About how many lines a sample reads (14 ms of PostgreSQL's time on 1 000 000 lines). */
const SAMPLE_LINES = 5_000;
/** How long a process's sample serves before a search takes another. */
const SAMPLE_AGE_MS = 10 * 60_000;

/**
 * A sampled line: the fields a list's search looks in (budgetLineSearchFields), lower-cased as
 * the statements compare them, and its year.
 */
interface SampledLine {
  search_text: string;
  program_name: string;
  account_code: string;
  account_name: string;
  year: number;
}

/** A process's sample of lines, with the shares of their trigrams. */
export interface LineSample {
  lines: SampledLine[];
  shares: TrigramShares;
  /** How many lines the table held when the sample was taken (the kept count). */
  tableLines: number;
  taken: number;
}

/** What the sample says of a search within a year (or every year). */
export interface SearchEstimate {
  /** How many of the sampled lines in scope it finds. */
  found: number;
  /** Its share of the sampled lines in scope (0 when none is found). */
  share: number;
  /** The lines in scope it finds, scaled from the sample to the table. */
  lines: number;
  /** Its rare pieces (rarePieces), when asking the trigram index by them is the better question. */
  pieces: string[] | undefined;
}

/**
 * What the sample says of a search, as the list's condition finds lines (its text in the
 * line's text, its programme's name or its account's code or name), in `year` when given.
 */
export function estimateSearch(sample: LineSample, search: string, year?: number): SearchEstimate {
  const lowered = search.toLowerCase();
  let inScope = 0;
  let found = 0;
  for (const line of sample.lines) {
    if (year !== undefined && line.year !== year) continue;
    inScope += 1;
    if (
      line.search_text.includes(lowered) ||
      line.program_name.includes(lowered) ||
      line.account_code.includes(lowered) ||
      line.account_name.includes(lowered)
    ) {
      found += 1;
    }
  }
  return {
    found,
    share: inScope === 0 ? 0 : found / inScope,
    lines: (found / sample.lines.length) * sample.tableLines,
    pieces: rarePieces(search, sample.shares),
  };
}

/**
 * The process's sample of lines (`tablesample`, about SAMPLE_LINES of them): the first search
 * waits for one; an older one than SAMPLE_AGE_MS serves while the next is taken. `lineCount`
 * says how many lines there are (the kept count), to size the sample.
 */
export function createSearchSampler(read: ReadRows, lineCount: () => Promise<number>) {
  let sample: LineSample | undefined;
  let sampling: Promise<LineSample> | undefined;

  async function take(): Promise<LineSample> {
    const tableLines = await lineCount();
    const percent = Math.min(100, (100 * SAMPLE_LINES) / Math.max(tableLines, 1));
    const lines = await read<SampledLine>(
      CompiledQuery.raw(
        `select line.search_text, line.year, lower(program.name) as program_name,
            account.code_lower as account_code, account.name_lower as account_name
          from detail_program as line tablesample system ($1::real)
          join program on program.id = line.program_id
          join account on account.id = line.account_id`,
        [percent],
      ),
    );
    const counts = new Map<string, number>();
    for (const { search_text } of lines) {
      for (const trigram of textTrigrams(search_text)) {
        counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
      }
    }
    const shares = new Map<string, number>();
    for (const [trigram, count] of counts) shares.set(trigram, count / lines.length);
    sample = { lines, shares, tableLines, taken: Date.now() };
    return sample;
  }

  return {
    /** The sample, or undefined while the table has no line (or it could not be read). */
    async current(): Promise<LineSample | undefined> {
      if (!sample || Date.now() - sample.taken >= SAMPLE_AGE_MS) {
        sampling ??= take().finally(() => {
          sampling = undefined;
        });
        if (sample) sampling.catch(() => undefined);
      }
      const taken = sample ?? (await sampling?.catch(() => undefined));
      return taken && taken.lines.length > 0 ? taken : undefined;
    },
  };
}
