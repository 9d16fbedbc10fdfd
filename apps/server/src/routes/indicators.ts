import { BASE_PATH, EvaluationDownloadQuery, messagesId, routes } from '@ranwal/core';
import type { AppContext } from '../context.js';
import { evaluationName, writeEvaluation } from '../services/evaluation-print.js';
import { createIndicatorService } from '../services/indicators.js';
import type { RouteModule } from './module.js';
import { CONTENT_TYPES, type SignedFiles, signedFile } from './signed-files.js';

const ok = messagesId.server.ok;

/** The printed evaluation's signed link path, next to the call that hands it out. */
export const EVALUATION_FILE_PATH = `${BASE_PATH}${routes.indicator.download.path}/file`;

/**
 * Output indicators, their quarterly achievement, and the unit's evaluation of its Renja on
 * screen and printed behind a signed link (issue 37).
 */
export function indicatorRoutes(
  { db, replica, today }: AppContext,
  files: SignedFiles,
): RouteModule<'indicator'> {
  const indicators = createIndicatorService(db, today);
  // The same service reading what may lag: the printed evaluation.
  const lagging = createIndicatorService(replica, today);
  const evaluationFile = signedFile({
    path: EVALUATION_FILE_PATH,
    purpose: 'evaluation',
    claims: EvaluationDownloadQuery,
    open: async (query, signer) => {
      // Read as the signer may read it now, and as the quarter stands now.
      const evaluation = await lagging.evaluation(query, signer);
      return {
        fileName: evaluationName(evaluation, query.format),
        contentType: CONTENT_TYPES[query.format],
        write: (output) => writeEvaluation[query.format](replica, evaluation, output),
      };
    },
  });
  return {
    handlers: {
      list: async ({ query, user }) => ({ message: ok, data: await indicators.list(query, user) }),
      create: async ({ body, user }) => ({
        message: ok,
        data: await indicators.create(body, user),
      }),
      update: async ({ params, body, user }) => ({
        message: ok,
        data: await indicators.update(params.id, body, user),
      }),
      delete: async ({ params, user }) => {
        await indicators.remove(params.id, user);
        return { message: ok, data: null };
      },
      achievement: async ({ body, user }) => ({
        message: ok,
        data: await indicators.setAchievements(body, user),
      }),
      evaluation: async ({ query, user }) => ({
        message: ok,
        data: await indicators.evaluation(query, user),
      }),
      download: async ({ query, user }) => {
        // Refused now (another unit's, no unit named) rather than when the link is opened.
        const evaluation = await indicators.evaluation(query, user);
        const claims = { ...query, agency_id: evaluation.agency_id };
        return {
          data: {
            path: await files.link(evaluationFile, user, claims),
            originalName: evaluationName(evaluation, query.format),
          },
        };
      },
    },
    register(app) {
      files.register(app, evaluationFile);
    },
  };
}
