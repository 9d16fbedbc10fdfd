import { createServer, type Server, type Socket } from 'node:net';
import { messagesId } from '@ranwal/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/connect.js';

// A PostgreSQL that cannot be reached (restarting, or the connection cut): callers get a 503 they
// may retry with a message saying so, not a 500. The faults suite (npm run test:reliability) does
// it for real, with a restart and cut connections under load.
describe.each([
  ['refuses connections (stopped)', 'refuse'],
  ['cuts every connection (going down)', 'cut'],
  ['accepts connections and never answers (a host gone silent)', 'silent'],
] as const)('a PostgreSQL that %s', (_, behaviour) => {
  const accepts = behaviour !== 'refuse';
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let cutter: Server;
  beforeAll(async () => {
    const held: Socket[] = [];
    cutter = createServer((socket) => {
      if (behaviour === 'cut') socket.destroy();
      else held.push(socket);
    });
    cutter.on('close', () => {
      for (const socket of held) socket.destroy();
    });
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    const { port } = cutter.address() as { port: number };
    if (!accepts) await new Promise((resolve) => cutter.close(resolve));
    database = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${port}/ranwal`,
      // The silent host: a call fails after this instead of waiting for the OS.
      connectTimeoutMs: 500,
    });
    const config = loadConfig({ LOG_LEVEL: 'silent', RANWAL_JWT_SECRET: 'x'.repeat(32) });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (accepts) cutter?.close();
  });

  it('answers health with 503, a retry hint and the message', async () => {
    const response = await app.inject({ method: 'GET', url: '/ranwal/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 503,
      message: messagesId.server.unavailable,
      data: null,
      code: 'unavailable',
    });
  });

  it('answers a public list with 503 too, and keeps answering', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app.inject({ method: 'GET', url: '/ranwal/api/article/list' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(messagesId.server.unavailable);
    }
  });
});
