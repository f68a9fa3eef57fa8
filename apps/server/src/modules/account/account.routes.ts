import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guards';
import { SESSION_COOKIE } from '../../auth/auth.routes';
import type { AccountService } from './account.service';

export function accountRoutes(
  app: FastifyInstance,
  {
    account,
    secureCookies,
    providerLogoutUrl,
  }: {
    account: AccountService;
    secureCookies: boolean;
    /** The provider's logout for this browser's session (read before the session rows go with the user). */
    providerLogoutUrl: (token: string | undefined) => Promise<string>;
  },
): void {
  app.get('/api/account/export', async (request, reply) => {
    const user = requireUser(request);
    const data = await account.exportData(user);
    const day = data.exportedAt.slice(0, 10);
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="vision-terminal-export-${day}.json"`)
      .type('application/json; charset=utf-8');
    return JSON.stringify(data, null, 2);
  });

  app.delete<{ Body: { confirm?: unknown } | undefined }>('/api/account', async (request, reply) => {
    const user = requireUser(request);
    const redirectTo = await providerLogoutUrl(request.cookies[SESSION_COOKIE]);
    await account.deleteAccount(user, request.body?.confirm);
    // The session rows went with the user (cascade); the cookie goes too so the browser is plainly signed out, and
    // the browser is sent to the provider's logout so its session ends there as well.
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
    reply.header('cache-control', 'no-store');
    return { deleted: true, redirectTo };
  });
}
