import { describe, expect, it } from 'vitest';
import { withPublicOrigin } from './canonical-host';

describe('withPublicOrigin', () => {
  it('puts PUBLIC_URL’s origin in the page head, escaped', () => {
    expect(withPublicOrigin('<html><head><title>x</title></head><body></body></html>', 'http://localhost:3105/')).toBe(
      '<html><head><title>x</title><meta name="vt-public-origin" content="http://localhost:3105"></head><body></body></html>',
    );
    expect(withPublicOrigin('<div id="root"></div>', 'https://vt.example.com')).toBe(
      '<meta name="vt-public-origin" content="https://vt.example.com"><div id="root"></div>',
    );
  });
});
