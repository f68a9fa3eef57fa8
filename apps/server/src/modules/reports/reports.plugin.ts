import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { BlobStorage } from '../../adapters/storage/storage';
import type { ReportSources } from './reports.service';
import { ReportsService } from './reports.service';
import { ReportsRepository } from './reports.repository';
import { reportsRoutes } from './reports.routes';

/**
 * Evidence reports of finished analyses; `analyses` is the analysis engine's repository (registered before this) and
 * `storage` where its derivatives are stored (the report's pictures are made from them, R-REPORT-5).
 */
export function registerReports(
  app: FastifyInstance,
  {
    database,
    analyses,
    storage,
    publicUrl,
  }: { database: Database; analyses: ReportSources; storage: Pick<BlobStorage, 'get'>; publicUrl: string },
): void {
  const repository = new ReportsRepository(database.db);
  reportsRoutes(app, {
    reports: new ReportsService({
      analyses,
      owners: repository,
      images: { stored: (key) => storage.get(key), referencePhoto: (id) => repository.referencePhoto(id) },
      publicUrl,
    }),
  });
}
