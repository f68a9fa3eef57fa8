// `npm start`: install if needed, build the web app if needed, then run the server
// (which applies migrations and serves API and web app from one process).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { checkNodeVersion, ensureDependencies, ensureWebBuild, log, root } from './lib/ensure.mjs';
import { SERVER_NODE_FLAGS, serverEnv } from './lib/server-runtime.mjs';

checkNodeVersion();
ensureDependencies();
ensureWebBuild();
log('starting the server…');
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    // Memory settings shared with the engine benchmark's server process (scripts/lib/server-runtime.mjs).
    env: serverEnv(),
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
