import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  TIMING,
  AccessCodeLimitsSchema,
  AdminAccessCodeSchema,
  ConsoleAccessSchema,
  CreateAccessCodeSchema,
  MyLimitsSchema,
  RedeemAccessCodeRequestSchema,
  RedeemAccessCodeResponseSchema,
  UpdateAccessCodeSchema,
} from '@vt/shared';
import { notFound } from '../../lib/errors';
import { defineRoutes, idOf, route } from '../openapi/route-definition';
import type { AccessService } from './access.service';

/** What a code that does not parse answers: the same words as one that is not known (R-ACCESS-2). */
const invalidCode = { invalidCode: 'invalid_access_code', invalidMessage: 'Invalid access code' };

/**
 * Access codes, limits and console access (R-ACCESS-4, R-ACCESS-8, R-ACCESS-11). Codes only ever travel
 * browser → server (R-ACCESS-2).
 */
export function accessRoutes(app: FastifyInstance, { access }: { access: AccessService }): void {
  defineRoutes(app, [
    route({
      method: 'post',
      path: '/api/access-codes/redeem',
      tag: 'access',
      summary: 'Redeem an access code for higher weekly limits',
      access: 'user',
      body: RedeemAccessCodeRequestSchema,
      ...invalidCode,
      response: RedeemAccessCodeResponseSchema,
      errors: { 409: 'You already redeemed this code', 429: 'Too many attempts this minute' },
      handler: async ({ user, body, request }) => access.redeem(user, body.code, request.ip),
    }),
    route({
      method: 'get',
      path: '/api/access-code-limits',
      tag: 'access',
      summary: 'What each access-code level allows per week',
      access: 'public',
      response: AccessCodeLimitsSchema,
      // No secrets and no user data: browsers may keep it for the spec's 5 minutes.
      cacheControl: `public, max-age=${TIMING.limitsCacheMs / 1000}`,
      handler: async () => access.tierLimits(),
    }),
    route({
      method: 'get',
      path: '/api/limits/me',
      tag: 'access',
      summary: 'Your weekly limit, what is used and when it resets',
      access: 'user',
      response: MyLimitsSchema,
      cacheControl: 'no-store',
      handler: async ({ user }) => access.limitsFor(user.id),
    }),
    route({
      method: 'post',
      path: '/api/console-access/redeem',
      tag: 'access',
      summary: 'Redeem a console-access code',
      access: 'user',
      body: RedeemAccessCodeRequestSchema,
      ...invalidCode,
      response: ConsoleAccessSchema,
      errors: { 429: 'Too many attempts this minute' },
      handler: async ({ user, body, request }) => access.redeemConsole(user, body.code, request.ip),
    }),
    route({
      method: 'get',
      path: '/api/console-access/me',
      tag: 'access',
      summary: 'Your console-access level',
      access: 'user',
      response: ConsoleAccessSchema,
      cacheControl: 'no-store',
      handler: async ({ user }) => access.consoleFor(user.id),
    }),
    // Code management stays with the founder role itself: an admin-tier holder who could mint codes could mint
    // a founder code for themselves.
    route({
      method: 'get',
      path: '/api/admin/access-codes',
      tag: 'admin',
      summary: 'Every access code with its redemptions (never the code itself)',
      access: 'founder',
      response: z.object({ codes: z.array(AdminAccessCodeSchema) }),
      handler: async () => ({ codes: await access.listCodes() }),
    }),
    route({
      method: 'post',
      path: '/api/admin/access-codes',
      tag: 'admin',
      summary: 'Create an access code for a limits tier or a console level',
      access: 'founder',
      body: CreateAccessCodeSchema,
      invalidCode: 'invalid_access_code_definition',
      response: z.object({ code: AdminAccessCodeSchema }),
      status: 201,
      errors: { 409: 'That code already exists' },
      handler: async ({ user, body }) => ({ code: await access.createCode(user, body) }),
    }),
    route({
      method: 'patch',
      path: '/api/admin/access-codes/{id}',
      tag: 'admin',
      summary: 'Turn an access code on or off',
      access: 'founder',
      params: idOf('Access code id'),
      badParams: () => notFound('No access code with that id.'),
      body: UpdateAccessCodeSchema,
      response: z.object({ code: AdminAccessCodeSchema }),
      errors: { 404: 'No such access code' },
      handler: async ({ params, body }) => ({ code: await access.setActive(params.id, body.active) }),
    }),
  ]);
}
