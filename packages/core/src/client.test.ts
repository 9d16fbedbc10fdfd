import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from './client.js';
import { ApiError } from './errors.js';

// A small real HTTP server standing in for apps/server's contract: it records what it received
// and answers the way the contract says, so the client is tested over a real socket.
const PROGRAM_ID = '3f1f8a52-4a3b-4c8e-9d7a-1b2c3d4e5f60';
const received: {
  method?: string;
  url?: string;
  headers?: IncomingMessage['headers'];
  body?: string;
}[] = [];

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/ranwal/api/program/list') {
        if (req.headers.authorization !== 'Bearer good-token') {
          return json(res, 401, {
            status: 401,
            message: 'Token Invalid',
            data: null,
            code: 'unauthorized',
          });
        }
        return json(res, 200, {
          status: 200,
          message: 'Berhasil',
          data: [{ id: PROGRAM_ID, name: 'Program Penunjang Urusan Pemerintahan', is_taxed: true }],
          filter: { current_page: 1, total_page: 1, filtered_result: 1, total_result: 1 },
        });
      }
      if (url.pathname === `/ranwal/api/action/${PROGRAM_ID}/update`) {
        return json(res, 409, {
          status: 409,
          message: 'Nama sudah dipakai',
          data: null,
          code: 'conflict',
          issues: [{ path: 'name', message: 'sudah dipakai' }],
        });
      }
      if (url.pathname === '/ranwal/api/supporter/create') {
        return json(res, 201, {
          status: 201,
          message: 'Berhasil',
          data: { id: 'not-a-uuid', name: 'x' },
        });
      }
      if (url.pathname === '/ranwal/api/upload-file') {
        return json(res, 200, {
          status: 200,
          message: 'Berhasil',
          data: { path: 'http://x/img/1' },
        });
      }
      if (url.pathname === '/ranwal/api/health') {
        res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
        return res.end('<html>proxy error</html>');
      }
      if (url.pathname === '/files/report.xlsx') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(Buffer.from([0x50, 0x4b, 3, 4]));
      }
      json(res, 404, { status: 404, message: 'Tidak ditemukan', data: null, code: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const lastRequest = () => received.at(-1)!;

describe('createClient', () => {
  it('sends the bearer token and the list query, and parses the list envelope', async () => {
    const client = createClient({ baseUrl, getToken: () => 'good-token' });
    const result = await client.program.list({ page: 1, limit: 100, search: 'penunjang' });
    expect(result.data[0]?.name).toBe('Program Penunjang Urusan Pemerintahan');
    expect(result.filter.total_page).toBe(1);
    expect(lastRequest().headers?.authorization).toBe('Bearer good-token');
    expect(lastRequest().url).toBe('/ranwal/api/program/list?page=1&limit=100&search=penunjang');
  });

  it('calls onUnauthorized on a 401 and throws an ApiError with the server message', async () => {
    const onUnauthorized = vi.fn();
    const client = createClient({ baseUrl, getToken: () => 'stale', onUnauthorized });
    const error = await client.program.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      message: 'Token Invalid',
      code: 'unauthorized',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('puts the path parameter in the URL, sends the body as JSON and keeps field issues', async () => {
    const client = createClient({ baseUrl });
    const error = await client.action
      .update(PROGRAM_ID, { name: 'Kegiatan', program_id: PROGRAM_ID })
      .catch((e: unknown) => e);
    expect(lastRequest().method).toBe('PUT');
    expect(lastRequest().headers?.['content-type']).toBe('application/json');
    expect(JSON.parse(lastRequest().body ?? '')).toEqual({
      name: 'Kegiatan',
      program_id: PROGRAM_ID,
    });
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'conflict',
      serverMessage: 'Nama sudah dipakai',
      issues: [{ path: 'name', message: 'sudah dipakai' }],
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    const client = createClient({ baseUrl });
    await expect(client.supporter.create({ name: 'Bappeda' })).rejects.toMatchObject({
      kind: 'invalid_response',
      status: 201,
    });
  });

  it('keeps the status line when the error body is not JSON', async () => {
    const client = createClient({ baseUrl });
    await expect(client.health.get()).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      statusText: 'Bad Gateway',
      message: '502 Bad Gateway',
      serverMessage: undefined,
    });
  });

  it('tells a network failure apart from a server answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = (await client.health.get().catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
  });

  it('uploads a file as multipart form data in the field "file"', async () => {
    const client = createClient({ baseUrl, getToken: () => 'good-token' });
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const result = await client.upload.file(png, 'sampul.png');
    expect(result.data.path).toBe('http://x/img/1');
    expect(lastRequest().headers?.['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(lastRequest().body).toContain('name="file"; filename="sampul.png"');
  });

  it('fetches a linked file as bytes', async () => {
    const client = createClient({ baseUrl });
    const response = await client.fetchFile('/files/report.xlsx');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([0x50, 0x4b, 3, 4]),
    );
  });

  it("sends the bearer token for a file on the API's origin only", async () => {
    const client = createClient({ baseUrl, getToken: () => 'good-token' });
    await client.fetchFile('/files/report.xlsx');
    expect(lastRequest().headers?.authorization).toBe('Bearer good-token');
    await client.fetchFile(`${baseUrl}/files/report.xlsx`);
    expect(lastRequest().headers?.authorization).toBe('Bearer good-token');
    // The same server under another name is another origin (as a link built from a forged Host
    // header would be): the file comes, the token stays.
    const elsewhere = baseUrl.replace('127.0.0.1', 'localhost');
    const response = await client.fetchFile(`${elsewhere}/files/report.xlsx`);
    expect(response.ok).toBe(true);
    expect(lastRequest().url).toBe('/files/report.xlsx');
    expect(lastRequest().headers?.authorization).toBeUndefined();
  });

  it('uses the fetch it is given', async () => {
    const fetchSpy = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 200, message: 'ok', data: { database: 'up' } }), {
          status: 200,
        }),
    );
    const client = createClient({ baseUrl: 'http://example.invalid/', fetch: fetchSpy });
    await expect(client.health.get()).resolves.toMatchObject({ data: { database: 'up' } });
    expect(fetchSpy).toHaveBeenCalledWith(
      'http://example.invalid/ranwal/api/health',
      expect.anything(),
    );
  });

  it('sends an Idempotency-Key with a create when given one, and none otherwise', async () => {
    const sent: Headers[] = [];
    const fetchSpy = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return new Response('{}', { status: 500 });
    });
    const client = createClient({ baseUrl: 'http://example.invalid', fetch: fetchSpy });
    await client.supporter
      .create({ name: 'Sekretariat' }, { idempotencyKey: 'kunci-1' })
      .catch(() => {});
    await client.supporter.create({ name: 'Sekretariat' }).catch(() => {});
    expect(sent.map((headers) => headers.get('idempotency-key'))).toEqual(['kunci-1', null]);
    expect(sent[0]?.get('content-type')).toBe('application/json');
  });
});
