// Runs independent checks side by side. Node built-ins only (the checks' own tools come from node_modules).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './ensure.mjs';

/** One of package.json's scripts, which stays the one place each check's command is written. */
const script = (name, label) => ({ name: label, command: 'npm', args: ['run', '--silent', name] });

/** The workspaces the type-check covers, each with its own tsconfig (the shared package is source-only). */
export const TYPECHECK_PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'];

export const typecheckJob = (project) => ({
  name: `typecheck ${project}`,
  command: process.execPath,
  args: [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project],
});

/** The static checks `npm test` starts with, longest first (the pair of lanes then ends together): types, lint, layers, formatting. */
export const STATIC_CHECKS = [
  typecheckJob('apps/server'),
  typecheckJob('apps/web'),
  script('lint:code', 'lint'),
  ...TYPECHECK_PROJECTS.filter((p) => p !== 'apps/server' && p !== 'apps/web').map(typecheckJob),
  script('lint:layers', 'layers'),
  // `npm run format` fixes what this reports.
  script('format:check', 'format'),
];

/**
 * Runs `jobs` ({ name, command, args }) at most `concurrency` at a time, from `root`. Each job's output is held
 * and printed whole when it ends, so two jobs' lines never interleave. Resolves to the names of the jobs that
 * failed (empty when all passed). On a 2-core machine two at a time take about half as long as one after another:
 * each is a single-threaded Node process.
 */
export async function runParallel(jobs, concurrency) {
  const failed = [];
  const queue = [...jobs];
  const one = (job) =>
    new Promise((resolve) => {
      const t0 = Date.now();
      const chunks = [];
      const child = spawn(job.command, job.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
      let ended = false;
      const end = (status, error) => {
        if (ended) return;
        ended = true;
        const output = Buffer.concat(chunks).toString().trimEnd();
        const seconds = ((Date.now() - t0) / 1000).toFixed(1);
        console.log(`[vt]   ${status === 0 ? 'ok' : 'FAILED'}: ${job.name} (${seconds} s)`);
        if (output) console.log(output);
        if (error) console.log(String(error));
        if (status !== 0) failed.push(job.name);
        resolve();
      };
      child.on('error', (error) => end(1, error));
      child.on('close', (code) => end(code ?? 1));
    });
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await one(job);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return failed;
}
