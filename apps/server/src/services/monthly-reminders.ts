import { type MonthlyReminderResult, reminderMonths, todayInRegion, type User } from '@ranwal/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { tellUnit } from './monthly-report.js';
import { createRealisationService } from './realisation.js';

/** The region as a whole: the reminders read every unit, as an administrator would. */
const REGION: Pick<User, 'id' | 'role' | 'agency_ids'> = {
  id: '00000000-0000-0000-0000-000000000000',
  role: 'admin',
  agency_ids: [],
};

/**
 * The monthly report's reminders (issue 37: "late units are listed and told", "notifications
 * when a unit turns red"). One round tells, on `today`:
 * - the planners of every unit whose last due month (`reminderMonths`) is not sent: `month_late`;
 * - the planners and verifiers of every unit whose last ended month is red on Bappeda's
 *   dashboard (its money against the Anggaran Kas, on the region's thresholds): `month_red`.
 * Each person is told of a unit's month once (a unique index, migration 0035), so rounds may run
 * every hour, in any number of server processes, and after an administrator's own round.
 */
export function createMonthlyReminders(db: Kysely<Database>) {
  const realisation = createRealisationService(db);

  return {
    async remind(today: string = todayInRegion()): Promise<MonthlyReminderResult> {
      const months = reminderMonths(today);
      const [due, ended] = await Promise.all([
        realisation.summary(months.late.year, months.late.month, REGION, today),
        realisation.summary(months.red.year, months.red.month, REGION, today),
      ]);
      let late = 0;
      for (const unit of due.units) {
        // The summary's own rule (core's isMonthLate), so the dashboard and the reminder agree.
        if (!unit.agency_id || !unit.late) continue;
        const key = { agency_id: unit.agency_id, ...months.late };
        if ((await tellUnit(db, key, 'month_late', ['user'], null)) > 0) late += 1;
      }
      let red = 0;
      for (const unit of ended.units) {
        if (!unit.agency_id || unit.level !== 'red') continue;
        const key = { agency_id: unit.agency_id, ...months.red };
        if ((await tellUnit(db, key, 'month_red', ['user', 'verifier'], null)) > 0) red += 1;
      }
      return {
        late: { ...months.late, units: late },
        red: { ...months.red, units: red },
      };
    },
  };
}

export type MonthlyReminders = ReturnType<typeof createMonthlyReminders>;
