import * as client from 'openid-client';
import type { SignInClaims } from './ports';

/** How the relying party reaches one OpenID provider (local or external: same code). */
export type OidcClientSettings = {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
};

export type AuthorizationRequest = { url: string; state: string; nonce: string; codeVerifier: string };

export type CallbackResult = { claims: SignInClaims; idToken: string | undefined };

/**
 * The identity-provider adapter: discovery (lazy, cached), authorization code + PKCE + state + nonce,
 * userinfo, and RP-initiated logout. Business code sees only claims.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcClientSettings) {}

  get issuerUrl(): string {
    return this.settings.issuerUrl;
  }

  get postLogoutRedirectUri(): string {
    return this.settings.postLogoutRedirectUri;
  }

  /** Discovers the provider on first use; a failed discovery is retried on the next call. */
  private config(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuerUrl, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuerUrl).protocol === 'http:';
      this.configuration = client
        .discovery(
          new URL(issuerUrl),
          clientId,
          clientSecret ? { client_secret: clientSecret } : undefined,
          clientSecret ? client.ClientSecretPost(clientSecret) : client.None(),
          { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
        )
        .catch((error: unknown) => {
          this.configuration = undefined;
          throw error;
        });
    }
    return this.configuration;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code (checking state, nonce and PKCE) and merges ID-token claims with userinfo. */
  async handleCallback(
    currentUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<CallbackResult> {
    const config = await this.config();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The sign-in provider returned no ID token.');
    let merged: Record<string, unknown> = { ...idClaims };
    // Many providers keep profile claims out of the ID token when an access token for userinfo is issued.
    if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      merged = { ...merged, ...info };
    }
    return { claims: toSignInClaims(merged, idClaims.sub), idToken: tokens.id_token };
  }

  /**
   * Where the browser goes to sign out: the provider's end_session_endpoint when it supports
   * RP-initiated logout, else straight back to the site.
   */
  async logoutUrl(idToken: string | null | undefined): Promise<string> {
    try {
      const config = await this.config();
      if (!config.serverMetadata().end_session_endpoint) return this.settings.postLogoutRedirectUri;
      const params: Record<string, string> = { post_logout_redirect_uri: this.settings.postLogoutRedirectUri };
      if (idToken) params.id_token_hint = idToken;
      return client.buildEndSessionUrl(config, params).href;
    } catch {
      return this.settings.postLogoutRedirectUri;
    }
  }
}

function toSignInClaims(c: Record<string, unknown>, sub: string): SignInClaims {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const verified = c.email_verified;
  return {
    sub,
    email: str(c.email),
    email_verified: typeof verified === 'boolean' ? verified : verified === 'true' ? true : undefined,
    name: str(c.name),
    nickname: str(c.nickname) ?? str(c.preferred_username),
    picture: str(c.picture),
  };
}
