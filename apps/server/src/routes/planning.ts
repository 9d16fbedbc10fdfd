import {
  BASE_PATH,
  CashPlanWorkbookQuery,
  FundingRecapDownloadQuery,
  MonthlyReportDownloadQuery,
  messagesId,
  outsideScopeRefusal,
  reachesProgramme,
  routes,
  scopeOf,
} from '@ranwal/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { createCashPlanService } from '../services/cash-plan.js';
import { cashPlanWorkbookName, writeCashPlan } from '../services/cash-plan-workbook.js';
import { createFundingService } from '../services/funding.js';
import { fundingRecapName, fundingRecapOf, writeFundingRecap } from '../services/funding-recap.js';
import { createMonthlyReminders } from '../services/monthly-reminders.js';
import { createMonthlyReportService } from '../services/monthly-report.js';
import { monthlyReportName, writeMonthlyReport } from '../services/monthly-report-print.js';
import { createPaguService } from '../services/pagu.js';
import { createPlanningService } from '../services/planning.js';
import { createPriceItemService } from '../services/price-items.js';
import { createRealisationService } from '../services/realisation.js';
import { assertSubActionInScope } from '../services/reports.js';
import { programmesWhere } from '../services/scope.js';
import { type Handlers, lagTolerant } from './contract.js';
import type { RouteModule } from './module.js';
import { CONTENT_TYPES, type SignedFiles, signedFile } from './signed-files.js';

/** The printed Anggaran Kas's signed link path, next to the call that hands it out. */
export const CASH_PLAN_WORKBOOK_FILE_PATH = `${BASE_PATH}${routes.cashPlan.workbook.path}/file`;

const ok = messagesId.server.ok;

/** PPN rules, signatories: the region's planning configuration. */
export function planningHandlers({ db, config, currentYear }: AppContext): Handlers['planning'] {
  const planning = createPlanningService(db, {
    freeForm: config.RANWAL_FREE_FORM_COMPONENTS,
    currentYear,
  });
  return {
    settings: async () => ({ message: ok, data: await planning.settings() }),
    years: async () => ({ message: ok, data: await planning.years() }),
    taxRules: async ({ body }) => ({ message: ok, data: await planning.setTaxRules(body) }),
    policy: async ({ body, user }) => ({
      message: ok,
      data: await planning.setPolicy(body, user.id),
    }),
    signers: async () => ({ message: ok, data: await planning.signers() }),
    setSigner: async ({ body }) => ({ message: ok, data: await planning.setSigner(body) }),
    taxRecalculation: async ({ query }) => ({
      message: ok,
      data: await planning.taxRecalculation(query.year),
    }),
    recalculateTax: async ({ body, user }) => ({
      message: ok,
      data: await planning.recalculateTax(body.year, user.id),
    }),
  };
}

/** The pagu of sub kegiatan and Perangkat Daerah per budget year. */
export function paguHandlers({ db }: AppContext): Handlers['pagu'] {
  const pagu = createPaguService(db);
  return {
    status: async ({ query, user }) => {
      // A person with units reads the ceilings of their units only.
      await assertSubActionInScope(db, user, query.sub_action_id);
      return { message: ok, data: await pagu.status(query) };
    },
    list: async ({ query }) => ({ message: ok, ...(await pagu.list(query)) }),
    summary: async ({ query }) => ({ message: ok, data: await pagu.summary(query.year) }),
    set: async ({ body, user }) => ({ message: ok, data: await pagu.set(body, user.id) }),
    setAgency: async ({ body }) => ({ message: ok, data: await pagu.setAgency(body) }),
    import: async ({ body }) => ({ message: ok, data: await pagu.import(body) }),
  };
}

/** The standard price catalogue of each budget year. */
export function priceItemHandlers({ db }: AppContext): Handlers['priceItem'] {
  const items = createPriceItemService(db);
  return {
    list: async ({ query }) => ({ message: ok, ...(await items.list(query)) }),
    import: async ({ body }) => ({ message: ok, data: await items.import(body) }),
    create: async ({ body }) => ({ message: ok, data: await items.create(body) }),
    update: async ({ params, body }) => ({
      message: ok,
      data: await items.update(params.id, body),
    }),
    anomalies: async ({ query }) => ({ message: ok, ...(await items.anomalies(query)) }),
  };
}

