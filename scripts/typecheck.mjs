// Type-checks every workspace with its own tsconfig (no build mode: the shared package is source-only).
import { spawnSync } from 'node:child_process';

const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  const result = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', project], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
  else console.log(`typecheck ok: ${project}`);
}
process.exit(failed ? 1 : 0);
