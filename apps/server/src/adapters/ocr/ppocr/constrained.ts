/**
 * CTC decoding through a grammar (../grammar.ts): the most probable reading of a line among those the grammar
 * allows, found by Viterbi over the recogniser's per-step probabilities with the CTC rules (a symbol may last
 * several steps, blanks between symbols, the same symbol twice needs a blank between). Where the free (greedy)
 * reading of a blurred sign is "SVV8S7", the grammar's best may be "SW 8 ST"; how much less probable it is than
 * the free reading (`gap`, in nats) tells the caller whether the line says it or only resembles it.
 */
import type { TextGrammar } from '../grammar';
import type { Dictionary } from './ctc';

/** A grammar bound to the recogniser's classes, ready to decode with. */
export type CompiledGrammar = {
  size: number;
  /** Per position, its classes: classStart[n] … classStart[n+1] in classIds. */
  classStart: Int32Array;
  classIds: Int32Array;
  /** Per position, its predecessors: predStart[n] … predStart[n+1] in preds. */
  predStart: Int32Array;
  preds: Int32Array;
  /** Per position, an id of its symbol: two positions writing the same symbol need a blank between them. */
  symbolId: Int32Array;
  isStart: Uint8Array;
  finals: Int32Array;
  /** Per position, its glyphs in class order (to show the glyph the recogniser preferred). */
  glyphs: string[][];
};

export function compileGrammar(grammar: TextGrammar, dict: Dictionary): CompiledGrammar {
  const index = new Map<string, number>();
  dict.glyphs.forEach((g, i) => {
    if (i > 0 && !index.has(g)) index.set(g, i);
  });
  const size = grammar.symbols.length;
  const classStart = new Int32Array(size + 1);
  const classIds: number[] = [];
  const glyphs: string[][] = [];
  const symbolIds = new Map<string, number>();
  const symbolId = new Int32Array(size);
  grammar.symbols.forEach((symbol, n) => {
    classStart[n] = classIds.length;
    const own: string[] = [];
    for (const g of symbol) {
      const c = index.get(g);
      if (c !== undefined) {
        classIds.push(c);
        own.push(g);
      }
    }
    glyphs.push(own);
    const key = [...own].sort().join('');
    if (!symbolIds.has(key)) symbolIds.set(key, symbolIds.size);
    symbolId[n] = symbolIds.get(key)!;
  });
  classStart[size] = classIds.length;
  const predLists: number[][] = Array.from({ length: size }, () => []);
  grammar.next.forEach((to, from) => {
    for (const n of to) predLists[n]!.push(from);
  });
  const predStart = new Int32Array(size + 1);
  const preds: number[] = [];
  predLists.forEach((list, n) => {
    predStart[n] = preds.length;
    preds.push(...list);
  });
  predStart[size] = preds.length;
  const isStart = new Uint8Array(size);
  for (const s of grammar.starts) isStart[s] = 1;
  return {
    size,
    classStart,
    classIds: Int32Array.from(classIds),
    predStart,
    preds: Int32Array.from(preds),
    symbolId,
    isStart,
    finals: Int32Array.from(grammar.finals),
    glyphs,
  };
}

export type ConstrainedReading = {
  text: string;
  /** Mean probability of its glyphs (each at its most probable step), 0–1, as the free reading's confidence. */
  confidence: number;
  /** How much less probable than the free reading (natural log of the ratio of the two paths' probabilities, ≥ 0). */
  gap: number;
  /** Time steps of the line (the gap grows with them). */
  steps: number;
};

const FLOOR = 1e-9;

/**
 * The best reading of one sequence (`steps × classes` probabilities from `offset`) that the grammar allows, or
 * null when none fits in the steps. `allowed` are the classes the free reading may use (the county's scripts).
 */
