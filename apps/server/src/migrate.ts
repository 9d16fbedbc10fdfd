import { openConfiguredDatabase } from './boot.js';
import { ConfigError, loadConfig } from './config.js';

// `npm run migrate`: brings the configured database up to the latest schema, then exits.
try {
  const database = await openConfiguredDatabase(loadConfig());
  console.log(`Migrated ${database.description} to the latest schema.`);
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
