import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

// The portal's build writes `.br` and `.gz` beside each script and stylesheet; the server sends
// the encoding the browser accepts, and the file as it is otherwise.
describe('built portal assets', () => {
  const script = `export const greeting = ${JSON.stringify('Selamat datang '.repeat(200))};\n`;
  let directory: string;
  let t: TestApp;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'ranwal-portal-assets-'));
    await mkdir(path.join(directory, 'assets'));
    await writeFile(path.join(directory, 'index.html'), '<!doctype html><title>Ranwal</title>');
    const asset = path.join(directory, 'assets', 'main-abc123.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    t = await startTestApp('pglite', { RANWAL_PORTAL_DIR: directory });
  });
  afterAll(async () => {
    await t?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const get = (encodings?: string) =>
    t.call('GET', '/assets/main-abc123.js', {
      headers: encodings ? { 'accept-encoding': encodings } : {},
    });

  it('sends the brotli copy to a browser that accepts it, as JavaScript, varying by encoding', async () => {
    const response = await get('gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await get('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    const response = await get();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });
});
