export * from './ConnectedUserDashboard.js';
export * from './cascade.js';
export * from './HierarchyCascade.js';
export * from './HierarchySummary.js';
export * from './ReportForm.js';
export * from './ReportList.js';
export * from './UserDashboard.js';
