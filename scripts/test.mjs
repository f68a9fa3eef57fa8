// `npm test`: everything, in order, failing with a non-zero exit on the first red step:
// install what is missing → typecheck → lint → unit + integration tests on PGlite → the same integration
// tests on PostgreSQL when TEST_DATABASE_URL is set → web build → Playwright in Chromium.
import { existsSync, readFileSync } from 'node:fs';
import { checkNodeVersion, ensureDependencies, ensureWebBuild, listFiles, log, root, run } from './lib/ensure.mjs';
import { runParallel, STATIC_CHECKS } from './lib/parallel.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const started = Date.now();
const timings = [];

/** Runs a step (`fn` answers its exit status, or a promise of it) and stops on a red one. */
async function step(name, fn) {
  const t0 = Date.now();
  log(`── ${name}`);
  const status = await fn();
  timings.push(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (status !== 0) {
    console.error(`[vt] FAILED: ${name} (exit ${status})`);
    console.error(timings.map((t) => `  ${t}`).join('\n'));
    process.exit(status || 1);
  }
}

/** The sign pictures the text tests and benchmarks draw use DejaVu Sans (Debian's fonts-dejavu-core). */
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(FONT)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(
      `[vt] Chromium (${CHROMIUM}) and the DejaVu fonts (${FONT}) are needed for the tests; one is missing.\n` +
        '     Install them with: sudo apt-get install -y chromium fonts-dejavu-core   (or set CHROMIUM_PATH to a Chromium binary)',
    );
    return 1;
  }
  log('installing Chromium and fonts from Debian packages…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], { env }) !== 0) return 1;
  return run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { env });
}

/**
 * Files that open a database only to store and count an analysis, and spend their time elsewhere: run once, on
 * PGlite. photos.corpus.http.test.ts analyses 39 malformed files (~50 s) to see what decoding makes of them,
 * photos.heic.http.test.ts decodes two iPhone photos (~23 s) and photos.text.http.test.ts reads five signs (~35 s);
 * what they write to the database is what every other analysis writes, tested on both databases.
 */
const PGLITE_ONLY = new Set(['photos.corpus.http.test.ts', 'photos.heic.http.test.ts', 'photos.text.http.test.ts']);

/**
 * The server's test files that open a database: a test database only comes from test/db.ts, directly or through
 * test/server.ts, so a file that imports neither runs the same on either database and runs once, on PGlite.
 */
function databaseTestFiles() {
  return listFiles(`${root}/apps/server/src`, (name) => name.endsWith('.test.ts') && !PGLITE_ONLY.has(name)).filter(
    (file) => /from '[./]*\/?test\/(db|server)'/.test(readFileSync(file, 'utf8')),
  );
}

checkNodeVersion();
ensureDependencies();
await step('chromium', ensureChromium);
// Types, lint, layers and formatting: independent single-threaded checks, two at a time on this 2-core machine
// (one after another they took ~135 s of a CI run).
await step('static checks (typecheck, lint, layers, format)', async () =>
  (await runParallel(STATIC_CHECKS, 2)).length ? 1 : 0,
);
await step('unit + integration (PGlite)', () =>
  run('npx', ['vitest', 'run'], { env: { ...process.env, VT_TEST_DB: 'pglite' } }),
);
if (process.env.TEST_DATABASE_URL) {
  const files = databaseTestFiles();
  await step(`integration (PostgreSQL, ${files.length} files that open a database)`, () =>
    run('npx', ['vitest', 'run', ...files], { env: { ...process.env, VT_TEST_DB: 'postgres' } }),
  );
} else {
  log('TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the integration tests');
}
await step('web build', () => {
  ensureWebBuild();
  return 0;
});
await step('browser tests (Playwright, Chromium)', () => run('npm', ['run', '--silent', 'test', '-w', '@vt/e2e']));
log(`all green in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(timings.map((t) => `  ${t}`).join('\n'));
