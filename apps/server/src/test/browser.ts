/**
 * A tiny browser for integration tests: a cookie jar (name + path, port-agnostic like real browsers),
 * manual redirects, and HTML form submission, so tests drive the real OIDC pages over HTTP.
 */

type StoredCookie = { name: string; value: string; path: string; expires: number | undefined };

export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export type HtmlForm = { action: string; method: string; fields: Record<string, string>; id: string | undefined };

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attrs] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const a of attrs) {
    const i = a.indexOf('=');
    if (i < 0) attributes[a.trim().toLowerCase()] = true;
    else attributes[a.slice(0, i).trim().toLowerCase()] = a.slice(i + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attrsOf(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*"([^"]*)"/g)) out[m[1]!.toLowerCase()] = decode(m[2]!);
  return out;
}

/** Forms of a page with their hidden and pre-filled inputs. */
export function parseForms(html: string, pageUrl: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attrsOf(m[1]!);
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attrsOf(input[1]!);
      if (a.name) fields[a.name] = a.value ?? '';
    }
    forms.push({
      action: new URL(attrs.action ?? pageUrl, pageUrl).href,
      method: (attrs.method ?? 'get').toLowerCase(),
      fields,
      id: attrs.id,
    });
  }
  return forms;
}

export class TestBrowser {
  private readonly jar = new Map<string, StoredCookie>();
  userAgent = 'VisionTerminalTest/1.0';
  /** Every raw Set-Cookie header received, oldest first, with the URL that sent it. */
  readonly setCookieLog: { url: string; header: string }[] = [];

  constructor(readonly baseUrl: string) {}

  /** The cookie a page at `path` would send, if any. */
  cookie(name: string, path = '/'): string | undefined {
    return this.matching(path).find((c) => c.name === name)?.value;
  }

  setCookie(name: string, value: string, path = '/'): void {
    this.jar.set(`${name}\t${path}`, { name, value, path, expires: undefined });
  }

