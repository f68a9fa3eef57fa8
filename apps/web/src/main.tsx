import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { handleAuthErrorOnLoad } from './features/auth';
import './index.css';

// Before the router reads the URL: a sign-in callback error must not survive into navigation.
handleAuthErrorOnLoad();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
