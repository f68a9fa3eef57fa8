import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';

describe('GET /api/public-config', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEFAULT_WEEKLY_IMAGE_LIMIT: '12' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers without a session, with the weekly allowance as configured (the pages quote it, not a copy)', async () => {
    const res = await server.browser().api('/api/public-config');
    expect(res.status).toBe(200);
    const config = PublicConfigSchema.parse(res.body);
    expect(config.weeklyImageLimit).toBe(12);
    expect(config.authProvider).toBe('local');
  });
});
