import type { FastifyInstance } from 'fastify';
import { AccountDeleteRequestSchema, AccountDeletedSchema, AccountExportSchema } from '@vt/shared';
import { SESSION_COOKIE } from '../../auth/auth.routes';
import { defineRoutes, route } from '../openapi/route-definition';
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
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/account/export',
      tag: 'account',
      summary: 'Everything stored about you, as a dated JSON attachment',
      access: 'user',
      response: AccountExportSchema,
      cacheControl: 'no-store',
      handler: async ({ user, reply }) => {
        const data = await account.exportData(user);
        const day = data.exportedAt.slice(0, 10);
        reply
          .header('content-disposition', `attachment; filename="vision-terminal-export-${day}.json"`)
          .type('application/json; charset=utf-8');
        // Indented: the file is meant to be read by the person who downloads it.
        return JSON.stringify(data, null, 2);
      },
    }),
    route({
      method: 'delete',
      path: '/api/account',
      tag: 'account',
      summary:
        'Delete your account and all its data (type your e-mail address to confirm); signs you out and names the provider’s logout',
      access: 'user',
      body: AccountDeleteRequestSchema,
      invalidCode: 'confirmation_mismatch',
      invalidMessage: 'Type your e-mail address to confirm.',
      response: AccountDeletedSchema,
      cacheControl: 'no-store',
      handler: async ({ user, body, request, reply }) => {
        const redirectTo = await providerLogoutUrl(request.cookies[SESSION_COOKIE]);
        await account.deleteAccount(user, body.confirm);
        // The session rows went with the user (cascade); the cookie goes too so the browser is plainly signed out, and
        // the browser is sent to the provider's logout so its session ends there as well.
        reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
        return { deleted: true, redirectTo };
      },
    }),
  ]);
}
