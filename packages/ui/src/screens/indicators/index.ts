export * from './ConnectedIndicatorList.js';
export * from './ConnectedQuarterAchievement.js';
export * from './EvaluationPrint.js';
export * from './IndicatorDialog.js';
export * from './IndicatorList.js';
export * from './QuarterAchievementDialog.js';