  private matching(path: string): StoredCookie[] {
    const now = Date.now();
    return [...this.jar.values()]
      .filter(
        (c) =>
          (c.expires === undefined || c.expires > now) &&
          (path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .sort((a, b) => b.path.length - a.path.length);
  }

  /** One request, no redirect following; stores cookies. Relative URLs are resolved against the app. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    const cookies = this.matching(target.pathname);
    if (cookies.length) headers.set('cookie', cookies.map((c) => `${c.name}=${c.value}`).join('; '));
    if (!headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const raw of response.headers.getSetCookie()) {
      this.setCookieLog.push({ url: target.href, header: raw });
      this.store(parseSetCookie(raw));
    }
    return response;
  }

  private store(c: SetCookie): void {
    const path = typeof c.attributes.path === 'string' ? c.attributes.path : '/';
    const key = `${c.name}\t${path}`;
    const maxAge = typeof c.attributes['max-age'] === 'string' ? Number(c.attributes['max-age']) : undefined;
    const expiresAttr = typeof c.attributes.expires === 'string' ? Date.parse(c.attributes.expires) : undefined;
    const expires = maxAge !== undefined ? Date.now() + maxAge * 1000 : expiresAttr;
    if (c.value === '' || (expires !== undefined && expires <= Date.now())) this.jar.delete(key);
    else this.jar.set(key, { name: c.name, value: c.value, path, expires });
  }

  /** JSON call to the app's API from its own origin (as the web app's fetch would be). */
  async api(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (method !== 'GET' && !('origin' in headers)) headers.origin = new URL(this.baseUrl).origin;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetch(path, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many response shapes; assertions check them
    return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined, response };
  }

  /**
   * Follows redirects from `start`, filling in any sign-in form (fields `email` and `name`) and
   * confirming provider logout pages, until a page of the app itself is reached.
   * Returns that final app location (path + query) and every URL visited.
   */
  async navigate(
    start: string,
    opts: { email?: string; name?: string; submit?: 'sign-in' | 'cancel'; maxSteps?: number; init?: RequestInit } = {},
  ): Promise<{ location: URL; visited: string[]; lastResponse: Response }> {
    const visited: string[] = [];
    let url = new URL(start, this.baseUrl);
    let init: RequestInit = opts.init ?? {};
    const app = new URL(this.baseUrl);
    for (let step = 0; step < (opts.maxSteps ?? 20); step++) {
      visited.push(`${init.method ?? 'GET'} ${url.href}`);
      const response = await this.fetch(url.href, init);
      init = {};
      if (response.status >= 300 && response.status < 400) {
        await response.arrayBuffer();
        const next = new URL(response.headers.get('location')!, url);
        const isApp =
          next.origin === app.origin && !next.pathname.startsWith('/auth/') && !next.pathname.startsWith('/local-idp');
        if (isApp) return { location: next, visited: [...visited, `→ ${next.href}`], lastResponse: response };
        url = next;
        continue;
      }
      const html = await response.text();
      const forms = parseForms(html, url.href);
      const signIn = forms.find((f) => 'email' in f.fields && 'name' in f.fields && !f.fields.email);
      const logout = forms.find((f) => f.id === 'op.logoutForm');
      if (opts.submit === 'cancel') {
        const cancel = forms.find((f) => f.action.endsWith('/abort'));
        if (!cancel) throw new Error(`no cancel form at ${url.href}`);
        url = new URL(cancel.action);
        init = {
          method: 'POST',
          body: new URLSearchParams(cancel.fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
        opts = { ...opts, submit: undefined };
        continue;
      }
      if (signIn && response.status === 200) {
        const fields = { ...signIn.fields, email: opts.email ?? '', name: opts.name ?? '' };
        url = new URL(signIn.action);
        init = {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
        continue;
      }
      if (logout) {
        url = new URL(logout.action);
        init = {
          method: 'POST',
          body: new URLSearchParams({ ...logout.fields, logout: 'yes' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        };
        continue;
      }
      throw Object.assign(new Error(`stuck at ${url.href} (${response.status}): ${html.slice(0, 300)}`), { visited });
    }
    throw Object.assign(new Error('too many redirects'), { visited });
  }

  /** Submits a parsed form (POST, urlencoded) and follows where it leads, like `navigate`. */
  async submit(form: HtmlForm) {
    return this.navigate(form.action, {
      init: {
        method: 'POST',
        body: new URLSearchParams(form.fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    });
  }

  /** Follows redirects to the first page that answers 200 and returns its URL and HTML. */
  async page(start: string): Promise<{ url: string; html: string; response: Response }> {
    let url = new URL(start, this.baseUrl).href;
    for (let i = 0; i < 20; i++) {
      const response = await this.fetch(url);
      if (response.status >= 300 && response.status < 400) {
        await response.arrayBuffer();
        url = new URL(response.headers.get('location')!, url).href;
        continue;
      }
      return { url, html: await response.text(), response };
    }
    throw new Error('too many redirects');
  }

  /** The real sign-in: /auth/login → provider pages → /auth/callback → the app. */
  async signIn(email: string, name = '', returnTo?: string): Promise<URL> {
    const start = returnTo === undefined ? '/auth/login' : `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
    const { location } = await this.navigate(start, { email, name });
    if (location.searchParams.get('error')) {
      throw new Error(
        `sign-in failed: ${location.searchParams.get('error')}: ${location.searchParams.get('error_description')}`,
      );
    }
    return location;
  }

  /** POST /auth/logout, then completes the provider's logout page if there is one. */
  async signOut(): Promise<{ redirectTo: string; final: URL }> {
    const res = await this.api('/auth/logout', { method: 'POST' });
    if (res.status !== 200) throw new Error(`logout answered ${res.status}`);
    const redirectTo = res.body.redirectTo as string;
    const appHome = `${new URL(this.baseUrl).origin}/`;
    if (redirectTo === appHome) return { redirectTo, final: new URL(redirectTo) };
    const { location } = await this.navigate(redirectTo);
    return { redirectTo, final: location };
  }
}
