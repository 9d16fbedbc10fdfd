import { currentYear, MAX_LINE_TOTAL, messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api/detail-program';
const SUMMARY = `${API}/summary`;

// 2^52: two of these sum to one past the largest exact amount.

describe.each(databaseTargets)('budget summary on %s', (target) => {
  let t: TestApp;
  let alfa: Chain;
  let beta: Chain;
  // What the call answers without a year: on the empty database, and once 2024-2026 have lines.
  let withoutYearWhenEmpty: Awaited<ReturnType<typeof summary>>;
  let withoutYearAfter2026: Awaited<ReturnType<typeof summary>>;

  /** As the admin unless told; `null` sends no token. */
  const summary = (query: string, token: string | null = t.adminToken) =>
    t.call('GET', `${SUMMARY}${query}`, { token: token ?? undefined });

  /** A line through the API: the server computes its money. */
  async function line(
    token: string,
    chain: Chain,
    year: number,
    money: { price: number; first_volume?: number; is_taxed: boolean },
  ) {
    const response = await t.call('POST', `${API}/create`, {
      token,
      body: { ...chain, component_name: 'Komponen', year, ...money },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    withoutYearWhenEmpty = await summary('');
    alfa = await buildChain(t, 'Alfa');
    beta = await buildChain(t, 'Beta');
    // A programme without lines is left out of every year.
    await buildChain(t, 'Gamma');

    // 2025: Alfa 1001 taxed (PPN 120) by a user, 2500 x 2 untaxed by the admin;
    // Beta 333 x 1.5 = 499.5, rounded to 500, taxed (PPN 60).
    await line(t.userToken, alfa, 2025, { price: 1001, is_taxed: true });
    await line(t.adminToken, alfa, 2025, { price: 2500, first_volume: 2, is_taxed: false });
    await line(t.userToken, beta, 2025, { price: 333, first_volume: 1.5, is_taxed: true });
    // Other years.
    await line(t.userToken, alfa, 2024, { price: 7000, is_taxed: true });
    await line(t.adminToken, beta, 2026, { price: 100, is_taxed: false });
    withoutYearAfter2026 = await summary('');
    // 2099: ten lines of the most a line may hold and one of a rupiah, past what a JSON number
    // holds exactly (it would read 10 000 000 000 000 000).
    for (let i = 0; i < 10; i++) {
      await line(t.adminToken, i % 2 ? alfa : beta, 2099, {
        price: MAX_LINE_TOTAL,
        is_taxed: false,
      });
    }
    await line(t.adminToken, alfa, 2099, { price: 1, is_taxed: false });
  });
  afterAll(() => t?.close());

  const years = [2024, 2025, 2026, 2099];

  it("sums a year's lines, overall and per programme, largest first, in exact rupiah", async () => {
    const response = await summary('?year=2025');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      message: messagesId.server.ok,
      data: {
        year: 2025,
        line_count: 3,
        total_price: '6501',
        tax: '180',
        total_after_tax: '6681',
        programs: [
          {
            program_id: alfa.program_id,
            program_name: 'Program Alfa',
            line_count: 2,
            total_price: '6001',
            tax: '120',
            total_after_tax: '6121',
          },
          {
            program_id: beta.program_id,
            program_name: 'Program Beta',
            line_count: 1,
            total_price: '500',
            tax: '60',
            total_after_tax: '560',
          },
        ],
        years,
      },
    });
  });

  it('keeps other years out', async () => {
    const response = await summary('?year=2024');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      year: 2024,
      line_count: 1,
      total_price: '7000',
      tax: '840',
      total_after_tax: '7840',
      programs: [
        {
          program_id: alfa.program_id,
          program_name: 'Program Alfa',
          line_count: 1,
          total_price: '7000',
          tax: '840',
          total_after_tax: '7840',
        },
      ],
      years,
    });
  });

  it('answers zeros and no programmes for a year without lines, still listing the years', async () => {
    const response = await summary('?year=2030');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      year: 2030,
      line_count: 0,
      total_price: '0',
      tax: '0',
      total_after_tax: '0',
      programs: [],
      years,
    });
  });

  it('covers the current budget year when no year is given, however late a line is', async () => {
    const response = withoutYearAfter2026;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      year: currentYear(),
      years: [2024, 2025, 2026],
    });
    // One line for 2030 (a typo, or a plan far ahead) does not move everyone's dashboard.
    await line(t.adminToken, alfa, 2030, { price: 1000, is_taxed: false });
    const after = await summary('');
    expect(after.json().data).toMatchObject({ year: currentYear() });
    expect(after.json().data.years).toContain(2030);
  });

  it('covers the current year (Asia/Jakarta) when no year is given and no line exists', async () => {
    const response = withoutYearWhenEmpty;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ year: currentYear(), line_count: 0, years: [] });
  });

  it('sums exactly however large, as decimal text, never refusing a year', async () => {
    const response = await summary('?year=2099');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      line_count: 11,
      total_price: '10000000000000001',
      tax: '0',
      total_after_tax: '10000000000000001',
      programs: [
        { program_name: 'Program Alfa', line_count: 6, total_after_tax: '5000000000000001' },
        { program_name: 'Program Beta', line_count: 5, total_after_tax: '5000000000000000' },
      ],
    });
  });

  it('answers 403 to a user', async () => {
    const response = await summary('?year=2025', t.userToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'forbidden',
      message: messagesId.server.forbidden,
    });
  });

  it('answers 401 Token Invalid without a token', async () => {
    const response = await summary('?year=2025', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, message: 'Token Invalid', data: null });
  });

  it.each([
    ['abc', 'harus berupa tahun, mis. 2025'],
    ['1999', 'minimal 2000'],
    ['2101', 'maksimal 2100'],
    ['2025.5', 'harus berupa tahun, mis. 2025'],
    // What a number coercion read as years: exponent, spaces, hexadecimal.
    ['2.025e3', 'harus berupa tahun, mis. 2025'],
    [' 2026 ', 'harus berupa tahun, mis. 2025'],
    ['0x7e9', 'harus berupa tahun, mis. 2025'],
  ])('answers 400 naming the year for year=%s', async (year, problem) => {
    const response = await summary(`?year=${encodeURIComponent(year)}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation',
      issues: [{ path: 'year', message: problem }],
    });
  });
});
