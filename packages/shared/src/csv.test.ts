import { describe, expect, it } from 'vitest';
import { csvField, csvTable } from './csv';

describe('csv', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@sum')).toBe("'@sum");
    // Numbers are numbers, negative ones included: only text can be a formula.
    expect(csvField(-80.19)).toBe('-80.19');
    expect(csvField(null)).toBe('');
  });

  it('writes a header and CRLF rows', () => {
    expect(csvTable(['a', 'b'], [{ a: 1, b: 'x' }, { a: 2 }])).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
