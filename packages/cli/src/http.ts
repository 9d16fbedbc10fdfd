import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { currentRun } from './io.js';

/** Told how many bytes of a request body have gone out, of how many. */
export type UploadListener = (sent: number, total: number) => void;

/** How long a connection may take to open, and an open one may stay silent (an answer may take minutes). */
const CONNECT_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 10 * 60_000;
/** Request bodies go out in pieces of this many characters, each told to the upload listener. */
const BODY_PIECE_CHARS = 256 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;

/**
 * Closes the run's keep-alive connections (one agent per protocol, made on first use, so the
 * calls of a command share them) so the process can end at once.
 */
export function closeAgents(): void {
  const { agents } = currentRun();
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** A failure below HTTP, with the code `networkFailure` reads (as fetch gives it, in `cause`). */
const failed = (cause: unknown) => Object.assign(new TypeError('fetch failed'), { cause });
const timedOut = (code: string, message: string) =>
  Object.assign(new Error(message), { code }) as NodeJS.ErrnoException;

/**
 * What the API client asks of `fetch`, over Node's own http and https: a method, headers, a text
 * body (sent in pieces, each told to `onUpload`), an abort signal; redirects followed as fetch
 * does. The answer has the status, `text()`, `json()` and the body as a stream. Node's client
 * rather than undici's fetch: an import of 100 000 rows peaks 10 MB lower (docs/performance.md).
 */
export async function nodeFetch(
  input: string,
  init: RequestInit = {},
  onUpload?: UploadListener,
): Promise<Response> {
  const body = init.body ?? undefined;
  if (body !== undefined && typeof body !== 'string') {
    throw new TypeError('only text request bodies are supported');
  }
  let url = new URL(input);
  let method = init.method ?? 'GET';
  let content = body;
  const headers = { ...(init.headers as Record<string, string> | undefined) };
  for (let redirects = 0; ; redirects += 1) {
    const answer = await exchange(
      url,
      method,
      headers,
      content,
      init.signal ?? undefined,
      onUpload,
    );
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.statusCode ?? 0) || !location || redirects === MAX_REDIRECTS) {
      return responseOf(answer);
    }
    answer.resume();
    const next = new URL(location, url);
    // As fetch: a 303, or a POST moved by 301/302, is asked again with GET and no body; the
    // token does not follow to another origin.
    const status = answer.statusCode!;
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      content = undefined;
      delete headers['content-type'];
    }
    if (next.origin !== url.origin) delete headers.authorization;
    url = next;
  }
}

/** One request and its answer's head. */
async function exchange(
  url: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  body: string | undefined,
  signal: AbortSignal | undefined,
  onUpload: UploadListener | undefined,
): Promise<IncomingMessage> {
  const { request, Agent } =
    url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const { agents } = currentRun();
  let agent = agents.get(url.protocol);
  if (!agent) {
    agent = new Agent({ keepAlive: true });
    agents.set(url.protocol, agent);
  }
  const total = body === undefined ? 0 : Buffer.byteLength(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': total },
        agent,
        timeout: IDLE_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      },
      (answer) => {
        // A body cut off is an error for whoever reads it (`responseOf`), never a crash.
        answer.on('error', () => {});
        resolve(answer);
      },
    );
    sent.on('error', (error) => reject(signal?.aborted ? error : failed(error)));
    sent.on('timeout', () =>
      sent.destroy(timedOut('ESOCKETTIMEDOUT', 'no answer within the time allowed')),
    );
    sent.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => sent.destroy(timedOut('ETIMEDOUT', 'could not connect in time')),
        CONNECT_TIMEOUT_MS,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    if (body === undefined) {
      sent.end();
      return;
    }
    // The body encoded a piece at a time: a body of megabytes is not held a second time as bytes.
    let at = 0;
    let written = 0;
    const write = () => {
      while (at < body.length) {
        let end = Math.min(body.length, at + BODY_PIECE_CHARS);
        // Never between the two halves of a character outside the BMP.
        const last = body.charCodeAt(end - 1);
        if (end < body.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
        const piece = Buffer.from(body.slice(at, end));
        at = end;
        written += piece.length;
        const more = sent.write(piece);
        onUpload?.(written, total);
        if (!more) {
          sent.once('drain', write);
          return;
        }
      }
      sent.end();
    };
    write();
  });
}

/** The answer as the API client reads a fetch Response. */
function responseOf(answer: IncomingMessage): Response {
  const status = answer.statusCode ?? 0;
  let bytes: Promise<Buffer> | null = null;
  const read = () => {
    bytes ??= (async () => {
      const pieces: Buffer[] = [];
      try {
        for await (const piece of answer) pieces.push(piece as Buffer);
      } catch (error) {
        throw failed(error);
      }
      return Buffer.concat(pieces);
    })();
    return bytes;
  };
  const text = async () => (await read()).toString('utf8');
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: answer.statusMessage ?? '',
    headers: {
      get: (name: string) => {
        const value = answer.headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(', ') : (value ?? null);
      },
    },
    get body() {
      return Readable.toWeb(answer);
    },
    text,
    json: async () => JSON.parse(await text()),
  } as unknown as Response;
}
