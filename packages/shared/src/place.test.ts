import { describe, expect, it } from 'vitest';
import { placeParts } from './place';

describe('placeParts', () => {
  it('keeps what is known and says null for the rest, and for no place at all', () => {
    expect(placeParts({ municipality: 'Miami', neighbourhood: null, zip: '33130' })).toEqual({
      municipality: 'Miami',
      neighbourhood: null,
      zip: '33130',
    });
    expect(placeParts(null)).toEqual({ municipality: null, neighbourhood: null, zip: null });
    expect(placeParts(undefined)).toEqual({ municipality: null, neighbourhood: null, zip: null });
  });
});
