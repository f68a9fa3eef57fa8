import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { S3Storage } from './s3.storage';

describe('S3Storage against a real S3-protocol server', () => {
  let s3: TestS3;
  let storage: S3Storage;
  const root = mkdtempSync(join(tmpdir(), 'vt-s3-src-'));
  const open = (over: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
    new S3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      ...over,
    });

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = open();
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('puts, reads, lists and deletes by key; deleting twice is fine', async () => {
    await storage.put('derived/a/thumb.webp', Buffer.from('abc'));
    await storage.put('derived/b/display.webp', Buffer.from('defg'));
    expect((await storage.get('derived/a/thumb.webp')).toString()).toBe('abc');
    expect(await storage.exists('derived/a/thumb.webp')).toBe(true);
    expect(await storage.exists('derived/a/missing.webp')).toBe(false);
    expect(await storage.list('derived/')).toEqual(['derived/a/thumb.webp', 'derived/b/display.webp']);
    await storage.delete('derived/a/thumb.webp');
    await storage.delete('derived/a/thumb.webp');
    expect(await storage.exists('derived/a/thumb.webp')).toBe(false);
    await expect(storage.get('derived/a/thumb.webp')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('streams a large file in under its key and consumes the source', async () => {
    const temp = join(root, 'big.tmp');
    const data = randomBytes(24 * 1024 * 1024);
    writeFileSync(temp, data);
    await storage.putFile('originals/big', temp);
    expect(existsSync(temp)).toBe(false);
    const back = await storage.get('originals/big');
    expect(back.length).toBe(data.length);
    expect(createHash('sha256').update(back).digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    await storage.delete('originals/big');
  }, 60_000);

  it.each(['../escape', 'a/../../b', '/abs', 'a//b', ''])('refuses the key %j before any request', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
  });

  it('keeps deployments apart under a prefix', async () => {
    const a = open({ prefix: 'deploy-a' });
    const b = open({ prefix: 'deploy-b/' });
    await a.put('originals/x', Buffer.from('from a'));
    expect(await b.exists('originals/x')).toBe(false);
    expect(await a.list('originals')).toEqual(['originals/x']);
    expect(await storage.exists('deploy-a/originals/x')).toBe(true);
    a.close();
    b.close();
  });

  // s3rver parses SigV4 and checks the access key, though not the signature itself.
  it('reports server refusals instead of hiding them: unknown access key, missing bucket', async () => {
    const stranger = open({ accessKeyId: 'NOBODY' });
    await expect(stranger.put('derived/x', Buffer.from('x'))).rejects.toThrow(/Access Key Id/i);
    await expect(stranger.exists('derived/x')).rejects.toThrow();
    stranger.close();
    const nowhere = open({ bucket: 'no-such-bucket' });
    await expect(nowhere.put('derived/x', Buffer.from('x'))).rejects.toThrow(/bucket/i);
    nowhere.close();
  });
});
