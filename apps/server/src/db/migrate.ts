import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as initial from './migrations/2026-11-21-0001-initial.js';
import * as listPerformance from './migrations/2026-11-21-0002-list-performance.js';
import * as searchAndUserCounts from './migrations/2026-11-21-0003-search-and-user-counts.js';
import * as accountIndexes from './migrations/2026-11-21-0004-account-indexes.js';
import * as legacyClient from './migrations/2026-11-24-0005-legacy-client.js';
import * as lineChain from './migrations/2026-11-24-0006-line-chain.js';
import * as idempotency from './migrations/2026-11-24-0007-idempotency.js';
import * as lineEditsAndSearch from './migrations/2026-11-25-0008-line-edits-and-search.js';
import * as signInAttempts from './migrations/2026-11-26-0009-sign-in-attempts.js';
import * as sessionVersion from './migrations/2026-11-26-0010-session-version.js';
import * as levelCodes from './migrations/2026-11-26-0011-level-codes.js';
import * as units from './migrations/2026-11-26-0012-units.js';
import * as reference from './migrations/2026-11-26-0013-reference.js';
import * as agencyName from './migrations/2026-11-26-0014-agency-name.js';
import * as planning from './migrations/2026-11-26-0015-planning.js';
import * as changeHistory from './migrations/2026-11-27-0016-change-history.js';
import * as subActionLocks from './migrations/2026-11-27-0017-sub-action-locks.js';
import * as stages from './migrations/2026-11-27-0018-stages.js';
import * as verification from './migrations/2026-11-27-0019-verification.js';
import * as verificationWithdrawn from './migrations/2026-11-27-0020-verification-withdrawn.js';
import * as catalogueAndPaguPolicy from './migrations/2026-11-28-0021-catalogue-and-pagu-policy.js';
import * as restoreAndUnitTold from './migrations/2026-11-28-0022-restore-and-unit-told.js';
import * as catalogueNameLock from './migrations/2026-11-28-0024-catalogue-name-lock.js';
import * as settingsHistory from './migrations/2026-11-28-0026-settings-history.js';
import * as fundingSources from './migrations/2026-11-28-0027-funding-sources.js';
import * as cashPlan from './migrations/2026-11-28-0028-cash-plan.js';
import * as cashPlanWithdrawsVerification from './migrations/2026-11-29-0029-cash-plan-withdraws-verification.js';
import * as realisation from './migrations/2026-11-29-0030-realisation.js';
import * as monthlyReport from './migrations/2026-11-29-0031-monthly-report.js';
import * as monthlyReportNotifications from './migrations/2026-11-29-0032-monthly-report-notifications.js';
import * as deviationThresholds from './migrations/2026-11-29-0033-deviation-thresholds.js';
import * as monthlyReportFigures from './migrations/2026-11-29-0034-monthly-report-figures.js';
import * as monthlyReminders from './migrations/2026-11-29-0035-monthly-reminders.js';
import * as indicators from './migrations/2026-11-30-0036-indicators.js';
import * as unitSp2d from './migrations/2026-11-30-0037-unit-sp2d.js';
import * as sp2dMonthTotals from './migrations/2026-11-30-0038-sp2d-month-totals.js';
import * as fieldEvidence from './migrations/2026-11-30-0039-field-evidence.js';
import * as evidenceHistory from './migrations/2026-11-30-0040-evidence-history.js';
import * as readFence from './migrations/2026-11-30-0041-read-fence.js';
import * as unitSearchIndex from './migrations/2026-11-30-0042-unit-search-index.js';
import * as lineOrderMarks from './migrations/2026-11-30-0043-line-order-marks.js';
import * as yearSearchIndex from './migrations/2026-12-01-0044-year-search-index.js';
import * as lineFundingSourceIndex from './migrations/2026-12-01-0045-line-funding-source-index.js';

// Listed statically so the bundled server needs no migrations folder at run time.
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-21-0002-list-performance': listPerformance,
  '2026-11-21-0003-search-and-user-counts': searchAndUserCounts,
  '2026-11-21-0004-account-indexes': accountIndexes,
  '2026-11-24-0005-legacy-client': legacyClient,
  '2026-11-24-0006-line-chain': lineChain,
  '2026-11-24-0007-idempotency': idempotency,
  '2026-11-25-0008-line-edits-and-search': lineEditsAndSearch,
  '2026-11-26-0009-sign-in-attempts': signInAttempts,
  '2026-11-26-0010-session-version': sessionVersion,
  '2026-11-26-0011-level-codes': levelCodes,
  '2026-11-26-0012-units': units,
  '2026-11-26-0013-reference': reference,
  '2026-11-26-0014-agency-name': agencyName,
  '2026-11-26-0015-planning': planning,
  '2026-11-27-0016-change-history': changeHistory,
  '2026-11-27-0017-sub-action-locks': subActionLocks,
  '2026-11-27-0018-stages': stages,
  '2026-11-27-0019-verification': verification,
  '2026-11-27-0020-verification-withdrawn': verificationWithdrawn,
  '2026-11-28-0021-catalogue-and-pagu-policy': catalogueAndPaguPolicy,
  '2026-11-28-0022-restore-and-unit-told': restoreAndUnitTold,
  '2026-11-28-0024-catalogue-name-lock': catalogueNameLock,
  '2026-11-28-0026-settings-history': settingsHistory,
  '2026-11-28-0027-funding-sources': fundingSources,
  '2026-11-28-0028-cash-plan': cashPlan,
  '2026-11-29-0029-cash-plan-withdraws-verification': cashPlanWithdrawsVerification,
  '2026-11-29-0030-realisation': realisation,
  '2026-11-29-0031-monthly-report': monthlyReport,
  '2026-11-29-0032-monthly-report-notifications': monthlyReportNotifications,
  '2026-11-29-0033-deviation-thresholds': deviationThresholds,
  '2026-11-29-0034-monthly-report-figures': monthlyReportFigures,
  '2026-11-29-0035-monthly-reminders': monthlyReminders,
  '2026-11-30-0036-indicators': indicators,
  '2026-11-30-0037-unit-sp2d': unitSp2d,
  '2026-11-30-0038-sp2d-month-totals': sp2dMonthTotals,
  '2026-11-30-0039-field-evidence': fieldEvidence,
  '2026-11-30-0040-evidence-history': evidenceHistory,
  '2026-11-30-0041-read-fence': readFence,
  '2026-11-30-0042-unit-search-index': unitSearchIndex,
  '2026-11-30-0043-line-order-marks': lineOrderMarks,
  '2026-12-01-0044-year-search-index': yearSearchIndex,
  '2026-12-01-0045-line-funding-source-index': lineFundingSourceIndex,
};

/** Brings the schema to the latest migration; serves start-up, tests and `npm run migrate`. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run below the typed schema.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
