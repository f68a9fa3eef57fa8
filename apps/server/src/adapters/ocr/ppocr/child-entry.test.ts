import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ocrChildEntry } from './child-entry';

describe('the OCR child process entry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-ocr-child-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the child bundled into plain JavaScript, named by its content, with the packages left as imports', () => {
    const entry = ocrChildEntry(join(dir, 'cache'));
    expect(entry.bundled).toBe(true);
    expect(entry.execArgv).toEqual([]);
    expect(entry.entry).toMatch(/ocr-child-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(entry.entry, 'utf8');
    expect(code).toMatch(/from "onnxruntime-node"/);
    expect(code).toMatch(/PpOcrReader = class/);
    // The same module for the life of the process.
    expect(ocrChildEntry(join(dir, 'cache'))).toBe(entry);
  });

  it('falls back to the sources under tsx where the bundle cannot be written', () => {
    // A folder that cannot be made: its parent is a file.
    writeFileSync(join(dir, 'a-file'), '');
    const entry = ocrChildEntry(join(dir, 'a-file', 'cache'));
    expect(entry.bundled).toBe(false);
    expect(entry.entry).toMatch(/child\.ts$/);
    expect(entry.execArgv[0]).toBe('--import');
    expect(existsSync(entry.entry)).toBe(true);
  });
});
