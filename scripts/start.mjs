// `npm start`: install if needed, build the web app if needed, then run the server
// (which applies migrations and serves API and web app from one process).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { checkNodeVersion, ensureDependencies, ensureWebBuild, log, root } from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();
ensureWebBuild();
log('starting the server…');
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // glibc keeps memory libvips frees in many arenas; two keep the server's footprint bounded (bench/engine/speed.ts).
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
