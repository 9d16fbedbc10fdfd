import { crc32 } from 'node:zlib';
import { messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { sweepIntervalMs } from '../src/routes/uploads.js';
import { createUploadService } from '../src/services/uploads.js';
import { images, multipart, type Part } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const server = messagesId.server;
const UPLOAD = '/ranwal/api/upload-file';
const FIVE_MB = 5 * 1024 * 1024;
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Where a phone puts its position: the text stands in for the EXIF GPS fields. */
const GPS = Buffer.from('Exif\0\0GPSLatitude 6.1754 S GPSLongitude 106.8272 E');

/** A JPEG segment: marker, big-endian length (itself included), payload. */
const jpegSegment = (marker: number, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** A PNG chunk with its CRC. */
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A RIFF chunk of a WebP file, padded to an even size. */
const webpChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
};
const riff = (...chunks: Buffer[]) => {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
};
/** A VP8X header chunk for a 1x1 canvas with the given feature flags. */
const vp8x = (flags: number) => webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));

describe.each(databaseTargets)('uploads on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const upload = async (token: string | undefined, ...parts: Part[]) =>
    t.call('POST', UPLOAD, { token, ...(await multipart(...parts)) });

  describe('metadata', () => {
    const jpeg = images['image/jpeg'];
    const png = images['image/png'];
    // The fixture WebP is a bare VP8L image: its chunk follows the 12-byte RIFF header.
    const vp8l = images['image/webp'].subarray(12);

    it.each([
      [
        'a JPEG with EXIF (GPS), XMP, IPTC and a comment',
        'image/jpeg',
        Buffer.concat([
          jpeg.subarray(0, 20),
          jpegSegment(0xe1, GPS),
          jpegSegment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')),
          jpegSegment(0xed, Buffer.from('Photoshop 3.0\0IPTC by Budi')),
          jpegSegment(0xfe, Buffer.from('Kantor Bappeda, lantai 2')),
          jpeg.subarray(20),
        ]),
        jpeg,
      ],
      [
        'a PNG with eXIf, text and time chunks',
        'image/png',
        Buffer.concat([
          png.subarray(0, 33),
          pngChunk('eXIf', GPS.subarray(6)),
          pngChunk('tEXt', Buffer.from('Author\0Budi')),
          pngChunk('iTXt', Buffer.from('Location\0\0\0\0\0Jakarta')),
          pngChunk('tIME', Buffer.from([7, 234, 11, 25, 8, 0, 0])),
          png.subarray(33),
        ]),
        png,
      ],
      [
        'a WebP with EXIF and XMP chunks',
        'image/webp',
        riff(
          vp8x(0x08 | 0x04),
          vp8l,
          webpChunk('EXIF', GPS.subarray(6)),
          webpChunk('XMP ', Buffer.from('<x:xmpmeta/>')),
        ),
        riff(vp8x(0), vp8l),
      ],
    ])(
      'are removed from %s; the picture is kept byte for byte',
      async (_, type, sent, expected) => {
        const response = await upload(t.adminToken, {
          field: 'file',
          bytes: sent,
          filename: 'foto',
          type,
        });
        expect(response.statusCode, response.body).toBe(200);
        const served = await t.call('GET', pathOf(response.json().data.path));
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.rawPayload.toString('latin1')).not.toMatch(
          /GPS|xmpmeta|IPTC|Budi|Jakarta|Bappeda/,
        );
        expect(Buffer.compare(served.rawPayload, expected)).toBe(0);
      },
    );
  });

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
        // A path from the root: links are never built from the request's Host header.
        expect(body.data.path).toMatch(new RegExp(`^/ranwal/api/uploads/${UUID.source}$`));

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

/** A PNG padded to `size` bytes: still a PNG by its content. */
const pngOfSize = (size: number) => {
  const bytes = Buffer.alloc(size);
  images['image/png'].copy(bytes);
  return bytes;
};

const pngPart = (bytes: Uint8Array = images['image/png']): Part => ({
  field: 'file',
  bytes,
  filename: 'sampul.png',
  type: 'image/png',
});

