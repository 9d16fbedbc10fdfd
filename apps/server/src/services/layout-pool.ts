import { AsyncResource } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { type LayoutName, layouts } from './layouts.js';

/*
 * Printouts laid out on other threads (issue 39). A report's rows are read here, where the
 * database is, and handed to a worker a chunk at a time as it asks for them; the worker lays
 * them out (exceljs' sheet XML, pdfkit's pages: most of an RKA download's time) and sends the
 * file's bytes back to be written here. The server's own thread keeps answering everyone else
 * meanwhile, and on a machine of two cores the layout runs on the second.
 */

/** What a layout takes first (its heading), and the rows it lays out after. */
type InputOf<N extends LayoutName> = Parameters<(typeof layouts)[N]>[0];
type ChunksOf<N extends LayoutName> = Parameters<(typeof layouts)[N]>[1];

/** Messages to the worker: the next rows (or none left), a write done, or stop. */
export type ToWorker =
  | { type: 'rows'; rows: unknown[] }
  | { type: 'end' }
  | { type: 'written' }
  | { type: 'abort' };
/** Messages from the worker: rows wanted, the file's next bytes, or the file is whole. */
export type FromWorker = { type: 'next' } | { type: 'data'; bytes: Uint8Array } | { type: 'final' };

/** What the worker is given for one layout. */
export interface LayoutTask {
  name: LayoutName;
  input: unknown;
  port: MessagePort;
}

export interface LayoutPool {
  /**
   * Lays `chunks` out as `name` into `output`; resolves when the layout is done (the output
   * ended) or stopped by `signal`, rejects with the layout's or the rows' error.
   */
  layOut<N extends LayoutName>(
    name: N,
    input: InputOf<N>,
    chunks: ChunksOf<N>,
    output: Writable,
    signal: AbortSignal,
  ): Promise<void>;
  /** Layouts done on the worker threads so far (none with 0 threads). */
  readonly laidOutOnThreads: number;
  close(): Promise<void>;
}

/**
 * The worker's script: beside the built server (dist/layout-worker.js, tsup.config.ts), or, when
 * this module runs from source (the tests), the server's build.
 */
function workerScript(): string {
  const here = new URL(import.meta.url);
  const script = here.pathname.endsWith('.ts')
    ? new URL('../../dist/layout-worker.js', here)
    : new URL('./layout-worker.js', here);
  if (!existsSync(script)) {
    throw new Error(
      `The layout worker is not built (${fileURLToPath(script)}): run npm run build -w @ranwal/server`,
    );
  }
  return script.href;
}

/**
 * Layouts on `threads` worker threads (started on the first printout, stopped a minute after
 * the last), or on the caller's own thread with 0.
 */
export function createLayoutPool(threads: number): LayoutPool {
  let pool: Piscina | undefined;
  const poolOf = () => {
    pool ??= new Piscina({
      filename: workerScript(),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      // A layout waits for its rows and for its bytes to be written: several share a worker as
      // they shared the server's thread, so a year's RKA does not hold up a sub kegiatan's.
      concurrentTasksPerWorker: 16,
    });
    return pool;
  };

  return {
    get laidOutOnThreads() {
      return pool?.completed ?? 0;
    },
    async layOut(name, input, chunks, output, signal) {
      if (threads === 0) {
        const layout = layouts[name] as (...args: unknown[]) => Promise<void>;
        return layout(input, chunks, output, signal);
      }
      const { port1, port2 } = new MessageChannel();
      const rows = (chunks as AsyncIterable<unknown[]>)[Symbol.asyncIterator]();
      const send = (message: ToWorker) => port1.postMessage(message);
      const stop = () => send({ type: 'abort' });
      signal.addEventListener('abort', stop, { once: true });
      let failed: unknown;
      // Rows are read in the caller's context (its read replica, bound by AsyncLocalStorage).
      const answer = AsyncResource.bind(async (message: FromWorker) => {
        switch (message.type) {
          case 'next':
            try {
              const next = await rows.next();
              send(next.done ? { type: 'end' } : { type: 'rows', rows: next.value });
            } catch (error) {
              failed = error;
              stop();
            }
            break;
          case 'data':
            if (output.write(message.bytes)) send({ type: 'written' });
            else output.once('drain', () => send({ type: 'written' }));
            break;
          case 'final':
            output.end(() => send({ type: 'written' }));
            break;
        }
      });
      port1.on('message', (message: FromWorker) => void answer(message));
      try {
        const task: LayoutTask = { name, input, port: port2 };
        await poolOf().run(task, { transferList: [port2] });
        if (failed) throw failed;
      } finally {
        signal.removeEventListener('abort', stop);
        port1.close();
        await rows.return?.();
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}
