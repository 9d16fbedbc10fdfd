export * from './ConnectedMonthlyReport.js';
export * from './ConnectedRealisation.js';
export * from './MonthlyReportView.js';
export * from './PhysicalProgressDialog.js';
export * from './RealisationSummaryTable.js';
export * from './RealisationView.js';
export * from './realisation-parts.js';