/** The printed sub kegiatan: the person's units, or the one asked for (if theirs). */
function printedWhere(
  query: { agency_id?: string | undefined },
  user: Parameters<typeof scopeOf>[0],
) {
  const scope = scopeOf(user);
  if (query.agency_id && !reachesProgramme(scope, query.agency_id)) {
    throw outsideScopeRefusal(scope);
  }
  const mine = programmesWhere(scope, 'p.agency_id');
  return query.agency_id ? sql<boolean>`${mine} and p.agency_id = ${query.agency_id}` : mine;
}

/** The recap by sumber dana's signed link path, next to the call that hands it out. */
export const FUNDING_RECAP_FILE_PATH = `${BASE_PATH}${routes.fundingSource.recapDownload.path}/file`;

/**
 * The region's sumber dana, the sources each sub kegiatan draws on per year, and the year's
 * totals by source, on screen and printed behind a signed link (issue 36).
 */
export function fundingRoutes(
  { db, replica }: AppContext,
  files: SignedFiles,
): {
  handlers: {
    fundingSource: Handlers['fundingSource'];
    subActionFunding: Handlers['subActionFunding'];
  };
  register(app: FastifyInstance): void;
} {
  const funding = createFundingService(db);
  const fundingRecapFile = signedFile({
    path: FUNDING_RECAP_FILE_PATH,
    purpose: 'funding-recap',
    claims: FundingRecapDownloadQuery,
    open: (query, signer) => {
      const where = printedWhere(query, signer);
      return {
        fileName: fundingRecapName(query.year, query.format),
        contentType: CONTENT_TYPES[query.format],
        write: (output) => writeFundingRecap[query.format](replica, query.year, where, output),
      };
    },
  });
  return {
    handlers: {
      fundingSource: {
        list: async ({ query }) => ({ message: ok, ...(await funding.list(query)) }),
        create: async ({ body }) => ({ message: ok, data: await funding.create(body) }),
        update: async ({ params, body }) => ({
          message: ok,
          data: await funding.update(params.id, body),
        }),
        delete: async ({ params }) => {
          await funding.remove(params.id);
          return { message: ok, data: null };
        },
        import: async ({ body }) => ({ message: ok, data: await funding.import(body) }),
        recap: lagTolerant(async ({ query, user }) => {
          const { unit_ids: _units, ...recap } = await fundingRecapOf(
            replica,
            query.year,
            printedWhere(query, user),
          );
          return { message: ok, data: recap };
        }),
        recapDownload: async ({ query, user }) => {
          // Refused now (another unit's) rather than when the link is opened.
          printedWhere(query, user);
          return {
            data: {
              path: await files.link(fundingRecapFile, user, query),
              originalName: fundingRecapName(query.year, query.format),
            },
          };
        },
      },
      subActionFunding: {
        get: async ({ query, user }) => {
          // A person with units reads the sources of their units' sub kegiatan only.
          await assertSubActionInScope(db, user, query.sub_action_id);
          return { message: ok, data: await funding.get(query) };
        },
        set: async ({ body, user }) => ({ message: ok, data: await funding.set(body, user.id) }),
      },
    },
    register(app) {
      files.register(app, fundingRecapFile);
    },
  };
}

/**
 * Anggaran Kas: a sub kegiatan's twelve months per kode rekening, and the year's printed as a
 * workbook behind a signed link (issue 36).
 */
export function cashPlanRoutes(
  { db, replica }: AppContext,
  files: SignedFiles,
): RouteModule<'cashPlan'> {
  const cashPlan = createCashPlanService(db);
  // The same service reading what may lag: the year's export.
  const lagging = createCashPlanService(replica);
  const cashPlanWorkbookFile = signedFile({
    path: CASH_PLAN_WORKBOOK_FILE_PATH,
    purpose: 'cash-plan-workbook',
    claims: CashPlanWorkbookQuery,
    open: (query, signer) => {
      const where = printedWhere(query, signer);
      return {
        fileName: cashPlanWorkbookName(query.year, query.format),
        contentType: CONTENT_TYPES[query.format],
        write: (output) => writeCashPlan[query.format](replica, query.year, where, output),
      };
    },
  });
  return {
    handlers: {
      get: async ({ query, user }) => ({
        message: ok,
        data: await cashPlan.get(query.sub_action_id, query.year, user),
      }),
      set: async ({ body, user }) => ({ message: ok, data: await cashPlan.set(body, user) }),
      status: async ({ query, user }) => ({
        message: ok,
        data: await cashPlan.status(query.year, user),
      }),
      import: async ({ body, user }) => ({
        message: ok,
        data: await cashPlan.import(body, user.id),
      }),
      export: lagTolerant(async ({ query }) => ({
        message: ok,
        data: await lagging.export(query.year),
      })),
      workbook: async ({ query, user }) => {
        // Refused now (another unit's) rather than when the link is opened.
        printedWhere(query, user);
        return {
          data: {
            path: await files.link(cashPlanWorkbookFile, user, query),
            originalName: cashPlanWorkbookName(query.year, query.format),
          },
        };
      },
    },
    register(app) {
      files.register(app, cashPlanWorkbookFile);
    },
  };
}

