import { type FundingRecap, type FundingSource, messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildUnitChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { pdfPages, readWorkbook } from './rka-reading.js';

const API = '/ranwal/api';
const YEAR = 2032;
const texts = messagesId.funding.recap;

/**
 * The year's totals by sumber dana (issue 36): on screen for the dashboards, printed as a
 * workbook and a PDF, each over the caller's units only.
 */
describe.each(databaseTargets)('recap by sumber dana on %s', (target) => {
  let t: TestApp;
  let mine: { chain: Chain; agency: string; token: string };
  let theirs: { chain: Chain; agency: string; token: string };
  let byCode: Map<string, FundingSource>;

  const id = (code: string) => byCode.get(code)!.id;
  const line = async (unit: typeof mine, overrides: Record<string, unknown> = {}) => {
    const made = await t.call('POST', `${API}/detail-program/create`, {
      token: unit.token,
      body: budgetLineInput(unit.chain, { year: YEAR, ...overrides }),
    });
    expect(made.statusCode, made.body).toBe(201);
  };
  const recap = async (token: string, query = ''): Promise<FundingRecap> => {
    const answer = await t.call('GET', `${API}/funding-source/recap?year=${YEAR}${query}`, {
      token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const download = async (token: string, format: 'xlsx' | 'pdf') => {
    const linked = await t.call(
      'GET',
      `${API}/funding-source/recap/download?year=${YEAR}&format=${format}`,
      { token },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.originalName).toBe(`rekap-sumber-dana-${YEAR}.${format}`);
    const url = new URL(linked.json().data.path, 'http://localhost');
    const file = await t.call('GET', `${url.pathname}${url.search}`);
    expect(file.statusCode, file.body).toBe(200);
    return file.rawPayload;
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    mine = await buildUnitChain(t, 'REKAP');
    theirs = await buildUnitChain(t, 'REKAPLAIN');
    const list = await t.call('GET', `${API}/funding-source/list?limit=100`, {
      token: t.adminToken,
    });
    byCode = new Map((list.json().data as FundingSource[]).map((source) => [source.code, source]));

    // One line from before the sub kegiatan had sources: it names none.
    await line(mine, { component_name: 'Tanpa Sumber' });
    const set = await t.call('PUT', `${API}/sub-action-funding`, {
      token: t.adminToken,
      body: {
        sub_action_id: mine.chain.sub_action_id,
        year: YEAR,
        sources: [
          { funding_source_id: id('DAU'), ceiling: 10_000, is_default: true },
          { funding_source_id: id('DAK-FISIK'), ceiling: 5_000 },
        ],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    await line(mine, { component_name: 'Dari DAU' });
    await line(mine, { component_name: 'Dari DAU Juga', price: 2_000 });
    await line(mine, { component_name: 'Dari DAK', funding_source_id: id('DAK-FISIK') });
    await line(theirs, { component_name: 'Dari PAD', funding_source_id: id('PAD') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sums a unit's lines by source with the ceilings left, and only its own", async () => {
    const own = await recap(mine.token);
    expect(own.sources).toEqual([
      {
        funding_source_id: id('DAK-FISIK'),
        code: 'DAK-FISIK',
        name: 'Dana Alokasi Khusus Fisik',
        funding_group: 'transfer',
        sub_action_count: 1,
        ceiling: '5000',
        planned: '1000',
        remaining: '4000',
      },
      expect.objectContaining({
        code: 'DAU',
        ceiling: '10000',
        planned: '3000',
        remaining: '7000',
      }),
      {
        funding_source_id: null,
        code: null,
        name: null,
        funding_group: null,
        sub_action_count: 1,
        ceiling: null,
        planned: '1000',
        remaining: null,
      },
    ]);
    expect(own.planned_total).toBe('5000');

    // The admin sees both units, or one asked for; a unit asking for another's is refused.
    const region = await recap(t.adminToken);
    expect(region.sources.find((row) => row.code === 'PAD')?.planned).toBe('1000');
    expect(BigInt(region.planned_total)).toBe(6000n);
    const theirsOnly = await recap(t.adminToken, `&agency_id=${theirs.agency}`);
    expect(theirsOnly.sources.map((row) => row.code)).toEqual(['PAD']);
    const refused = await t.call(
      'GET',
      `${API}/funding-source/recap?year=${YEAR}&agency_id=${theirs.agency}`,
      { token: mine.token },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('prints the recap as a workbook grouped by kelompok, totals equal to the lines', async () => {
    const sheet = (await readWorkbook(await download(mine.token, 'xlsx'))).worksheets[0]!;
    expect(sheet.name).toBe(texts.sheet(YEAR));
    const rows = Array.from({ length: sheet.rowCount }, (_, index) =>
      Array.from({ length: 7 }, (_, column) => sheet.getRow(index + 1).getCell(column + 1).value),
    );
    const row = (label: string) => rows.find((cells) => cells[0] === label || cells[1] === label);
    expect(row(texts.heading)).toBeDefined();
    expect(row(texts.columns.code)).toEqual([
      texts.columns.code,
      texts.columns.name,
      texts.columns.subActions,
      texts.columns.ceiling,
      texts.columns.planned,
      texts.columns.remaining,
      texts.columns.share,
    ]);
    const transfer = messagesId.funding.groups.transfer;
    const labels = rows.map((cells) => cells[1] ?? cells[0]);
    expect(labels.indexOf(transfer)).toBeLessThan(labels.indexOf('Dana Alokasi Khusus Fisik'));
    expect(row('DAK-FISIK')).toEqual([
      'DAK-FISIK',
      'Dana Alokasi Khusus Fisik',
      1,
      5000,
      1000,
      4000,
      0.2,
    ]);
    expect(row(texts.subtotal(transfer))?.slice(3)).toEqual([15000, 4000, 11000, 0.8]);
    expect(row(messagesId.funding.line.none)?.slice(3)).toEqual([null, 1000, null, 0.2]);
    // The grand total is the API's, and no other unit's source is in it.
    expect(row(texts.grandTotal)?.slice(3)).toEqual([15000, 5000, 11000, 1]);
    expect(row('PAD')).toBeUndefined();
  });

  it('prints the same recap as a PDF with shares and the signatory', async () => {
    const text = (await pdfPages(await download(mine.token, 'pdf'))).join(' ');
    expect(text).toContain(texts.heading);
    expect(text).toContain(texts.year(YEAR));
    expect(text).toContain('DAK-FISIK Dana Alokasi Khusus Fisik 1 5.000 1.000 4.000 20 %');
    const total = text.slice(text.indexOf(texts.grandTotal));
    expect(total).toMatch(/^Total Keseluruhan 15\.000 5\.000 11\.000 100 %/);
    expect(total).toContain('NIP');
    expect(text).not.toContain('PAD');
  });
});
