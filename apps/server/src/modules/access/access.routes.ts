import type { FastifyInstance } from 'fastify';
import { TIMING, CreateAccessCodeSchema, RedeemAccessCodeRequestSchema, UpdateAccessCodeSchema } from '@vt/shared';
import { requireFounder, requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { AccessService } from './access.service';

/**
 * Access codes, limits and console access (R-ACCESS-4, R-ACCESS-8, R-ACCESS-11). Codes only ever travel
 * browser → server (R-ACCESS-2).
 */
export function accessRoutes(app: FastifyInstance, { access }: { access: AccessService }): void {
  app.post('/api/access-codes/redeem', async (request) => {
    const user = requireUser(request);
    const parsed = RedeemAccessCodeRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest('Invalid access code', 'invalid_access_code');
    return access.redeem(user, parsed.data.code, request.ip);
  });

  app.get('/api/access-code-limits', async (_request, reply) => {
    // No secrets and no user data: browsers may keep it for the spec's 5 minutes.
    reply.header('cache-control', `public, max-age=${TIMING.limitsCacheMs / 1000}`);
    return access.tierLimits();
  });

  app.get('/api/limits/me', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return access.limitsFor(user.id);
  });

  app.post('/api/console-access/redeem', async (request) => {
    const user = requireUser(request);
    const parsed = RedeemAccessCodeRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest('Invalid access code', 'invalid_access_code');
    return access.redeemConsole(user, parsed.data.code, request.ip);
  });

  app.get('/api/console-access/me', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return access.consoleFor(user.id);
  });

  // Code management stays with the founder role itself: an admin-tier holder who could mint codes could mint
  // a founder code for themselves.
  app.get('/api/admin/access-codes', async (request) => {
    requireFounder(request);
    return { codes: await access.listCodes() };
  });

  app.post('/api/admin/access-codes', async (request, reply) => {
    const founder = requireFounder(request);
    const parsed = CreateAccessCodeSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_access_code_definition');
    return reply.status(201).send({ code: await access.createCode(founder, parsed.data) });
  });

  app.patch<{ Params: { id: string } }>('/api/admin/access-codes/:id', async (request) => {
    requireFounder(request);
    const parsed = UpdateAccessCodeSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_request');
    return { code: await access.setActive(request.params.id, parsed.data.active) };
  });
}
