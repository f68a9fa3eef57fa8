import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests sit next to the code; Playwright specs (e2e/) are not picked up here.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
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
  },
});
