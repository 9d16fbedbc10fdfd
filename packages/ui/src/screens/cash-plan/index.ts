export * from './CashPlanEditor.js';
export * from './CashPlanImbalances.js';
export * from './ConnectedCashPlan.js';
export * from './MonthlyPlanChart.js';
