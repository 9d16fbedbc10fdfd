import { buildApp } from './app.js';
import { ensureFirstAdmin, openConfiguredDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';
import { seedDemo, shouldSeedDemo } from './seed/demo.js';

// Reads config, prepares the database, listens; on SIGTERM/SIGINT drains and closes.
async function main(): Promise<void> {
  const config = loadConfig();
  let logPoolError: (error: Error) => void = (error) => console.error(error);
  const database = await openConfiguredDatabase(config, (error) => logPoolError(error));
  const app = await buildApp({ config, database });
  logPoolError = (error) => app.log.warn({ err: error }, 'database connection lost; reconnecting');

  const admin = await ensureFirstAdmin(database, config);
  if (admin?.password) {
    console.log(
      `\nFirst admin created: ${admin.email} / ${admin.password}\n(printed once; change it after signing in: 'Ubah Password' in the portal, or ranwal password)\n`,
    );
  } else if (admin) {
    console.log(`First admin created: ${admin.email}`);
  }
  if (await shouldSeedDemo(database, config)) {
    // The demo is optional: a failure (say, another process seeding the same PostgreSQL at the
    // same moment) is reported, not fatal; the seed runs in one transaction, so nothing is half-done.
    try {
      const demo = await seedDemo(database.db);
      console.log(`Demo data loaded. Demo user: ${demo.user.email} / ${demo.user.password}`);
    } catch (error) {
      app.log.warn({ err: error }, 'demo data not loaded');
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
  console.log(
    `Ranwal is running at http://${config.HOST}:${config.PORT}/ (${database.description})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
