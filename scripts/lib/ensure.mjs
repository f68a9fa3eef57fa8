// Set-up steps shared by `npm start` and `npm test`. Node built-ins only: this runs before dependencies exist.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function log(message) {
  console.log(`[vt] ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const file of paths) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const isTest = (name) => name.endsWith('.test.ts') || name.endsWith('.test.tsx');

/** The files under `dir` (sorted, node_modules and dist left out) whose name `keep` accepts: by default, not tests. */
export function listFiles(dir, keep = (name) => !isTest(name), out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, keep, out);
    else if (keep(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Installs dependencies when node_modules is missing, incomplete or the lockfile changed since the last install.
 * Development dependencies are always included: the web app is built on the serving machine (Vite is one), and
 * with NODE_ENV=production npm would leave them out. The marker is written only after a complete install, and an
 * install without the build's tools is never taken for one.
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.vt-install-hash');
  const wanted = `${existsSync(lock) ? hashFiles([lock]) : 'no-lockfile'}+dev`;
  const have = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
  const complete = ['.bin', 'vite/package.json', 'tsx/package.json'].every((p) =>
    existsSync(join(root, 'node_modules', p)),
  );
  if (have === wanted && complete) return;
  log(
    existsSync(join(root, 'node_modules'))
      ? 'dependencies changed or incomplete: installing…'
      : 'installing dependencies (first run)…',
  );
  const args = existsSync(lock)
    ? ['ci', '--include=dev', '--no-audit', '--no-fund']
    : ['install', '--include=dev', '--no-audit', '--no-fund'];
  const status = run('npm', args);
  if (status !== 0) {
    console.error('[vt] npm install failed: see the output above.');
    process.exit(status);
  }
  writeFileSync(marker, wanted);
}

/** Builds the web app when its sources (or the shared package, or the lockfile) changed since the last build. */
export function ensureWebBuild({ force = false } = {}) {
  const web = join(root, 'apps', 'web');
  const sources = [
    ...listFiles(join(web, 'src')),
    ...listFiles(join(web, 'public')),
    ...listFiles(join(root, 'packages', 'shared', 'src')),
    ...['index.html', 'vite.config.ts', 'package.json'].map((f) => join(web, f)).filter(existsSync),
    join(root, 'package-lock.json'),
  ].filter((f) => existsSync(f) && statSync(f).isFile());
  const wanted = hashFiles(sources);
  const marker = join(web, 'dist', '.vt-build-hash');
  const have = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
  if (!force && have === wanted && existsSync(join(web, 'dist', 'index.html'))) return;
  log('building the web app…');
  const status = run('npm', ['run', 'build', '-w', '@vt/web']);
  if (status !== 0) {
    console.error('[vt] the web build failed: see the output above.');
    process.exit(status);
  }
  mkdirSync(join(web, 'dist'), { recursive: true });
  writeFileSync(marker, wanted);
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[vt] Node ${process.versions.node} is too old: Vision Terminal needs Node 20.19 or newer.`);
    process.exit(1);
  }
}
