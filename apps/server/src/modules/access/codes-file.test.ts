import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccessCodesFileError, accessCodeHint, hashAccessCode, readCodesFile } from './codes-file';

const dir = mkdtempSync(join(tmpdir(), 'vt-codes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('access codes file', () => {
  it('hashes codes case-insensitively and keeps only a two-character hint', () => {
    expect(hashAccessCode(' beta-code-1 ')).toBe(hashAccessCode('BETA-CODE-1'));
    expect(hashAccessCode('BETA-CODE-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAccessCode('BETA-CODE-1')).not.toBe(hashAccessCode('BETA-CODE-2'));
    expect(accessCodeHint('beta-code-1x')).toBe('…1X');
  });

  it('means no codes when the file is missing', () => {
    const codes = readCodesFile(join(dir, 'absent.json'));
    expect(codes.accessCodes).toEqual([]);
    expect(codes.consoleCodes).toEqual([]);
    expect(codes.underConstruction.size).toBe(0);
  });

  it('reads codes, levels, the under-construction list and overrides without keeping plain codes', () => {
    const codes = readCodesFile(
      write('ok.json', {
        accessCodes: [{ code: 'placeholder-beta', tier: 'beta', label: 'Testers' }],
        consoleCodes: [{ code: 'placeholder-console', level: 90 }],
        underConstruction: ['Placeholder-Alpha'],
        tierOverrides: { founder: { weeklyImageLimit: 1000 } },
      }),
    );
    expect(codes.accessCodes).toEqual([
      { codeHash: hashAccessCode('PLACEHOLDER-BETA'), hint: '…TA', tier: 'beta', label: 'Testers' },
    ]);
    expect(codes.consoleCodes[0]).toMatchObject({ level: 90, hint: '…LE' });
    expect(codes.underConstruction.has(hashAccessCode('PLACEHOLDER-ALPHA'))).toBe(true);
    expect(codes.tierOverrides).toEqual({ founder: { weeklyImageLimit: 1000 } });
    expect(JSON.stringify(codes.accessCodes)).not.toMatch(/placeholder/i);
  });

  it('parses the shipped example file', () => {
    const codes = readCodesFile(new URL('../../../../../access-codes.example.json', import.meta.url).pathname);
    expect(codes.accessCodes).toHaveLength(7);
    expect(new Set(codes.accessCodes.map((c) => c.tier)).size).toBe(7);
    expect(codes.consoleCodes.map((c) => c.level)).toEqual([100, 90, 80, 70, 60, 50, 40]);
  });

  it.each([
    ['not json', '{nope', /not valid JSON/],
    ['unknown tier', { accessCodes: [{ code: 'abcdefgh', tier: 'gold' }] }, /accessCodes\.0\.tier/],
    ['short code', { accessCodes: [{ code: 'abc', tier: 'beta' }] }, /at least 6/],
    ['bad level', { consoleCodes: [{ code: 'abcdefgh', level: 55 }] }, /level must be/],
    [
      'duplicate across kinds',
      { accessCodes: [{ code: 'same-code', tier: 'beta' }], consoleCodes: [{ code: 'SAME-CODE', level: 40 }] },
      /ending in "…DE" appears twice/,
    ],
    ['unknown override key', { tierOverrides: { beta: { weekly: 3 } } }, /tierOverrides/],
  ])('refuses %s with a message naming the problem', (_name, content, message) => {
    const file = write(`bad-${_name.replace(/\W/g, '')}.json`, content);
    expect(() => readCodesFile(file)).toThrow(AccessCodesFileError);
    expect(() => readCodesFile(file)).toThrow(message);
  });
});
