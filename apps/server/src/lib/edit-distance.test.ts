import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance';

describe('editDistance', () => {
  it('counts letters changed, missing or extra', () => {
    expect(editDistance('AVEMUE', 'AVENUE')).toBe(1);
    expect(editDistance('SREET', 'STREET')).toBe(1);
    expect(editDistance('', 'ST')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('with prefix, measures against the nearest start of the second word', () => {
    expect(editDistance('jacicsonhea', 'jacksonhealth', { prefix: true })).toBe(2);
    expect(editDistance('jacksonhea', 'jacksonhealth', { prefix: true })).toBe(0);
    expect(editDistance('jacksonhea', 'jacksonhealth')).toBe(3);
    expect(editDistance('', 'anything', { prefix: true })).toBe(0);
  });
});
