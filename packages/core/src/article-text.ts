/*
 * The text rules of an article, declared once: the server applies them when it stores an
 * article, and the stories' seeds make their demo articles with the same functions.
 */

/** The longest slug made from a title, before `-2`, `-3`… when taken. */
export const SLUG_LENGTH = 80;
/** The slug of a title with no letters or digits left. */
export const FALLBACK_SLUG = 'artikel';
/** The length an excerpt is cut to (before '…'). */
export const EXCERPT_LENGTH = 200;

/**
 * The URL part made from a title: lowercase ASCII, diacritics dropped, words joined by '-',
 * at most SLUG_LENGTH characters cut at a word; 'artikel' when nothing is left.
 */
export function articleSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= SLUG_LENGTH) return words || FALLBACK_SLUG;
  const cut = words.slice(0, SLUG_LENGTH + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, SLUG_LENGTH)).replace(/-+$/, '');
}

/** The first of `base`, `base-2`, `base-3`… not in `taken`. */
export function freeSlugOf(base: string, taken: ReadonlySet<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** About `length` characters of plain text, cut at a word boundary, with '…' when shortened. */
export function excerptOfText(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const boundary = cut.lastIndexOf(' ');
  // One very long word: cut inside it rather than return almost nothing.
  const end = boundary > length / 2 ? boundary : length;
  return `${cut.slice(0, end).replace(/[\s.,;:!?-]+$/, '')}…`;
}
