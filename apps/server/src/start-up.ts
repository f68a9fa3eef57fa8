import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';

/**
 * What every process entry (main.ts, worker.ts, cli/) does first: read the configuration, and on a bad setting exit
 * with status 2 and the sentence that names it rather than a stack trace; then open the database and bring its schema
 * up to date.
 */
export async function startUp(): Promise<{ config: Config; database: Database }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  return { config, database };
}
