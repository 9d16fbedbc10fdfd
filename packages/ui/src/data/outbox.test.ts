import { ApiError, messagesId } from '@ranwal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  broadcastOutboxChanges,
  createOutbox,
  lastingRefusal,
  memoryOutboxStore,
  type NetworkStatus,
  type OutboxEntry,
  type OutboxItem,
  type SendOutboxItem,
} from './outbox.js';

const progress = (subject: string, tenths = 455): OutboxEntry => ({
  kind: 'progress',
  subject,
  body: {
    sub_action_id: '00000000-0000-4000-8000-000000000001',
    year: 2025,
    month: 3,
    progress_tenths: tenths,
    problems: '',
    actions: '',
    decrease_reason: null,
  },
});
const photo = (subject: string, filename: string): OutboxEntry => ({
  kind: 'photo',
  subject,
  fields: { sub_action_id: '00000000-0000-4000-8000-000000000001', year: 2025, month: 3 },
  photo: new Blob([filename], { type: 'image/jpeg' }),
  filename,
});

/** A network whose state the test sets, firing the browser's events. */
function fakeNetwork(online: boolean) {
  const listeners = new Set<() => void>();
  const network: NetworkStatus & { set(value: boolean): void } = {
    isOnline: () => online,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      for (const listener of listeners) listener();
    },
  };
  return network;
}

const http = (status: number, message: string) =>
  new ApiError({ kind: 'http', status, message, serverMessage: message });