/** Realisasi keuangan: SP2D from the finance system against the Anggaran Kas (issue 37). */
export function realisationHandlers({ db, replica, today }: AppContext): Handlers['realisation'] {
  const realisation = createRealisationService(db, today);
  // The same service reading what may lag: the monitoring dashboard's summary and trend.
  const lagging = createRealisationService(replica, today);
  return {
    get: async ({ query, user }) => ({
      message: ok,
      data: await realisation.get(query.sub_action_id, query.year, user),
    }),
    import: async ({ body, user }) => ({
      message: ok,
      data: await realisation.import(body, user.id),
    }),
    summary: lagTolerant(async ({ query, user }) => ({
      message: ok,
      data: await lagging.summary(query.year, query.month, user),
    })),
    trend: lagTolerant(async ({ query, user }) => ({
      message: ok,
      data: await lagging.trend(query.year, query.agency_id, user),
    })),
    reason: async ({ body, user }) => ({ message: ok, data: await realisation.reason(body, user) }),
    recordSp2d: async ({ body, user }) => ({
      message: ok,
      data: await realisation.recordSp2d(body, user),
    }),
    deleteSp2d: async ({ query, user }) => ({
      message: ok,
      data: await realisation.deleteSp2d(query, user),
    }),
  };
}

/** A unit's printed month's signed link path, next to the call that hands it out. */
export const MONTHLY_REPORT_FILE_PATH = `${BASE_PATH}${routes.monthlyReport.download.path}/file`;

/**
 * The monthly cycle of realisation: physical progress, send, review, close, reminders, and the
 * month printed behind a signed link (issue 37).
 */
export function monthlyReportRoutes(
  { db, replica, today }: AppContext,
  files: SignedFiles,
): { handlers: Handlers['monthlyReport']; register(app: FastifyInstance): void } {
  const reports = createMonthlyReportService(db, today);
  // The same service reading what may lag: the printed month.
  const lagging = createMonthlyReportService(replica, today);
  const reminders = createMonthlyReminders(db);
  const monthlyReportFile = signedFile({
    path: MONTHLY_REPORT_FILE_PATH,
    purpose: 'monthly-report',
    claims: MonthlyReportDownloadQuery,
    open: async (query, signer) => {
      // Read as the signer may read it now, and as the month stands now.
      const report = await lagging.get(query, signer);
      return {
        fileName: monthlyReportName(report, query.format),
        contentType: CONTENT_TYPES[query.format],
        write: (output) => writeMonthlyReport[query.format](replica, report, output),
      };
    },
  });
  return {
    handlers: {
      get: async ({ query, user }) => ({ message: ok, data: await reports.get(query, user) }),
      progress: async ({ body, user }) => ({
        message: ok,
        data: await reports.setProgress(body, user),
      }),
      copy: async ({ body, user }) => ({
        message: ok,
        data: await reports.copyPrevious(body, user),
      }),
      send: async ({ body, user }) => ({ message: ok, data: await reports.send(body, user) }),
      review: async ({ body, user }) => ({ message: ok, data: await reports.review(body, user) }),
      close: async ({ body, user }) => ({ message: ok, data: await reports.close(body, user) }),
      remind: async () => ({ message: ok, data: await reminders.remind(today()) }),
      download: async ({ query, user }) => {
        // Refused now (another unit's, no unit named) rather than when the link is opened.
        const report = await reports.get(query, user);
        const claims = { ...query, agency_id: report.agency_id };
        return {
          data: {
            path: await files.link(monthlyReportFile, user, claims),
            originalName: monthlyReportName(report, query.format),
          },
        };
      },
    },
    register(app) {
      files.register(app, monthlyReportFile);
    },
  };
}
