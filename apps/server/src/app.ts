import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { createRateLimitBackend } from './adapters/rate-limit/rate-limit-store';
import fastifyStatic from '@fastify/static';
import { withPublicOrigin } from './lib/canonical-host';
import type { Config } from './config';
import type { Database } from './db/client';
import { installErrorHandling } from './lib/errors';
import { installCsrfGuard } from './lib/csrf';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { registerAuth } from './auth/auth.plugin';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { UsersRepository } from './modules/users/users.repository';
import { effectiveFounderEmails } from './auth/local-accounts';
import { registerAnalysisEngine } from './modules/analyses/analyses.plugin';
import { recordFinishedAnalysis, recordReplacedResult } from './modules/locations/analysis-finished';
import { createPubSub, type PubSub } from './adapters/pubsub';
import { registerLocations } from './modules/locations/locations.plugin';
import { registerAccess } from './modules/access/access.plugin';
import { registerDataApi } from './modules/data-api/data-api.plugin';
import { mapRoutes } from './modules/map/map.routes';
import { registerNotifications } from './modules/notifications/notifications.plugin';
import { registerGallery } from './modules/gallery/gallery.plugin';
import { registerAccount } from './modules/account/account.plugin';
import { registerDataStats } from './modules/data-stats/data-stats.plugin';
import { registerOpenApi } from './modules/openapi/openapi.plugin';
import { installRouteRegistry } from './modules/openapi/route-definition';
import { registerActivity } from './modules/activity/activity.plugin';
import { registerReports } from './modules/reports/reports.plugin';
import { registerTrips } from './modules/trips/trips.plugin';

export const APP_VERSION = '0.1.0';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | { level: string };
  /** Messages between server processes; built from the settings when not given (and then closed with the app). */
  pubsub?: PubSub;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's one pub/sub (Redis, PostgreSQL LISTEN/NOTIFY or in-process), for modules that push to browsers. */
    pubsub: PubSub;
    /** Every route as registered (HEAD aside): the OpenAPI and access tests check what exists, not a list by hand. */
    routeTable: ReadonlyArray<{ method: string; url: string }>;
  }
}

/**
 * Wires every service with exactly what it uses (one place), then registers routes.
 * No module reaches for globals: tests build the same app against a test database.
 */
export async function buildApp({ config, database, logger, pubsub: givenPubsub }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    disableRequestLogging: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  installRouteRegistry(app);

  installErrorHandling(app);

  const pubsub =
    givenPubsub ??
    createPubSub({
      redisUrl: config.redisUrl,
      database,
      log: (level, message, details) => app.log[level](details ?? {}, message),
    });
  app.decorate('pubsub', pubsub);
  if (!givenPubsub) app.addHook('onClose', () => pubsub.close());

  const styleOrigin = config.mapStyleUrl ? new URL(config.mapStyleUrl).origin : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes come from React and MapLibre; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(styleOrigin ? [styleOrigin, 'https:'] : [])],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.oidc.kind === 'external' ? [new URL(config.oidc.issuerUrl).origin] : [])],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The local provider posts its sign-in form cross-route; HSTS only matters on https.
    hsts: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: config.sessionSecret });
  // Counted where every server process sees the same totals (Redis, else PostgreSQL; memory on PGlite).
  const rateLimits = createRateLimitBackend({ redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, database });
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, { global: false, ...rateLimits.options });
  installCsrfGuard(app, { publicUrl: config.publicUrl });

  const usersService = new UsersService(new UsersRepository(database.db), {
    founderEmails: effectiveFounderEmails(config),
  });

  healthRoutes(app, { database, pubsub, version: APP_VERSION, authKind: config.oidc.kind });
  registerDataStats(app, { config, database, version: APP_VERSION });
  registerOpenApi(app, { version: APP_VERSION });
  siteRoutes(app, { config });
  const { authService, describeSession } = await registerAuth(app, { config, database, usersService });
  usersRoutes(app, { usersService, describeSession });
  const { quota } = await registerAccess(app, { config, database, founderEmails: effectiveFounderEmails(config) });
  // Every finished analysis also lands in the user's location history and index, in the same transaction.
  const engine = await registerAnalysisEngine(app, {
    config,
    database,
    quota,
    pubsub,
    onFinished: recordFinishedAnalysis,
    onResultReplaced: recordReplacedResult,
  });
  registerReports(app, { database, analyses: engine.analyses, storage: engine.storage, publicUrl: config.publicUrl });
  await registerTrips(app, { config, database, engine, intake: engine.intake, quota, pubsub });
  const { corrections } = registerLocations(app, { database });
  // A place the owner confirmed on the map is a trusted place: the gallery remembers it (when the owner allows).
  corrections.onPlaceConfirmed((e) => engine.gallery.onPlaceConfirmed(e).then(() => undefined));
  registerDataApi(app, { database });
  registerAccount(app, { config, database, providerLogoutUrl: (token) => authService.providerLogoutUrl(token) });
  registerActivity(app, { database, usersService, scheduledCleanupDays: config.access.scheduledCleanupDays });
  mapRoutes(app, { config });
  await registerNotifications(app, { database, pubsub });
  await registerGallery(app, { database, config });

  installWebApp(app, config);
  return app;
}

/** Serves the built web app and answers unknown paths: JSON 404 under /api, the SPA (its own 404 page) elsewhere. */
function installWebApp(app: FastifyInstance, config: Config): void {
  const indexFile = join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    void app.register(fastifyStatic, {
      root: config.webDistDir,
      index: false,
      // Hashed assets never change; everything else revalidates.
      setHeaders: (reply, path) => {
        if (path.startsWith(join(config.webDistDir, 'assets')))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // Re-read on each request so a rebuilt web app shows without a restart (the file is small).
  const sendIndex = (reply: FastifyReply) =>
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(withPublicOrigin(readFileSync(indexFile, 'utf8'), config.publicUrl));
  if (hasWeb) app.get('/', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `No route for ${request.method} ${path}` } });
    }
    return sendIndex(reply);
  });
}
