import { execFile } from 'node:child_process';
import { messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

// Over real TCP (inject never resets a connection): a client still sending a body the server
// refuses unread must receive the answer, not a reset connection. Found by the faults suite.
describe('bodies refused before they are read', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  /**
   * POSTs `size` bytes (`head`, then padding) from another process, as a real client would: in
   * this process the answer could be read before the reset arrives.
   */
  const post = (path: string, head: string, size: number, type: string) =>
    new Promise<{ status: number; json: { status: number; message: string } }>(
      (resolve, reject) => {
        const script = `
          const [url, token, head, size, type] = process.argv.slice(1);
          const body = Buffer.alloc(Number(size), 32);
          body.write(head);
          try {
            const response = await fetch(url, { method: 'POST', body,
              headers: { authorization: 'Bearer ' + token, 'content-type': type } });
            console.log(JSON.stringify({ status: response.status, json: await response.json() }));
          } catch (error) {
            console.log(JSON.stringify({ status: 0, json: { message: String(error.cause ?? error) } }));
          }`;
        execFile(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            script,
            `${origin}${path}`,
            t.adminToken,
            head,
            String(size),
            type,
          ],
          (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout))),
        );
      },
    );
  const TEN_MB = 10 * 1024 * 1024;

  it('answers a 10 MB JSON body with 413 and its message, every time', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await post(
        '/ranwal/api/supporter/create',
        '{"name":"Pengampu"}',
        TEN_MB,
        'application/json',
      );
      expect(answer).toEqual({
        status: 413,
        json: expect.objectContaining({ status: 413, message: messagesId.server.payloadTooLarge }),
      });
    }
  });

  it('answers a large body of an unsupported type with 415 and its message', async () => {
    const answer = await post('/ranwal/api/supporter/create', 'a;b;c', TEN_MB, 'text/csv');
    expect(answer.status).toBe(415);
    expect(answer.json.message).toMatch(/Content-Type tidak didukung/);
    const health = await fetch(`${origin}/ranwal/api/health`);
    expect(health.status).toBe(200);
  });
});
