import { describe, expect, it } from 'vitest';
import { createListAnswerCache } from './list-cache.js';

/** A database whose snapshot the test moves, and a list whose every computation is counted. */
function setup(maxSize = 1_000_000) {
  const state = { snapshot: '100:100:', computed: 0, data: 'a' };
  const bytes = createListAnswerCache({ snapshot: async () => state.snapshot, maxSize });
  // The answers as text, to compare.
  const cache = {
    answer: async (key: string, compute: () => Promise<string>) =>
      (await bytes.answer(key, compute)).toString('utf8'),
  };
  const compute = async () => {
    state.computed += 1;
    return `{"data":"${state.data}"}`;
  };
  return { state, cache, compute };
}

describe('list answer cache', () => {
  it('answers again from memory while the snapshot has not moved', async () => {
    const { state, cache, compute } = setup();
    expect(await cache.answer('k', compute)).toBe('{"data":"a"}');
    expect(await cache.answer('k', compute)).toBe('{"data":"a"}');
    expect(state.computed).toBe(1);
  });

  it('computes again once a write has ended (the snapshot moved)', async () => {
    const { state, cache, compute } = setup();
    await cache.answer('k', compute);
    state.data = 'b';
    state.snapshot = '100:101:';
    expect(await cache.answer('k', compute)).toBe('{"data":"b"}');
    expect(state.computed).toBe(2);
  });

  it('answers text outside ASCII unchanged', async () => {
    const { cache } = setup();
    const body = '{"name":"Belanja Alat/Bahan — Kantor, Rp 1.679.999 ✓"}';
    expect(await cache.answer('k', async () => body)).toBe(body);
    expect(await cache.answer('k', async () => 'wrong')).toBe(body);
  });

  it('keeps answers apart by key', async () => {
    const { state, cache } = setup();
    expect(await cache.answer('admin', async () => 'all lines')).toBe('all lines');
    expect(await cache.answer('user', async () => 'own lines')).toBe('own lines');
    expect(await cache.answer('admin', async () => 'wrong')).toBe('all lines');
    expect(state.computed).toBe(0);
  });

  it('does not keep an answer computed while a write ended', async () => {
    const { state, cache } = setup();
    // The page and its count may have seen different data: answered once, never kept.
    const torn = await cache.answer('k', async () => {
      state.snapshot = '100:101:';
      return 'torn';
    });
    expect(torn).toBe('torn');
    expect(await cache.answer('k', async () => 'fresh')).toBe('fresh');
    expect(await cache.answer('k', async () => 'wrong')).toBe('fresh');
  });

  it('shares one computation among concurrent misses of a key in one snapshot', async () => {
    const { state, cache, compute } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.answer('k', compute)));
    expect(new Set(answers)).toEqual(new Set(['{"data":"a"}']));
    expect(state.computed).toBe(1);
  });

  it('passes a failed computation on and keeps nothing of it', async () => {
    const { cache, compute, state } = setup();
    await expect(
      cache.answer('k', async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(await cache.answer('k', compute)).toBe('{"data":"a"}');
    expect(state.computed).toBe(1);
  });

  it('forgets the least recently used answers past its size', async () => {
    const { cache } = setup(120);
    const body = 'x'.repeat(40);
    await cache.answer('one', async () => body);
    await cache.answer('two', async () => body);
    // Each takes 51–53 bytes with its key and snapshot: a third evicts the oldest.
    await cache.answer('three', async () => body);
    expect(await cache.answer('two', async () => 'recomputed')).toBe(body);
    expect(await cache.answer('one', async () => 'recomputed')).toBe('recomputed');
  });
});
