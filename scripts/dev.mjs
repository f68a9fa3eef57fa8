// `npm run dev`: the server with reload on change (tsx watch) and the Vite dev server with hot reload,
// which proxies /api, /auth and /local-idp to the server.
import { spawn } from 'node:child_process';
import { checkNodeVersion, ensureDependencies, log, root } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Sign-in redirects must come back to the Vite server, which proxies to the API.
    env: { ...process.env, PORT: port, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@vt/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VT_API_PORT: port },
  }),
];
log('dev: web on http://localhost:5173 (hot reload), API on port ' + port);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
