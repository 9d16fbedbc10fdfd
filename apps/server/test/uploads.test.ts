import { messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const server = messagesId.server;
const UPLOAD = '/ranwal/api/upload-file';
const FIVE_MB = 5 * 1024 * 1024;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Smallest valid images of each accepted type. */
const images = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/jpeg': Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/webp': Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;

interface Part {
  field: string;
  bytes?: Uint8Array;
  filename?: string;
  type?: string;
  /** A plain text field instead of a file. */
  value?: string;
}

/** A multipart/form-data body and its Content-Type, as a browser's FormData would send it. */
async function multipart(...parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.value !== undefined) form.append(part.field, part.value);
    else
      form.append(
        part.field,
        new Blob([part.bytes ?? new Uint8Array()], { type: part.type ?? '' }),
        part.filename ?? 'file',
      );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe.each(databaseTargets)('uploads on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const upload = async (token: string | undefined, ...parts: Part[]) =>
    t.call('POST', UPLOAD, { token, ...(await multipart(...parts)) });

  const pathOf = (url: string) => new URL(url).pathname;

  describe('upload-file', () => {
    it.each(Object.entries(images))(
      'stores %s and serves the same bytes at the answered URL',
      async (type, bytes) => {
        // The declared name and type do not matter; the bytes do.
        const response = await upload(t.adminToken, {
          field: 'file',
          bytes,
          filename: 'gambar.bin',
          type: 'application/octet-stream',
        });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ status: 200, message: server.ok });
        expect(body.data.path).toMatch(
          new RegExp(`^http://localhost(:80)?/ranwal/api/uploads/${UUID.source}$`),
        );

        const served = await t.call('GET', pathOf(body.data.path));
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(served.headers['content-length'])).toBe(bytes.length);
        expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
      },
    );

    it('records the type, size and uploader', async () => {
      const response = await upload(t.adminToken, {
        field: 'file',
        bytes: images['image/png'],
        filename: 'sampul.png',
        type: 'image/png',
      });
      const id = UUID.exec(response.json().data.path)![0];
      const row = await t.database.db
        .selectFrom('upload')
        .innerJoin('app_user', 'app_user.id', 'upload.uploaded_by')
        .select(['upload.content_type', 'upload.byte_size', 'app_user.role'])
        .where('upload.id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        content_type: 'image/png',
        byte_size: images['image/png'].length,
        role: 'admin',
      });
    });

    it('takes the file next to other form fields', async () => {
      const response = await upload(
        t.adminToken,
        { field: 'caption', value: 'Sampul' },
        { field: 'file', bytes: images['image/gif'], filename: 'a.gif', type: 'image/gif' },
      );
      expect(response.statusCode, response.body).toBe(200);
    });

    it('answers 401 "Token Invalid" without a token and 403 for a user', async () => {
      const file = {
        field: 'file',
        bytes: images['image/png'],
        filename: 'a.png',
        type: 'image/png',
      };
      const anonymous = await upload(undefined, file);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status: 401, message: 'Token Invalid' });
      const user = await upload(t.userToken, file);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it.each([
      [
        'SVG',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'image/png',
      ],
      ['HTML', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'image/png'],
      ['plain text', 'just some words, not an image', 'image/png'],
      ['PDF', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF', 'image/png'],
      ['an empty file', '', 'image/png'],
    ])('refuses %s renamed .png with 415', async (_, content, type) => {
      const response = await upload(t.adminToken, {
        field: 'file',
        bytes: Buffer.from(content),
        filename: 'gambar.png',
        type,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        status: 415,
        message: server.unsupportedImage,
        data: null,
        code: 'unsupported_media_type',
      });
    });

    it('refuses a real image of another type (BMP) with 415', async () => {
      const bmp = Buffer.alloc(58);
      bmp.write('BM', 0, 'latin1');
      bmp.writeUInt32LE(58, 2);
      bmp.writeUInt32LE(54, 10);
      bmp.writeUInt32LE(40, 14);
      bmp.writeInt32LE(1, 18);
      bmp.writeInt32LE(1, 22);
      bmp.writeUInt16LE(1, 26);
      bmp.writeUInt16LE(24, 28);
      const response = await upload(t.adminToken, {
        field: 'file',
        bytes: bmp,
        filename: 'a.png',
        type: 'image/png',
      });
      expect(response.statusCode).toBe(415);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const big = Buffer.alloc(FIVE_MB + 1);
      images['image/png'].copy(big);
      const response = await upload(t.adminToken, {
        field: 'file',
        bytes: big,
        filename: 'besar.png',
        type: 'image/png',
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        status: 413,
        message: server.payloadTooLarge,
        data: null,
        code: 'payload_too_large',
      });
    });

    it('accepts a file of exactly 5 MB', async () => {
      const edge = Buffer.alloc(FIVE_MB);
      images['image/png'].copy(edge);
      const response = await upload(t.adminToken, {
        field: 'file',
        bytes: edge,
        filename: 'pas.png',
        type: 'image/png',
      });
      expect(response.statusCode, response.body).toBe(200);
    });

    it.each<[string, () => Promise<{ body: unknown; headers?: Record<string, string> }>]>([
      ['no file at all', () => multipart({ field: 'caption', value: 'tanpa berkas' })],
      [
        'a file in another field',
        () =>
          multipart({
            field: 'image',
            bytes: images['image/png'],
            filename: 'a.png',
            type: 'image/png',
          }),
      ],
      ['a JSON body', async () => ({ body: { file: 'a.png' } })],
    ])('answers 400 naming the field "file" for %s', async (_, build) => {
      const response = await t.call('POST', UPLOAD, { token: t.adminToken, ...(await build()) });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ status: 400, code: 'validation', issues: [{ path: 'file' }] });
      expect(body.message).toContain('file');
    });
  });

  describe('uploads/:id', () => {
    it.each([
      ['a malformed id', 'not-a-uuid'],
      ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ])('answers the 404 envelope for %s', async (_, id) => {
      const response = await t.call('GET', `/ranwal/api/uploads/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found', data: null });
    });
  });
});

describe.each(databaseTargets)('uploads behind RANWAL_PUBLIC_URL on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { RANWAL_PUBLIC_URL: 'https://ranwal.example.go.id/' });
  });
  afterAll(() => t?.close());

  it('answers URLs on the public origin', async () => {
    const { body, headers } = await multipart({
      field: 'file',
      bytes: images['image/webp'],
      filename: 'a.webp',
      type: 'image/webp',
    });
    const response = await t.call('POST', UPLOAD, { token: t.adminToken, body, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.path).toMatch(
      new RegExp(`^https://ranwal\\.example\\.go\\.id/ranwal/api/uploads/${UUID.source}$`),
    );
  });
});
