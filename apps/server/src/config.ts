import { z } from 'zod';

const Flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : value === '1' || value === 'true',
  );
/** A flag that is on unless set to `0` or `false`. */
const FlagDefaultOn = Flag.transform((value) => value ?? true);

/** Every setting the server reads from the environment, parsed once at boot. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  RANWAL_DATA_DIR: z.string().min(1).default('./data'),
  RANWAL_ADMIN_EMAIL: z.email().optional(),
  RANWAL_ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  RANWAL_DEMO: Flag,
  RANWAL_JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  RANWAL_TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  RANWAL_CORS_ORIGIN: z.string().optional(),
  /**
   * The proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges
   * (`127.0.0.1,10.0.0.0/8`). Unset: the client is the socket's peer, so
   * nobody can pick the address a rate limit counts by sending a header.
   */
  RANWAL_TRUSTED_PROXIES: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.split(',').map((entry) => entry.trim()) : false)),
  /** Origin used in absolute URLs (uploads, report links) when behind a proxy. */
  RANWAL_PUBLIC_URL: z.url().optional(),
  RANWAL_PORTAL_DIR: z.string().optional(),
  RANWAL_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /**
   * Milliseconds a request may take to arrive whole (headers and body): a client sending its body
   * a byte at a time is answered 408 and cut off, instead of holding a connection for ever.
   */
  RANWAL_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Milliseconds a client may take no byte of a file download (a report, an upload) before it is
   * cut off: a reader that stops reading holds no more than its socket and a temporary file.
   */
  RANWAL_SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Where report files are written before they are sent (the system's temporary directory). */
  RANWAL_TEMP_DIR: z.string().min(1).optional(),
  /**
   * Whether a budget line may name a component outside the standard price catalogue (flagged
   * as free-form). On by default: the spec's screens know no catalogue. `0` where the region's
   * decree prices every line from the catalogue.
   */
  RANWAL_FREE_FORM_COMPONENTS: FlagDefaultOn,
  /** Report downloads one person may have in progress at once (made or being sent). */
  RANWAL_EXPORTS_PER_USER: z.coerce.number().int().positive().default(2),
  /**
   * PDFs one person may have being made at once (issue 34): a PDF is laid out on the server's
   * one thread, so one person looping them takes turns from everyone else. Within the above.
   */
  RANWAL_PDF_RENDERS_PER_USER: z.coerce.number().int().positive().default(1),
  /** PDFs being made at once over the whole server; more wait their turn (routes/signed-files.ts). */
  RANWAL_PDF_RENDERS: z.coerce.number().int().positive().default(1),
  /** Sign-in attempts per minute from one address for one account (services/sign-in-guard.ts). */
  RANWAL_SIGN_IN_LIMIT: z.coerce.number().int().positive().default(10),
  /** Failed sign-ins per 15 minutes from one address, whatever the accounts. */
  RANWAL_SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().positive().default(50),
  /** Failed sign-ins per 15 minutes for one account, whatever the addresses. */
  RANWAL_SIGN_IN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(30),
  /** Lets uploads come without a token, as the spec's own client sends them (docs/server.md). */
  RANWAL_ANONYMOUS_UPLOADS: Flag,
  /** Anonymous uploads per client IP per hour. */
  RANWAL_ANONYMOUS_UPLOAD_LIMIT: z.coerce.number().int().positive().default(20),
  /** Bytes all anonymous uploads together may hold, in MB. */
  RANWAL_ANONYMOUS_UPLOAD_MAX_MB: z.coerce.number().positive().default(100),
  /** Hours an upload that no article references is kept before it is removed. */
  RANWAL_UPLOAD_GRACE_HOURS: z.coerce.number().positive().default(24),
  /**
   * A raster tile server for the region's map (`https://tiles.example/{z}/{x}/{y}.png`, one the
   * region runs on its intranet); unset, the map draws itself and fetches nothing from outside.
   */
  RANWAL_MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/, {
      error: 'must be an http(s) URL with {z}, {x} and {y}',
    })
    .optional(),
  /** Memory for list answers kept between writes (services/list-cache.ts); 0 turns it off. */
  RANWAL_LIST_CACHE_MB: z.coerce.number().min(0).default(64),
  /**
   * Minutes between rounds of the monthly report's reminders (late and red units told,
   * services/monthly-reminders.ts) in `npm start`; 0 turns them off.
   */
  RANWAL_REMINDER_MINUTES: z.coerce.number().min(0).default(60),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * PostgreSQL's `max_parallel_workers_per_gather` for the server's connections: 0 by default.
   * The API's statements are many and short, and a parallel plan forks worker processes for each:
   * with every unit at work at once they took the cores from everyone (docs/performance.md,
   * 'Parallel workers'). `default` sends nothing, leaving the database's own setting.
   */
  DATABASE_PARALLEL_WORKERS: z
    .union([z.literal('default'), z.coerce.number().int().min(0).max(64)])
    .default(0)
    .transform((value) => (value === 'default' ? null : value)),
  /**
   * A streaming replica of DATABASE_URL for reads that may lag (exports, comparisons, dashboards,
   * history, the map), with its own pool of DATABASE_POOL_SIZE (db/read-replica.ts).
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /** Seconds the replica may be behind the primary before others' reads go to the primary too. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: lines for a person on a terminal, JSON lines otherwise (src/log-format.ts). */
  RANWAL_LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Settings that only make sense together. */
const ConfigRules = ConfigSchema.refine(
  (config) => !config.DATABASE_READ_URL || config.DATABASE_URL,
  {
    path: ['DATABASE_READ_URL'],
    error: 'needs DATABASE_URL (a replica is of a PostgreSQL primary; PGlite has none)',
  },
);

/** Parses the environment; a bad value stops the server with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigRules.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
