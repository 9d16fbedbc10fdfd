import {
  BASE_PATH,
  messagesId,
  outsideScopeRefusal,
  ReportDownloadQuery,
  type ReportFormat,
  type ReportLayout,
  reachesProgramme,
  reportFileName,
  routes,
  scopeOf,
  type User,
} from '@ranwal/core';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { createDashboardService } from '../services/dashboard.js';
import { type ReportScope, writeReportExport } from '../services/report-export.js';
import { writeRka } from '../services/report-rka.js';
import {
  type BudgetLineService,
  createBudgetLineService,
  lineScopeOf,
} from '../services/reports.js';
import { lagTolerant } from './contract.js';
import type { RouteModule } from './module.js';
import { CONTENT_TYPES, type SignedFiles, signedFile } from './signed-files.js';

const server = messagesId.server;

/** The signed link's path, next to the call that hands it out. */
export const REPORT_FILE_PATH = `${BASE_PATH}${routes.budgetLine.report.path}/file`;

/**
 * What a report link carries: the download query (its layout and format too; a link signed
 * before they existed is the flat workbook) and whose lines it may export.
 */
const ReportLinkClaims = ReportDownloadQuery.safeExtend({ scope: z.enum(['all', 'own']) });

/**
 * Another unit's report is refused (403), not answered with an empty one under that unit's name
 * and signer: a user or verifier may ask only for a unit their scope reaches (core's scopeOf).
 */
function refuseOtherUnit(
  caller: Pick<User, 'id' | 'role' | 'agency_ids'>,
  agencyId?: string,
): void {
  const scope = scopeOf(caller);
  if (agencyId && !reachesProgramme(scope, agencyId)) throw outsideScopeRefusal(scope);
}

/** What a link makes, as it was asked for. */
interface ReportFile {
  layout: ReportLayout;
  format: ReportFormat;
}

/** Writes a report file: the flat sheet, or the RKA as a workbook or a PDF. */
const writerOf = ({ layout, format }: ReportFile) =>
  layout === 'rka' ? writeRka[format] : writeReportExport;

export function reportRoutes(
  context: AppContext,
  files: SignedFiles,
): RouteModule<'budgetLine'> & { lines: BudgetLineService } {
  const reports = createBudgetLineService(context.db, context.database.read, {
    freeForm: context.config.RANWAL_FREE_FORM_COMPONENTS,
  });
  const dashboard = createDashboardService(context.replica, context.currentYear);

  const reportFile = signedFile({
    path: REPORT_FILE_PATH,
    purpose: 'report',
    claims: ReportLinkClaims,
    open: ({ scope, layout, format, ...filter }, signer) => {
      // A link signed by an admin who has since become a user exports only that person's
      // scope as it is now (their units' lines, or their own).
      const everyone = scope === 'all' && signer.role === 'admin';
      // A unit the signer has left since is refused as when asked.
      if (!everyone) refuseOtherUnit(signer, filter.agency_id);
      const exported: ReportScope = {
        ...filter,
        ...(everyone ? {} : lineScopeOf(signer, filter.created_by)),
      };
      return {
        fileName: reportFileName(exported.year, layout, format),
        contentType: CONTENT_TYPES[format],
        heavy: format === 'pdf',
        write: (output, options) =>
          writerOf({ layout, format })(context.replica, exported, output, options),
      };
    },
  });
  return {
    lines: reports,
    handlers: {
      list: async ({ query, user }) => reports.list(query, user),
      get: async ({ params, user }) => ({ data: await reports.get(params.id, user) }),
      create: async ({ body, user }) => ({
        message: server.created,
        data: await reports.create(body, user),
      }),
      update: async ({ params, body, user }) => ({
        message: server.updated,
        data: await reports.update(params.id, body, user),
      }),
      delete: async ({ params, user }) => {
        await reports.remove(params.id, user);
        return { message: server.deleted, data: null };
      },
      report: async ({ query, user }) => {
        refuseOtherUnit(user, query.agency_id);
        return {
          data: {
            path: await files.link(reportFile, user, {
              ...query,
              scope: user.role === 'admin' ? 'all' : 'own',
            }),
            originalName: reportFileName(query.year, query.layout, query.format),
          },
        };
      },
      summary: lagTolerant(async ({ query }) => ({ data: await dashboard.summary(query.year) })),
    },

    register(app) {
      files.register(app, reportFile);
    },
  };
}
