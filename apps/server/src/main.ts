import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { warmReverseGeocoder } from './engine/geo/reverse-geocode';

/** The HTTP entry point: validate configuration, open and migrate the database, serve. */
async function main(): Promise<void> {
  let config;
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
  // Load the geodata indexes now so the first analysis does not pay for it (about half a second).
  warmReverseGeocoder();
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(
    `\n  Vision Terminal is running at ${config.publicUrl}\n  database: ${where}; sign-in: ${config.oidc.kind === 'local' ? 'built-in local provider' : config.oidc.issuerUrl}\n`,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
