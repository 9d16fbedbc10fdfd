import { buildApp } from './app.js';
import { ensureFirstAdmin, openConfiguredDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { firstRunBlock, type ShownAccount } from './first-run.js';
import { logFormatFor, prettyLogStream } from './log-format.js';
import { seedDemo, shouldSeedDemo } from './seed/demo.js';
import { createMonthlyReminders } from './services/monthly-reminders.js';

// Reads config, prepares the database, listens; on SIGTERM/SIGINT drains and closes.
async function main(): Promise<void> {
  const config = loadConfig();
  let logPoolError: (error: Error) => void = (error) => console.error(error);
  let logReplicaState: (level: 'warn' | 'info', message: string, error?: Error) => void = (
    _level,
    message,
    error,
  ) => console.error(message, error ?? '');
  const database = await openConfiguredDatabase(
    config,
    (error) => logPoolError(error),
    (level, message, error) => logReplicaState(level, message, error),
  );
  // Lines a person reads on a terminal, JSON lines elsewhere (docs/server.md, "Logs").
  const logFormat = logFormatFor(process.stdout, config.RANWAL_LOG_FORMAT);
  const app = await buildApp({
    config,
    database,
    // Through process.stdout either way, so log lines and the start-up lines below keep their
    // order (pino's own destination writes asynchronously: 'Server listening' came after the
    // passwords' block under load).
    logger: {
      stream:
        logFormat === 'pretty'
          ? prettyLogStream(process.stdout, { colorize: process.stdout.isTTY })
          : process.stdout,
    },
  });
  logPoolError = (error) => app.log.warn({ err: error }, 'database connection lost; reconnecting');
  logReplicaState = (level, message, error) => app.log[level](error ? { err: error } : {}, message);

  // The accounts this start makes: their passwords end the start-up output, once.
  const accounts: ShownAccount[] = [];
  const admin = await ensureFirstAdmin(database, config);
  if (admin) accounts.push({ label: 'Admin', ...admin });
  if (await shouldSeedDemo(database, config)) {
    // The demo is optional: a failure (say, another process seeding the same PostgreSQL at the
    // same moment) is reported, not fatal; the seed runs in one transaction, so nothing is half-done.
    try {
      const demo = await seedDemo(database.db);
      console.log('Demo data loaded.');
      accounts.push({ label: 'Demo user', ...demo.user });
    } catch (error) {
      app.log.warn({ err: error }, 'demo data not loaded');
    }
  }

  // The monthly report's reminders (late and red units told, once each): a round a minute after
  // start, then every RANWAL_REMINDER_MINUTES. Every process may run them; the database keeps
  // each person told once.
  const reminders = createMonthlyReminders(database.db);
  const remind = () =>
    reminders.remind().then(
      (told) => {
        if (told.late.units + told.red.units > 0) app.log.info({ told }, 'monthly reminders sent');
      },
      (error: unknown) => app.log.warn({ err: error }, 'monthly reminders failed'),
    );
  const reminderMs = config.RANWAL_REMINDER_MINUTES * 60_000;
  const reminderTimers =
    reminderMs > 0
      ? [setTimeout(remind, Math.min(60_000, reminderMs)), setInterval(remind, reminderMs)]
      : [];
  for (const timer of reminderTimers) timer.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    for (const timer of reminderTimers) clearTimeout(timer);
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://${config.HOST}:${config.PORT}/`;
  console.log(`Ranwal is running at ${url} (${database.description})`);
  const block = firstRunBlock(url, accounts);
  if (block) console.log(`\n${block}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
