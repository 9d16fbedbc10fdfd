export * from './ConnectedRealisation.js';
export * from './RealisationSummaryTable.js';
export * from './RealisationView.js';
