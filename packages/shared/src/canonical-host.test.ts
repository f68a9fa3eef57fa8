import { describe, expect, it } from 'vitest';
import { canonicalMoveNeeded } from './canonical-host';

describe('canonicalMoveNeeded', () => {
  it('moves one loopback name of this machine to the one PUBLIC_URL uses', () => {
    expect(canonicalMoveNeeded('127.0.0.1:3000', 'http://localhost:3000')).toBe(true);
    expect(canonicalMoveNeeded('localhost:3000', 'http://127.0.0.1:3000')).toBe(true);
    expect(canonicalMoveNeeded('[::1]:3000', 'http://localhost:3000')).toBe(true);
    expect(canonicalMoveNeeded('LOCALHOST:3000', 'http://localhost:3000')).toBe(false);
    expect(canonicalMoveNeeded('localhost:3000', 'http://localhost:3000')).toBe(false);
  });

  it('leaves other hosts alone (a proxy may rewrite Host; moving would loop)', () => {
    expect(canonicalMoveNeeded('127.0.0.1:3000', 'https://vt.example.com')).toBe(false);
    expect(canonicalMoveNeeded('app:3000', 'https://vt.example.com')).toBe(false);
    expect(canonicalMoveNeeded('10.0.0.5:3000', 'http://localhost:3000')).toBe(false);
    expect(canonicalMoveNeeded(undefined, 'http://localhost:3000')).toBe(false);
  });
});
