import { parentPort } from 'node:worker_threads';
import { createSandboxHost } from './host.js';

/*
 * The sandbox host on a thread of its own (createSandboxWorker): PGlite runs its queries on the
 * thread that calls it, and on the dev server's thread every story's queries would hold up the
 * serving of modules and the test runner's own messages.
 */

export interface WorkerCall {
  id: number;
  kind: 'warm' | 'handle' | 'close';
  request?: { url: string; method: string; headers: [string, string][]; body: ArrayBuffer | null };
}
export interface WorkerAnswer {
  id: number;
  error?: string;
  response?: { status: number; headers: [string, string][]; body: ArrayBuffer | null };
}

// A test run with PostgreSQL (DATABASE_URL, as in CI) keeps the stories' databases there.
const host = createSandboxHost({ postgresUrl: process.env.DATABASE_URL });
const port = parentPort;
port?.on('message', async ({ id, kind, request }: WorkerCall) => {
  try {
    if (kind === 'warm') await host.warm();
    if (kind === 'close') await host.close();
    if (kind === 'handle' && request) {
      const answer = await host.handle(
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        }),
      );
      const body = answer.body ? await answer.arrayBuffer() : null;
      const response = { status: answer.status, headers: [...answer.headers], body };
      port.postMessage({ id, response } satisfies WorkerAnswer, body ? [body] : []);
      return;
    }
    port.postMessage({ id } satisfies WorkerAnswer);
  } catch (error) {
    // The message only: what reaches a page never carries a stack (the host logs it).
    port.postMessage({
      id,
      error: String((error as Error).message ?? error),
    } satisfies WorkerAnswer);
  }
});
