import type { Stage, StageComparison } from '@ranwal/core';

/*
 * Story support only (not exported by the package): a year's stages and a comparison as the
 * server answers them.
 */

const stage = (fields: Partial<Stage> & Pick<Stage, 'kind' | 'position'>): Stage => ({
  id: `stage-${fields.kind}`,
  year: 2026,
  starts_on: '2026-01-05',
  ends_on: '2026-02-27',
  status: 'upcoming',
  locked: false,
  locked_by_name: null,
  snapshot_lines: null,
  ...fields,
});

/** Rancangan Awal closed with 1.250 lines kept; Rancangan runs, locked by Siti; Rancangan Akhir is next. */
export const yearStages: Stage[] = [
  stage({ kind: 'ranwal', position: 1, status: 'closed', snapshot_lines: 1250 }),
  stage({
    kind: 'rancangan',
    position: 2,
    starts_on: '2026-03-02',
    ends_on: '2026-05-29',
    status: 'current',
    locked: true,
    locked_by_name: 'Siti Rahmawati',
  }),
  stage({ kind: 'ranhir', position: 3, starts_on: '2026-06-01', ends_on: '2026-07-31' }),
];

/** The same year with Rancangan open. */
export const openStages: Stage[] = yearStages.map((one) =>
  one.status === 'current' ? { ...one, locked: false, locked_by_name: null } : one,
);

/** Rancangan Awal against Rancangan: one line added, one removed, one repriced. */
export const stageComparison: StageComparison = {
  year: 2026,
  from: 'ranwal',
  to: 'rancangan',
  totals: { from: '25000', to: '23800', difference: '-1200' },
  counts: { added: 1, removed: 1, changed: 1 },
  units: [
    {
      agency_id: 'agency-1',
      agency_name: 'Dinas Pendidikan',
      agency_code: '1.01.0.00.0.00.01.0000',
      from: '25000',
      to: '23800',
      difference: '-1200',
    },
  ],
  sub_actions: [
    {
      sub_action_id: 'sub-1',
      sub_action_name: 'Penyediaan Bahan Logistik Kantor',
      sub_action_code: '1.01.01.2.01.0001',
      from: '25000',
      to: '23800',
      difference: '-1200',
    },
  ],
  // Kertas HVS A4 moved from DAU to PAD; Map Plastik (DAU) removed; Tinta Printer names none.
  sources: [
    {
      funding_source_id: 'source-dau',
      code: 'DAU',
      name: 'Dana Alokasi Umum',
      from: '25000',
      to: '0',
      difference: '-25000',
    },
    {
      funding_source_id: 'source-pad',
      code: 'PAD',
      name: 'Pendapatan Asli Daerah',
      from: '0',
      to: '15000',
      difference: '15000',
    },
    { funding_source_id: null, code: null, name: null, from: '0', to: '8800', difference: '8800' },
  ],
  // The plan drawn in January and February at first, then spread to March.
  cash_plan_months: [
    [10000, 10000],
    [15000, 5000],
    [0, 8800],
    ...Array.from({ length: 9 }, () => [0, 0]),
  ].map(([from = 0, to = 0], index) => ({
    month: index + 1,
    from: String(from),
    to: String(to),
    difference: String(to - from),
  })),
  lines: [
    {
      line_id: 'line-1',
      change: 'changed',
      component_name: 'Kertas HVS A4',
      sub_action_id: 'sub-1',
      from_total: '10000',
      to_total: '15000',
      fields: [
        { field: 'price', from: '1000', to: '1500' },
        { field: 'total_price', from: '10000', to: '15000' },
        { field: 'funding_source_id', from: 'source-dau', to: 'source-pad' },
      ],
      reference_names: {
        'source-dau': 'DAU - Dana Alokasi Umum',
        'source-pad': 'PAD - Pendapatan Asli Daerah',
      },
    },
    {
      line_id: 'line-2',
      change: 'added',
      component_name: 'Tinta Printer',
      sub_action_id: 'sub-1',
      from_total: null,
      to_total: '8800',
      fields: [],
    },
    {
      line_id: 'line-3',
      change: 'removed',
      component_name: 'Map Plastik',
      sub_action_id: 'sub-1',
      from_total: '15000',
      to_total: null,
      fields: [],
    },
  ],
};
