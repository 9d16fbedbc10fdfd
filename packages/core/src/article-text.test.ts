import { describe, expect, it } from 'vitest';
import { articleSlug, excerptOfText, freeSlugOf } from './article-text.js';

describe('articleSlug', () => {
  it.each([
    ['Rapat Koordinasi Bappeda 2025', 'rapat-koordinasi-bappeda-2025'],
    ['  Café Ñandú — Über  ', 'cafe-nandu-uber'],
    ['Usulan: Jalan/Desa (RT 05)!', 'usulan-jalan-desa-rt-05'],
    ['!!!', 'artikel'],
    ['日本語', 'artikel'],
  ])('%s → %s', (title, slug) => {
    expect(articleSlug(title)).toBe(slug);
  });

  it('stays within 80 characters, at a word boundary', () => {
    const slug = articleSlug('Kegiatan '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^(kegiatan-)*kegiatan$/);
  });
});

describe('freeSlugOf', () => {
  it('takes the base when free, else the first free numbered one', () => {
    expect(freeSlugOf('rapat', new Set())).toBe('rapat');
    expect(freeSlugOf('rapat', new Set(['rapat', 'rapat-2', 'rapat-4']))).toBe('rapat-3');
  });
});

describe('excerptOfText', () => {
  it('keeps a short text whole', () => {
    expect(excerptOfText('Rapat koordinasi.')).toBe('Rapat koordinasi.');
  });

  it('cuts at a word and drops trailing punctuation', () => {
    expect(excerptOfText('Satu dua, tiga empat', 10)).toBe('Satu dua…');
  });
});
