import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARED_DATA_DIR } from '../../engine/test/shared-geodata';
import { PpOcr } from './ppocr.ocr';

const photo = readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/DSCN0010.jpg'));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return ok();
};

describe('PP-OCR in its own process', () => {
  let ocr: PpOcr | undefined;
  afterEach(async () => {
    await ocr?.close();
    ocr = undefined;
  });

  it('survives its reader dying mid-read: that read fails in words, the next one starts a new process', async () => {
    ocr = new PpOcr({ workers: 1, threadsPerWorker: 2 });
    await ocr.warm();
    const [first] = ocr.processIds();
    expect(first).toBeGreaterThan(0);
    const reading = ocr.read(photo);
    // A native crash looks like this from the server: the process is gone without an answer.
    process.kill(first!, 'SIGKILL');
    await expect(reading).rejects.toThrow(/The OCR process stopped \(signal SIGKILL\)/);
    const again = await ocr.read(photo);
    expect(again.width).toBeGreaterThan(0);
    const [second] = ocr.processIds();
    expect(second).not.toBe(first);
  }, 60_000);

  it('gives its memory back: the process ends after the idle time and a later read starts another', async () => {
    ocr = new PpOcr({ workers: 1, threadsPerWorker: 1, idleMs: 300 });
    await ocr.read(photo);
    const [pid] = ocr.processIds();
    expect(alive(pid!)).toBe(true);
    expect(await until(() => !alive(pid!))).toBe(true);
    expect(ocr.processIds()).toEqual([]);
    expect((await ocr.read(photo)).height).toBeGreaterThan(0);
  }, 60_000);

  it('stops its processes on close, and an aborted read rejects at once while the process finishes the photo', async () => {
    ocr = new PpOcr({ workers: 1, threadsPerWorker: 1 });
    await ocr.warm();
    const [pid] = ocr.processIds();
    const abort = new AbortController();
    const reading = ocr.read(photo, abort.signal);
    abort.abort(new Error('cancelled by the user'));
    await expect(reading).rejects.toThrow('cancelled by the user');
    await ocr.close();
    expect(alive(pid!)).toBe(false);
  }, 60_000);

  it('lets a process that has nothing else to do wait for close(): a benchmark writes its results after it', () => {
    // The children are unreferenced while idle (they must not keep the server alive); close() must hold them until
    // they have exited, or a script awaiting it ends silently first.
    const adapter = fileURLToPath(new URL('./ppocr.ocr.ts', import.meta.url));
    const photoPath = join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/DSCN0010.jpg');
    const script = `
      import { readFileSync } from 'node:fs';
      const { PpOcr } = await import(${JSON.stringify(adapter)});
      const ocr = new PpOcr({ workers: 1, threadsPerWorker: 1 });
      await ocr.read(readFileSync(${JSON.stringify(photoPath)}));
      await ocr.close();
      console.log('closed');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain('closed');
  }, 70_000);
});
