// A client that opens its report link and stops reading (issue 15, item 1): the workbook is made
// into a temporary file before a byte is sent, so no database session waits for the client; one
// person has at most RANWAL_EXPORTS_PER_USER downloads in progress; a reader that takes nothing
// for RANWAL_SEND_TIMEOUT_MS is cut off.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messagesId } from '@ranwal/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildChain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api/detail-program';
/**
 * Lines with a 1 920-character specification of hex digits: about 8 MB of workbook (deflate
 * halves hex at best), twice what the socket buffers of both ends take in (about 4 MB on
 * loopback while the reader reads nothing), so a reader that stops reading stops the sending.
 */
const LINES = 8_000;
const PER_USER = 2;

/** Fails with `what` unless `promise` settles within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), ms)),
  ]);
}

interface Stalled {
  status: number;
  head: string;
  /** What came after the head in the same read. */
  start: string;
  socket: Socket;
}

/** Sends the request and reads only the answer's head, then stops reading. */
function stalledDownload(port: number, link: string): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${link} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    });
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      const head = received.slice(0, end);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        head,
        start: received.slice(end + 4),
        socket,
      });
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
    socket.once('close', () => reject(new Error(`closed before an answer: ${received}`)));
  });
}

/** Reads the rest of what the server sent until it closes the connection; answers the bytes. */
function readToClose(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    socket.removeAllListeners('close');
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.once('close', () => resolve(bytes));
    socket.resume();
  });
}

describe.each(databaseTargets)('report downloads against a stalled reader on %s', (target) => {
  let t: TestApp;
  let port: number;
  let temporary: string;
  let link: string;

  beforeAll(async () => {
    temporary = await mkdtemp(path.join(tmpdir(), 'ranwal-report-download-test-'));
    t = await startTestApp(target, {
      RANWAL_TEMP_DIR: temporary,
      RANWAL_SEND_TIMEOUT_MS: '1500',
      RANWAL_EXPORTS_PER_USER: String(PER_USER),
    });
    const chain = await buildChain(t, 'Alfa');
    // The lines' words are never searched here, and indexing these hex ones by trigram (15 MB of
    // text, nearly every trigram new) took PGlite over a minute of the suite's CPU.
    await sql`drop index detail_program_year_search_idx`.execute(t.database.db);
    await sql`
      insert into detail_program (component_code, component_name, specification, unit, price,
        first_volume, second_volume, third_volume, total_price, tax, total_after_tax, year,
        program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
        supporter_id, created_by)
      select 'B-' || n, 'Barang ' || n,
        (select string_agg(md5(n || '-' || k), '') from generate_series(1, 60) k),
        'Pcs', 1000, 1, 1, 1, 1000, 0, 1000, 2029,
        ${chain.program_id}, ${chain.action_id}, ${chain.sub_action_id}, ${chain.activity_id},
        ${chain.subtitle_id}, ${chain.account_id}, ${chain.supporter_id}, ${t.userId}
      from generate_series(1, ${LINES}) as n`.execute(t.database.db);
    const answer = await t.call('GET', `${API}/report?year=2029`, { token: t.userToken });
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().data.path, 'http://localhost');
    link = `${url.pathname}${url.search}`;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await rm(temporary, { recursive: true, force: true });
  });

  it('serves everyone else while a reader stalls, then cuts the reader off', async () => {
    const stalled = await stalledDownload(port, link);
    expect(stalled.status).toBe(200);
    expect(stalled.head).toMatch(/content-length: \d+/i);

    // Before, the export's transaction (PGlite's only session) waited for this reader.
    const health = await within(
      t.call('GET', '/ranwal/api/health'),
      10_000,
      'health did not answer while a report download stalled',
    );
    expect(health.statusCode).toBe(200);
    const list = await within(
      t.call('GET', `${API}/list?limit=5`, { token: t.adminToken }),
      10_000,
      'a list did not answer while a report download stalled',
    );
    expect(list.statusCode).toBe(200);

    // Cut off after RANWAL_SEND_TIMEOUT_MS without progress: its file is removed, and what the
    // reader finds when it reads again is a cut-short body and a closed connection.
    await vi.waitFor(async () => expect(await readdir(temporary)).toEqual([]), {
      timeout: 20_000,
      interval: 100,
    });
    const length = Number(/content-length: (\d+)/i.exec(stalled.head)![1]);
    const received = await within(
      readToClose(stalled.socket),
      10_000,
      'the connection stayed open',
    );
    expect(received).toBeLessThan(length);
  }, 120_000);

  it(`lets one person have ${PER_USER} downloads in progress; the others are told to wait`, async () => {
    const attempts = await Promise.all(
      Array.from({ length: 11 }, () => stalledDownload(port, link)),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([...Array(PER_USER).fill(200), ...Array(11 - PER_USER).fill(429)]);
    const refused = attempts.find((attempt) => attempt.status === 429)!;
    const length = Number(/content-length: (\d+)/i.exec(refused.head)![1]);
    const body = await new Promise<string>((resolve) => {
      let text = refused.start;
      if (text.length >= length) return resolve(text);
      refused.socket.on('data', (chunk) => {
        text += chunk;
        if (text.length >= length) resolve(text);
      });
      refused.socket.resume();
    });
    expect(JSON.parse(body)).toEqual({
      status: 429,
      code: 'rate_limited',
      message: messagesId.server.exportsBusy(PER_USER),
      data: null,
    });

    // Nobody else is held up: the admin lists and downloads meanwhile.
    const list = await t.call('GET', `${API}/list?limit=5`, { token: t.adminToken });
    expect(list.statusCode).toBe(200);
    const adminLink = await t.call('GET', `${API}/report?year=2030`, { token: t.adminToken });
    const adminFile = await t.call(
      'GET',
      new URL(adminLink.json().data.path, 'http://localhost').pathname +
        new URL(adminLink.json().data.path, 'http://localhost').search,
    );
    expect(adminFile.statusCode).toBe(200);

    // Once the stalled downloads are cut off, the person may download again.
    for (const attempt of attempts) attempt.socket.destroy();
    await vi.waitFor(
      async () => {
        const again = await t.call('GET', link);
        expect(again.statusCode).toBe(200);
        expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
      },
      { timeout: 20_000, interval: 200 },
    );
  }, 120_000);
});