const offline = () => new ApiError({ kind: 'network', message: 'Network error: fetch failed' });
const nameOf = (item: OutboxItem) => (item.kind === 'photo' ? item.filename : item.subject);
/** Lets every pending promise and due timer run. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const exclusive = (pass: () => Promise<void>) => pass();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('outbox', () => {
  it('sends in the order submitted, one at a time, and removes each once answered', async () => {
    const sent: string[] = [];
    let inFlight = 0;
    const send: SendOutboxItem = async (item) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent.push(nameOf(item));
      inFlight -= 1;
    };
    const store = memoryOutboxStore();
    const outbox = createOutbox({ store, send, network: fakeNetwork(true), exclusive });
    const stop = outbox.start();
    await outbox.enqueue([progress('A'), photo('A', 'a1.jpg'), photo('A', 'a2.jpg')]);
    await outbox.enqueue([progress('B')]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual(['A', 'a1.jpg', 'a2.jpg', 'B']);
    expect(await store.all()).toEqual([]);
    expect(outbox.getState().items).toEqual([]);
    stop();
  });

  it('keeps everything while offline and sends it when the connection returns', async () => {
    const network = fakeNetwork(false);
    const send = vi.fn<SendOutboxItem>(async () => undefined);
    const outbox = createOutbox({ store: memoryOutboxStore(), send, network, exclusive });
    const stop = outbox.start();
    await outbox.enqueue([progress('A'), photo('A', 'a1.jpg')]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    expect(outbox.getState()).toMatchObject({ isOnline: false, items: [{}, {}] });
    network.set(true);
    await settle();
    expect(send.mock.calls.map(([item]) => nameOf(item))).toEqual(['A', 'a1.jpg']);
    expect(outbox.getState().items).toEqual([]);
    stop();
  });

  it('sends what an earlier session left in the store on start', async () => {
    const earlier = createOutbox({
      store: memoryOutboxStore(),
      send: async () => undefined,
      network: fakeNetwork(false),
      exclusive,
    });
    const [left] = await earlier.enqueue([progress('A')]);
    const send = vi.fn<SendOutboxItem>(async () => undefined);
    const outbox = createOutbox({
      store: memoryOutboxStore(left ? [left] : []),
      send,
      network: fakeNetwork(true),
      exclusive,
    });
    const stop = outbox.start();
    await settle();
    expect(send).toHaveBeenCalledWith(left, expect.any(AbortSignal));
    stop();
  });

  it('retries a failure that may pass with backoff, under the same id, keeping the order', async () => {
    const calls: Array<[string, string, number]> = [];
    let failuresLeft = 3;
    const send: SendOutboxItem = async (item) => {
      calls.push([nameOf(item), item.id, Date.now()]);
      if (failuresLeft-- > 0) throw nameOf(item) === 'A' ? offline() : http(503, 'Busy');
    };
    const outbox = createOutbox({
      store: memoryOutboxStore(),
      send,
      network: fakeNetwork(true),
      retryDelaysMs: [1_000, 5_000],
      exclusive,
    });
    const stop = outbox.start();
    await settle();
    const start = Date.now();
    const [a, b] = await outbox.enqueue([progress('A'), photo('A', 'a1.jpg')]);
    await settle();
    expect(outbox.getState()).toMatchObject({
      retryAt: start + 1_000,
      items: [{ attempts: 1 }, {}],
    });
    await vi.advanceTimersByTimeAsync(1_000 + 5_000 + 5_000);
    expect(calls.map(([name, id, at]) => [name, id, at - start])).toEqual([
      ['A', a?.id, 0],
      ['A', a?.id, 1_000],
      ['A', a?.id, 6_000],
      ['A', a?.id, 11_000],
      ['a1.jpg', b?.id, 11_000],
    ]);
    expect(outbox.getState()).toMatchObject({ items: [], retryAt: null });
    stop();
  });

  it('aborts a stalled attempt after the timeout and retries it with the same key', async () => {
    const signals: AbortSignal[] = [];
    const ids: string[] = [];
    const send: SendOutboxItem = (item, signal) => {
      signals.push(signal);
      ids.push(item.id);
      // The first attempt never answers (and ignores its signal); the second does.
      return ids.length === 1 ? new Promise(() => {}) : Promise.resolve();
    };
    const outbox = createOutbox({
      store: memoryOutboxStore(),
      send,
      network: fakeNetwork(true),
      timeoutMs: 30_000,
      retryDelaysMs: [2_000],
      exclusive,
    });
    const stop = outbox.start();
    await outbox.enqueue([progress('A')]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signals[0]?.aborted).toBe(false);
    expect(outbox.getState().sendingId).toBe(ids[0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(outbox.getState().items).toEqual([]);
    stop();
  });

  it('keeps an item refused for good with the server words, sends the rest, and discards it on request', async () => {
    const refused = 'Laporan bulan ini sudah dikirim dan terkunci';
    const send = vi.fn<SendOutboxItem>(async (item) => {
      if (item.kind === 'progress') throw http(409, refused);
    });
    const outbox = createOutbox({
      store: memoryOutboxStore(),
      send,
      network: fakeNetwork(true),
      exclusive,
    });
    const stop = outbox.start();
    const [a] = await outbox.enqueue([progress('A'), photo('A', 'a1.jpg')]);
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.getState().items).toMatchObject([
      { id: a?.id, failure: { status: 409, message: refused } },
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    await outbox.flush();
    expect(send).toHaveBeenCalledTimes(2); // never sent again
    await outbox.discard(a?.id ?? '');
    expect(outbox.getState().items).toEqual([]);
    stop();
  });

  it('a submission while a pass runs is sent in the same run, after what came before', async () => {
    const sent: string[] = [];
    const outbox = createOutbox({
      store: memoryOutboxStore(),
      send: async (item) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        sent.push(nameOf(item));
      },
      network: fakeNetwork(true),
      exclusive,
    });
    const stop = outbox.start();
    void outbox.enqueue([progress('A')]);
    await vi.advanceTimersByTimeAsync(10);
    void outbox.enqueue([progress('B')]);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(['A', 'B']);
    stop();
  });
});

describe('outbox in two tabs', () => {
  it('shows in one tab what another queued and sent, without an attempt of its own', async () => {
    vi.useRealTimers();
    const store = memoryOutboxStore();
    const network = fakeNetwork(false);
    const changes = () => broadcastOutboxChanges(`outbox-test-${process.pid}`);
    const first = createOutbox({
      store,
      send: async () => undefined,
      network,
      exclusive,
      changes: changes(),
    });
    // The other tab finds the sending lock taken: what it shows comes from the first's news.
    const second = createOutbox({
      store,
      send: async () => undefined,
      network,
      exclusive: async () => {},
      changes: changes(),
    });
    const stops = [first.start(), second.start()];
    await vi.waitFor(() => expect(second.getState().isLoaded).toBe(true));
    await first.enqueue([progress('A'), photo('A', 'a1.jpg')]);
    await vi.waitFor(() => expect(second.getState().items.map(nameOf)).toEqual(['A', 'a1.jpg']));
    network.set(true);
    await vi.waitFor(() => expect(first.getState().items).toEqual([]));
    await vi.waitFor(() => expect(second.getState().items).toEqual([]));
    for (const stop of stops) stop();
  });
});

describe('lastingRefusal', () => {
  it.each([
    ['a network failure', offline(), null],
    ['a 500', http(500, 'x'), null],
    ['a 503', http(503, 'x'), null],
    ['401: sign in again, then it passes', http(401, 'Token Invalid'), null],
    ['408', http(408, 'x'), null],
    ['429', http(429, 'x'), null],
    ['409 of a repeat still running', http(409, messagesId.server.idempotencyInProgress), null],
    ['409 of a sent month', http(409, 'terkunci'), { status: 409, message: 'terkunci' }],
    [
      '400',
      http(400, 'progress_tenths: paling besar 100 %'),
      { status: 400, message: 'progress_tenths: paling besar 100 %' },
    ],
    ['403', http(403, 'Tidak berhak'), { status: 403, message: 'Tidak berhak' }],
    [
      '413 (photo too large)',
      http(413, 'Terlalu besar'),
      { status: 413, message: 'Terlalu besar' },
    ],
    ['something not from the client', new Error('boom'), null],
  ])('%s', (_name, error, expected) => {
    expect(lastingRefusal(error)).toEqual(expected);
  });
});
