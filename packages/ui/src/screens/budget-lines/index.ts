export * from './EditBudgetLineDialog.js';
export * from './LineComponent.js';
export * from './ReportCards.js';
export * from './ReportListControls.js';
export * from './report-view.js';
