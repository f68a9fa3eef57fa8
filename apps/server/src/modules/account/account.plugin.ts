import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { AccountService } from './account.service';

/** Export and deletion of one's own account. Registered after the analysis engine, whose storage it uses. */
export function registerAccount(
  app: FastifyInstance,
  {
    config,
    database,
    providerLogoutUrl,
  }: { config: Config; database: Database; providerLogoutUrl: (token: string | undefined) => Promise<string> },
): void {
  const account = new AccountService(
    new AccountRepository(database.db),
    app.analysisEngine.storage,
    (message, details) => app.log.warn(details, message),
  );
  accountRoutes(app, { account, providerLogoutUrl, secureCookies: config.publicUrl.startsWith('https://') });
}
