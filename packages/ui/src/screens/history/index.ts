export * from './ConnectedHistoryLog.js';
export * from './ConnectedLineHistory.js';
export * from './HistoryLog.js';
export {
  actorText,
  changeSummary,
  type FieldChange,
  fieldChanges,
  historyValueText,
  recordName,
} from './history-diff.js';
export * from './LineHistory.js';
