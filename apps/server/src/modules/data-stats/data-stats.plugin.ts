import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { installApiUsage } from './api-usage.recorder';
import { DataStatsRepository } from './data-stats.repository';
import { dataStatsRoutes } from './data-stats.routes';
import { DataStatsService } from './data-stats.service';
import { deploymentRoutes } from './deployment.routes';

/** Request counting, usage statistics, feedback and categories, and the founder's deployment facts. */
export function registerDataStats(
  app: FastifyInstance,
  { config, database, version }: { config: Config; database: Database; version: string },
): void {
  installApiUsage(app, database.db);
  const stats = new DataStatsService(new DataStatsRepository(database.db), database.db, config.sessionIdleMs);
  dataStatsRoutes(app, { stats });
  deploymentRoutes(app, { config, database, version });
}
