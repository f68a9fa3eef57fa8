import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it('a write of a key clears what a writer killed mid-write left of it, and only that', async () => {
    const dir = join(root, 'photos', 'derived', 'k');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'thumbnail.webp.2f1c-dead.part'), 'half');
    writeFileSync(join(dir, 'display.webp.77aa-dead.part'), 'half');
    await storage.put('derived/k/thumbnail.webp', Buffer.from('whole'));
    expect(await storage.list('derived/k')).toEqual([
      'derived/k/display.webp.77aa-dead.part',
      'derived/k/thumbnail.webp',
    ]);
    // Deleting a key takes its leftovers too (an account deleted after a crash).
    await storage.delete('derived/k/display.webp');
    expect(await storage.list('derived/k')).toEqual(['derived/k/thumbnail.webp']);
  });

  it.each(['../escape', 'a/../../b', '/abs', 'a//b', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });
});
