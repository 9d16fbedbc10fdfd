export * from './ConnectedStageManager.js';
export * from './ScheduleDialog.js';
export * from './StageComparisonPanel.js';
export * from './StageManager.js';
export * from './UnlockStageDialog.js';
