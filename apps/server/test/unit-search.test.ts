import { messagesId } from '@ranwal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLineInput, buildChain, buildUnitChain } from './fixtures.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';

// A Perangkat Daerah's search of its lines (issue 39, migration 0042) is read from an index that
// holds each line's search text, and so leaves out lines whose text is past a b-tree entry's
// size. Such a line must still be saved, and still be found, by the unit and by no other.

const LIST = '/ranwal/api/detail-program/list';
/** 1 990 Javanese letters (three bytes each in UTF-8) and a word: far past the index's bound. */
const LONG_SPECIFICATION = `${'ꦗ'.repeat(1_990)} ujungnya`;

type Unit = Awaited<ReturnType<typeof buildUnitChain>>;

describe.each(databaseTargets)("a unit's search on %s", (target) => {
  let t: TestApp;
  let unit: Unit;
  let other: Unit;

  const create = async (owner: Unit, overrides: Record<string, unknown>) => {
    const answer = await t.call('POST', '/ranwal/api/detail-program/create', {
      token: owner.token,
      body: budgetLineInput(owner.chain, overrides),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: string };
  };
  /** The component names a search finds for `token`, in the list's order, and its count. */
  const search = async (token: string, words: string) => {
    const answer = await t.call('GET', `${LIST}?year=2025&sort=oldest&search=${words}`, {
      token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data, filter } = answer.json() as {
      data: { id: string; component_name: string }[];
      filter: { filtered_result: number };
    };
    return { names: data.map((line) => line.component_name), data, count: filter.filtered_result };
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    unit = await buildUnitChain(t, 'CARISATU');
    other = await buildUnitChain(t, 'CARIDUA');
    await create(unit, { component_name: 'Kertas HVS' });
    await create(unit, { component_name: 'Tinta Printer' });
    await create(other, { component_name: 'Kertas Buram' });
  }, 60_000);
  afterAll(() => t?.close());

  it("finds the unit's lines by their words and their account's name, none of another unit's", async () => {
    expect(await search(unit.token, 'kertas')).toMatchObject({ names: ['Kertas HVS'], count: 1 });
    expect(await search(other.token, 'kertas')).toMatchObject({
      names: ['Kertas Buram'],
      count: 1,
    });
    // Both units' accounts are named '<Kode Rekening> CARI…': each unit finds its own lines only.
    const account = encodeURIComponent(messagesId.levels.account.label);
    expect(await search(unit.token, account)).toMatchObject({
      names: ['Kertas HVS', 'Tinta Printer'],
      count: 2,
    });
    expect(await search(unit.token, 'tidak%20ada')).toMatchObject({ names: [], count: 0 });
  });

  it('saves a line whose search text is past the index, and finds it by its last word', async () => {
    const long = await create(unit, {
      component_name: 'Naskah Panjang',
      specification: LONG_SPECIFICATION,
    });
    const found = await search(unit.token, 'ujungnya');
    expect(found.data.map((line) => line.id)).toEqual([long.id]);
    expect(found.count).toBe(1);
    // The unit's other lines are found as before while such a line is in its scope.
    expect(await search(unit.token, 'kertas')).toMatchObject({ names: ['Kertas HVS'], count: 1 });
    expect(await search(other.token, 'ujungnya')).toMatchObject({ names: [], count: 0 });
    const all = await search(t.adminToken, 'ujungnya');
    expect(all.names).toEqual(['Naskah Panjang']);
  });

  it("counts all of the unit's lines while a filter narrows the list to another programme", async () => {
    // A second programme of the unit, with one line; the long line is under the first.
    const chain = await buildChain(t, 'CARIPROG', { program: { agency_id: unit.agency } });
    await create({ ...unit, chain }, { component_name: 'Map Snelhecter' });
    const answer = await t.call('GET', `${LIST}?year=2025&program_id=${chain.program_id}`, {
      token: unit.token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data, filter } = answer.json();
    expect(data.map((line: { component_name: string }) => line.component_name)).toEqual([
      'Map Snelhecter',
    ]);
    // The unit's four lines, the long one among them.
    expect(filter).toMatchObject({ filtered_result: 1, total_result: 4 });
  });
});
