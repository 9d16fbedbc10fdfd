import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { HierarchyService } from './services/hierarchy.js';
import type { TokenService } from './services/tokens.js';
import type { UserService } from './services/users.js';

/** What every route module is built from: configuration, the database and shared services. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Kysely<Database>;
  tokens: TokenService;
  users: UserService;
  hierarchy: HierarchyService;
  /** Origin for absolute URLs (uploads, report links): RANWAL_PUBLIC_URL or the request's own. */
  publicOrigin(request: FastifyRequest): string;
}
