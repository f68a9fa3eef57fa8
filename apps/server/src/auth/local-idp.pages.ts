/**
 * Server-rendered pages of the built-in local identity provider. Plain HTML forms, no scripts
 * (the CSP forbids inline scripts), marked everywhere as local development sign-in.
 */

export type SeedAccountView = { email: string; name: string; label: string };

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
*{box-sizing:border-box}
html{color-scheme:dark}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
  background:#0a0d12;color:#e6e9ef;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px}
.card{background:#111620;border:1px solid #232b38;border-radius:14px;padding:28px 24px}
.badge{display:inline-block;font:600 12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.06em;
  color:#f5b14c;border:1px solid #5a4520;background:#221a0c;border-radius:8px;padding:6px 10px}
h1{font-size:22px;margin:14px 0 4px}
p.lead{margin:0 0 20px;color:#9aa4b2;font-size:14px}
label{display:block;font-size:13px;font-weight:600;color:#c5ccd6;margin:14px 0 6px}
input{width:100%;padding:10px 12px;border-radius:8px;border:1px solid #2c3544;background:#0b0f16;color:#e6e9ef;font:inherit}
input:focus,button:focus-visible{outline:2px solid #4cc2ff;outline-offset:2px}
button{cursor:pointer;font:inherit;border-radius:8px}
.primary{width:100%;margin-top:20px;padding:11px;border:0;background:#38b6f0;color:#06121b;font-weight:700}
.primary:hover{background:#5cc6f5}
.error{margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#2a1114;border:1px solid #6b2530;color:#ffb4bd;font-size:14px}
h2{font-size:13px;text-transform:uppercase;letter-spacing:.08em;color:#8b95a5;margin:26px 0 10px}
.accounts{display:grid;gap:8px}
.account{width:100%;text-align:left;padding:10px 12px;border:1px solid #2c3544;background:#141a25;color:#e6e9ef}
.account:hover{border-color:#38b6f0}
.account strong{display:block;font-size:14px}
.account span{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;color:#9aa4b2}
.account em{float:right;font-style:normal;font-size:12px;color:#f5b14c}
.secondary{width:100%;margin-top:10px;padding:9px;border:1px solid #2c3544;background:transparent;color:#c5ccd6}
footer{margin-top:14px;text-align:center;font-size:12px;color:#6f7a8a}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Vision Terminal</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<span class="badge">Local sign-in — development identity provider</span>
${body}
</div>
<footer>Built-in OpenID provider of this Vision Terminal server. Not for production accounts.</footer>
</main>
</body>
</html>`;
}

export function signInPage(opts: {
  action: string;
  abortAction: string;
  accounts: readonly SeedAccountView[];
  error?: string;
  email?: string;
  name?: string;
}): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const accounts = opts.accounts
    .map(
      (a) => `<form method="post" action="${escapeHtml(opts.action)}">
<input type="hidden" name="email" value="${escapeHtml(a.email)}">
<input type="hidden" name="name" value="${escapeHtml(a.name)}">
<button class="account" type="submit"><em>${escapeHtml(a.label)}</em><strong>${escapeHtml(a.name)}</strong><span>${escapeHtml(a.email)}</span></button>
</form>`,
    )
    .join('\n');
  return layout(
    'Local sign-in',
    `<h1>Sign in to Vision Terminal</h1>
<p class="lead">Any e-mail works here: this provider runs on this server so a new machine can sign in at once.</p>
${error}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(opts.email ?? '')}" autofocus>
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="120" value="${escapeHtml(opts.name ?? '')}">
<button class="primary" type="submit">Sign in</button>
</form>
<h2>Seeded accounts</h2>
<div class="accounts">
${accounts}
</div>
<form method="post" action="${escapeHtml(opts.abortAction)}">
<button class="secondary" type="submit">Cancel</button>
</form>`,
  );
}

/** A same-origin script (the CSP allows no inline ones) that confirms the logout the person just asked for. */
export const AUTO_LOGOUT_SCRIPT_PATH = '/local-idp-assets/auto-logout.js';
export const AUTO_LOGOUT_SCRIPT = `document.querySelector('button[name="logout"]')?.click();`;

/**
 * The confirmation oidc-provider asks for before ending its session; `form` is its hidden form. The person already
 * pressed Sign Out in the app, so the page confirms itself; without JavaScript the buttons still work.
 */
export function logoutPage(form: string, host: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out</h1>
<p class="lead">End your local sign-in session at ${escapeHtml(host)}?</p>
${form}
<script src="${AUTO_LOGOUT_SCRIPT_PATH}" defer></script>
<button class="primary" type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
  );
}

export function messagePage(title: string, message: string, status?: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead">${escapeHtml(message)}</p>${status ? `\n<p class="lead"><code>${escapeHtml(status)}</code></p>` : ''}
<p class="lead"><a href="/" style="color:#4cc2ff">Back to Vision Terminal</a></p>`,
  );
}
