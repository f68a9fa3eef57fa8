import { describe, expect, it } from 'vitest';
import { formatCount, formatMegabytes, greetingFor, initialsOf } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [999_999, '1000.0K'],
    [1_000_000, '1.0M'],
    [2_560_000, '2.6M'],
  ])('%d → %s', (n, s) => expect(formatCount(n)).toBe(s));
});

describe('formatMegabytes', () => {
  it('divides by 1048576 with one decimal', () => {
    expect(formatMegabytes(1_048_576)).toBe('1.0 MB');
    expect(formatMegabytes(5_500_000)).toBe('5.2 MB');
  });
  it('keeps small non-zero sizes visible', () => {
    expect(formatMegabytes(0)).toBe('0.0 MB');
    expect(formatMegabytes(40_000)).toBe('0.04 MB');
    expect(formatMegabytes(3_000)).toBe('< 0.01 MB');
    expect(formatMegabytes(110_000)).toBe('0.1 MB');
  });
});

describe('greetingFor', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %d → %s', (h, g) => expect(greetingFor(h)).toBe(g));
});

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['ada.lovelace@example.com', 'AL'],
    ['Jean Claude Van Damme', 'JD'],
    ['', '?'],
  ])('%s → %s', (n, i) => expect(initialsOf(n)).toBe(i));
});
