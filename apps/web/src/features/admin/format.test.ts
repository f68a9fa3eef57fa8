import { describe, expect, it } from 'vitest';
import { generateAccessCode, sinceText } from './format';

describe('sinceText', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'just now'],
    ['2026-11-23T11:56:00Z', '4 min ago'],
    ['2026-11-23T09:00:00Z', '3 h ago'],
    ['2026-11-21T12:00:00Z', '2 d ago'],
  ])('%s → %s', (iso, text) => expect(sinceText(iso, now)).toBe(text));
  it('says so for junk', () => expect(sinceText('nope', now)).toBe('Invalid date'));
});

describe('generateAccessCode', () => {
  it('makes four groups of four from the unambiguous alphabet', () => {
    const code = generateAccessCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    expect(generateAccessCode()).not.toBe(code);
  });
});
