import type { FastifyInstance } from 'fastify';
import { ACCESS_MESSAGES, DEFAULT_IMAGE_LIMITS } from '@vt/shared';
import { AppError } from '../../lib/errors';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { QuotaService } from '../analyses/quota.service';
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
  ensureRoom(userId: string): Promise<void> {
    return this.access.ensureRoom(userId);
  }
  reserveUpTo(userId: string, count: number) {
    return this.access.reserveUpTo(userId, count);
  }
  imagesPerUpload(userId: string) {
    return this.access.imagesPerUpload(userId);
  }
}

/**
 * Server calls that only the map portal makes: changing the location index (add, remove, clear, and whatever
 * index actions join them under the same path). Reading the index stays open, because /access-ai shows it too.
 * Kept as a path rule here rather than a line in each route so every index action added later is covered.
 */
export function isMapOnlyCall(method: string, routeUrl: string | undefined): boolean {
  if (!routeUrl || method === 'GET' || method === 'HEAD') return false;
  return routeUrl === '/api/location-index' || routeUrl.startsWith('/api/location-index/');
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
      mapAccess: config.access.defaultMapAccess,
    },
    attemptsPerMinute: config.access.attemptsPerMinute,
    founderEmails,
  });
  await access.seed();
  app.decorate('adminCapability', (user) => access.isAdminCapable(user));
  app.addHook('preHandler', async (request) => {
    // Signed-out callers fall through to the route, which answers 401.
    if (!request.user || !isMapOnlyCall(request.method, request.routeOptions.url)) return;
    if (!(await access.hasMapAccess(request.user.id)))
      throw new AppError(403, 'map_access_required', ACCESS_MESSAGES.mapAccessRequired);
  });
  accessRoutes(app, { access });
  return { access, quota: new AccessQuotaService(access) };
}
