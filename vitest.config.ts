import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code; Playwright specs (e2e/) are not picked up here.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One migrated PGlite database dumped for the run; each test file's database starts from it.
    globalSetup: ['apps/server/src/test/pglite-template.ts'],
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on this project's 2-core machines. The integration
    // tests spend most of their time waiting (HTTP, polling, the database), so two forks there took the PGlite run
    // from 775 s to 455 s with every test green.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          // A fork runs its test files one after another in one module graph: the server, its geodata indexes and
          // the OCR sessions load once a fork, not once a file (decision 0011: the PGlite pass 415 s → 266 s). Each
          // file still opens its own database and server; none mocks a module or stubs a global (retry.test.ts puts
          // its fake timers back), and what lives at module level is read-only data (county outline, area indexes,
          // gazetteer, the OCR session).
          isolate: false,
        },
      },
      {
        extends: true,
        // The web app's tests keep a module graph and a DOM (happy-dom) of their own per file.
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
