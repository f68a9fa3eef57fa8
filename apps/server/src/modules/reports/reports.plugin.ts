import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { ReportSources } from './reports.service';
import { ReportsService } from './reports.service';
import { ReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';

/** Evidence reports of finished analyses; `analyses` is the analysis engine's repository (registered before this). */
export function registerReports(
  app: FastifyInstance,
  { database, analyses, publicUrl }: { database: Database; analyses: ReportSources; publicUrl: string },
): void {
  reportsRoutes(app, {
    reports: new ReportsService({ analyses, owners: new ReportsRepository(database.db), publicUrl }),
  });
}
