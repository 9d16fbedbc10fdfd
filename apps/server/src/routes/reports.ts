import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import {
  AppError,
  BASE_PATH,
  messagesId,
  PDF_CONTENT_TYPE,
  ReportDownloadQuery,
  type ReportFormat,
  type ReportLayout,
  reportFileName,
  routes,
  XLSX_CONTENT_TYPE,
} from '@ranwal/core';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { SESSION_VERSION_CLAIM, sessionVersionOf } from '../plugins/auth.js';
import { cutOffWhenStalled } from '../plugins/request-guards.js';
import { createDashboardService } from '../services/dashboard.js';
import { type ReportScope, writeReportExport } from '../services/report-export.js';
import { writeRka } from '../services/report-rka.js';
import { type BudgetLineService, createBudgetLineService } from '../services/reports.js';
import type { RouteModule } from './module.js';

const server = messagesId.server;

/** The signed link's path, next to the call that hands it out. */
export const REPORT_FILE_PATH = `${BASE_PATH}${routes.budgetLine.report.path}/file`;
const LINK_TTL_SECONDS = 10 * 60;

/**
 * What a report link carries: the download query (its layout and format too; a link signed
 * before they existed is the flat workbook) and whose lines it may export.
 */
const ReportLinkClaims = ReportDownloadQuery.safeExtend({ scope: z.enum(['all', 'own']) });

const contentTypes: Record<ReportFormat, string> = {
  xlsx: XLSX_CONTENT_TYPE,
  pdf: PDF_CONTENT_TYPE,
};

/** What a link makes, as it was asked for. */
interface ReportFile {
  layout: ReportLayout;
  format: ReportFormat;
}

/** Writes a report file: the flat sheet, or the RKA as a workbook or a PDF. */
const writerOf = ({ layout, format }: ReportFile) =>
  layout === 'rka' ? writeRka[format] : writeReportExport;

const tokenInvalid = () => new AppError('unauthorized', server.tokenInvalid);

export function reportRoutes(
  context: AppContext,
): RouteModule<'budgetLine'> & { lines: BudgetLineService } {
  const reports = createBudgetLineService(context.db, context.database.read, {
    freeForm: context.config.RANWAL_FREE_FORM_COMPONENTS,
  });
  const dashboard = createDashboardService(context.db);

  /** The scope a link grants and who signed it, checked again against the signer as they are now. */
  async function linkOf(
    token: unknown,
  ): Promise<{ scope: ReportScope; file: ReportFile; signer: string }> {
    const verified =
      typeof token === 'string' ? await context.tokens.verify(token, 'report') : null;
    const claims = ReportLinkClaims.safeParse(verified?.claims);
    // A link ends with its signer's sessions (a password change), as their bearer token does.
    const signer = verified
      ? await context.users.findActive(verified.subject, sessionVersionOf(verified.claims))
      : null;
    if (!verified || !claims.success || !signer) throw tokenInvalid();
    const { scope, layout, format, ...filter } = claims.data;
    // A link signed by an admin who has since become a user exports only their own lines.
    const everyone = scope === 'all' && signer.role === 'admin';
    return {
      scope: { ...filter, ...(everyone ? {} : { created_by: signer.id }) },
      file: { layout, format },
      signer: signer.id,
    };
  }

  /** Report downloads in progress per person (made or being sent): RANWAL_EXPORTS_PER_USER. */
  const exportsInProgress = new Map<string, number>();
  function takeExportSlot(person: string): () => void {
    const limit = context.config.RANWAL_EXPORTS_PER_USER;
    const held = exportsInProgress.get(person) ?? 0;
    if (held >= limit) throw new AppError('rate_limited', server.exportsBusy(limit));
    exportsInProgress.set(person, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (exportsInProgress.get(person) ?? 1) - 1;
      if (left > 0) exportsInProgress.set(person, left);
      else exportsInProgress.delete(person);
    };
  }

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
        const token = await context.tokens.sign(
          user.id,
          'report',
          {
            ...query,
            scope: user.role === 'admin' ? 'all' : 'own',
            [SESSION_VERSION_CLAIM]: await context.users.sessionVersion(user.id),
          },
          LINK_TTL_SECONDS,
        );
        const link = `${context.linkOrigin}${REPORT_FILE_PATH}?token=${encodeURIComponent(token)}`;
        return {
          data: {
            path: link,
            originalName: reportFileName(query.year, query.layout, query.format),
          },
        };
      },
      summary: async ({ query }) => ({ data: await dashboard.summary(query.year) }),
    },

    register(app) {
      // The browser opens this link itself, so the signed token stands in for the bearer token.
      // The file is written to a temporary file first and sent from there: no database
      // session ever waits on a client, however slowly it reads.
      app.get(REPORT_FILE_PATH, { schema: { hide: true } }, async (request, reply) => {
        const {
          scope,
          file: made,
          signer,
        } = await linkOf((request.query as { token?: unknown }).token);
        const fileName = reportFileName(scope.year, made.layout, made.format);
        const release = takeExportSlot(signer);
        const directory = await mkdtemp(
          path.join(context.config.RANWAL_TEMP_DIR ?? tmpdir(), 'ranwal-report-'),
        ).catch((error) => {
          release();
          throw error;
        });
        const cleanUp = () => {
          release();
          void rm(directory, { recursive: true, force: true });
        };
        try {
          const file = path.join(directory, fileName);
          // A client that leaves while the file is made stops the work.
          const left = new AbortController();
          const onLeave = () => left.abort();
          reply.raw.once('close', onLeave);
          const output = createWriteStream(file);
          await writerOf(made)(context.db, scope, output, {
            signal: left.signal,
            shortStatements: context.database.kind === 'pglite',
          });
          reply.raw.off('close', onLeave);
          if (left.signal.aborted) {
            output.destroy();
            cleanUp();
            reply.hijack();
            reply.raw.destroy();
            return reply;
          }
          await finished(output);
          const { size } = await stat(file);
          const body = createReadStream(file);
          body.once('close', cleanUp);
          reply.raw.once('close', () => {
            body.destroy();
            cleanUp();
          });
          cutOffWhenStalled(reply, context.config.RANWAL_SEND_TIMEOUT_MS);
          return reply
            .type(contentTypes[made.format])
            .header('content-length', size)
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .send(body);
        } catch (error) {
          cleanUp();
          throw error;
        }
      });
    },
  };
}
