export * from './CashPlanEditor.js';
export * from './CashPlanImbalances.js';
export * from './ConnectedCashPlan.js';
