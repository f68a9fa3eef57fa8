import { describe, expect, it } from 'vitest';
import { firstNameOf, greetingLine } from './greeting';

describe('firstNameOf', () => {
  it('takes the first word of the name', () => expect(firstNameOf('  Ada   Lovelace ', 'ada@example.com')).toBe('Ada'));
  it('falls back to the e-mail local part', () => {
    expect(firstNameOf('', 'grace@example.com')).toBe('grace');
    expect(firstNameOf('grace@example.com', 'grace@example.com')).toBe('grace');
  });
});

describe('greetingLine', () => {
  it.each([
    [9, 'Good morning, Ada'],
    [12, 'Good afternoon, Ada'],
    [17, 'Good afternoon, Ada'],
    [18, 'Good evening, Ada'],
  ])('at %d h → %s', (hour, text) => {
    expect(greetingLine('Ada Lovelace', 'ada@example.com', new Date(2025, 5, 2, hour, 30))).toBe(text);
  });
});
