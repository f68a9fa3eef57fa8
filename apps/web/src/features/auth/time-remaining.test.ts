import { describe, expect, it } from 'vitest';
import { formatTimeRemaining } from './time-remaining';

const now = Date.parse('2025-06-01T12:00:00Z');

describe('formatTimeRemaining', () => {
  it.each([
    ['2025-06-01T12:00:00Z', 'Expired'],
    ['2025-06-01T11:59:00Z', 'Expired'],
    ['2025-06-01T12:00:30Z', '1m'],
    ['2025-06-01T12:45:00Z', '45m'],
    ['2025-06-01T15:12:00Z', '3h 12m'],
    ['2025-06-03T15:00:00Z', '2d 3h'],
    ['not a date', 'Invalid date'],
    [null, 'Invalid date'],
  ])('%s → %s', (until, expected) => expect(formatTimeRemaining(until, now)).toBe(expected));
});
