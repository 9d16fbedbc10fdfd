import { currentYear } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, type Chain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

const API = '/ranwal/api';
const THIS_YEAR = currentYear();
/** The year being planned (2027 while this is 2026): a region sets it up the year before. */
const NEXT_YEAR = THIS_YEAR + 1;

/** A day counted from today in WIB, as YYYY-MM-DD (the server checks dates in WIB). */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

describe.each(databaseTargets)('the budget years to choose from on %s', (target) => {
  let t: TestApp;
  let chain: Chain;

  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    t.call(method, `${API}/${path}`, { token: t.adminToken, body });
  const yearsAs = async (token: string) => {
    const response = await t.call('GET', `${API}/planning/years`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { default_year: number; years: number[] };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    chain = await buildChain(t, 'Tahun');
  });
  afterAll(() => t?.close());

  it('opens on the current year, offering it and the next, while nothing names a year', async () => {
    expect(await yearsAs(t.userToken)).toEqual({
      default_year: THIS_YEAR,
      years: [NEXT_YEAR, THIS_YEAR],
    });
    expect((await t.call('GET', `${API}/planning/years`)).statusCode).toBe(401);
  });

  it('offers every year with lines, a pagu, an agency pagu, catalogue items or a stage', async () => {
    const line = await t.call('POST', `${API}/detail-program/create`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: 2020 }),
    });
    expect(line.statusCode, line.body).toBe(201);
    const pagu = await admin('PUT', 'pagu/set', {
      sub_action_id: chain.sub_action_id,
      year: 2021,
      amount: 1_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const agency = await admin('POST', 'agency/create', { name: 'Perangkat Daerah Tahun' });
    const agencyPagu = await admin('PUT', 'pagu/agency', {
      agency_id: agency.json().data.id,
      year: 2022,
      amount: 5_000_000,
    });
    expect(agencyPagu.statusCode, agencyPagu.body).toBe(200);
    const items = await admin('POST', 'price-item/import', {
      year: 2023,
      items: [{ kind: 'SSH', code: '1.1.7.01.01', name: 'Pulpen', unit: 'Buah', price: 2_500 }],
    });
    expect(items.statusCode, items.body).toBe(200);
    const stages = await admin('PUT', 'stage/schedule', {
      year: 2040,
      stages: [{ kind: 'ranwal', starts_on: '2040-01-02', ends_on: '2040-02-01' }],
    });
    expect(stages.statusCode, stages.body).toBe(200);

    // A stage not entered and not in its dates is not running: the default stays.
    expect(await yearsAs(t.userToken)).toEqual({
      default_year: THIS_YEAR,
      years: [2040, NEXT_YEAR, THIS_YEAR, 2023, 2022, 2021, 2020],
    });
  });

  it("opens on the year whose stage is running, for the admin and the unit's user alike", async () => {
    const set = await admin('PUT', 'stage/schedule', {
      year: NEXT_YEAR,
      stages: [
        { kind: 'ranwal', starts_on: day(-5), ends_on: day(20) },
        { kind: 'rancangan', starts_on: day(21), ends_on: day(40) },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const entered = await admin('POST', 'stage/advance', { year: NEXT_YEAR });
    expect(entered.statusCode, entered.body).toBe(200);

    for (const token of [t.userToken, t.adminToken]) {
      expect((await yearsAs(token)).default_year).toBe(NEXT_YEAR);
    }
    // The year the form opens on is the one the user's line goes to (within its pagu: a year
    // with stages needs one).
    const pagu = await admin('PUT', 'pagu/set', {
      sub_action_id: chain.sub_action_id,
      year: NEXT_YEAR,
      amount: 1_000_000_000,
    });
    expect(pagu.statusCode, pagu.body).toBe(200);
    const line = await t.call('POST', `${API}/detail-program/create`, {
      token: t.userToken,
      body: budgetLineInput(chain, { year: NEXT_YEAR, component_name: 'Map Plastik' }),
    });
    expect(line.statusCode, line.body).toBe(201);
    expect(line.json().data).toMatchObject({ year: NEXT_YEAR });
  });
});
