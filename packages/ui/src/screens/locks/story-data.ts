import type { SubActionLock } from '@ranwal/core';
import type { ParentOption } from '../management/entity-form.js';

/*
 * Story support only (not exported by the package): a year's locks as the server answers them,
 * and the sub kegiatan the lock dialog's picker offers.
 */

export const yearLocks: SubActionLock[] = [
  {
    sub_action_id: '7d1f0b7e-0000-4000-8000-000000000001',
    sub_action_name: 'Evaluasi Kinerja Perangkat Daerah',
    year: 2026,
    locked: true,
    reason: 'Pagu sudah ditetapkan',
    changed_by_name: 'Siti Rahmawati',
    changed_at: '2026-03-02T02:00:00.000Z',
  },
  {
    sub_action_id: '7d1f0b7e-0000-4000-8000-000000000002',
    sub_action_name: 'Penyediaan Bahan Logistik Kantor',
    year: 2026,
    locked: false,
    reason: 'Koreksi harga satuan',
    changed_by_name: null,
    changed_at: '2026-03-05T04:30:00.000Z',
  },
];

export const subActionOptions: ParentOption[] = [
  {
    id: '7d1f0b7e-0000-4000-8000-000000000001',
    name: '5.01.01.2.01.0001 - Evaluasi Kinerja Perangkat Daerah',
  },
  {
    id: '7d1f0b7e-0000-4000-8000-000000000003',
    name: '5.01.01.2.02.0001 - Koordinasi Penyusunan Dokumen Perencanaan',
  },
];
