import type { FastifyInstance } from 'fastify';
import { ProfileUpdateSchema, type User } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { UsersService } from './users.service';

/**
 * The users calls of the data API (R-DATA-1, R-DATA-6). The server trusts its session, never the request body, for
 * who the user is: the sync body (the provider's user object in the original app) is accepted and ignored.
 */
export function usersRoutes(app: FastifyInstance, { usersService }: { usersService: UsersService }): void {
  const sync = async (request: Parameters<typeof requireUser>[0]): Promise<{ user: User }> => {
    const user = requireUser(request);
    return { user: await usersService.getUser(user.id) };
  };
  app.post('/api/users/auth0-sync', async (request) => sync(request));
  app.post('/api/users/sync', async (request) => sync(request));

  app.get('/api/users/profile', async (request) => {
    const user = requireUser(request);
    return { user: await usersService.getUser(user.id) };
  });

  app.put('/api/users/profile', async (request) => {
    const user = requireUser(request);
    const parsed = ProfileUpdateSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_profile');
    return { user: await usersService.updateProfile(user.id, parsed.data) };
  });
}
