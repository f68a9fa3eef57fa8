import type { FastifyInstance } from 'fastify';
import { DEFAULT_IMAGE_LIMITS } from '@vt/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { QuotaService } from '../photos/quota.service';
import { AccessRepository } from './access.repository';
import { accessRoutes } from './access.routes';
import { AccessService } from './access.service';
import { readCodesFile } from './codes-file';

/** The upload gate backed by weekly limits (replaces AllowAllQuotaService). */
export class AccessQuotaService implements QuotaService {
  constructor(private readonly access: AccessService) {}
  reserve(userId: string, count: number): Promise<void> {
    return this.access.reserve(userId, count);
  }
  release(userId: string, count: number): Promise<void> {
    return this.access.release(userId, count);
  }
}

/**
 * Reads the operator's code file, seeds it, installs the admin-capability check and the routes.
 * Returns the quota service for the photo intake.
 */
export async function registerAccess(
  app: FastifyInstance,
  { config, database, founderEmails }: { config: Config; database: Database; founderEmails: string[] },
): Promise<{ access: AccessService; quota: QuotaService }> {
  const access = new AccessService({
    repo: new AccessRepository(database.db),
    codes: readCodesFile(config.access.codesFile),
    defaults: {
      ...DEFAULT_IMAGE_LIMITS,
      weeklyImageLimit: config.access.defaultWeeklyImageLimit,
      imagesPerInstance: config.access.defaultImagesPerInstance,
    },
    attemptsPerMinute: config.access.attemptsPerMinute,
    founderEmails,
  });
  await access.seed();
  app.decorate('adminCapability', (user) => access.isAdminCapable(user));
  accessRoutes(app, { access });
  return { access, quota: new AccessQuotaService(access) };
}
