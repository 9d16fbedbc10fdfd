import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { HierarchyService } from './services/hierarchy.js';
import type { SignInGuard } from './services/sign-in-guard.js';
import type { TokenService } from './services/tokens.js';
import type { UserService } from './services/users.js';

/** What every route module is built from: configuration, the database and shared services. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Kysely<Database>;
  /**
   * The database for reads that may lag a moment, in handlers marked `lagTolerant` and in signed
   * files: the read replica when there is one and it has the caller's writes, else `db`
   * (db/read-replica.ts). Outside those, and for anything that writes, it is the primary.
   */
  replica: Kysely<Database>;
  tokens: TokenService;
  users: UserService;
  signInGuard: SignInGuard;
  hierarchy: HierarchyService;
  /**
   * What links the server hands out (uploads, report links) start with: RANWAL_PUBLIC_URL's origin
   * when set, else nothing (a path from the root). Never the request's Host header, which any
   * client may set: `Host: evil.example` once made the links point there. Asked at each link: the
   * stories' sandbox serves one session after another from one app, each under its own path.
   */
  linkOrigin: () => string;
  /**
   * The calendar year in Asia/Jakarta: what screens open on when no stage runs, and with the next
   * one offered among the budget years. The stories' sandbox fixes it (`SANDBOX_YEAR`).
   */
  currentYear: () => number;
  /**
   * Today's date in Asia/Jakarta (ISO): the months that have begun, the only ones that take
   * physical progress and photos. Tests fix it to walk a year they own.
   */
  today: () => string;
}
