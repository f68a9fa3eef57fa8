import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'vt-config-'));

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to the embedded database, local sign-in and port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc.kind).toBe('local');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toBe(b.sessionSecret);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(a.sessionSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ FOUNDER_EMAILS: 'a@b.co, nope' }, 'FOUNDER_EMAILS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ OIDC_ISSUER_URL: 'https://id.example.com' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_CLIENT_ID: 'abc' }, 'OIDC_ISSUER_URL'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://vt.example.com' }, 'SESSION_SECRET'],
    [{ VISION_API_BASE_URL: 'http://127.0.0.1:1234/v1' }, 'VISION_MODEL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
  ])('%j fails naming %s', (env, setting) => {
    const error = errorOf(env as Record<string, string>);
    expect(error.message).toContain(setting);
  });

  it('parses founder e-mails case-insensitively', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), FOUNDER_EMAILS: ' Boss@Example.com ,x@y.io' });
    expect(config.founderEmails).toEqual(['boss@example.com', 'x@y.io']);
  });

  it('uses an external provider when OIDC settings are complete', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OIDC_ISSUER_URL: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'client',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config.oidc).toMatchObject({ kind: 'external', clientId: 'client' });
  });

  it('stores photos under DATA_DIR by default; STORAGE_DRIVER=s3 needs a bucket and keys', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ driver: 'local', root: join(dir, 'photos') });
    const message = errorOf({ STORAGE_DRIVER: 's3' }).message;
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(name);
    expect(errorOf({ STORAGE_DRIVER: 'ftp' }).message).toContain('STORAGE_DRIVER');
    const s3 = loadConfig({
      DATA_DIR: dir,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage;
    expect(s3).toMatchObject({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'photos',
      forcePathStyle: true,
    });
  });
});
