import { LRUCache } from 'lru-cache';

/**
 * Answers of list calls kept in memory, each with the database snapshot it was read in.
 *
 * A PostgreSQL snapshot (`pg_current_snapshot()`: the oldest running transaction, the next
 * transaction id, the ones running in between) says exactly which writes a query can see, and it
 * changes whenever any transaction that wrote anything ends, in any process. So an answer read in
 * snapshot S is still the answer while the current snapshot is S, whichever server process or
 * tool wrote last: no invalidation to forget, and every process behind a load balancer stays
 * exact. A hit costs one trivial query instead of the list's queries, parsing and JSON.
 *
 * An answer is stored only when the snapshot was the same before and after it was computed: a
 * list's page and its count may run as separate statements, possibly on separate connections,
 * and "nothing ended in between" is what makes all of them see S (a snapshot only moves forward).
 */
export interface ListAnswerCache {
  /**
   * `compute()`'s answer for `key`, or the one stored for it if the database has not changed
   * since; as UTF-8 bytes, encoded once when stored rather than on every answer. `snapshot`
   * says where `compute` reads, when not the database's own (a read replica's: it has snapshots
   * of its own, which move as it replays, db/read-replica.ts).
   */
  answer(
    key: string,
    compute: () => Promise<string>,
    snapshot?: () => Promise<string>,
  ): Promise<Buffer>;
}

export interface ListAnswerCacheOptions {
  /** The database's current snapshot, as text (`DatabaseHandle.snapshot`). */
  snapshot: () => Promise<string>;
  /** Bytes of answers (and their keys) kept at most, above 0; the least recently used go first. */
  maxSize: number;
}

interface StoredAnswer {
  snapshot: string;
  body: Buffer;
}

export function createListAnswerCache({
  snapshot: databaseSnapshot,
  maxSize,
}: ListAnswerCacheOptions): ListAnswerCache {
  const stored = new LRUCache<string, StoredAnswer>({
    maxSize,
    sizeCalculation: (entry, key) => entry.body.length + entry.snapshot.length + key.length,
  });
  // Concurrent misses for one key in one snapshot share one computation (after a write, a busy
  // list would otherwise be read once per waiting request).
  const inFlight = new Map<string, Promise<Buffer>>();

  async function computeAndStore(
    key: string,
    before: string,
    compute: () => Promise<string>,
    snapshot: () => Promise<string>,
  ) {
    const body = Buffer.from(await compute());
    // (An answer larger than the whole cache is not kept: LRUCache leaves it out.)
    if ((await snapshot()) === before) stored.set(key, { snapshot: before, body });
    return body;
  }

  return {
    async answer(key, compute, snapshot = databaseSnapshot) {
      const before = await snapshot();
      const hit = stored.get(key);
      if (hit?.snapshot === before) return hit.body;
      const flightKey = `${before}\u0000${key}`;
      const running = inFlight.get(flightKey);
      if (running) return running;
      const computing = computeAndStore(key, before, compute, snapshot).finally(() =>
        inFlight.delete(flightKey),
      );
      inFlight.set(flightKey, computing);
      return computing;
    },
  };
}
