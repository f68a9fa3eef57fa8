import type { FastifyInstance } from 'fastify';
import { ProfileUpdateSchema, SessionInfoSchema, UserEnvelopeSchema } from '@vt/shared';
import type { SessionDescriber } from '../../auth/auth.plugin';
import { defineRoutes, route } from '../openapi/route-definition';
import type { UsersService } from './users.service';

/**
 * The users calls of the data API (R-DATA-1, R-DATA-6), and who is signed in (auth answers it: describeSession). The
 * server trusts its session, never the request body, for who the user is: the sync body (the provider's user object in
 * the original app) is accepted and ignored.
 */
export function usersRoutes(
  app: FastifyInstance,
  { usersService, describeSession }: { usersService: UsersService; describeSession: SessionDescriber },
): void {
  const sync = (path: string, summary: string) =>
    route({
      method: 'post',
      path,
      tag: 'users',
      summary,
      access: 'user',
      response: UserEnvelopeSchema,
      handler: async ({ user }) => ({ user: await usersService.getUser(user.id) }),
    });
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/auth/session',
      tag: 'system',
      summary: 'Who is signed in, if anyone, and the sign-in provider',
      access: 'public',
      response: SessionInfoSchema,
      handler: async ({ request, reply }) => describeSession(request, reply),
    }),
    sync('/api/users/auth0-sync', 'Sync the signed-in user (the body is ignored; the session decides who)'),
    sync(
      '/api/users/sync',
      'Sync the signed-in user, as `/api/users/auth0-sync` (the body is ignored; the session decides who)',
    ),
    route({
      method: 'get',
      path: '/api/users/profile',
      tag: 'users',
      summary: 'The signed-in user',
      access: 'user',
      response: UserEnvelopeSchema,
      handler: async ({ user }) => ({ user: await usersService.getUser(user.id) }),
    }),
    route({
      method: 'put',
      path: '/api/users/profile',
      tag: 'users',
      summary: 'Update name, company, time zone',
      access: 'user',
      body: ProfileUpdateSchema,
      invalidCode: 'invalid_profile',
      response: UserEnvelopeSchema,
      handler: async ({ user, body }) => ({ user: await usersService.updateProfile(user.id, body) }),
    }),
  ]);
}
