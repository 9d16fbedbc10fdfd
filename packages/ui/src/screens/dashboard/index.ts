export * from './BudgetOverview.js';
export * from './ConnectedBudgetOverview.js';