describe.each(databaseTargets)('anonymous uploads (RANWAL_ANONYMOUS_UPLOADS=1) on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, {
      RANWAL_ANONYMOUS_UPLOADS: '1',
      RANWAL_ANONYMOUS_UPLOAD_LIMIT: '3',
    });
  });
  afterAll(() => t?.close());

  /** An upload as the spec's client sends it: no Authorization header, from `ip`. */
  const uploadFrom = async (ip: string, part: Part, token?: string) => {
    const { body, headers } = await multipart(part);
    return t.app.inject({
      method: 'POST',
      url: UPLOAD,
      remoteAddress: ip,
      payload: body,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  it('takes an image without a token, kept as anonymous, and serves it', async () => {
    const response = await uploadFrom('192.0.2.1', pngPart());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, message: server.ok });
    const id = UUID.exec(response.json().data.path)![0];
    const row = await t.database.db
      .selectFrom('upload')
      .select(['anonymous', 'uploaded_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ anonymous: true, uploaded_by: null });
    const served = await t.call('GET', pathOf(response.json().data.path));
    expect(Buffer.compare(served.rawPayload, images['image/png'])).toBe(0);
  });

  it('checks anonymous files as any other: images only by content (415), 5 MB (413)', async () => {
    const text = await uploadFrom('192.0.2.2', {
      field: 'file',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      filename: 'a.png',
      type: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type' });
    const big = await uploadFrom('192.0.2.2', pngPart(pngOfSize(FIVE_MB + 1)));
    expect(big.statusCode).toBe(413);
  });

  it('checks a token that is sent: a bad one answers 401, a user 403', async () => {
    const forged = await uploadFrom('192.0.2.3', pngPart(), 'not-a-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ message: 'Token Invalid' });
    const user = await uploadFrom('192.0.2.3', pngPart(), t.userToken);
    expect(user.statusCode).toBe(403);
  });

  it('limits anonymous uploads per client IP (429); other IPs and admins go on', async () => {
    const ip = '198.51.100.7';
    for (let n = 0; n < 3; n += 1) {
      expect((await uploadFrom(ip, pngPart())).statusCode).toBe(200);
    }
    const refused = await uploadFrom(ip, pngPart());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: server.rateLimited,
    });
    expect((await uploadFrom('198.51.100.8', pngPart())).statusCode).toBe(200);
    expect((await uploadFrom(ip, pngPart(), t.adminToken)).statusCode).toBe(200);
  });

  it('stays off by default: without a token, 401', async () => {
    const closed = await startTestApp(target);
    try {
      const { body, headers } = await multipart(pngPart());
      const response = await closed.call('POST', UPLOAD, { body, headers });
      expect(response.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });
});

describe.each(databaseTargets)('the bytes anonymous uploads hold, on %s', (target) => {
  const size = 300;
  let t: TestApp;
  beforeAll(async () => {
    // Room for three of them.
    t = await startTestApp(target, {
      RANWAL_ANONYMOUS_UPLOADS: '1',
      RANWAL_ANONYMOUS_UPLOAD_MAX_MB: String((3.5 * size) / (1024 * 1024)),
    });
  });
  afterAll(() => t?.close());

  it('are capped (507), even when uploads race, and admins are not counted', async () => {
    const { body, headers } = await multipart(pngPart(pngOfSize(size)));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: UPLOAD,
          remoteAddress: `203.0.113.${n + 1}`,
          payload: body,
          headers,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 507, 507, 507, 507, 507]);
    expect(answers.find((answer) => answer.statusCode === 507)!.json()).toEqual({
      status: 507,
      message: server.anonymousUploadsFull,
      data: null,
      code: 'storage_full',
    });
    const admin = await t.call('POST', UPLOAD, { token: t.adminToken, body, headers });
    expect(admin.statusCode).toBe(200);
  });
});

describe.each(databaseTargets)('uploads no article references, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const uploadOne = async () => {
    const { body, headers } = await multipart(pngPart());
    const response = await t.call('POST', UPLOAD, { token: t.adminToken, body, headers });
    return response.json().data.path as string;
  };
  const idOf = (url: string) => UUID.exec(url)![0];
  const age = (url: string, hours: number) =>
    sql`update upload set created_at = now() - make_interval(hours => ${hours}) where id = ${idOf(url)}`.execute(
      t.database.db,
    );

  it('are removed once the grace has passed; covers and images in content stay', async () => {
    const [cover, inContent, orphan, recentOrphan] = await Promise.all(
      Array.from({ length: 4 }, uploadOne),
    );
    const article = await t.call('POST', '/ranwal/api/article/create', {
      token: t.adminToken,
      body: {
        title: 'Artikel Bergambar',
        content: `<p>Isi</p><img src="${inContent}" alt="Foto">`,
        cover_image: cover,
        category: 'Kegiatan Rutin',
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    for (const url of [cover!, inContent!, orphan!]) await age(url, 25);
    await age(recentOrphan!, 23);

    expect(await createUploadService(t.database.db).removeUnreferenced(24)).toBe(1);
    expect((await t.call('GET', pathOf(orphan!))).statusCode).toBe(404);
    for (const kept of [cover!, inContent!, recentOrphan!]) {
      expect((await t.call('GET', pathOf(kept))).statusCode).toBe(200);
    }
  });

  it('are looked for when the server starts', async () => {
    const orphan = await uploadOne();
    await age(orphan, 48);
    const restarted = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: t.database,
      logger: false,
    });
    await restarted.ready();
    await vi.waitFor(async () => {
      const left = await t.database.db
        .selectFrom('upload')
        .select('id')
        .where('id', '=', idOf(orphan))
        .execute();
      expect(left).toEqual([]);
    });
    await restarted.close();
  });

  it('sweep every quarter of the grace, between a minute and an hour', () => {
    expect(sweepIntervalMs(24)).toBe(3_600_000);
    expect(sweepIntervalMs(2)).toBe(1_800_000);
    expect(sweepIntervalMs(0.001)).toBe(60_000);
  });
});
