import { describe, expect, it } from 'vitest';
import { lastDays } from './days';

describe('lastDays', () => {
  it('lists the last days in a time zone, oldest first', () => {
    const now = Date.UTC(2026, 0, 3, 3, 0); // 3 Jan 03:00 UTC = 2 Jan 22:00 in New York
    expect(lastDays(3, 'America/New_York', now)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
    expect(lastDays(1, 'UTC', now)).toEqual(['2026-01-03']);
  });

  it('gives every day once across the end of daylight saving time', () => {
    // 25 Nov 2026 04:15 UTC is 24 Nov 23:15 in New York; 1 Nov had 25 hours there.
    const now = Date.UTC(2026, 10, 25, 4, 15);
    const days = lastDays(30, 'America/New_York', now);
    expect(days).toHaveLength(30);
    expect(new Set(days).size).toBe(30);
    expect(days[0]).toBe('2026-10-26');
    expect(days.at(-1)).toBe('2026-11-24');
  });

  it('gives every day once across the start of daylight saving time', () => {
    const now = Date.UTC(2026, 2, 9, 3, 30); // 8 Mar 2026 had 23 hours in New York
    const days = lastDays(3, 'America/New_York', now);
    expect(days).toEqual(['2026-03-06', '2026-03-07', '2026-03-08']);
  });

  it('crosses month and year ends', () => {
    expect(lastDays(3, 'UTC', Date.UTC(2027, 0, 1, 12))).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(lastDays(2, 'UTC', Date.UTC(2028, 2, 1, 12))).toEqual(['2028-02-29', '2028-03-01']);
  });
});