export function decodeConstrained(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  allowed: Int32Array,
  g: CompiledGrammar,
): ConstrainedReading | null {
  const n = g.size;
  let E = new Float64Array(n).fill(-Infinity);
  let B = new Float64Array(n).fill(-Infinity);
  let E2 = new Float64Array(n);
  let B2 = new Float64Array(n);
  let S0 = 0;
  let free = 0;
  // Back-pointers: for E, -1 stay, -2 from the empty prefix, 2p from E[p], 2p+1 from B[p]; for B, 0 from E, 1 from B.
  const backE = new Int32Array(steps * n);
  const backB = new Uint8Array(steps * n);
  const emit = new Float64Array(n);
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    for (const c of allowed) if (probs[row + c]! > best) best = probs[row + c]!;
    free += Math.log(Math.max(best, FLOOR));
    const blank = Math.log(Math.max(probs[row]!, FLOOR));
    for (let k = 0; k < n; k++) {
      let p = 0;
      for (let j = g.classStart[k]!; j < g.classStart[k + 1]!; j++) p += probs[row + g.classIds[j]!]!;
      emit[k] = Math.log(Math.max(p, FLOOR));
    }
    for (let k = 0; k < n; k++) {
      let from = E[k]!;
      let how = -1;
      if (g.isStart[k] && S0 > from) {
        from = S0;
        how = -2;
      }
      for (let j = g.predStart[k]!; j < g.predStart[k + 1]!; j++) {
        const p = g.preds[j]!;
        if (B[p]! > from) {
          from = B[p]!;
          how = 2 * p + 1;
        }
        if (g.symbolId[p] !== g.symbolId[k] && E[p]! > from) {
          from = E[p]!;
          how = 2 * p;
        }
      }
      E2[k] = from + emit[k]!;
      backE[t * n + k] = how;
      const stay = E[k]! >= B[k]!;
      B2[k] = (stay ? E[k]! : B[k]!) + blank;
      backB[t * n + k] = stay ? 0 : 1;
    }
    S0 += blank;
    [E, E2] = [E2, E];
    [B, B2] = [B2, B];
  }
  let end = -1;
  let endScore = -Infinity;
  let endInE = true;
  for (const f of g.finals) {
    if (E[f]! > endScore) [end, endScore, endInE] = [f, E[f]!, true];
    if (B[f]! > endScore) [end, endScore, endInE] = [f, B[f]!, false];
  }
  if (end < 0 || !Number.isFinite(endScore)) return null;
  // Walk back: each time a position is entered from elsewhere, a glyph was written at that step.
  const written: Array<{ position: number; step: number }> = [];
  let k = end;
  let inE = endInE;
  for (let t = steps - 1; t >= 0; t--) {
    if (!inE) {
      inE = backB[t * n + k] === 0;
      continue;
    }
    const how = backE[t * n + k]!;
    if (how === -1) continue;
    written.push({ position: k, step: t });
    if (how === -2) break;
    k = how >> 1;
    inE = (how & 1) === 0;
  }
  written.reverse();
  let text = '';
  let sum = 0;
  for (let i = 0; i < written.length; i++) {
    const { position, step } = written[i]!;
    const until = i + 1 < written.length ? written[i + 1]!.step : steps;
    // The glyph's probability at its most probable step of its run; shown as the glyph the recogniser preferred.
    let bestP = 0;
    let glyph = g.glyphs[position]![0] ?? '';
    for (let t = step; t < until; t++) {
      const row = offset + t * classes;
      let p = 0;
      let top = -1;
      let topGlyph = glyph;
      for (let j = g.classStart[position]!; j < g.classStart[position + 1]!; j++) {
        const q = probs[row + g.classIds[j]!]!;
        p += q;
        if (q > top) [top, topGlyph] = [q, g.glyphs[position]![j - g.classStart[position]!]!];
      }
      if (p > bestP) [bestP, glyph] = [p, topGlyph];
    }
    text += glyph;
    sum += bestP;
  }
  return {
    text,
    confidence: written.length ? sum / written.length : 0,
    gap: Math.max(0, free - endScore),
    steps,
  };
}
