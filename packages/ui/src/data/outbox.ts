import { ApiError, messagesEn, messagesId } from '@ranwal/core';
import { createStore, del, setMany, values } from 'idb-keyval';

/*
 * The outbox: what a field officer submits waits on the phone (IndexedDB) and is sent when the
 * connection allows, in the order it was submitted, each item under one Idempotency-Key for its
 * whole life, so a retry after a lost answer never makes a second record. An item leaves only
 * when the server has answered 2xx, or is kept with the server's words when its answer says it can
 * never succeed, for the person to read and discard.
 */

/** The text fields of `POST /ranwal/api/evidence` beside the photo. */
export interface EvidenceFields {
  sub_action_id: string;
  year: number;
  month: number;
  caption?: string;
  /** The phone's position, with the person's consent, for a photo that carries none. */
  device_latitude?: number;
  device_longitude?: number;
  device_accuracy_m?: number;
  /** When the phone took that position (ISO time). */
  device_at?: string;
}

/** A month's progress as core's PhysicalProgressInput reads it: the `PUT …/progress` body. */
export interface ProgressBody {
  sub_action_id: string;
  year: number;
  month: number;
  progress_tenths: number;
  problems: string;
  actions: string;
  decrease_reason: string | null;
}

/** What is submitted: a month's progress (`PUT …/monthly-report/progress`) or one photo. */
export type OutboxSubmission =
  | { kind: 'progress'; body: ProgressBody }
  | { kind: 'photo'; fields: EvidenceFields; photo: Blob; filename: string };

export type OutboxItem = OutboxSubmission & {
  /** Stable for the item's life: sent as its Idempotency-Key with every attempt. */
  id: string;
  /** Sending order: items go one at a time, lower first. */
  order: number;
  queued_at: string;
  /** What the person reads in the list: the sub kegiatan's name. */
  subject: string;
  /** Attempts that failed for a reason that may pass (no network, a timeout, a 5xx). */
  attempts: number;
  /** The server's refusal that will not pass: the item is not sent again, only discarded. */
  failure: { status: number; message: string } | null;
};

/** A submission as a form hands it in. */
export type OutboxEntry = OutboxSubmission & { subject: string };

/** Where items wait. */
export interface OutboxStore {
  /** Every item, in sending order. */
  all(): Promise<OutboxItem[]>;
  /** Stores the items in one transaction: a submission is kept whole or not at all. */
  put(...items: OutboxItem[]): Promise<void>;
  delete(id: string): Promise<void>;
}

const byOrder = (a: OutboxItem, b: OutboxItem) => a.order - b.order || a.id.localeCompare(b.id);

/**
 * The IndexedDB store of one person (database `ranwal-outbox.<owner>`): what one person queued is
 * never sent under another's session on a shared phone.
 */
export function indexedDbOutboxStore(owner: string): OutboxStore {
  const store = createStore(`ranwal-outbox.${owner}`, 'items');
  return {
    all: async () => (await values<OutboxItem>(store)).sort(byOrder),
    put: (...items) =>
      setMany(
        items.map((item) => [item.id, item]),
        store,
      ),
    delete: (id) => del(id, store),
  };
}

/** A store in memory (tests, stories, and a browser without IndexedDB). */
export function memoryOutboxStore(initial: readonly OutboxItem[] = []): OutboxStore {
  const items = new Map(initial.map((item) => [item.id, item]));
  return {
    all: async () => [...items.values()].sort(byOrder),
    put: async (...added) => {
      for (const item of added) items.set(item.id, item);
    },
    delete: async (id) => {
      items.delete(id);
    },
  };
}

/** Whether the phone believes it is online, and when that changes. */
export interface NetworkStatus {
  isOnline(): boolean;
  subscribe(onChange: () => void): () => void;
}

/** The browser's `navigator.onLine` with its 'online' and 'offline' events. */
export const browserNetwork: NetworkStatus = {
  isOnline: () => globalThis.navigator?.onLine ?? true,
  subscribe: (onChange) => {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
};

/** Sends one item; rejects with the call's error. `signal` aborts a stalled attempt. */
export type SendOutboxItem = (item: OutboxItem, signal: AbortSignal) => Promise<unknown>;

/**
 * The server's words when an error says the item can never succeed: a 4xx other than 401 (sign
 * in again), 408, 425, 429 and the 409 of a repeat whose first attempt is still running. Null
 * for what may pass: no network, a timeout, a 5xx.
 */
export function lastingRefusal(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof ApiError) || error.kind !== 'http') return null;
  const { status } = error;
  if (status < 400 || status >= 500 || [401, 408, 425, 429].includes(status)) return null;
  const running = [messagesId, messagesEn].map((m) => m.server.idempotencyInProgress);
  if (status === 409 && running.includes(error.serverMessage ?? '')) return null;
  return { status, message: error.serverMessage ?? error.message };
}

/**
 * Tells the other tabs of the same person that the store changed, and hears them: each reads it
 * again, so a tab's list shows what another tab queued, sent or discarded.
 */
export interface OutboxChanges {
  announce(): void;
  listen(listener: () => void): () => void;
}

/** No other tab to tell (a test, a browser without BroadcastChannel). */
export const noOutboxChanges: OutboxChanges = { announce: () => {}, listen: () => () => {} };

/** The browser's BroadcastChannel, one per person's store, open while the outbox runs. */
export function broadcastOutboxChanges(name: string): OutboxChanges {
  if (typeof BroadcastChannel === 'undefined') return noOutboxChanges;
  let channel: BroadcastChannel | null = null;
  return {
    announce: () => channel?.postMessage('changed'),
    listen(listener) {
      const opened = new BroadcastChannel(name);
      opened.onmessage = () => listener();
      channel = opened;
      return () => {
        opened.close();
        if (channel === opened) channel = null;
      };
    },
  };
}

