import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { PUBLIC_ORIGIN_META, canonicalMoveNeeded } from '@vt/shared';
import { handleAuthErrorOnLoad } from './features/auth';
import './index.css';

// Opened at another loopback name of this machine than PUBLIC_URL's (127.0.0.1 for localhost): move there first,
// or a sign-in started here would come back to the other host without its cookie.
const publicOrigin = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_ORIGIN_META}"]`)?.content;
const moving = Boolean(publicOrigin && canonicalMoveNeeded(window.location.host, publicOrigin));
if (moving) {
  const here = window.location;
  window.location.replace(`${publicOrigin}${here.pathname}${here.search}${here.hash}`);
}

// Before the router reads the URL: a sign-in callback error must not survive into navigation.
if (!moving) handleAuthErrorOnLoad();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

if (!moving)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
