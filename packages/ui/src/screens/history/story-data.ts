import type { HistoryEntry, Session } from '@ranwal/core';

/*
 * Story support only (not exported by the package): recorded changes as the server answers
 * them, and the sessions the connected stories sign in as.
 */

const line = {
  component_code: '1.1.12.01.01.0001',
  component_name: 'Kertas HVS A4',
  specification: '',
  unit: 'Rim',
  price: '1000',
  first_volume: '10.00',
  total_price: '10000',
  tax: '0',
  total_after_tax: '10000',
  updated_at: null,
  updated_by: null,
};

/** One line's history, oldest first: the seed made it, Budi changed its price, then its volume. */
export const lineHistoryEntries: HistoryEntry[] = [
  {
    id: 11,
    changed_at: '2026-11-01T02:00:00.000Z',
    actor_id: null,
    actor_name: null,
    address: null,
    record_type: 'detail_program',
    record_id: 'line-1',
    action: 'create',
    old_values: null,
    new_values: line,
  },
  {
    id: 12,
    changed_at: '2026-11-20T04:30:00.000Z',
    actor_id: 'user-budi',
    actor_name: 'Budi Santoso',
    address: '10.0.0.7',
    record_type: 'detail_program',
    record_id: 'line-1',
    action: 'update',
    old_values: line,
    new_values: {
      ...line,
      price: '1500',
      total_price: '15000',
      total_after_tax: '15000',
      updated_at: '2026-11-20T04:30:00.000Z',
      updated_by: 'user-budi',
    },
  },
  {
    id: 13,
    changed_at: '2026-11-26T08:15:00.000Z',
    actor_id: 'user-budi',
    actor_name: 'Budi Santoso',
    address: '10.0.0.7',
    record_type: 'detail_program',
    record_id: 'line-1',
    action: 'update',
    old_values: { ...line, price: '1500', total_price: '15000', total_after_tax: '15000' },
    new_values: {
      ...line,
      specification: '80 gram',
      price: '1500',
      first_volume: '12.00',
      total_price: '18000',
      total_after_tax: '18000',
      updated_at: '2026-11-26T08:15:00.000Z',
    },
  },
];

/** A page of the admin's history, newest first: several kinds of record. */
export const historyPageEntries: HistoryEntry[] = [
  ...lineHistoryEntries.slice(1).reverse(),
  {
    id: 9,
    changed_at: '2026-11-15T01:00:00.000Z',
    actor_id: 'admin-1',
    actor_name: 'Admin Bappeda',
    address: '192.168.1.20',
    record_type: 'pagu',
    record_id: 'sub-action-1/2026',
    action: 'create',
    old_values: null,
    new_values: { sub_action_id: 'sub-action-1', year: 2026, amount: '250000000' },
  },
  {
    id: 8,
    changed_at: '2026-11-14T09:45:00.000Z',
    actor_id: 'admin-1',
    actor_name: 'Admin Bappeda',
    address: '192.168.1.20',
    record_type: 'program',
    record_id: 'program-1',
    action: 'delete',
    old_values: { id: 'program-1', name: 'Program Penunjang Urusan', code: '1.01.01' },
    new_values: null,
  },
];

export const adminSession: Session = {
  token: 'story-admin',
  userId: 'admin-1',
  userName: 'Admin Bappeda',
  userEmail: 'admin@bappeda.local',
  userRole: 'admin',
};

export const userSession: Session = {
  token: 'story-user',
  userId: 'user-budi',
  userName: 'Budi Santoso',
  userEmail: 'budi@dinkes.local',
  userRole: 'user',
};
