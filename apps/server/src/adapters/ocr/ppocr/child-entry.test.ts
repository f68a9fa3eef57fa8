import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
    // The same module for the life of the process, built again if it is removed.
    expect(ocrChildEntry(join(dir, 'cache'))).toBe(entry);
    rmSync(entry.entry);
    expect(ocrChildEntry(join(dir, 'cache')).entry).toBe(entry.entry);
    expect(existsSync(entry.entry)).toBe(true);
  });

  it('removes bundles of earlier sources untouched for a week when it writes a new one', () => {
    const cache = join(dir, 'stale');
    mkdirSync(cache);
    const old = join(cache, 'ocr-child-0123456789abcdef.mjs');
    const recent = join(cache, 'ocr-child-fedcba9876543210.mjs');
    writeFileSync(old, '');
    writeFileSync(recent, '');
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    utimesSync(old, eightDaysAgo, eightDaysAgo);
    const entry = ocrChildEntry(cache);
    expect(existsSync(entry.entry)).toBe(true);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
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
