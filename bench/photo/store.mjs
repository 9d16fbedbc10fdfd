// How long the server takes to store a field photo as the phone sends it after resizing
// (issue 38: "a 12-megapixel photo is resized on the phone and stored in under 2 s"): a
// 1600×1200 JPEG of about 0.3 MB with the camera's EXIF, posted to POST /ranwal/api/evidence
// (multipart, EXIF read, metadata stripped, stored) on the embedded PGlite, or on PostgreSQL
// when DATABASE_URL is set. Run with `npm run bench:photo-store` (jiti reads the server's
// TypeScript sources, as the tests do).
//
//   npm run bench:photo-store [-- --runs 20]
import { parseArgs } from 'node:util';
import jpeg from 'jpeg-js';
import { startTestApp } from '../../apps/server/test/harness.ts';
import { exifSegment } from '../../packages/ui/src/testing/exif-fixture.ts';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(options.runs);

/** A photo-like 1600×1200 JPEG: smooth light, fine noise (what keeps a real photo ~0.3 MB). */
function resizedPhoto(seed) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 4);
  let state = seed;
  const noise = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state % 24) - 12;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const sky = y < height * 0.55;
      pixels[at] = Math.max(0, Math.min(255, (sky ? 170 : 90) + noise() + (x >> 5)));
      pixels[at + 1] = Math.max(0, Math.min(255, (sky ? 200 : 160) + noise()));
      pixels[at + 2] = Math.max(0, Math.min(255, (sky ? 240 : 80) + noise() + (y >> 6)));
      pixels[at + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data: pixels, width, height }, 80).data;
  const exif = exifSegment({
    latitude: -7.1502,
    longitude: 111.7512,
    takenAt: '2027-03-14T10:20:30',
    offset: '+07:00',
    bigEndian: true,
  });
  return Buffer.concat([encoded.subarray(0, 2), exif, encoded.subarray(2)]);
}

const target = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const t = await startTestApp(target, { LOG_LEVEL: 'silent' });
try {
  const create = async (path, body) => {
    const answer = await t.call('POST', `/ranwal/api/${path}/create`, {
      token: t.adminToken,
      body,
    });
    if (answer.statusCode !== 201) throw new Error(`${path}: ${answer.body}`);
    return answer.json().data.id;
  };
  const agency = await create('agency', { name: 'Dinas Bench Foto' });
  const program = await create('program', { name: 'Program Bench', agency_id: agency });
  const action = await create('action', { name: 'Kegiatan Bench', program_id: program });
  const subAction = await create('sub-action', { name: 'Sub Kegiatan Bench', action_id: action });
  const photos = Array.from({ length: runs }, (_, index) => resizedPhoto(index + 1));
  const times = [];
  for (const [index, photo] of photos.entries()) {
    const form = new FormData();
    form.append('sub_action_id', subAction);
    form.append('year', '2027');
    // Ten photos a month at most: a new month every ten.
    form.append('month', String(1 + Math.floor(index / 10)));
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const started = performance.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/ranwal/api/evidence',
      headers: {
        authorization: `Bearer ${t.adminToken}`,
        'content-type': encoded.headers.get('content-type'),
      },
      payload: body,
    });
    times.push(performance.now() - started);
    if (answer.statusCode !== 201) throw new Error(`upload: ${answer.body}`);
    if (answer.json().data.place_source !== 'exif') throw new Error('EXIF place not read');
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const size = photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length;
  console.log(
    `store ${runs} photos of ${(size / 1024).toFixed(0)} KB on ${target}: median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms (budget with the resize: 2 000 ms)`,
  );
} finally {
  await t.close();
}
