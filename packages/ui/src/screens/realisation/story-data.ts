import type { MonthlyReportSubAction } from '@ranwal/core';

/**
 * A sub kegiatan of Dinas Kesehatan's March 2025, entered: the monthly report's stories and the
 * progress dialog's start from it.
 */
export const puskesmasMarch: MonthlyReportSubAction = {
  sub_action_id: '00000000-0000-4000-8000-000000000011',
  sub_action_code: '1.02.02.2.01.0001',
  sub_action_name: 'Pembangunan Puskesmas',
  lines_total: '3000000000',
  planned_cumulative: '900000000',
  realised_cumulative: '600000000',
  achievement_tenths: 667,
  level: 'red',
  planned_progress_tenths: 300,
  progress_tenths: 250,
  previous_progress_tenths: 150,
  physical_level: 'yellow',
  problems: 'Pengiriman material terlambat karena banjir',
  actions: 'Menambah tenaga kerja dan jam kerja',
  decrease_reason: null,
  unexplained_overruns: 0,
};
