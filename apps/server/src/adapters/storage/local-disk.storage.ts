import { copyFile, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertKey, type BlobStorage } from './storage';

/** Photos on local disk under `root` (by default DATA_DIR/photos). */
export class LocalDiskStorage implements BlobStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(sourcePath, target);
    } catch (error) {
      // Another file system (tmp on a different mount): copy, then remove the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(sourcePath, target);
      await unlink(sourcePath);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under the final key.
    const temp = `${target}.${randomUUID()}.part`;
    await writeFile(temp, data);
    await rename(temp, target);
    // A writer of this key killed mid-write (kill -9, power loss) left its .part behind; the job it held has been
    // run again by now (this write), so its leftover goes. A writer still alive would be one that lost its lease.
    await this.removePartials(target);
  }

  /** Removes `<file>.<uuid>.part` leftovers of one key. */
  private async removePartials(target: string): Promise<void> {
    const name = target.slice(dirname(target).length + 1);
    let entries: string[];
    try {
      entries = await readdir(dirname(target));
    } catch {
      return;
    }
    await Promise.all(
      entries
        .filter((e) => e.startsWith(`${name}.`) && e.endsWith('.part'))
        .map((e) => rm(join(dirname(target), e), { force: true })),
    );
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async delete(key: string): Promise<void> {
    const target = this.path(key);
    await rm(target, { force: true });
    await this.removePartials(target);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = join(this.root, ...prefix.split('/').filter(Boolean));
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const p = join(dir, e.name);
        if (e.isDirectory()) await walk(p);
        else out.push(relative(this.root, p).split(sep).join('/'));
      }
    };
    await walk(base);
    return out.sort();
  }
}
