/* How a change reads (field labels, values, the record's name) lives in @ranwal/core, where the
 * server's history workbook reads it too. */
export {
  actorText,
  changeSummary,
  type FieldChange,
  fieldChanges,
  fieldLabel,
  historyValueText,
  recordName,
} from '@ranwal/core';
