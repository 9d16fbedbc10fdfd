import { createClient, httpError, type RanwalClient, type User } from '@ranwal/core';
import { type FaultyFetchOptions, faultyFetch } from '@ranwal/core/contract';
import { SANDBOX_PATH, SANDBOX_USER_TOKEN, type SandboxSessionRequest } from '@ranwal/core/demo';
import { demoSeed, type SeedTables } from './sandbox-seed.js';

export * from './sandbox-seed.js';
export { httpError };

/*
 * The client Storybook's screen stories run on: the SDK's own `createClient`, talking to the real
 * server in a sandbox (apps/server/src/sandbox): each client opens a session on a database of
 * its own, seeded with the story's tables, and every call is answered by the server's routes,
 * services and SQL. Only what a story stages is done here: a delay before each answer (to see
 * Loading states), and calls that fail on purpose.
 */

/** Where the sandbox listens, and how to reach it (Vite's dev server in a browser). */
export interface SandboxTransport {
  origin: string;
  fetch: typeof fetch;
}
let transport: SandboxTransport | undefined;
/** Node tests hand requests to a sandbox host of their own (`createSandboxHost().handle`). */
export function useSandboxTransport(next: SandboxTransport): void {
  transport = next;
}
const transportOf = (): SandboxTransport =>
  transport ?? { origin: globalThis.location.origin, fetch: (...args) => fetch(...args) };

/** The SDK's base URL; the sandbox session's path replaces it on every call. */
const STORY_API = 'http://story-api.invalid';

export interface SandboxClientOptions {
  /** The tables to start from; `demoSeed` by default. */
  seed?: SeedTables;
  /** Delay before every answer, so Loading states can be seen; 0 by default. */
  latencyMs?: number;
  /** Calls that fail: with this ApiError (see `httpError`), or as a network failure; read per call. */
  failOn?: FaultyFetchOptions['failOn'];
  /** Who calls; the seed's first admin by default, null for a signed-out visitor. */
  currentUser?: User | null;
  /** Another client whose session (database) this one shares (several callers on one store). */
  sharedWith?: RanwalClient;
  /** The bearer token to send instead of `currentUser`'s (a session signed in through the client). */
  token?: string;
}

/**
 * Each client's session id: opened on its first call (a story's clients are made before it runs),
 * shared with the clients made `sharedWith` it, and ended only by the client that opened it.
 */
const sessionIdOf = new WeakMap<RanwalClient, () => Promise<string>>();
/**
 * The sessions clients opened and have not ended, by the client that opened each. A story's
 * loaders make clients of their own to read or stage data and never end them; their sessions held
 * the sandbox's databases until it took them back as idle (20 s), so every eighth session of a run
 * waited for one (`endSandboxSessions`, .storybook/preview.tsx).
 */
const openSessions = new Map<RanwalClient, Promise<string>>();

/** Ends the session `client` opened, if it did: its database goes back to the sandbox's pool. */
export async function endSandboxSession(client: RanwalClient): Promise<void> {
  const opened = openSessions.get(client);
  if (!opened) return;
  openSessions.delete(client);
  // A session the sandbox refused to open has nothing to end.
  const id = await opened.catch(() => undefined);
  if (!id) return;
  const { origin, fetch } = transportOf();
  await fetch(`${origin}${SANDBOX_PATH}/sessions/${id}`, { method: 'DELETE' }).catch(
    () => undefined,
  );
}

/** Ends every session this page's clients opened and have not ended (a story is over). */
export async function endSandboxSessions(): Promise<void> {
  await Promise.all([...openSessions.keys()].map((client) => endSandboxSession(client)));
}

/**
 * Sent on `window` when a story opens a sandbox session: the screenshot of such a story shows rows
 * stamped with the server's clock (.storybook/visual.ts).
 */
export const SANDBOX_SESSION_EVENT = 'ranwal:sandbox-session';

async function openSession(seed: SeedTables, currentUser: User | null | undefined) {
  const { origin, fetch } = transportOf();
  // The story's own caller is taken as given, even when its seed does not list them.
  const users =
    currentUser && !seed.users.some((user) => user.id === currentUser.id)
      ? [...seed.users, { ...currentUser, password: crypto.randomUUID() }]
      : seed.users;
  const answer = await fetch(`${origin}${SANDBOX_PATH}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seed: { ...seed, users } } satisfies SandboxSessionRequest),
  });
  if (!answer.ok) throw new Error(`sandbox: ${answer.status} ${await answer.text()}`);
  globalThis.dispatchEvent?.(new Event(SANDBOX_SESSION_EVENT));
  return ((await answer.json()) as { id: string }).id;
}

export function createSandboxClient(options: SandboxClientOptions = {}): RanwalClient {
  const seed = options.seed ?? demoSeed;
  const firstAdmin = seed.users.find((user) => user.role === 'admin');
  const currentUser =
    options.currentUser !== undefined ? options.currentUser : (firstAdmin ?? null);
  const shared = options.sharedWith && sessionIdOf.get(options.sharedWith);
  let opened: Promise<string> | undefined;
  const sessionId =
    shared ??
    (() => {
      if (!opened) {
        opened = openSession(seed, currentUser);
        openSessions.set(client, opened);
      }
      return opened;
    });
  const client = createClient({
    baseUrl: STORY_API,
    getToken: () =>
      options.token ?? (currentUser ? `${SANDBOX_USER_TOKEN}${currentUser.id}` : null),
    fetch: faultyFetch({
      latencyMs: options.latencyMs ?? 0,
      ...(options.failOn ? { failOn: options.failOn } : {}),
      next: async (request) => {
        const { origin, fetch } = transportOf();
        const url = new URL(request.url);
        if (url.origin !== STORY_API) return fetch(request);
        const id = await sessionId();
        const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer();
        return fetch(`${origin}${SANDBOX_PATH}/s/${id}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
          signal: request.signal,
        });
      },
    }),
  });
  sessionIdOf.set(client, sessionId);
  return client;
}
