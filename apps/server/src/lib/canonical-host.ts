import { PUBLIC_ORIGIN_META } from '@vt/shared';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page with PUBLIC_URL's origin in a meta tag. The browser's first script moves a page opened at another
 * loopback name of this machine (127.0.0.1 when PUBLIC_URL says localhost) to PUBLIC_URL before any sign-in starts
 * (shared/canonical-host). Done in the page rather than by an HTTP redirect so that a plain `curl` of any loopback
 * name still gets the page itself.
 */
export function withPublicOrigin(html: string, publicUrl: string): string {
  const tag = `<meta name="${PUBLIC_ORIGIN_META}" content="${escapeAttr(new URL(publicUrl).origin)}">`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : `${tag}${html}`;
}
