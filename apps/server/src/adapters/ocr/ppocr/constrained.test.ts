import { describe, expect, it } from 'vitest';
import { GrammarBuilder } from '../grammar';
import { ctcDecode, makeDictionary } from './ctc';
import { compileGrammar, decodeConstrained } from './constrained';

describe('CTC decoding through a grammar', () => {
  const glyphs = ['S', 'W', 'V', '8', 'T', 's', 'w', 'L', 'l', 'A', '中'];
  const dict = makeDictionary(glyphs.join('\n'));
  const classes = dict.glyphs.length;
  const id = (g: string) => dict.glyphs.indexOf(g);
  /** A step where `g` has probability p and the rest share what is left ('' is the blank). */
  const step = (g: string, p = 0.9, second?: [string, number]) => {
    const row = new Array<number>(classes).fill(0);
    const rest = 1 - p - (second?.[1] ?? 0);
    for (let c = 0; c < classes; c++) row[c] = rest / (classes - (second ? 2 : 1));
    row[g === '' ? 0 : id(g)] = p;
    if (second) row[second[0] === '' ? 0 : id(second[0])] = second[1];
    return row;
  };
  const seq = (rows: number[][]) => Float32Array.from(rows.flat());

  /** SW 8 ST, spaces optional, letters in either case. */
  function streetGrammar() {
    const g = new GrammarBuilder();
    const space = () => g.optional(g.symbol(' '));
    return compileGrammar(g.build(g.seq(g.word('SW'), space(), g.oneOf('8'), space(), g.word('ST'))), dict);
  }

  it('reads a blurred line as the grammar’s reading, a small gap behind the free one', () => {
    // The free reading is "SV8ST": the W's step was a little more V than W.
    const probs = seq([
      step('S'),
      step(''),
      step('V', 0.5, ['W', 0.4]),
      step(''),
      step('8'),
      step('S'),
      step('T'),
      step(''),
    ]);
    expect(ctcDecode(probs, 0, 8, classes, dict).text).toBe('SV8ST');
    const r = decodeConstrained(probs, 0, 8, classes, dict.allowed, streetGrammar())!;
    expect(r.text).toBe('SW8ST');
    // About ln(0.5 / 0.4): the lower-case glyphs’ small shares add a little to the grammar’s side.
    expect(r.gap).toBeGreaterThan(0.15);
    expect(r.gap).toBeLessThan(Math.log(0.5 / 0.4));
    expect(r.confidence).toBeCloseTo((0.9 * 4 + 0.4) / 5, 1);
  });

  it('adds the probabilities of a letter’s two cases, and shows the case the recogniser preferred', () => {
    const probs = seq([step('S'), step('w', 0.5, ['W', 0.3]), step('8'), step('s', 0.6), step('T')]);
    const r = decodeConstrained(probs, 0, 5, classes, dict.allowed, streetGrammar())!;
    expect(r.text).toBe('Sw8sT');
    // w + W (0.8) explains the step better than the free reading's w alone (0.5): no gap.
    expect(r.gap).toBe(0);
  });

  it('text the grammar does not allow is far behind its best reading, or has none', () => {
    // "LA" in five steps: the nearest "SW8ST" must put improbable glyphs where L and A are clear.
    const probs = seq([step('L'), step('L'), step(''), step('A'), step('A')]);
    const r = decodeConstrained(probs, 0, 5, classes, dict.allowed, streetGrammar());
    expect(r!.gap).toBeGreaterThan(10);
    // Four steps cannot hold the five glyphs of SW8ST: no reading at all.
    expect(decodeConstrained(probs, 0, 4, classes, dict.allowed, streetGrammar())).toBeNull();
  });

  it('the same symbol twice needs a blank between, as in CTC', () => {
    const g = new GrammarBuilder();
    const grammar = compileGrammar(g.build(g.word('LL')), dict);
    // L L with no blank between is one L to CTC: the grammar's LL must put a blank somewhere.
    const joined = seq([step('L'), step('L'), step('L')]);
    const r = decodeConstrained(joined, 0, 3, classes, dict.allowed, grammar)!;
    expect(r.text).toBe('LL');
    expect(r.gap).toBeGreaterThan(2);
    const apart = seq([step('L'), step(''), step('L')]);
    expect(decodeConstrained(apart, 0, 3, classes, dict.allowed, grammar)!.gap).toBe(0);
  });

  it('never emits a glyph the grammar does not name, even a likelier one outside the county’s scripts', () => {
    const probs = seq([step('S'), step('中', 0.6, ['W', 0.3]), step('8'), step('S'), step('T')]);
    const r = decodeConstrained(probs, 0, 5, classes, dict.allowed, streetGrammar())!;
    expect(r.text).toBe('SW8ST');
    // The free reading may not use 中 either: it reads W there too, so the two agree.
    expect(r.gap).toBeCloseTo(0, 5);
  });
});

describe('grammar combinators', () => {
  it('optional parts may be skipped, sequences join every end to every start', () => {
    const g = new GrammarBuilder();
    const grammar = g.build(g.seq(g.optional(g.word('N')), g.optional(g.symbol(' ')), g.oneOf('12')));
    // N, space, 1, 2: starts are N, space and both digits; only the digits end a reading.
    expect(grammar.symbols).toEqual(['Nn', ' ', '1', '2']);
    expect(grammar.starts.sort()).toEqual([0, 1, 2, 3]);
    expect(grammar.finals.sort()).toEqual([2, 3]);
    expect(grammar.next[0]!.sort()).toEqual([1, 2, 3]);
    expect(grammar.next[1]!.sort()).toEqual([2, 3]);
  });
});
