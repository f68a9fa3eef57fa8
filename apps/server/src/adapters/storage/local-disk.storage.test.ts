import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.storage';

describe('LocalDiskStorage', () => {
  const root = mkdtempSync(join(tmpdir(), 'vt-storage-'));
  const storage = new LocalDiskStorage(join(root, 'photos'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, reads, lists and deletes by key; deleting twice is fine', async () => {
    await storage.put('derived/a/thumb.webp', Buffer.from('abc'));
    expect((await storage.get('derived/a/thumb.webp')).toString()).toBe('abc');
    expect(await storage.exists('derived/a/thumb.webp')).toBe(true);
    expect(await storage.list('derived')).toEqual(['derived/a/thumb.webp']);
    await storage.delete('derived/a/thumb.webp');
    await storage.delete('derived/a/thumb.webp');
    expect(await storage.exists('derived/a/thumb.webp')).toBe(false);
  });

  it('moves a finished temp file in under its key', async () => {
    const temp = join(root, 'upload.tmp');
    writeFileSync(temp, 'photo');
    await storage.putFile('originals/x', temp);
    expect((await storage.get('originals/x')).toString()).toBe('photo');
  });

  it.each(['../escape', 'a/../../b', '/abs', 'a//b', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
