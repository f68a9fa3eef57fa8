import { TextEvidenceDetailsSchema, isLegibleLine, type Evidence, type ReadLine, type TextMatch } from '@vt/shared';

export type TextOverlay = {
  /** Size of the image that was read (the display photo): its aspect ratio, before it has loaded. */
  width: number;
  height: number;
  /**
   * Every read line, in OCR order (matches point into it by index): `used` by a match, `shown` when a match used
   * it or it was read with confidence. Noise that matched nothing is not evidence and is not drawn.
   */
  lines: Array<ReadLine & { used: boolean; shown: boolean }>;
  /** Lines left out as unreadable noise. */
  hidden: number;
  /** The matches that located the photo (or, with none, the hints), each naming the lines it rests on. */
  matches: Array<TextMatch & { texts: string[]; seen: string[] }>;
};

/**
 * What the text locator read and where, for drawing over the photo: every read line with its box, whether a match
 * used it, and the matches in the order the evidence gives them. Null when the text locator read nothing (or did
 * not run).
 */
export function textOverlay(evidence: readonly Evidence[]): TextOverlay | null {
  const parsed = evidence
    .filter((e) => e.locator === 'text' && e.details)
    .map((e) => TextEvidenceDetailsSchema.safeParse(e.details))
    .flatMap((r) => (r.success ? [r.data] : []));
  const ocr = parsed.find((d) => d.ocr)?.ocr;
  if (!ocr || !ocr.lines.length) return null;
  const matches = parsed.flatMap((d) => d.matches);
  const shown = matches.length ? matches : parsed.flatMap((d) => d.hints ?? []);
  const used = new Set(matches.flatMap((m) => m.lines));
  // Hints point at lines too: a street read alone is worth showing even when the OCR was unsure of it.
  const pointedAt = new Set(shown.flatMap((m) => m.lines));
  const lines = ocr.lines.map((l, i) => ({ ...l, used: used.has(i), shown: pointedAt.has(i) || isLegibleLine(l) }));
  if (!lines.some((l) => l.shown)) return null;
  return {
    width: ocr.width,
    height: ocr.height,
    lines,
    hidden: lines.filter((l) => !l.shown).length,
    matches: shown.map((m) => ({
      ...m,
      texts: m.lines.map((i) => ocr.lines[i]?.text ?? '').filter(Boolean),
      // What the recogniser saw of the lines it read as a sign's words (a blurred "NW98*Ave" read as "NW98Ave").
      seen: m.lines.flatMap((i) => (ocr.lines[i]?.seen ? [ocr.lines[i]!.seen!] : [])),
    })),
  };
}

/** A relative box as CSS percentages for an absolutely positioned overlay. */
export function boxStyle(box: {
  x: number;
  y: number;
  w: number;
  h: number;
}): Record<'left' | 'top' | 'width' | 'height', string> {
  const pct = (v: number) => `${(Math.max(0, Math.min(1, v)) * 100).toFixed(2)}%`;
  return { left: pct(box.x), top: pct(box.y), width: pct(box.w), height: pct(box.h) };
}
