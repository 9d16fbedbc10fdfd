import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { messagesId } from '@ranwal/core';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningSecret } from '../src/services/secrets.js';
import { TokenService } from '../src/services/tokens.js';
import { databaseTargets, startTestApp, type TestApp } from './harness.js';
import { caller, createChain, imageUpload, lineOn } from './reliability/fixtures.js';
import { phonePhoto } from './support/phone-photo.js';

/**
 * The authorization matrix: every endpoint the server has, called with each kind of credential.
 * The expected status of each cell is written down here by hand (not derived from the route
 * table's access rules, so a rule that changes by mistake fails this test) and the same table is
 * printed in docs/security.md (RANWAL_WRITE_DOCS=1 rewrites it there from this file).
 */

const credentials = [
  'no token',
  'expired',
  'tampered',
  'deleted user',
  'user without unit',
  'verifier without unit',
  'unit user',
  'unit verifier',
  'admin',
] as const;
type Credential = (typeof credentials)[number];
type Row = readonly [number, number, number, number, number, number, number, number, number];

// biome-ignore format: the table is read as a table.
const expected: Record<string, Row> = {
  //                                               none  expired tampered deleted no-unit-user no-unit-verifier unit-user unit-verifier admin
  'GET /ranwal/api/health':                        [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/openapi.json':                  [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /ranwal/api/user/sign-in':                 [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/user/me':                       [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/user/list':                     [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/user/create':                  [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/user/:id/update':               [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/user/:id/delete':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/user/password':                 [401, 401, 401, 401, 400, 400, 400, 400, 400],
  'PUT /ranwal/api/user/:id/password':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/agency/list':                     [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/agency/create':                  [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/agency/:id/update':               [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/agency/:id/delete':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/program/list':                  [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/program/create':               [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/program/:id/update':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/program/:id/delete':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/action/list':                   [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/action/create':                [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/action/:id/update':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/action/:id/delete':          [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/sub-action/list':               [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/sub-action/create':            [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/sub-action/:id/update':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/sub-action/:id/delete':      [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/activity/list':                 [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/activity/create':              [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/activity/:id/update':           [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/activity/:id/delete':        [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/subtitle/list':                 [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/subtitle/create':              [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/subtitle/:id/update':           [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/subtitle/:id/delete':        [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/account/list':                  [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/account/create':               [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/account/:id/update':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/account/:id/delete':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/supporter/list':                [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/supporter/create':             [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/supporter/:id/update':          [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/supporter/:id/delete':       [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/detail-program/list':           [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/detail-program/:id/get':        [401, 401, 401, 401, 404, 404, 200, 200, 200],
  'POST /ranwal/api/detail-program/create':        [401, 401, 401, 401, 403, 403, 201, 403, 201],
  'PUT /ranwal/api/detail-program/:id/update':     [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'DELETE /ranwal/api/detail-program/:id/delete':  [401, 401, 401, 401, 404, 403, 200, 403, 200],
  'GET /ranwal/api/detail-program/report':         [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/detail-program/report/file':    [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/detail-program/summary':        [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/detail-program/:id/history':    [401, 401, 401, 401, 404, 404, 200, 200, 200],
  'GET /ranwal/api/history/list':                  [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/history/export':                [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/history/export/file':           [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /ranwal/api/history/restore':              [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/lock/list':                     [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/lock/sub-action':               [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/stage/list':                    [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'PUT /ranwal/api/stage/schedule':                [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/stage/advance':                [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/stage/lock':                    [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/stage/compare':                 [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/stage/compare/workbook':        [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/stage/compare/workbook/file':   [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/verification/notes':           [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/verification/notes/create':   [401, 401, 401, 401, 403, 404, 403, 201, 201],
  'GET /ranwal/api/verification/notes/:id/replies': [401, 401, 401, 401, 404, 404, 200, 200, 200],
  'POST /ranwal/api/verification/notes/:id/reply': [401, 401, 401, 401, 404, 404, 200, 200, 200],
  'PUT /ranwal/api/verification/notes/:id/close': [401, 401, 401, 401, 403, 404, 403, 200, 200],
  'GET /ranwal/api/verification/sub-actions':     [401, 401, 401, 401, 403, 200, 403, 200, 200],
  'PUT /ranwal/api/verification/sub-action':      [401, 401, 401, 401, 403, 403, 403, 200, 200],
  'GET /ranwal/api/notification/list':            [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/notification/count':           [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'PUT /ranwal/api/notification/read':            [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/article/list':                  [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/article/:slug/get':             [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/article/:slug/get':                 [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /ranwal/api/article/create':               [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/article/:slug/update':          [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/article/:slug/update':              [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/article/:slug/delete':       [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/article/:slug/delete':           [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/import/hierarchy':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/export/hierarchy':              [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/reference/import':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/reference/list':                [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/planning/settings':             [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/planning/years':                [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'PUT /ranwal/api/planning/tax-rules':            [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/planning/signers':              [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'PUT /ranwal/api/planning/signer':               [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/planning/policy':               [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/planning/tax-recalculation':    [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/planning/tax-recalculation/apply': [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/pagu/status':                   [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'GET /ranwal/api/pagu/list':                     [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/pagu/summary':                  [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/pagu/set':                      [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'PUT /ranwal/api/pagu/agency':                   [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/pagu/import':                  [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/cash-plan':                     [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'PUT /ranwal/api/cash-plan/set':                 [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'GET /ranwal/api/cash-plan/status':              [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/cash-plan/import':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/cash-plan/export':              [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/cash-plan/workbook':            [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/cash-plan/workbook/file':       [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/realisation':                   [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'POST /ranwal/api/realisation/import':           [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/realisation/summary':           [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/realisation/trend':             [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'PUT /ranwal/api/realisation/reason':            [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'PUT /ranwal/api/realisation/sp2d':              [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'DELETE /ranwal/api/realisation/sp2d':           [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'GET /ranwal/api/monthly-report':                [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'PUT /ranwal/api/monthly-report/progress':       [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'POST /ranwal/api/monthly-report/copy-previous': [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'POST /ranwal/api/monthly-report/send':          [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'POST /ranwal/api/monthly-report/review':        [401, 401, 401, 401, 403, 403, 403, 200, 200],
  'POST /ranwal/api/monthly-report/close':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/monthly-report/remind':        [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/monthly-report/download':       [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'GET /ranwal/api/monthly-report/download/file':  [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/area':                          [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/location':                      [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'PUT /ranwal/api/location':                      [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'GET /ranwal/api/evidence':                      [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'POST /ranwal/api/evidence':                     [401, 401, 401, 401, 403, 403, 201, 403, 201],
  'DELETE /ranwal/api/evidence':                   [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'GET /ranwal/api/evidence/map':                  [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/evidence/sheet':                [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'GET /ranwal/api/evidence/sheet/file':           [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/indicator':                     [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'POST /ranwal/api/indicator/create':             [401, 401, 401, 401, 403, 403, 201, 403, 201],
  'PUT /ranwal/api/indicator/:id/update':          [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'DELETE /ranwal/api/indicator/:id/delete':       [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'PUT /ranwal/api/indicator/achievement':         [401, 401, 401, 401, 403, 403, 200, 403, 200],
  'GET /ranwal/api/indicator/evaluation':          [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'GET /ranwal/api/indicator/evaluation/download': [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'GET /ranwal/api/indicator/evaluation/download/file': [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/price-item/list':               [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/price-item/import':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/price-item/create':             [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/price-item/:id/update':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/price-item/anomalies':          [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/funding-source/list':            [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'POST /ranwal/api/funding-source/create':         [401, 401, 401, 401, 403, 403, 403, 403, 201],
  'PUT /ranwal/api/funding-source/:id/update':      [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'DELETE /ranwal/api/funding-source/:id/delete':   [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/funding-source/import':         [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/funding-source/recap':           [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/funding-source/recap/download':  [401, 401, 401, 401, 200, 200, 200, 200, 200],
  'GET /ranwal/api/funding-source/recap/download/file': [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /ranwal/api/sub-action-funding':             [401, 401, 401, 401, 403, 403, 200, 200, 200],
  'PUT /ranwal/api/sub-action-funding':             [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'POST /ranwal/api/upload-file':                  [401, 401, 401, 401, 403, 403, 403, 403, 200],
  'GET /ranwal/api/uploads/:id':                   [200, 200, 200, 200, 200, 200, 200, 200, 200],
};

/** Why a row reads as it does, printed under the table in docs/security.md. */
const notes: Record<string, string> = {
  'GET /ranwal/api/detail-program/report':
    "without `agency_id`; a user's or verifier's link exports the lines of their scope (with units their units', without a unit their own under programmes without one); one asking for a Perangkat Daerah not theirs gets 403 (`report-rka.test.ts`, `verification.test.ts`)",
  'GET /ranwal/api/detail-program/report/file':
    'authorized by the signed link in `?token=` (made by `report` for its caller), not by a bearer token',
  'GET /ranwal/api/history/export/file':
    'authorized by the signed link in `?token=` (made by `history.export` for an admin, refused once its signer is no longer one), not by a bearer token',
  'GET /ranwal/api/stage/compare/workbook/file':
    'authorized by the signed link in `?token=` (made by `stage.compareWorkbook` for an admin, refused once its signer is no longer one), not by a bearer token',
  'GET /ranwal/api/uploads/:id': 'public so `<img>` tags load covers; ids are random UUIDs',
  'POST /ranwal/api/user/sign-in': 'with valid credentials in the body',
  'PUT /ranwal/api/user/password':
    'a wrong current password: past the check, a right one would end the session the table signs in with (`contract-scenarios.test.ts` changes one)',
  'GET /ranwal/api/article/:slug/get':
    'a published article; drafts and archived ones answer 404 except to an admin',
  'GET /ranwal/api/detail-program/:id/get':
    "a line the unit user made under a programme of their Perangkat Daerah: its unit's people and an admin read it; anyone else, the accounts without a unit included, gets 404",
  'PUT /ranwal/api/detail-program/:id/update':
    "a user edits their scope's lines (the unit's; without a unit their own under programmes without one: `verification.test.ts`), an admin any; a verifier none; under a programme outside one's scope 403",
  'DELETE /ranwal/api/detail-program/:id/delete':
    "a user deletes their scope's lines (another's: 404), an admin any; a verifier none",
  'POST /ranwal/api/detail-program/create':
    "a user with units only under their units' programmes, a user without a unit only under programmes without one (issue 34); a verifier writes no lines",
  'GET /ranwal/api/detail-program/:id/history':
    'the history of a line one may read (as `get`), an admin any',
  'GET /ranwal/api/pagu/status':
    "a person reads the sub kegiatan of their scope only: their units', or without a unit those under no unit (another's: 403)",
  'GET /ranwal/api/sub-action-funding': 'as `pagu/status`: the sub kegiatan of their scope only',
  'GET /ranwal/api/cash-plan':
    'as `pagu/status`: the Anggaran Kas of a sub kegiatan of their scope',
  'PUT /ranwal/api/cash-plan/set':
    "as a line write: a user within their scope (the unit's sub kegiatan), an admin any; a verifier none",
  'GET /ranwal/api/cash-plan/status':
    "everyone signed in, each seeing their scope's sub kegiatan only",
  'GET /ranwal/api/cash-plan/workbook':
    "everyone signed in, printing their scope's sub kegiatan; one asking for a Perangkat Daerah not theirs gets 403 (`cash-plan.test.ts`)",
  'GET /ranwal/api/realisation':
    'as `pagu/status`: the realisation of a sub kegiatan of their scope',
  'GET /ranwal/api/realisation/summary':
    "everyone signed in, each seeing their scope's Perangkat Daerah only (`realisation.test.ts`)",
  'GET /ranwal/api/realisation/trend':
    'everyone signed in, summing their scope only; one naming a Perangkat Daerah not theirs gets 403 (`monthly-report.test.ts`)',
  'PUT /ranwal/api/realisation/reason':
    "as a line write: a user within their scope (the unit's sub kegiatan), an admin any; a verifier none",
  'PUT /ranwal/api/realisation/sp2d':
    'as a line write, where the region lets units record SP2D (else 409 for a user), while the month is open (else 409)',
  'DELETE /ranwal/api/realisation/sp2d':
    'as `PUT realisation/sp2d`; an SP2D of the finance system: 400',
  'GET /ranwal/api/monthly-report':
    "a Perangkat Daerah's month: its own people (user or verifier) and admins; anyone else 403 (`monthly-report.test.ts`)",
  'PUT /ranwal/api/monthly-report/progress':
    "as a line write, while the unit's month is open (a sent, verified or closed month: 409)",
  'POST /ranwal/api/monthly-report/copy-previous': 'as `monthly-report/progress`',
  'POST /ranwal/api/monthly-report/send':
    "the unit's users and admins; a verifier reviews, never sends",
  'POST /ranwal/api/monthly-report/review':
    'a verifier of the unit, or an admin (who may also send back a verified or closed month)',
  'GET /ranwal/api/cash-plan/workbook/file':
    'authorized by the signed link in `?token=` (made by `cashPlan.workbook` for its caller, whose scope it prints), not by a bearer token',
  'GET /ranwal/api/funding-source/recap':
    "everyone signed in, each summing their scope's sub kegiatan only; one asking for a Perangkat Daerah not theirs gets 403 (`funding-recap.test.ts`)",
  'GET /ranwal/api/funding-source/recap/download': 'as `funding-source/recap`',
  'GET /ranwal/api/monthly-report/download':
    "as `monthly-report`: the unit's own people and admins",
  'GET /ranwal/api/monthly-report/download/file':
    'authorized by the signed link in `?token=` (made by `monthlyReport.download` for its caller, read again as the signer may read it when opened), not by a bearer token',
  'GET /ranwal/api/area':
    "everyone signed in: Kemendagri's areas are public data (`evidence.test.ts`)",
  'GET /ranwal/api/location': 'as `cash-plan`: a sub kegiatan of their scope',
  'PUT /ranwal/api/location':
    'as a line write: a user within their scope, an admin any; a verifier none',
  'GET /ranwal/api/evidence': 'as `location`: the photos of a sub kegiatan of their scope',
  'POST /ranwal/api/evidence':
    'as `monthly-report/progress`: a user within their scope while the month is open (else 409), an admin any; a verifier none',
  'DELETE /ranwal/api/evidence': 'as `POST evidence`',
  'GET /ranwal/api/evidence/map': "everyone signed in, each seeing their scope's sub kegiatan only",
  'GET /ranwal/api/evidence/sheet': 'as `GET evidence`',
  'GET /ranwal/api/evidence/sheet/file':
    'authorized by the signed link in `?token=` (made by `evidence.sheet` for its caller, read again as the signer may read it when opened), not by a bearer token',
  'GET /ranwal/api/indicator':
    'as `pagu/status`: the output indicators of a sub kegiatan of their scope (`indicators.test.ts`)',
  'POST /ranwal/api/indicator/create':
    "as a line write: a user within their scope (the unit's sub kegiatan), an admin any; a verifier none; a lock or the stage refuses the user (409)",
  'PUT /ranwal/api/indicator/:id/update': 'as `indicator/create`',
  'DELETE /ranwal/api/indicator/:id/delete': 'as `indicator/create`',
  'PUT /ranwal/api/indicator/achievement':
    "as `monthly-report/progress`: while the monthly report of the quarter's last month is open to the unit (409 otherwise)",
  'GET /ranwal/api/indicator/evaluation': "as `monthly-report`: the unit's own people and admins",
  'GET /ranwal/api/indicator/evaluation/download': 'as `indicator/evaluation`',
  'GET /ranwal/api/indicator/evaluation/download/file':
    'authorized by the signed link in `?token=` (made by `indicator.download` for its caller, read again as the signer may read it when opened), not by a bearer token',
  'GET /ranwal/api/funding-source/recap/download/file':
    'authorized by the signed link in `?token=` (made by `fundingSource.recapDownload` for its caller, whose scope it prints), not by a bearer token',
  'GET /ranwal/api/verification/notes': 'the notes of lines one may read (as `get`)',
  'GET /ranwal/api/verification/notes/:id/replies':
    "a note on the unit's line: anyone who may read the note; the accounts without a unit do not reach it (404)",
  'POST /ranwal/api/verification/notes/create':
    "on the unit's line: its verifier and an admin; the verifier without a unit does not reach it (404)",
  'POST /ranwal/api/verification/notes/:id/reply':
    "a note on the unit's line: anyone who may read the note answers it; the accounts without a unit do not reach it (404)",
  'PUT /ranwal/api/verification/notes/:id/close':
    "a note on the unit's sub kegiatan: its verifier and an admin close it; the verifier without a unit does not reach it (404)",
  'PUT /ranwal/api/verification/sub-action':
    "a sub kegiatan of the verifier's scope (another unit's, or a unit's to a verifier without one: 403)",
  'GET /ranwal/api/notification/list':
    "one's own notifications, about programmes of one's scope only",
};

/** The markdown table of docs/security.md, made from the table above. */
export function authorizationMarkdown(): string {
  const head = `| Endpoint | ${credentials.map((c) => c[0]!.toUpperCase() + c.slice(1)).join(' | ')} |`;
  const rule = `|---|${credentials.map(() => '---').join('|')}|`;
  const rows = Object.entries(expected).map(
    ([endpoint, row]) => `| \`${endpoint}\` | ${row.join(' | ')} |`,
  );
  const noteLines = Object.entries(notes).map(([endpoint, note]) => `- \`${endpoint}\`: ${note}.`);
  return [head, rule, ...rows, '', ...noteLines].join('\n');
}

const DOCS = path.resolve(import.meta.dirname, '../../../docs/security.md');
const START =
  '<!-- authorization-table:start (generated from apps/server/test/reliability-authorization.test.ts) -->';
const END = '<!-- authorization-table:end -->';

/** A request ready to send; made afresh per cell, so a delete always has something to delete. */
interface Call {
  url: string;
  body?: unknown;
  payload?: Buffer;
  contentType?: string;
}

describe.each(databaseTargets)('authorization matrix on %s', (target) => {
  let t: TestApp;
  const tokens = {} as Record<Credential, string | undefined>;
  let prepare: Record<string, () => Promise<Call>>;

  beforeAll(async () => {
    t = await startTestApp(target);
    const admin = caller(t, t.adminToken);
    const me = async (token: string) =>
      (await t.call('GET', '/ranwal/api/user/me', { token })).json().data as { id: string };
    const adminId = (await me(t.adminToken)).id;

    // Expired: the real admin's token, signed with the server's own secret, an hour past.
    const secret = await loadSigningSecret(t.database.db, undefined);
    const expired = await new TokenService(secret, -3600).sign(adminId, 'session', {
      role: 'admin',
    });
    // Tampered: the user's token claiming to be the admin, its signature left as it was.
    const [header, payload, signature] = t.userToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: adminId, role: 'admin' }));
    // Deleted user: an admin who signed in and was then deleted.
    await admin('POST', '/ranwal/api/user/create', {
      name: 'Admin Lama',
      email: 'admin.lama@test.local',
      role: 'admin',
      password: 'rahasia-lama-1',
    });
    const signIn = await t.call('POST', '/ranwal/api/user/sign-in', {
      body: { email: 'admin.lama@test.local', password: 'rahasia-lama-1' },
    });
    const deleted = signIn.json().data as { token: string; id: string };
    await admin('DELETE', `/ranwal/api/user/${deleted.id}/delete`);
    Object.assign(tokens, {
      'no token': undefined,
      expired,
      tampered: `${header}.${forged.toString('base64url')}.${signature}`,
      'deleted user': deleted.token,
      'user without unit': t.userToken,
      admin: t.adminToken,
    });

    // A counter that keeps names, emails and codes unique across cells.
    let n = 0;
    // Years of their own for the stage calls, each with stages to move through.
    let stageYear = 2040;
    const chain = await createChain(t, 'Matriks', true);
    // The chain is a Perangkat Daerah's: its user owns the lines, its verifier reviews them, and
    // the two accounts without a unit reach none of them (issue 34).
    const unit = await admin('POST', '/ranwal/api/agency/create', { name: 'Dinas Matriks' });
    await admin('PUT', `/ranwal/api/program/${chain.program.id}/update`, {
      name: chain.program.name,
      is_taxed: true,
      agency_id: unit.id,
    });
    /** A person of that Perangkat Daerah, made by the admin and signed in: their token. */
    const unitPerson = async (name: string, email: string, role: string, password: string) => {
      await admin('POST', '/ranwal/api/user/create', {
        name,
        email,
        role,
        password,
        agency_ids: [unit.id],
      });
      const signedIn = await t.call('POST', '/ranwal/api/user/sign-in', {
        body: { email, password },
      });
      return signedIn.json().data.token as string;
    };
    tokens['unit verifier'] = await unitPerson(
      'Verifikator Matriks',
      'verifikator@test.local',
      'verifier',
      'rahasia-verif-1',
    );
    // A user of that Perangkat Daerah: makes the lines there.
    tokens['unit user'] = await unitPerson(
      'Staf Matriks',
      'staf@test.local',
      'user',
      'rahasia-staf-1',
    );
    // A verifier made with no unit: reviews only programmes without one.
    await admin('POST', '/ranwal/api/user/create', {
      name: 'Verifikator Lepas',
      email: 'verifikator.lepas@test.local',
      role: 'verifier',
      password: 'rahasia-lepas-1',
    });
    tokens['verifier without unit'] = (
      await t.call('POST', '/ranwal/api/user/sign-in', {
        body: { email: 'verifikator.lepas@test.local', password: 'rahasia-lepas-1' },
      })
    ).json().data.token as string;
    const user = caller(t, tokens['unit user']);
    /** An SP2D the unit records itself (September, open): the same each time, so it replaces itself. */
    const unitSp2d = {
      sub_action_id: chain.sub_action.id,
      year: 2025,
      sp2d_number: 'SP2D/MATRIKS/UNIT',
      date: '2025-09-10',
      account_code: '5.1.02.01.01.0024',
      amount: 1,
    };
    const supporter = await admin('POST', '/ranwal/api/supporter/create', { name: 'Bappeda' });
    const ownLine = await user(
      'POST',
      '/ranwal/api/detail-program/create',
      lineOn(chain, supporter),
    );
    const article = async () =>
      admin('POST', '/ranwal/api/article/create', {
        title: `Berita Matriks ${n++}`,
        content: '<p>Isi</p>',
        category: 'Kegiatan Rutin',
      });
    const published = await article();
    const upload = await imageUpload();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/ranwal/api/upload-file',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    const uploadPath = new URL(uploaded.json().data.path, 'http://localhost').pathname;
    const report = await admin('GET', '/ranwal/api/detail-program/report?year=2025');
    const reportFile = new URL(String(report.path), 'http://localhost');
    const historyExport = await admin('GET', '/ranwal/api/history/export');
    const historyFile = new URL(String(historyExport.path), 'http://localhost');
    // A year of its own with two stages entered, for the comparison's workbook.
    const workbookYear = stageYear++;
    await admin('PUT', '/ranwal/api/stage/schedule', {
      year: workbookYear,
      stages: [
        {
          kind: 'ranwal',
          starts_on: `${workbookYear - 1}-01-01`,
          ends_on: `${workbookYear - 1}-12-31`,
        },
        { kind: 'ranhir', starts_on: `${workbookYear}-01-01`, ends_on: `${workbookYear}-12-31` },
      ],
    });
    // Years ahead: entering their stages before their dates is confirmed.
    await admin('POST', '/ranwal/api/stage/advance', { year: workbookYear, confirm: true });
    await admin('POST', '/ranwal/api/stage/advance', { year: workbookYear, confirm: true });
    const workbookQuery = `year=${workbookYear}&from=ranwal&to=ranhir`;
    const stageWorkbook = await admin('GET', `/ranwal/api/stage/compare/workbook?${workbookQuery}`);
    const stageWorkbookFile = new URL(String(stageWorkbook.path), 'http://localhost');
    const cashPlanWorkbook = await admin('GET', '/ranwal/api/cash-plan/workbook?year=2099');
    const cashPlanWorkbookFile = new URL(String(cashPlanWorkbook.path), 'http://localhost');
    const fundingRecap = await admin('GET', '/ranwal/api/funding-source/recap/download?year=2099');
    const fundingRecapFile = new URL(String(fundingRecap.path), 'http://localhost');
    const monthlyPrint = await admin(
      'GET',
      `/ranwal/api/monthly-report/download?agency_id=${unit.id}&year=2025&month=6`,
    );
    const monthlyPrintFile = new URL(String(monthlyPrint.path), 'http://localhost');
    const evaluationPrint = await admin(
      'GET',
      `/ranwal/api/indicator/evaluation/download?agency_id=${unit.id}&year=2025&quarter=2`,
    );
    const evaluationPrintFile = new URL(String(evaluationPrint.path), 'http://localhost');
    /**
     * A photo filed on the chain's sub kegiatan as a phone sends it, in June (open, as for the
     * progress cell) or, for the photos made to be taken back, November (no other cell's).
     */
    const evidenceUpload = async (month = 6) => {
      const form = new FormData();
      form.append('sub_action_id', chain.sub_action.id);
      form.append('year', '2025');
      form.append('month', String(month));
      form.append(
        'file',
        new Blob([phonePhoto({ shade: n++ % 250 })], { type: 'image/jpeg' }),
        'foto.jpg',
      );
      const encoded = new Response(form);
      return {
        payload: Buffer.from(await encoded.arrayBuffer()),
        contentType: encoded.headers.get('content-type')!,
      };
    };
    const evidenceSheet = await admin(
      'GET',
      `/ranwal/api/evidence/sheet?sub_action_id=${chain.sub_action.id}&year=2025`,
    );
    const evidenceSheetFile = new URL(String(evidenceSheet.path), 'http://localhost');
    /** A fresh output indicator of the chain's sub kegiatan, made by the admin. */
    const newIndicator = () =>
      admin('POST', '/ranwal/api/indicator/create', {
        sub_action_id: chain.sub_action.id,
        year: 2025,
        description: `Indikator ${n++}`,
        target: 1,
        unit: 'Dokumen',
      });
    const victim = () =>
      admin('POST', '/ranwal/api/user/create', {
        name: 'Korban',
        email: `korban${n++}@test.local`,
        password: 'rahasia-korban-1',
      });
    /** The four calls of a hierarchy level or supporters, on fresh records. */
    const entity = (segment: string, body: () => Record<string, unknown>) => {
      const base = `/ranwal/api/${segment}`;
      return {
        [`GET ${base}/list`]: async () => ({ url: `${base}/list` }),
        [`POST ${base}/create`]: async () => ({ url: `${base}/create`, body: body() }),
        [`PUT ${base}/:id/update`]: async () => {
          const record = await admin('POST', `${base}/create`, body());
          return { url: `${base}/${record.id}/update`, body: body() };
        },
        [`DELETE ${base}/:id/delete`]: async () => {
          const record = await admin('POST', `${base}/create`, body());
          return { url: `${base}/${record.id}/delete` };
        },
      };
    };
    const named = (extra: Record<string, unknown>) => () => ({ name: `Nama ${n++}`, ...extra });

    prepare = {
      'GET /ranwal/api/health': async () => ({ url: '/ranwal/api/health' }),
      'GET /ranwal/api/openapi.json': async () => ({ url: '/ranwal/api/openapi.json' }),
      'POST /ranwal/api/user/sign-in': async () => ({
        url: '/ranwal/api/user/sign-in',
        body: { email: 'user@test.local', password: 'user-password-1' },
      }),
      'GET /ranwal/api/user/me': async () => ({ url: '/ranwal/api/user/me' }),
      'GET /ranwal/api/user/list': async () => ({ url: '/ranwal/api/user/list' }),
      'POST /ranwal/api/user/create': async () => ({
        url: '/ranwal/api/user/create',
        body: { name: 'Baru', email: `baru${n++}@test.local`, password: 'rahasia-baru-1' },
      }),
      'PUT /ranwal/api/user/:id/update': async () => {
        const record = await victim();
        return {
          url: `/ranwal/api/user/${record.id}/update`,
          body: { name: 'Diubah', email: record.email, role: 'user' },
        };
      },
      'DELETE /ranwal/api/user/:id/delete': async () => ({
        url: `/ranwal/api/user/${(await victim()).id}/delete`,
      }),
      'PUT /ranwal/api/user/password': async () => ({
        url: '/ranwal/api/user/password',
        body: { current_password: 'bukan-password-1', new_password: 'password-baru-1' },
      }),
      'PUT /ranwal/api/user/:id/password': async () => ({
        url: `/ranwal/api/user/${(await victim()).id}/password`,
        body: { password: 'diatur-admin-1' },
      }),
      ...entity('agency', named({})),
      ...entity('program', named({ is_taxed: false })),
      ...entity('action', named({ program_id: chain.program.id })),
      ...entity('sub-action', named({ action_id: chain.action.id })),
      ...entity('activity', named({ sub_action_id: chain.sub_action.id })),
      ...entity('subtitle', named({ activity_id: chain.activity.id })),
      ...entity('account', () => ({
        code: `5.1.${n}`,
        ...named({ subtitle_id: chain.subtitle.id })(),
      })),
      ...entity('supporter', named({})),
      'GET /ranwal/api/detail-program/list': async () => ({
        url: '/ranwal/api/detail-program/list',
      }),
      'GET /ranwal/api/detail-program/:id/get': async () => ({
        url: `/ranwal/api/detail-program/${ownLine.id}/get`,
      }),
      'POST /ranwal/api/detail-program/create': async () => ({
        url: '/ranwal/api/detail-program/create',
        body: lineOn(chain, supporter),
      }),
      'PUT /ranwal/api/detail-program/:id/update': async () => ({
        url: `/ranwal/api/detail-program/${ownLine.id}/update`,
        body: lineOn(chain, supporter),
      }),
      // A line of the unit user's: theirs to delete, and any line is an admin's.
      'DELETE /ranwal/api/detail-program/:id/delete': async () => {
        const line = await user(
          'POST',
          '/ranwal/api/detail-program/create',
          lineOn(chain, supporter),
        );
        return { url: `/ranwal/api/detail-program/${line.id}/delete` };
      },
      'GET /ranwal/api/detail-program/report': async () => ({
        url: '/ranwal/api/detail-program/report?year=2025',
      }),
      'GET /ranwal/api/detail-program/report/file': async () => ({
        url: `${reportFile.pathname}${reportFile.search}`,
      }),
      'GET /ranwal/api/detail-program/summary': async () => ({
        url: '/ranwal/api/detail-program/summary?year=2025',
      }),
      'GET /ranwal/api/detail-program/:id/history': async () => ({
        url: `/ranwal/api/detail-program/${ownLine.id}/history`,
      }),
      'GET /ranwal/api/history/list': async () => ({ url: '/ranwal/api/history/list' }),
      'GET /ranwal/api/history/export': async () => ({ url: '/ranwal/api/history/export' }),
      'GET /ranwal/api/history/export/file': async () => ({
        url: `${historyFile.pathname}${historyFile.search}`,
      }),
      'GET /ranwal/api/stage/compare/workbook': async () => ({
        url: `/ranwal/api/stage/compare/workbook?${workbookQuery}`,
      }),
      'GET /ranwal/api/stage/compare/workbook/file': async () => ({
        url: `${stageWorkbookFile.pathname}${stageWorkbookFile.search}`,
      }),
      'GET /ranwal/api/lock/list': async () => ({ url: '/ranwal/api/lock/list?year=2099' }),
      'GET /ranwal/api/stage/list': async () => ({ url: '/ranwal/api/stage/list?year=2098' }),
      'PUT /ranwal/api/stage/schedule': async () => ({
        url: '/ranwal/api/stage/schedule',
        body: {
          year: 2098,
          stages: [
            { kind: 'ranwal', starts_on: '2097-01-01', ends_on: '2097-12-31' },
            { kind: 'ranhir', starts_on: '2098-01-01', ends_on: '2098-12-31' },
          ],
        },
      }),
      'POST /ranwal/api/stage/advance': async () => {
        // A year of its own each time, with a stage to move into.
        const year = stageYear++;
        await admin('PUT', '/ranwal/api/stage/schedule', {
          year,
          stages: [{ kind: 'ranwal', starts_on: `${year}-01-01`, ends_on: `${year}-12-31` }],
        });
        return { url: '/ranwal/api/stage/advance', body: { year, confirm: true } };
      },
      'PUT /ranwal/api/stage/lock': async () => {
        const year = stageYear++;
        await admin('PUT', '/ranwal/api/stage/schedule', {
          year,
          stages: [{ kind: 'ranwal', starts_on: `${year}-01-01`, ends_on: `${year}-12-31` }],
        });
        await admin('POST', '/ranwal/api/stage/advance', { year, confirm: true });
        return { url: '/ranwal/api/stage/lock', body: { year, locked: true } };
      },
      'GET /ranwal/api/stage/compare': async () => {
        const year = stageYear++;
        await admin('PUT', '/ranwal/api/stage/schedule', {
          year,
          stages: [
            { kind: 'ranwal', starts_on: `${year - 1}-01-01`, ends_on: `${year - 1}-12-31` },
            { kind: 'ranhir', starts_on: `${year}-01-01`, ends_on: `${year}-12-31` },
          ],
        });
        await admin('POST', '/ranwal/api/stage/advance', { year, confirm: true });
        await admin('POST', '/ranwal/api/stage/advance', { year, confirm: true });
        return { url: `/ranwal/api/stage/compare?year=${year}&from=ranwal&to=ranhir` };
      },
      'PUT /ranwal/api/lock/sub-action': async () => ({
        url: '/ranwal/api/lock/sub-action',
        body: { sub_action_id: chain.sub_action.id, year: 2099, locked: true },
      }),
      'POST /ranwal/api/history/restore': async () => {
        const { rows } = await sql<{ id: string }>`
          select id from change_log where record_type = 'detail_program'
          order by id desc limit 1`.execute(t.database.db);
        return { url: '/ranwal/api/history/restore', body: { change_id: Number(rows[0]!.id) } };
      },
      'GET /ranwal/api/article/list': async () => ({ url: '/ranwal/api/article/list' }),
      'GET /ranwal/api/article/:slug/get': async () => ({
        url: `/ranwal/api/article/${published.slug}/get`,
      }),
      'GET /ranwal/article/:slug/get': async () => ({
        url: `/ranwal/article/${published.slug}/get`,
      }),
      'POST /ranwal/api/article/create': async () => ({
        url: '/ranwal/api/article/create',
        body: { title: `Baru ${n++}`, content: '<p>Isi</p>', category: 'Kegiatan Rutin' },
      }),
      ...Object.fromEntries(
        ['/ranwal/api', '/ranwal'].flatMap((base) => [
          [
            `PUT ${base}/article/:slug/update`,
            async () => ({
              url: `${base}/article/${(await article()).slug}/update`,
              body: { title: 'Diubah', content: '<p>Isi baru</p>', category: 'Usulan Reses DPRD' },
            }),
          ],
          [
            `DELETE ${base}/article/:slug/delete`,
            async () => ({ url: `${base}/article/${(await article()).slug}/delete` }),
          ],
        ]),
      ),
      'POST /ranwal/api/import/hierarchy': async () => ({
        url: '/ranwal/api/import/hierarchy',
        body: {
          program: { name: ['Program Impor'], is_taxed: [null] },
          action: { parent: [0], name: ['Kegiatan Impor'] },
          sub_action: { parent: [0], name: ['Sub Impor'] },
          activity: { parent: [0], name: ['Aktivitas Impor'] },
          subtitle: { parent: [0], name: ['Subtitle Impor'] },
          account: { parent: [0], code: ['5.2.01'], name: ['Belanja Impor'] },
          dry_run: true,
        },
      }),
      'GET /ranwal/api/export/hierarchy': async () => ({ url: '/ranwal/api/export/hierarchy' }),
      'POST /ranwal/api/reference/import': async () => ({
        url: '/ranwal/api/reference/import',
        body: { items: [{ code: '1.01.01', name: 'Program Rujukan' }], dry_run: true },
      }),
      'GET /ranwal/api/reference/list': async () => ({
        url: '/ranwal/api/reference/list?level=program',
      }),
      'GET /ranwal/api/planning/settings': async () => ({ url: '/ranwal/api/planning/settings' }),
      'GET /ranwal/api/planning/years': async () => ({ url: '/ranwal/api/planning/years' }),
      'PUT /ranwal/api/planning/tax-rules': async () => ({
        url: '/ranwal/api/planning/tax-rules',
        body: { rules: [] },
      }),
      'GET /ranwal/api/planning/signers': async () => ({ url: '/ranwal/api/planning/signers' }),
      'PUT /ranwal/api/planning/signer': async () => ({
        url: '/ranwal/api/planning/signer',
        body: { agency_id: null, place: 'Kota', position: 'Kepala', name: 'Nama' },
      }),
      'PUT /ranwal/api/planning/policy': async () => ({
        url: '/ranwal/api/planning/policy',
        body: { lines_need_pagu: true },
      }),
      'GET /ranwal/api/planning/tax-recalculation': async () => ({
        url: '/ranwal/api/planning/tax-recalculation?year=2025',
      }),
      'POST /ranwal/api/planning/tax-recalculation/apply': async () => ({
        url: '/ranwal/api/planning/tax-recalculation/apply',
        body: { year: 2099 },
      }),
      'GET /ranwal/api/pagu/status': async () => ({
        url: `/ranwal/api/pagu/status?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'GET /ranwal/api/pagu/list': async () => ({ url: '/ranwal/api/pagu/list?year=2025' }),
      'GET /ranwal/api/pagu/summary': async () => ({ url: '/ranwal/api/pagu/summary?year=2025' }),
      'PUT /ranwal/api/pagu/set': async () => ({
        url: '/ranwal/api/pagu/set',
        body: { sub_action_id: chain.sub_action.id, year: 2099, amount: 1_000 },
      }),
      'PUT /ranwal/api/pagu/agency': async () => ({
        url: '/ranwal/api/pagu/agency',
        body: {
          agency_id: (await admin('POST', '/ranwal/api/agency/create', named({})())).id,
          year: 2099,
          amount: 1_000,
        },
      }),
      'POST /ranwal/api/pagu/import': async () => {
        const code = `1.01.01.2.01.${String(n++).padStart(4, '0')}`;
        await admin('POST', '/ranwal/api/sub-action/create', {
          ...named({ action_id: chain.action.id })(),
          code,
        });
        return {
          url: '/ranwal/api/pagu/import',
          body: { year: 2099, rows: [{ sub_action_code: code, amount: 1 }] },
        };
      },
      'GET /ranwal/api/cash-plan': async () => ({
        url: `/ranwal/api/cash-plan?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'PUT /ranwal/api/cash-plan/set': async () => ({
        url: '/ranwal/api/cash-plan/set',
        body: { sub_action_id: chain.sub_action.id, year: 2025, rows: [] },
      }),
      'GET /ranwal/api/cash-plan/status': async () => ({
        url: '/ranwal/api/cash-plan/status?year=2025',
      }),
      'POST /ranwal/api/cash-plan/import': async () => {
        // The SIPD layout finds the sub kegiatan by its code; the chain's account is under it.
        await admin('PUT', `/ranwal/api/sub-action/${chain.sub_action.id}/update`, {
          name: chain.sub_action.name,
          action_id: chain.action.id,
          code: '7.01.01.2.01.0001',
        });
        return {
          url: '/ranwal/api/cash-plan/import',
          body: {
            year: 2099,
            rows: [
              {
                row: 2,
                sub_action_code: '7.01.01.2.01.0001',
                account_code: '5.1.02.01.01.0024',
                months: Array.from({ length: 12 }, () => 1),
              },
            ],
          },
        };
      },
      'GET /ranwal/api/cash-plan/export': async () => ({
        url: '/ranwal/api/cash-plan/export?year=2099',
      }),
      'GET /ranwal/api/cash-plan/workbook': async () => ({
        url: '/ranwal/api/cash-plan/workbook?year=2099',
      }),
      'GET /ranwal/api/cash-plan/workbook/file': async () => ({
        url: `${cashPlanWorkbookFile.pathname}${cashPlanWorkbookFile.search}`,
      }),
      'GET /ranwal/api/realisation': async () => ({
        url: `/ranwal/api/realisation?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'POST /ranwal/api/realisation/import': async () => {
        // SP2D name their sub kegiatan by code; the chain's account is under it.
        await admin('PUT', `/ranwal/api/sub-action/${chain.sub_action.id}/update`, {
          name: chain.sub_action.name,
          action_id: chain.action.id,
          code: '7.01.01.2.01.0001',
        });
        return {
          url: '/ranwal/api/realisation/import',
          body: {
            year: 2099,
            rows: [
              {
                row: 2,
                sp2d_number: 'SP2D/MATRIKS/2099',
                date: '2099-01-10',
                sub_action_code: '7.01.01.2.01.0001',
                account_code: '5.1.02.01.01.0024',
                amount: 1,
              },
            ],
          },
        };
      },
      'GET /ranwal/api/realisation/summary': async () => ({
        url: '/ranwal/api/realisation/summary?year=2025&month=6',
      }),
      'GET /ranwal/api/realisation/trend': async () => ({
        url: '/ranwal/api/realisation/trend?year=2025',
      }),
      'PUT /ranwal/api/realisation/reason': async () => ({
        url: '/ranwal/api/realisation/reason',
        // An empty reason withdraws one (none given): allowed wherever a line may be written.
        body: {
          sub_action_id: chain.sub_action.id,
          year: 2025,
          account_code: '5.1.02.01.01.0024',
          reason: '',
        },
      }),
      'PUT /ranwal/api/realisation/sp2d': async () => {
        await admin('PUT', '/ranwal/api/planning/policy', { units_enter_sp2d: true });
        // The same number each time: recorded again, it replaces itself.
        return { url: '/ranwal/api/realisation/sp2d', body: unitSp2d };
      },
      'DELETE /ranwal/api/realisation/sp2d': async () => {
        await admin('PUT', '/ranwal/api/planning/policy', { units_enter_sp2d: true });
        await admin('PUT', '/ranwal/api/realisation/sp2d', unitSp2d);
        return {
          url: `/ranwal/api/realisation/sp2d?sub_action_id=${chain.sub_action.id}&year=2025&sp2d_number=${encodeURIComponent(unitSp2d.sp2d_number)}`,
        };
      },
      'GET /ranwal/api/monthly-report': async () => ({
        url: `/ranwal/api/monthly-report?agency_id=${unit.id}&year=2025&month=6`,
      }),
      'PUT /ranwal/api/monthly-report/progress': async () => ({
        url: '/ranwal/api/monthly-report/progress',
        body: { sub_action_id: chain.sub_action.id, year: 2025, month: 6, progress_tenths: 0 },
      }),
      'POST /ranwal/api/monthly-report/copy-previous': async () => ({
        url: '/ranwal/api/monthly-report/copy-previous',
        body: { agency_id: unit.id, year: 2025, month: 7 },
      }),
      'POST /ranwal/api/monthly-report/send': async () => {
        // An open month with every sub kegiatan's progress entered, sendable again by each cell.
        await sql`delete from monthly_report where agency_id = ${unit.id} and month = 8`.execute(
          t.database.db,
        );
        await sql`insert into physical_progress (sub_action_id, year, month, progress_tenths)
          select distinct d.sub_action_id, 2025, 8, 0 from detail_program d
          join program p on p.id = d.program_id
          where p.agency_id = ${unit.id} and d.year = 2025
          on conflict do nothing`.execute(t.database.db);
        return {
          url: '/ranwal/api/monthly-report/send',
          body: { agency_id: unit.id, year: 2025, month: 8 },
        };
      },
      'POST /ranwal/api/monthly-report/review': async () => {
        // A sent month, to be verified by each cell.
        await sql`insert into monthly_report (agency_id, year, month, status)
          values (${unit.id}, 2025, 9, 'sent')
          on conflict (agency_id, year, month) do update set status = 'sent'`.execute(
          t.database.db,
        );
        return {
          url: '/ranwal/api/monthly-report/review',
          body: { agency_id: unit.id, year: 2025, month: 9, decision: 'verify' },
        };
      },
      'POST /ranwal/api/monthly-report/close': async () => ({
        url: '/ranwal/api/monthly-report/close',
        body: { agency_id: unit.id, year: 2025, month: 10 },
      }),
      'POST /ranwal/api/monthly-report/remind': async () => ({
        url: '/ranwal/api/monthly-report/remind',
        body: {},
      }),
      'GET /ranwal/api/funding-source/recap': async () => ({
        url: '/ranwal/api/funding-source/recap?year=2025',
      }),
      'GET /ranwal/api/funding-source/recap/download': async () => ({
        url: '/ranwal/api/funding-source/recap/download?year=2099&format=pdf',
      }),
      'GET /ranwal/api/funding-source/recap/download/file': async () => ({
        url: `${fundingRecapFile.pathname}${fundingRecapFile.search}`,
      }),
      'GET /ranwal/api/monthly-report/download': async () => ({
        url: `/ranwal/api/monthly-report/download?agency_id=${unit.id}&year=2025&month=6`,
      }),
      'GET /ranwal/api/monthly-report/download/file': async () => ({
        url: `${monthlyPrintFile.pathname}${monthlyPrintFile.search}`,
      }),
      'GET /ranwal/api/indicator': async () => ({
        url: `/ranwal/api/indicator?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'POST /ranwal/api/indicator/create': async () => ({
        url: '/ranwal/api/indicator/create',
        body: {
          sub_action_id: chain.sub_action.id,
          year: 2025,
          description: `Indikator ${n++}`,
          target: '1,5',
          unit: 'Dokumen',
        },
      }),
      'PUT /ranwal/api/indicator/:id/update': async () => ({
        url: `/ranwal/api/indicator/${(await newIndicator()).id}/update`,
        body: { description: 'Diubah', target: 2, unit: 'Dokumen' },
      }),
      'DELETE /ranwal/api/indicator/:id/delete': async () => ({
        url: `/ranwal/api/indicator/${(await newIndicator()).id}/delete`,
      }),
      'PUT /ranwal/api/indicator/achievement': async () => ({
        url: '/ranwal/api/indicator/achievement',
        // Triwulan IV: December, which no other cell sends or closes.
        body: {
          sub_action_id: chain.sub_action.id,
          year: 2025,
          quarter: 4,
          achievements: [{ indicator_id: (await newIndicator()).id, achievement: 1 }],
        },
      }),
      'GET /ranwal/api/area': async () => ({ url: '/ranwal/api/area?parent=35.22' }),
      'GET /ranwal/api/location': async () => ({
        url: `/ranwal/api/location?sub_action_id=${chain.sub_action.id}`,
      }),
      'PUT /ranwal/api/location': async () => ({
        url: '/ranwal/api/location',
        body: {
          sub_action_id: chain.sub_action.id,
          area_code: '35.22.01',
          geometry: { type: 'Point', coordinates: [111.75, -7.15] },
        },
      }),
      'GET /ranwal/api/evidence': async () => ({
        url: `/ranwal/api/evidence?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'POST /ranwal/api/evidence': async () => ({
        url: '/ranwal/api/evidence',
        ...(await evidenceUpload()),
      }),
      'DELETE /ranwal/api/evidence': async () => {
        const upload = await evidenceUpload(11);
        const filed = await t.app.inject({
          method: 'POST',
          url: '/ranwal/api/evidence',
          headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': upload.contentType },
          payload: upload.payload,
        });
        return { url: `/ranwal/api/evidence?id=${filed.json().data.id}` };
      },
      'GET /ranwal/api/evidence/map': async () => ({
        url: '/ranwal/api/evidence/map?year=2025&month=6',
      }),
      'GET /ranwal/api/evidence/sheet': async () => ({
        url: `/ranwal/api/evidence/sheet?sub_action_id=${chain.sub_action.id}&year=2025&month=6`,
      }),
      'GET /ranwal/api/evidence/sheet/file': async () => ({
        url: `${evidenceSheetFile.pathname}${evidenceSheetFile.search}`,
      }),
      'GET /ranwal/api/indicator/evaluation': async () => ({
        url: `/ranwal/api/indicator/evaluation?agency_id=${unit.id}&year=2025&quarter=2`,
      }),
      'GET /ranwal/api/indicator/evaluation/download': async () => ({
        url: `/ranwal/api/indicator/evaluation/download?agency_id=${unit.id}&year=2025&quarter=2&format=pdf`,
      }),
      'GET /ranwal/api/indicator/evaluation/download/file': async () => ({
        url: `${evaluationPrintFile.pathname}${evaluationPrintFile.search}`,
      }),
      'GET /ranwal/api/price-item/list': async () => ({
        url: '/ranwal/api/price-item/list?year=2025',
      }),
      'POST /ranwal/api/price-item/import': async () => ({
        url: '/ranwal/api/price-item/import',
        body: { year: 2099, items: [{ code: 'X.1', name: 'Item', unit: 'Buah', price: 1 }] },
      }),
      'POST /ranwal/api/price-item/create': async () => ({
        url: '/ranwal/api/price-item/create',
        body: { year: 2097, code: `C.${n++}`, name: 'Item', unit: 'Buah', price: 1 },
      }),
      'PUT /ranwal/api/price-item/:id/update': async () => {
        await admin('POST', '/ranwal/api/price-item/import', {
          year: 2098,
          items: [{ code: 'X.2', name: 'Item', unit: 'Buah', price: 1 }],
        });
        const { rows } = await sql<{ id: string }>`
          select id from price_item where year = 2098`.execute(t.database.db);
        return { url: `/ranwal/api/price-item/${rows[0]!.id}/update`, body: { open: true } };
      },
      'GET /ranwal/api/funding-source/list': async () => ({
        url: '/ranwal/api/funding-source/list?active_in=2025',
      }),
      'POST /ranwal/api/funding-source/create': async () => ({
        url: '/ranwal/api/funding-source/create',
        body: { code: `SD-${++n}`, name: 'Sumber', funding_group: 'other' },
      }),
      'PUT /ranwal/api/funding-source/:id/update': async () => {
        const made = await admin('POST', '/ranwal/api/funding-source/create', {
          code: `SD-${++n}`,
          name: 'Sumber',
          funding_group: 'other',
        });
        return { url: `/ranwal/api/funding-source/${made.id}/update`, body: { active_to: 2099 } };
      },
      'DELETE /ranwal/api/funding-source/:id/delete': async () => {
        const made = await admin('POST', '/ranwal/api/funding-source/create', {
          code: `SD-${++n}`,
          name: 'Sumber',
          funding_group: 'other',
        });
        return { url: `/ranwal/api/funding-source/${made.id}/delete` };
      },
      'POST /ranwal/api/funding-source/import': async () => ({
        url: '/ranwal/api/funding-source/import',
        body: { rows: [{ code: 'SD-IMPOR', name: 'Impor', funding_group: 'other' }] },
      }),
      'GET /ranwal/api/sub-action-funding': async () => ({
        url: `/ranwal/api/sub-action-funding?sub_action_id=${chain.sub_action.id}&year=2025`,
      }),
      'PUT /ranwal/api/sub-action-funding': async () => ({
        url: '/ranwal/api/sub-action-funding',
        body: { sub_action_id: chain.sub_action.id, year: 2099, sources: [] },
      }),
      'GET /ranwal/api/price-item/anomalies': async () => ({
        url: '/ranwal/api/price-item/anomalies?year=2025',
      }),
      'POST /ranwal/api/upload-file': async () => ({
        url: '/ranwal/api/upload-file',
        ...(await imageUpload()),
      }),
      'GET /ranwal/api/uploads/:id': async () => ({ url: uploadPath }),
      'GET /ranwal/api/verification/notes': async () => ({
        url: '/ranwal/api/verification/notes?status=open',
      }),
      'POST /ranwal/api/verification/notes/create': async () => ({
        url: '/ranwal/api/verification/notes/create',
        body: { line_id: ownLine.id, body: `Catatan ${n++}` },
      }),
      'GET /ranwal/api/verification/notes/:id/replies': async () => {
        const note = await admin('POST', '/ranwal/api/verification/notes/create', {
          line_id: ownLine.id,
          body: `Catatan ${n++}`,
        });
        return { url: `/ranwal/api/verification/notes/${note.id}/replies?limit=10` };
      },
      'POST /ranwal/api/verification/notes/:id/reply': async () => {
        const note = await admin('POST', '/ranwal/api/verification/notes/create', {
          line_id: ownLine.id,
          body: `Catatan ${n++}`,
        });
        return { url: `/ranwal/api/verification/notes/${note.id}/reply`, body: { body: 'Jawab' } };
      },
      'PUT /ranwal/api/verification/notes/:id/close': async () => {
        const note = await admin('POST', '/ranwal/api/verification/notes/create', {
          sub_action_id: chain.sub_action.id,
          year: 2025,
          body: `Catatan ${n++}`,
        });
        return { url: `/ranwal/api/verification/notes/${note.id}/close`, body: { closed: true } };
      },
      'GET /ranwal/api/verification/sub-actions': async () => ({
        url: '/ranwal/api/verification/sub-actions?year=2025',
      }),
      'PUT /ranwal/api/verification/sub-action': async () => ({
        url: '/ranwal/api/verification/sub-action',
        body: { sub_action_id: chain.sub_action.id, year: 2025, verified: false },
      }),
      'GET /ranwal/api/notification/list': async () => ({ url: '/ranwal/api/notification/list' }),
      'GET /ranwal/api/notification/count': async () => ({ url: '/ranwal/api/notification/count' }),
      'PUT /ranwal/api/notification/read': async () => ({
        url: '/ranwal/api/notification/read',
        body: {},
      }),
    };
  });
  afterAll(() => t?.close());

  it('has a row for every endpoint the server answers, and nothing else', () => {
    const served = routesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(Object.keys(expected).sort()).toEqual(served.sort());
    expect(Object.keys(prepare).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expected))('%s', async (endpoint) => {
    const method = endpoint.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const answers: number[] = [];
    const problems: string[] = [];
    for (const [column, credential] of credentials.entries()) {
      const call = await prepare[endpoint]!();
      const token = tokens[credential];
      const answer: LightMyRequestResponse = await t.app.inject({
        method,
        url: call.url,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(call.contentType ? { 'content-type': call.contentType } : {}),
        },
        ...(call.payload
          ? { payload: call.payload }
          : call.body !== undefined
            ? { payload: call.body as object }
            : {}),
      });
      answers.push(answer.statusCode);
      const want = expected[endpoint]![column]!;
      if (answer.statusCode !== want) {
        problems.push(`${credential}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      } else if (want === 401) {
        // The spec's clients log out on exactly this message.
        const body = answer.json();
        if (body.message !== messagesId.server.tokenInvalid || body.code !== 'unauthorized') {
          problems.push(`${credential}: 401 without "Token Invalid": ${answer.body}`);
        }
      } else if (want === 403 && answer.json().code !== 'forbidden') {
        problems.push(`${credential}: 403 without code forbidden: ${answer.body}`);
      }
    }
    expect(problems, `answers ${answers.join(', ')}`).toEqual([]);
  });

  it('refuses other forged credentials: another secret, alg none, a report link as a bearer token', async () => {
    const other = new TokenService(new TextEncoder().encode('x'.repeat(48)), 3600);
    const me = await t.call('GET', '/ranwal/api/user/me', { token: t.adminToken });
    const adminId = me.json().data.id as string;
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(
        JSON.stringify({ sub: adminId, purpose: 'session', iss: 'ranwal', exp: 9_999_999_999 }),
      ).toString('base64url'),
      '',
    ].join('.');
    const report = await t.call('GET', '/ranwal/api/detail-program/report', {
      token: t.adminToken,
    });
    const link = new URL(report.json().data.path, 'http://localhost').searchParams.get('token')!;
    for (const token of [await other.sign(adminId, 'session'), unsigned, link]) {
      const answer = await t.call('GET', '/ranwal/api/user/list', { token });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('Token Invalid');
    }
    // And the other way round: a session token is not a report link.
    const file = await t.call(
      'GET',
      `/ranwal/api/detail-program/report/file?token=${encodeURIComponent(t.adminToken)}`,
    );
    expect(file.statusCode).toBe(401);
  });
});

/** `METHOD /path` of every GET, POST, PUT and DELETE route under /ranwal in printRoutes' tree. */
function routesOf(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = `${stack.at(-1) ?? ''}${match[2]}`;
    stack.push(full);
    for (const method of (match[3] ?? '').split(', ')) {
      if (['GET', 'POST', 'PUT', 'DELETE'].includes(method) && full.startsWith('/ranwal/')) {
        found.push(`${method} ${full}`);
      }
    }
  }
  return found;
}

describe('docs/security.md', () => {
  it('prints the authorization table exactly as this test asserts it', () => {
    const text = readFileSync(DOCS, 'utf8');
    const section = `${START}\n${authorizationMarkdown()}\n${END}`;
    if (process.env.RANWAL_WRITE_DOCS === '1') {
      const start = text.indexOf(START);
      const end = text.indexOf(END);
      writeFileSync(DOCS, `${text.slice(0, start)}${section}${text.slice(end + END.length)}`);
      return;
    }
    expect(text).toContain(section);
  });
});
