import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A separate OpenID provider on its own port standing in for an external one (Keycloak-like issuer
 * path `/realms/vision`, opaque UUID subjects), with a plain e-mail/name sign-in form.
 */
export type ExternalIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

const PREFIX = '/realms/vision';

export async function startExternalIdp(opts: {
  redirectUri: string;
  postLogoutRedirectUri: string;
}): Promise<ExternalIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}${PREFIX}`;
  const clientId = 'vision-terminal';
  const clientSecret = 'external-client-secret';
  const subjects = new Map<string, { email: string; name: string }>();
  const byEmail = new Map<string, string>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx, sub) {
      const account = subjects.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
          preferred_username: account.email,
        }),
      };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${PREFIX}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['external-idp-test-key'] },
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'ext-1',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
  });
  const callback = provider.callback();

  server.on('request', (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const m = url.pathname.match(new RegExp(`^${PREFIX}/interaction/([^/]+)(/login)?$`));
      if (m && req.method === 'GET') {
        await provider.interactionDetails(req, res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><title>Vision realm</title><form method="post" action="${PREFIX}/interaction/${m[1]}/login">
<input name="email" value=""><input name="name" value=""><button>Log in</button></form>`);
        return;
      }
      if (m && m[2] && req.method === 'POST') {
        await provider.interactionDetails(req, res);
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const email = form.get('email') ?? '';
        let sub = byEmail.get(email);
        if (!sub) {
          sub = randomUUID();
          byEmail.set(email, sub);
        }
        subjects.set(sub, { email, name: form.get('name') ?? '' });
        await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
        return;
      }
      if (!url.pathname.startsWith(PREFIX)) {
        res.statusCode = 404;
        res.end();
        return;
      }
      req.originalUrl = req.url;
      req.url = (req.url ?? '/').slice(PREFIX.length) || '/';
      await callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
