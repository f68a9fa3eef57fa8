import { describe, expect, it } from 'vitest';
import { formatUptime } from './uptime';

describe('formatUptime', () => {
  it.each([
    [0, '0s'],
    [45.9, '45s'],
    [725, '12m 5s'],
    [3 * 3600 + 120, '3h 2m'],
    [4 * 86_400 + 3600 + 59, '4d 1h'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d → %s', (input, expected) => expect(formatUptime(input)).toBe(expected));
});
