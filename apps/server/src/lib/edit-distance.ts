/**
 * Levenshtein distance of `a` to `b`, for short words and names; with `prefix`, to the nearest prefix of `b` (how far
 * a reading cut short is from the start of a name). Shared by the geoparser and the OCR adapter.
 */
export function editDistance(a: string, b: string, opts: { prefix?: boolean } = {}): number {
  let prev = Array.from({ length: a.length + 1 }, (_, i) => i);
  let best = opts.prefix ? prev[a.length]! : Infinity;
  for (let j = 1; j <= b.length; j++) {
    const cur = [j];
    for (let i = 1; i <= a.length; i++)
      cur[i] = Math.min(prev[i - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), prev[i]! + 1, cur[i - 1]! + 1);
    prev = cur;
    if (opts.prefix) best = Math.min(best, prev[a.length]!);
  }
  return opts.prefix ? best : prev[a.length]!;
}
