/**
 * Both engine benchmarks, one after the other, each in its own process so the speed run's memory figure is
 * not inflated by the accuracy run. Run: `npm run bench:engine [-- --db memory|disk|postgres://…]`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
let failed = false;
for (const script of ['speed.ts', 'accuracy.ts']) {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', path, ...args], { stdio: 'inherit' });
  // A crash is reported; slow figures never are (there is no pass/fail on time).
  if (run.status !== 0) {
    console.error(`${script} exited with ${run.status ?? run.signal}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
