import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// The real server, built in-process on an embedded database (tests may reach across workspaces).
import { buildApp } from '../../../apps/server/src/app.js';
import { loadConfig } from '../../../apps/server/src/config.js';
import type { DatabaseHandle } from '../../../apps/server/src/db/connect.js';
import { createUserService } from '../../../apps/server/src/services/users.js';
import { ADMIN, freshDatabase, USER } from '../../../apps/server/test/harness.js';
import { freePort } from '../../../bench/local.mjs';
import { runRanwal } from '../src/main.js';

export { ADMIN, USER };

export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

export interface TestServer {
  url: string;
  database: DatabaseHandle;
  /** Called before each import request is handled (to pause, interrupt or stop midway). */
  beforeImport: ((request: FastifyRequest) => Promise<void>) | null;
  /** Import requests the server has finished with (answered, or failed), since it started. */
  importsHandled: number;
  /** Stops listening and drops open connections, as a crashed or stopped server would. */
  stop(): Promise<void>;
  /** Listens again on the same port and database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The real Ranwal server on a fresh PGlite database, listening on a random local port. */
export async function startServer(): Promise<TestServer> {
  const database = await freshDatabase('pglite');
  const users = createUserService(database.db);
  await users.ensureFirstAdmin(ADMIN.email, ADMIN.password);
  await users.create({
    name: 'Budi Santoso',
    email: USER.email,
    role: 'user',
    password: USER.password,
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', RANWAL_SIGN_IN_LIMIT: '1000' });
  let port = 0;
  let app: FastifyInstance | null = null;

  const server: TestServer = {
    url: '',
    database,
    beforeImport: null,
    importsHandled: 0,
    async restart() {
      app = await buildApp({ config, database, logger: false });
      const isImport = (request: FastifyRequest) => request.url.endsWith('/import/hierarchy');
      app.addHook('preHandler', async (request) => {
        if (isImport(request)) await server.beforeImport?.(request);
      });
      // Runs once the handler is done, whether or not the caller is still there to be answered.
      app.addHook('onSend', async (request, _reply, payload) => {
        if (isImport(request)) server.importsHandled += 1;
        return payload;
      });
      await app.listen({ host: '127.0.0.1', port });
      port = (app.server.address() as AddressInfo).port;
      server.url = `http://127.0.0.1:${port}`;
    },
    async stop() {
      const running = app;
      app = null;
      if (!running) return;
      running.server.closeAllConnections();
      await running.close();
    },
    async close() {
      await server.stop();
      await database.close();
    },
  };
  await server.restart();
  return server;
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  /** Sees the process as soon as it starts (to signal it midway). */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
}

/** A config directory of its own for each test's runs. */
export async function withConfigHome(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ranwal-cli-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Runs a `ranwal` command line in this process, through `runRanwal`: the whole command as the
 * binary runs it (its parsing, output, errors and exit code), with the environment and standard
 * input a child process would get. A start of the built binary costs a third of a second of CPU;
 * `runBinary` starts it for what only a process shows (signals, pipes, the file that is installed).
 */
export async function runCli(args: string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const input = Buffer.from(options.input ?? '');
  const code = await runRanwal(args, {
    io: {
      env: childEnv(options.env),
      stdin: Readable.from(input.length > 0 ? [input] : []),
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
  });
  return { code, signal: null, stdout, stderr };
}

/**
 * Runs the built `ranwal` binary as a child process. Asynchronously, never spawnSync: the
 * server it talks to runs in this very process.
 */
export function runBinary(args: string[], options: RunOptions = {}): Promise<CliRun> {
  return run(process.execPath, [BIN, ...args], options);
}

/** Runs a bash script (a pipeline with `ranwal` in it, say) the way runBinary runs the binary. */
export function runShell(script: string, env: RunOptions['env'] = {}): Promise<CliRun> {
  return run('bash', ['-c', script], { env });
}

/** The environment of a run: this process's, less any RANWAL_ setting of the machine. */
function childEnv(overrides: RunOptions['env'] = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('RANWAL_')) env[name] = value;
  }
  // The tests written before the CLI spoke Indonesian read its English; language.test.ts leaves
  // this out to see the Indonesian it speaks by default.
  env.RANWAL_LANG = 'en';
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

function run(command: string, args: string[], options: RunOptions): Promise<CliRun> {
  const env = childEnv(options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(options.input ?? '');
    options.onSpawn?.(child);
  });
}

/** Logs the admin in with `ranwal login`, its token kept under `configHome`. */
export async function logInAsAdmin(server: TestServer, configHome: string): Promise<void> {
  const login = await runCli(['login', '--email', ADMIN.email], {
    env: {
      XDG_CONFIG_HOME: configHome,
      RANWAL_SERVER: server.url,
      RANWAL_PASSWORD: ADMIN.password,
    },
  });
  if (login.code !== 0) throw new Error(`ranwal login failed (${login.code}): ${login.stderr}`);
}

/** A local port nothing listens on. */
export const closedPort = freePort;
