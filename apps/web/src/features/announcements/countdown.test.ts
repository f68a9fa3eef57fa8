import { describe, expect, it } from 'vitest';
import { formatExpiryCountdown } from './countdown';

const now = new Date('2026-03-01T12:00:00Z');
const after = (ms: number) => new Date(now.getTime() + ms);
const m = 60_000;

describe('formatExpiryCountdown', () => {
  it('says Expired at or after the expiry, and for an unreadable date', () => {
    expect(formatExpiryCountdown(now, now)).toBe('Expired');
    expect(formatExpiryCountdown(after(-5 * m), now)).toBe('Expired');
    expect(formatExpiryCountdown('not a date', now)).toBe('Expired');
  });
  it('uses days and hours when a day or more is left', () => {
    expect(formatExpiryCountdown(after(2 * 24 * 60 * m + 3 * 60 * m + 59 * m), now)).toBe('Expires in 2d 3h');
    expect(formatExpiryCountdown(after(24 * 60 * m), now)).toBe('Expires in 1d 0h');
  });
  it('uses hours and minutes under a day', () => {
    expect(formatExpiryCountdown(after(23 * 60 * m + 59 * m + 30_000), now)).toBe('23h 59m');
    expect(formatExpiryCountdown(after(60 * m), now)).toBe('1h 0m');
  });
  it('uses minutes under an hour', () => {
    expect(formatExpiryCountdown(after(59 * m + 59_000), now)).toBe('59m');
    expect(formatExpiryCountdown(after(30_000), now)).toBe('0m');
  });
  it('accepts ISO strings', () => {
    expect(formatExpiryCountdown('2026-03-01T12:45:00Z', now)).toBe('45m');
  });
});
