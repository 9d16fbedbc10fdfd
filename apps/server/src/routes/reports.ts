import { PassThrough } from 'node:stream';
import {
  AppError,
  BASE_PATH,
  messagesId,
  ReportDownloadQuery,
  reportFileName,
  routes,
  XLSX_CONTENT_TYPE,
} from '@ranwal/core';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { createDashboardService } from '../services/dashboard.js';
import { openReportExport, type ReportScope } from '../services/report-export.js';
import { createBudgetLineService } from '../services/reports.js';
import type { RouteModule } from './module.js';

const server = messagesId.server;

/** The signed link's path, next to the call that hands it out. */
export const REPORT_FILE_PATH = `${BASE_PATH}${routes.budgetLine.report.path}/file`;
const LINK_TTL_SECONDS = 10 * 60;

/** What a report link carries: the download query and whose lines it may export. */
const ReportLinkClaims = ReportDownloadQuery.extend({ scope: z.enum(['all', 'own']) });

const tokenInvalid = () => new AppError('unauthorized', server.tokenInvalid);

export function reportRoutes(context: AppContext): RouteModule<'budgetLine'> {
  const reports = createBudgetLineService(context.db, context.database.read);
  const dashboard = createDashboardService(context.db);

  /** The scope a link grants, checked again against the signer as they are now. */
  async function scopeOf(token: unknown): Promise<ReportScope> {
    const verified =
      typeof token === 'string' ? await context.tokens.verify(token, 'report') : null;
    const claims = ReportLinkClaims.safeParse(verified?.claims);
    const signer = verified ? await context.users.findActive(verified.subject) : null;
    if (!verified || !claims.success || !signer) throw tokenInvalid();
    const { scope, ...filter } = claims.data;
    // A link signed by an admin who has since become a user exports only their own lines.
    const everyone = scope === 'all' && signer.role === 'admin';
    return { ...filter, ...(everyone ? {} : { created_by: signer.id }) };
  }

  return {
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
      report: async ({ query, user, request }) => {
        const token = await context.tokens.sign(
          user.id,
          'report',
          { ...query, scope: user.role === 'admin' ? 'all' : 'own' },
          LINK_TTL_SECONDS,
        );
        const link = new URL(`${context.publicOrigin(request)}${REPORT_FILE_PATH}`);
        link.searchParams.set('token', token);
        return { data: { path: link.toString(), originalName: reportFileName(query.year) } };
      },
      summary: async ({ query }) => ({ data: await dashboard.summary(query.year) }),
    },

    register(app) {
      // The browser opens this link itself, so the signed token stands in for the bearer token.
      app.get(REPORT_FILE_PATH, { schema: { hide: true } }, async (request, reply) => {
        const scope = await scopeOf((request.query as { token?: unknown }).token);
        const report = await openReportExport(context.db, scope);
        const output = new PassThrough();
        report.writeTo(output).catch((error: unknown) => {
          request.log.error({ err: error }, 'report export failed');
          // Headers are out: cutting the connection is the only way left to say it failed.
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return reply
          .type(XLSX_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${reportFileName(scope.year)}"`)
          .header('cache-control', 'no-store')
          .send(output);
      });
    },
  };
}
