import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FromWorker, LayoutTask, ToWorker } from './layout-pool.js';
import { layouts } from './layouts.js';

type Rows = Extract<ToWorker, { type: 'rows' | 'end' }>;

/**
 * One layout on a worker thread of the layout pool (services/layout-pool.ts): asks for rows a
 * chunk at a time, and sends the file's bytes back one write at a time, each written (or queued
 * within the file's limits) before the next, so neither side holds more than a chunk.
 */
export default async function layOut({ name, input, port }: LayoutTask): Promise<void> {
  const stopped = new AbortController();
  let wanted: ((rows: Rows) => void) | undefined;
  let written: (() => void) | undefined;
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);

  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      // A copy of its own: the chunk may be a slice of a pooled buffer, which cannot move.
      const bytes = new Uint8Array(chunk);
      written = callback;
      send({ type: 'data', bytes }, [bytes.buffer as ArrayBuffer]);
    },
    final(callback) {
      written = callback;
      send({ type: 'final' });
    },
  });
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'rows':
      case 'end': {
        const take = wanted;
        wanted = undefined;
        take?.(message);
        break;
      }
      case 'written': {
        const done = written;
        written = undefined;
        done?.();
        break;
      }
      case 'abort':
        stopped.abort();
        wanted?.({ type: 'end' });
        output.destroy();
        break;
    }
  });
  async function* chunks() {
    while (!stopped.signal.aborted) {
      const next = await new Promise<Rows>((resolve) => {
        wanted = resolve;
        send({ type: 'next' });
      });
      if (next.type === 'end') return;
      yield next.rows;
    }
  }
  try {
    const layout = layouts[name] as (...args: unknown[]) => Promise<void>;
    await layout(input, chunks(), output, stopped.signal);
    // Done when the last bytes are written there: the task's answer comes by another channel,
    // which could overtake them.
    if (!stopped.signal.aborted) await finished(output);
  } finally {
    port.close();
  }
}
