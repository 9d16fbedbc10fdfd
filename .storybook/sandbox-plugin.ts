import type { IncomingMessage, ServerResponse } from 'node:http';
import { SANDBOX_PATH } from '@ranwal/core/demo';
import type { Connect, Plugin } from 'vite';

/** The host's calls (apps/server/src/sandbox/host.ts, `SandboxHost`; its dist has no types). */
interface Host {
  handle(request: Request): Promise<Response>;
  warm(): Promise<void>;
  close(): Promise<void>;
}
/**
 * One host per process: Vitest and Storybook may each build more than one server from these
 * plugins (and load this module more than once), and every host would migrate and fill a pool.
 */
const HOST = Symbol.for('ranwal.sandbox-host');
const shared = globalThis as { [HOST]?: Promise<Host> };
function sandboxHost(): Promise<Host> {
  shared[HOST] ??= (async () => {
    const { createSandboxWorker } = await import('../apps/server/dist/sandbox.js');
    const host: Host = createSandboxWorker();
    // Migrating and cloning take seconds: done while the browser starts, not in a story.
    void host.warm();
    return host;
  })();
  return shared[HOST];
}

/**
 * Serves the real Ranwal server's sandbox (apps/server/src/sandbox) from the server that serves
 * the stories (Storybook's dev server, the Vitest browser run, and `vite preview` of the static
 * site), so every connected story talks to the real routes, services and SQL. Needs core and the
 * server built (`npm test` and `npm run storybook` do it).
 */
export function sandboxPlugin(): Plugin {
  const handle = async (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) => {
    if (!req.url?.startsWith(SANDBOX_PATH)) return next();
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await (await sandboxHost()).handle(
        new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          body: chunks.length > 0 ? Buffer.concat(chunks) : null,
        }),
      );
      res.statusCode = answer.status;
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      // The terminal gets the details; the page a line, never a stack.
      console.error('sandbox:', error);
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'sandbox: internal error' }));
    }
  };
  const use = async (server: { middlewares: Connect.Server }) => {
    await sandboxHost();
    server.middlewares.use((req, res, next) => void handle(req, res, next));
  };
  return {
    name: 'ranwal-sandbox',
    configureServer: use,
    configurePreviewServer: use,
    // The pooled databases end with the servers that served them.
    closeBundle: async () => {
      const host = shared[HOST];
      delete shared[HOST];
      await (await host)?.close();
    },
  };
}
