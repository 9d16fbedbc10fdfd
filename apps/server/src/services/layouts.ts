import { layOutRkaPdf, layOutRkaWorkbook } from './report-rka.js';

/**
 * The printouts a layout pool lays out, by name (services/layout-pool.ts): each takes its
 * heading, its rows chunk by chunk, the output and a stop signal, and touches no database.
 */
export const layouts = {
  'rka-xlsx': layOutRkaWorkbook,
  'rka-pdf': layOutRkaPdf,
} as const;

export type LayoutName = keyof typeof layouts;
