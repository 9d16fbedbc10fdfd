export * from './BudgetOverview.js';
export * from './ConnectedBudgetOverview.js';
export * from './ConnectedPaguOverview.js';
export * from './PaguOverview.js';
