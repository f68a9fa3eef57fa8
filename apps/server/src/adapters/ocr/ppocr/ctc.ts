/**
 * CTC decoding of PP-OCR's recogniser, limited to the scripts written in Miami-Dade.
 *
 * The recogniser's dictionary is Chinese and Latin (6,623 glyphs, plus the CTC blank first and a space last). A
 * glyph outside the county's scripts is never the right reading of a sign here, so those classes are masked before
 * the best class of each time step is taken: the step falls to the best Latin glyph or to the blank instead of
 * leaving a stray CJK character in "SW 8 ST".
 */

export type Dictionary = {
  /** Class index → glyph ('' for the blank at 0). */
  glyphs: string[];
  /** Class indices the decoder may emit (the blank included). */
  allowed: Int32Array;
};

/** Latin letters with accents that Spanish, French and Haitian Creole signs use. */
const LATIN_EXTRA = /^[\u00c0-\u00ff]$/;

/** Whether a glyph belongs to the scripts read here: printable ASCII and accented Latin letters. */
export function isCountyGlyph(g: string): boolean {
  if (g.length !== 1) return false;
  const c = g.charCodeAt(0);
  return (c >= 0x20 && c <= 0x7e) || (LATIN_EXTRA.test(g) && g !== '×' && g !== '÷');
}

/** Builds the dictionary from PaddleOCR's key file (one glyph per line); the space is the last class. */
export function makeDictionary(keysFile: string): Dictionary {
  const keys = keysFile.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  const glyphs = ['', ...keys, ' '];
  const allowed: number[] = [0];
  glyphs.forEach((g, i) => {
    if (i > 0 && isCountyGlyph(g)) allowed.push(i);
  });
  return { glyphs, allowed: Int32Array.from(allowed) };
}

export type DecodedChar = { char: string; prob: number; step: number };
export type Decoded = { text: string; confidence: number; chars: DecodedChar[] };

/**
 * Greedy CTC decoding of one sequence: at each of `steps` time steps the most probable allowed class; repeats
 * collapse, blanks drop. `probs` holds `steps × classes` softmax outputs starting at `offset`. Confidence is the
 * mean probability of the emitted glyphs (PaddleOCR's), 0–1.
 */
export function ctcDecode(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  dict: Dictionary,
): Decoded {
  const chars: DecodedChar[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    let bestP = -1;
    for (const c of dict.allowed) {
      const p = probs[row + c]!;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) chars.push({ char: dict.glyphs[best] ?? '', prob: bestP, step: t });
    previous = best;
  }
  // Spaces at the ends carry no meaning and would lower the confidence of a clean read.
  while (chars.length && chars[0]!.char === ' ') chars.shift();
  while (chars.length && chars[chars.length - 1]!.char === ' ') chars.pop();
  const text = chars.map((c) => c.char).join('');
  const confidence = chars.length ? chars.reduce((s, c) => s + c.prob, 0) / chars.length : 0;
  return { text, confidence, chars };
}
