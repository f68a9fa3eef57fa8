import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { LOCAL_SEED_ACCOUNTS, localSubject } from './local-accounts';
import { AUTO_LOGOUT_SCRIPT, AUTO_LOGOUT_SCRIPT_PATH, logoutPage, messagePage, signInPage } from './local-idp.pages';

/** Where the built-in provider is mounted on our own server. */
export const LOCAL_IDP_PATH = '/local-idp';
export const LOCAL_CLIENT_ID = 'vision-terminal-local';

export type LocalIdpOptions = {
  publicUrl: string;
  sessionSecret: string;
  /** Signing keys are kept here so ID tokens (used as logout hints) survive a restart; none → memory only. */
  dataDir: string | undefined;
  trustProxy: boolean;
};

export type LocalIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
};

type LocalAccount = { email: string; name: string | undefined };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The static client secret, derived from the session secret so nothing extra has to be stored. */
export function localClientSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('local-idp-client-secret').digest('base64url');
}

/**
 * Mounts a real OpenID provider (oidc-provider) under /local-idp of this server, with one static client
 * (our app), PKCE required, consent skipped for that client, and RP-initiated logout. Its sign-in page
 * accepts any e-mail and offers the seeded accounts.
 */
export async function mountLocalIdp(app: FastifyInstance, opts: LocalIdpOptions): Promise<LocalIdp> {
  const issuer = `${opts.publicUrl}${LOCAL_IDP_PATH}`;
  const idp: LocalIdp = {
    issuer,
    clientId: LOCAL_CLIENT_ID,
    clientSecret: localClientSecret(opts.sessionSecret),
    redirectUri: `${opts.publicUrl}/auth/callback`,
    postLogoutRedirectUri: `${opts.publicUrl}/`,
  };
  // Names typed on the sign-in page; the e-mail itself is in the subject.
  const accounts = new Map<string, LocalAccount>(
    LOCAL_SEED_ACCOUNTS.map((a) => [localSubject(a.email), { email: a.email, name: a.name }]),
  );

  const configuration: Configuration = {
    clients: [
      {
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        redirect_uris: [idp.redirectUri],
        post_logout_redirect_uris: [idp.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'nickname', 'picture'] },
    async findAccount(_ctx, sub) {
      if (!sub.startsWith('local|')) return undefined;
      const known = accounts.get(sub);
      const email = sub.slice('local|'.length);
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email,
            email_verified: true,
            nickname: email.split('@')[0],
            ...(known?.name ? { name: known.name } : {}),
          };
        },
      };
    },
    // Our own app is the only client: it gets the scopes it asks for without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      if (client.clientId !== LOCAL_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${LOCAL_IDP_PATH}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, ctx.host);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of the local sign-in provider.');
        },
      },
    },
    clientBasedCORS: () => false,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in problem',
        String(out.error_description ?? 'The sign-in request could not be completed.'),
        String(out.error ?? ''),
      );
    },
    cookies: { keys: [createHmac('sha256', opts.sessionSecret).update('local-idp-cookies').digest('base64url')] },
    jwks: { keys: [signingKey(opts.dataDir)] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Session: 86_400 * 14,
      Grant: 86_400 * 14,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = opts.trustProxy;
  const callback = provider.callback();

  // Sign-in page and its form posts: our routes, more specific than the provider's catch-all below.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const actions = (uid: string) => ({
      action: `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}/login`,
      abortAction: `${LOCAL_IDP_PATH}/interaction/${encodeURIComponent(uid)}/abort`,
    });

    scope.get<{ Params: { uid: string } }>(`${LOCAL_IDP_PATH}/interaction/:uid`, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply.status(400).type('text/html; charset=utf-8').send(expiredPage());
      }
      if (details.prompt.name === 'login') {
        return reply
          .type('text/html; charset=utf-8')
          .send(signInPage({ ...actions(details.uid), accounts: LOCAL_SEED_ACCOUNTS }));
      }
      // Consent is granted by loadExistingGrant; anything else left over is finished without input.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${LOCAL_IDP_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          await provider.interactionDetails(request.raw, reply.raw);
        } catch {
          return reply.status(400).type('text/html; charset=utf-8').send(expiredPage());
        }
        const email = String(request.body?.email ?? '')
          .trim()
          .toLowerCase();
        const name = String(request.body?.name ?? '')
          .trim()
          .slice(0, 120);
        if (!EMAIL_RE.test(email) || email.length > 254) {
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(
              signInPage({
                ...actions(request.params.uid),
                accounts: LOCAL_SEED_ACCOUNTS,
                error: 'Enter a valid e-mail address.',
                email,
                name,
              }),
            );
        }
        const sub = localSubject(email);
        accounts.set(sub, { email, name: name || undefined });
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: sub, remember: false } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    scope.post<{ Params: { uid: string } }>(`${LOCAL_IDP_PATH}/interaction/:uid/abort`, async (request, reply) => {
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply.status(400).type('text/html; charset=utf-8').send(expiredPage());
      }
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
    });
  });

  app.get(AUTO_LOGOUT_SCRIPT_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(AUTO_LOGOUT_SCRIPT),
  );

  // Everything else under /local-idp is the provider itself (Koa): hand it the raw request, path prefix stripped.
  await app.register(async (scope) => {
    // Leave bodies unread: oidc-provider parses its own (token endpoint, logout form).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    scope.all(`${LOCAL_IDP_PATH}/*`, async (request, reply) => {
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const original = req.url ?? '/';
      req.originalUrl = original;
      req.url = original.slice(LOCAL_IDP_PATH.length) || '/';
      await new Promise<void>((resolve) => {
        const res: ServerResponse = reply.raw;
        res.once('finish', resolve);
        res.once('close', resolve);
        void callback(req, res);
      });
    });
  });

  return idp;
}

function expiredPage(): string {
  return messagePage(
    'Sign-in expired',
    'This sign-in attempt has expired or was already used. Start again from Vision Terminal.',
  );
}

/** An RS256 signing key: kept in DATA_DIR when there is one, else made for this process only. */
function signingKey(dataDir: string | undefined): Record<string, unknown> {
  const file = dataDir ? join(dataDir, 'local-idp-signing-key.json') : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), use: 'sig', alg: 'RS256' };
  if (file && dataDir) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  }
  return jwk;
}
