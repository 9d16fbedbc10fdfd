/**
 * The `ranwal` commands as functions: each takes typed options and returns its result, as the
 * binary does (which only adds flag parsing, output and exit codes).
 */

export {
  type CsvSeparator,
  type ExportFormat,
  type ExportOptions,
  type ExportResult,
  exportReports,
} from './commands/export/index.js';
export {
  type CreatedRecord,
  type ImportOptions,
  type ImportReport,
  importHierarchy,
  type LevelCounts,
  type RowProblem,
} from './commands/import/index.js';
export { type ListedRecord, type ListRecordsOptions, listRecords } from './commands/list/index.js';
export { type LoginOptions, type LoginResult, login } from './commands/login/index.js';
export { type LogoutResult, logout } from './commands/logout/index.js';
export {
  type ChangePasswordOptions,
  type ChangePasswordResult,
  changePassword,
  type SetPasswordOptions,
  setPassword,
} from './commands/password/index.js';
export {
  importReference,
  type ReferenceOptions,
  type ReferenceReport,
} from './commands/reference/index.js';
export {
  type CreateUserOptions,
  createUser,
  type ListUsersOptions,
  listUsers,
} from './commands/users/index.js';
export { type WhoamiResult, whoami } from './commands/whoami/index.js';
export { configFilePath } from './config.js';
export { type ConnectionOptions, DEFAULT_SERVER } from './connection.js';
export { CliError, exitCodes, type FailureKind } from './errors.js';
export { type CliLanguage, cliLanguages, setLanguage } from './lang.js';
export {
  type CliIo,
  type CliOutput,
  type RunRanwalOptions,
  runRanwal,
} from './main.js';
