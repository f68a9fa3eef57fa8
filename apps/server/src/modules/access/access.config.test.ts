import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/vt-config-test', SESSION_SECRET: 'x'.repeat(40) } as const;

describe('access settings', () => {
  it('default to the spec limits and the code file in DATA_DIR', () => {
    expect(loadConfig({ ...base }).access).toEqual({
      codesFile: join(resolve('/tmp/vt-config-test'), 'access-codes.json'),
      defaultWeeklyImageLimit: 5,
      defaultImagesPerInstance: 1,
      defaultMapAccess: false,
      scheduledCleanupDays: undefined,
      attemptsPerMinute: 10,
    });
  });

  it('read overrides and refuse nonsense', () => {
    const config = loadConfig({
      ...base,
      ACCESS_CODES_FILE: '/etc/vt/codes.json',
      DEFAULT_WEEKLY_IMAGE_LIMIT: '12',
      DEFAULT_IMAGES_PER_INSTANCE: '3',
      ACCESS_CODE_ATTEMPTS_PER_MINUTE: '4',
      DEFAULT_MAP_ACCESS: 'true',
      INACTIVE_USER_CLEANUP_DAYS: '120',
    });
    expect(config.access).toEqual({
      codesFile: '/etc/vt/codes.json',
      defaultWeeklyImageLimit: 12,
      defaultImagesPerInstance: 3,
      defaultMapAccess: true,
      scheduledCleanupDays: 120,
      attemptsPerMinute: 4,
    });
    expect(() => loadConfig({ ...base, DEFAULT_WEEKLY_IMAGE_LIMIT: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DEFAULT_IMAGES_PER_INSTANCE: '0' })).toThrow(/DEFAULT_IMAGES_PER_INSTANCE/);
    expect(() => loadConfig({ ...base, DEFAULT_MAP_ACCESS: 'yes' })).toThrow(/DEFAULT_MAP_ACCESS/);
    expect(() => loadConfig({ ...base, INACTIVE_USER_CLEANUP_DAYS: '0' })).toThrow(/INACTIVE_USER_CLEANUP_DAYS/);
  });
});
