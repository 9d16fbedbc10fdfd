import { managedEntities, managedEntityKeys, messagesId } from '@ranwal/core';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** The ids of one record per hierarchy level and a supporter: what a budget line points at. */
export type Chain = Record<`${(typeof managedEntityKeys)[number]}_id`, string>;

/** One record per level and a supporter, built top to bottom through the API. */
export async function buildChain(t: TestApp, label: string): Promise<Chain> {
  const ids: Record<string, string> = {};
  for (const key of managedEntityKeys) {
    const level = managedEntities[key];
    const response = await t.call('POST', `/ranwal/api/${level.path}/create`, {
      token: t.adminToken,
      body: {
        name: `${messagesId.levels[key].label} ${label}`,
        ...(level.parentField ? { [level.parentField]: ids[level.parentField] } : {}),
        ...(level.hasCode ? { code: `5.1.02.${label}` } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[`${key}_id`] = response.json().data.id;
  }
  return ids as Chain;
}

/** A budget line's create payload under `chain`: one untaxed Rim at Rp 1.000, unless overridden. */
export const budgetLineInput = (chain: Chain, overrides: Record<string, unknown> = {}) => ({
  ...chain,
  component_code: 'K-01',
  component_name: 'Kertas A4',
  specification: '80 gram',
  unit: 'Rim',
  price: 1000,
  first_volume: 1,
  second_volume: 1,
  third_volume: 1,
  is_taxed: false,
  year: 2025,
  ...overrides,
});

/**
 * The header row of the 'Download Laporan' workbook, as a reader expects it: written out here
 * (not taken from the server's code) so the server's export and the CLI's are checked against it.
 */
export const REPORT_WORKBOOK_HEADERS = [
  'No',
  'Program',
  'Kegiatan',
  'Sub Kegiatan',
  'Aktivitas',
  'Subtitle',
  'Kode Rekening',
  'Nama Rekening',
  'Kode Komponen',
  'Nama Komponen',
  'Spesifikasi',
  'Satuan',
  'Harga',
  'Volume 1',
  'Volume 2',
  'Volume 3',
  'Total Harga',
  'PPN',
  'Total Setelah Pajak',
  'Pengampu',
  'Tanggal',
];
