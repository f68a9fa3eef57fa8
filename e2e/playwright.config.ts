import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// Chosen once in the runner process; workers re-evaluate this file and inherit the environment.
// A high range: the machine's own services (NATS 4222, epmd 4369, MariaDB 3306…) live below it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 10_000));
// A fresh embedded database per run; the server is the real one, built web app included.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vt-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SALES_EMAIL: 'sales@visionterminal.test',
      // The e2e run always uses the embedded database and the built-in local sign-in.
      DATABASE_URL: '',
      OIDC_ISSUER_URL: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      FOUNDER_EMAILS: '',
      // One test-only code with map access (fixtures/auth.ts grantMapAccess); the repository ships no real codes.
      ACCESS_CODES_FILE: join(dirname(fileURLToPath(import.meta.url)), 'fixtures/access-codes.e2e.json'),
      NODE_ENV: 'test',
      // Every e2e user redeems the map code from 127.0.0.1: in life they are many addresses, here the per-address
      // limit (10 a minute) was hit whenever the suite ran fast. The limit itself is tested in the server's
      // integration tests (access.http.test.ts).
      ACCESS_CODE_ATTEMPTS_PER_MINUTE: '1000',
      // The same for sign-in (30 a minute per address): on a fast machine the suite's two workers signed in more
      // often than that from 127.0.0.1 and two tests got a 429. The limit is tested in auth/sessions.test.ts.
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    },
  },
});
