import { type HistoryEntry, messagesId } from '@ranwal/core';
import { describe, expect, it } from 'vitest';
import {
  actorText,
  changeSummary,
  fieldChanges,
  historyValueText,
  recordName,
} from './history-diff.js';

const m = messagesId;

const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  changed_at: '2026-11-27T03:00:00.000Z',
  actor_id: null,
  actor_name: null,
  address: null,
  record_type: 'detail_program',
  record_id: 'line-1',
  action: 'update',
  old_values: null,
  new_values: null,
  ...overrides,
});

describe('historyValueText', () => {
  it.each([
    ['price', '1000', 'Rp 1.000'],
    ['total_after_tax', 1_500_000, 'Rp 1.500.000'],
    ['amount', '2500.00', 'Rp 2.500'],
    ['first_volume', '2.50', '2,5'],
    ['allow_overrun', true, m.history.yes],
    ['open', false, m.history.no],
    ['account_codes', ['5.1.02', '5.1.03'], '5.1.02, 5.1.03'],
    ['account_codes', [], '-'],
    ['specification', '', '-'],
    ['unit', null, '-'],
    ['component_name', 'Kertas HVS', 'Kertas HVS'],
  ])('%s %j reads %s', (field, value, text) => {
    expect(historyValueText(field, value, m)).toBe(text);
  });
});

describe('fieldChanges', () => {
  it('lists only changed fields, labelled, money in rupiah, bookkeeping left out', () => {
    const changes = fieldChanges(
      entry({
        old_values: {
          id: 'line-1',
          component_name: 'Kertas',
          price: '1000',
          first_volume: '2.00',
          updated_at: '2026-11-01T00:00:00Z',
          updated_by: 'u1',
        },
        new_values: {
          id: 'line-1',
          component_name: 'Kertas',
          price: '1500',
          first_volume: 2,
          updated_at: '2026-11-27T00:00:00Z',
          updated_by: 'u2',
        },
      }),
      m,
    );
    expect(changes.map((c) => m.history.change(c.label, c.from, c.to))).toEqual([
      `${m.reports.fields.price}: Rp 1.000 → Rp 1.500`,
    ]);
  });

  it('reads a reference by the name the server gave it, and an id it gave none as the id', () => {
    const changes = fieldChanges(
      entry({
        record_type: 'program',
        old_values: { agency_id: 'unit-1', account_id: 'acc-1' },
        new_values: { agency_id: 'unit-2', account_id: 'acc-2' },
        reference_names: {
          'unit-1': '1.01 - Dinas Pendidikan',
          'unit-2': '1.02 - Dinas Kesehatan',
        },
      }),
      m,
    );
    expect(changes.map((c) => m.history.change(c.label, c.from, c.to))).toEqual([
      `${m.levels.agency.label}: 1.01 - Dinas Pendidikan → 1.02 - Dinas Kesehatan`,
      `${m.levels.account.label}: acc-1 → acc-2`,
    ]);
  });

  it('names a column no label knows by its column', () => {
    const [change] = fieldChanges(
      entry({ old_values: { note: 'a' }, new_values: { note: 'b' } }),
      m,
    );
    expect(change).toMatchObject({ label: 'note', from: 'a', to: 'b' });
  });
});

describe('changeSummary', () => {
  it('lists an edit of the time stamp only as no change', () => {
    const stamped = entry({ old_values: { updated_at: 'a' }, new_values: { updated_at: 'b' } });
    expect(changeSummary(stamped, m)).toEqual([m.history.noChanges]);
  });

  it('lists nothing for a create or a delete (the action says it)', () => {
    expect(changeSummary(entry({ action: 'create', new_values: { price: '1' } }), m)).toEqual([]);
  });
});

describe('recordName', () => {
  it.each<[string, Partial<HistoryEntry>, string]>([
    [
      'a line by its component',
      { action: 'create', new_values: { component_name: 'Kertas' } },
      'Kertas',
    ],
    [
      'a deleted record by its name',
      { action: 'delete', old_values: { name: 'Program A' } },
      'Program A',
    ],
    [
      'a pagu by its amount',
      { record_type: 'pagu', new_values: { amount: '5000' } },
      `${m.history.fields.amount}: Rp 5.000`,
    ],
    ['a record without a name by its id', { action: 'delete', old_values: {} }, 'line-1'],
  ])('%s', (_, overrides, name) => {
    expect(recordName(entry(overrides), m)).toBe(name);
  });
});

describe('actorText', () => {
  it('is the person, or Sistem when none', () => {
    expect(actorText(entry({ actor_name: 'Budi' }), m)).toBe('Budi');
    expect(actorText(entry({}), m)).toBe(m.history.system);
  });
});

describe('a stage in the history', () => {
  const stage = entry({
    record_type: 'budget_stage',
    record_id: 'f775ad53-b166-4ed0-97c8-409d909e3d36',
    old_values: { kind: 'ranhir', year: 2026, status: 'upcoming', locked: false, locked_by: null },
    new_values: {
      kind: 'ranhir',
      year: 2026,
      status: 'current',
      locked: true,
      locked_by: '8966fa57-e51c-4406-8ad6-aa7c200a8790',
    },
  });

  it('is named by its stage and year, its status as the stages page words it, without ids', () => {
    expect(recordName(stage, m)).toBe('Rancangan Akhir 2026');
    expect(changeSummary(stage, m)).toEqual([
      'Terkunci: Tidak → Ya',
      'Status Tahap: Belum dimulai → Berjalan',
    ]);
  });
});