export interface OutboxOptions {
  store: OutboxStore;
  /** How other tabs learn of this one's changes and this one of theirs (none by default). */
  changes?: OutboxChanges;
  send: SendOutboxItem;
  network?: NetworkStatus;
  /** An attempt with no answer by then is aborted and retried later under the same key. */
  timeoutMs?: number;
  /** Waits before each retry after a failure that may pass; the last repeats. */
  retryDelaysMs?: readonly number[];
  /** Tells a refusal for good from one that may pass (`lastingRefusal`). */
  refusal?: (error: unknown) => { status: number; message: string } | null;
  /**
   * Runs a sending pass exclusively across the browser's tabs (Web Locks), so two tabs never
   * send the same item at once; a tab that finds the lock taken leaves the pass to the other.
   */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
}

export interface OutboxState {
  /** Waiting and refused items, in sending order. */
  items: readonly OutboxItem[];
  /** False until the store has been read. */
  isLoaded: boolean;
  isOnline: boolean;
  /** The item being sent now. */
  sendingId: string | null;
  /** When the next attempt is due after a failure (epoch ms), or null. */
  retryAt: number | null;
}

export interface Outbox {
  getState(): OutboxState;
  subscribe(listener: () => void): () => void;
  /** Stores the entries (one order, one key each) and starts sending them if online. */
  enqueue(entries: readonly OutboxEntry[]): Promise<OutboxItem[]>;
  /** Drops an item that is not being sent (a refused one, or one the person cancels). */
  discard(id: string): Promise<void>;
  /** A sending pass now: on start, when back online, after a retry delay, on request. */
  flush(): Promise<void>;
  /** Reads the store, listens to the network and sends; returns the stop. */
  start(): () => void;
}

const DEFAULT_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/** A random id usable as an Idempotency-Key; `randomUUID` is missing outside secure contexts. */
export function newOutboxId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

class Timeout extends Error {}

const webLock = (pass: () => Promise<void>): Promise<void> => {
  const locks = globalThis.navigator?.locks;
  if (!locks) return pass();
  return locks.request('ranwal-outbox', { ifAvailable: true }, (lock) =>
    lock ? pass() : undefined,
  );
};

export function createOutbox({
  store,
  send,
  network = browserNetwork,
  timeoutMs = 60_000,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  refusal = lastingRefusal,
  exclusive = webLock,
  changes = noOutboxChanges,
}: OutboxOptions): Outbox {
  let state: OutboxState = {
    items: [],
    isLoaded: false,
    isOnline: network.isOnline(),
    sendingId: null,
    retryAt: null,
  };
  const listeners = new Set<() => void>();
  // Every write to the store is told to the other tabs.
  const written = async (write: Promise<void>) => {
    await write;
    changes.announce();
  };
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const update = (change: Partial<OutboxState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const reload = async () => {
    const items = await store.all();
    update({ items, isLoaded: true });
    return items;
  };
  const clearRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (state.retryAt !== null) update({ retryAt: null });
  };
  const scheduleRetry = () => {
    const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 60_000;
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void flush(), delay);
    update({ retryAt: Date.now() + delay });
  };

  /** One attempt, bounded by the timeout whether or not `send` honours its signal. */
  async function attempt(item: OutboxItem): Promise<unknown> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Timeout());
      }, timeoutMs);
    });
    try {
      await Promise.race([send(item, controller.signal), timedOut]);
      return undefined;
    } catch (error) {
      return error ?? new Error('send failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends waiting items one by one, in order, until none is left or one fails for now. */
  async function pass(): Promise<void> {
    clearRetry();
    while (!stopped && network.isOnline()) {
      const items = await reload();
      const next = items.find((item) => item.failure === null);
      if (!next) {
        failures = 0;
        return;
      }
      update({ sendingId: next.id });
      const error = await attempt(next);
      update({ sendingId: null });
      if (error === undefined) {
        failures = 0;
        await written(store.delete(next.id));
        continue;
      }
      const refused = refusal(error);
      if (refused) {
        await written(store.put({ ...next, failure: refused }));
        continue;
      }
      await written(store.put({ ...next, attempts: next.attempts + 1 }));
      await reload();
      scheduleRetry();
      return;
    }
    await reload();
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await exclusive(pass);
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async enqueue(entries) {
      const existing = await store.all();
      let order = existing.reduce((max, item) => Math.max(max, item.order), 0);
      const queuedAt = new Date().toISOString();
      const items = entries.map(
        (entry): OutboxItem => ({
          ...entry,
          id: newOutboxId(),
          order: ++order,
          queued_at: queuedAt,
          attempts: 0,
          failure: null,
        }),
      );
      await written(store.put(...items));
      await reload();
      // A new submission deserves a prompt attempt, not the rest of a long backoff.
      failures = 0;
      void flush();
      return items;
    },
    async discard(id) {
      if (state.sendingId === id) return;
      await written(store.delete(id));
      await reload();
    },
    flush,
    start() {
      stopped = false;
      const unsubscribe = network.subscribe(() => {
        const isOnline = network.isOnline();
        update({ isOnline });
        if (isOnline) {
          failures = 0;
          void flush();
        }
      });
      const stopListening = changes.listen(() => void reload());
      void reload().then(() => flush());
      return () => {
        stopped = true;
        unsubscribe();
        stopListening();
        clearTimeout(retryTimer);
      };
    },
  };
}
