import { describe, expect, it } from 'vitest';
import { InFlightGate } from './in-flight';

describe('InFlightGate', () => {
  it('admits up to the byte budget and per-key count, and frees both on release (once)', () => {
    const gate = new InFlightGate({ maxBytes: 100, perKey: 2 });
    const a = gate.admit('alice', 60);
    expect('release' in a).toBe(true);
    expect(gate.admit('bob', 50)).toEqual({ refused: 'process' });
    const b = gate.admit('alice', 40);
    expect('release' in b).toBe(true);
    expect(gate.admit('alice', 1)).toEqual({ refused: 'key' });
    if ('release' in a) {
      a.release();
      a.release();
    }
    expect(gate.inFlightBytes).toBe(40);
    expect('release' in gate.admit('bob', 50)).toBe(true);
  });

  it('always admits one request when nothing is in flight, even one larger than the budget', () => {
    const gate = new InFlightGate({ maxBytes: 10, perKey: 1 });
    expect('release' in gate.admit('alice', 1000)).toBe(true);
    expect(gate.admit('bob', 1)).toEqual({ refused: 'process' });
  });
});
