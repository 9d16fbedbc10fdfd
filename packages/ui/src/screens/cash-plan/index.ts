export * from './CashPlanEditor.js';
export * from './ConnectedCashPlan.js';
