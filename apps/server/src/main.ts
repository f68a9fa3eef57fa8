import { buildApp } from './app';
import { startUp } from './start-up';
import { warmReverseGeocoder } from './engine/geo/reverse-geocode';

/** The HTTP entry point: validate configuration, open and migrate the database, serve. */
async function main(): Promise<void> {
  const { config, database } = await startUp();
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
