import type { PixelPoint, SceneText, SceneTextReader } from '../../adapters/ocr/ocr';

/** A box as shares of the photo's width and height (0–1), so the UI can draw it over any size of the photo. */
export type RelativeBox = { x: number; y: number; w: number; h: number };

export type ReadWord = { text: string; confidence: number; box: RelativeBox };
export type ReadLine = { text: string; confidence: number; box: RelativeBox; words: ReadWord[] };

export type ReadText = {
  /** Size of the image that was read. */
  width: number;
  height: number;
  lines: ReadLine[];
  /** How many text boxes the detector proposed (all were read; `lines` keeps the clear ones). */
  candidates: number;
  /** Finding the text boxes, then reading them (the names the evidence has always used). */
  timings: { findMs: number; readMs: number };
};

/**
 * Below this recogniser confidence (0–100) a line is not shown as evidence nor parsed: scene-text recognisers
 * "read" foliage, railings and tiles as short strings at 30–50.
 */
export const MIN_LINE_CONFIDENCE = 60;

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The upright bounding box of a quadrilateral, relative to the photo. */
function relative(quad: readonly PixelPoint[], width: number, height: number): RelativeBox {
  const xs = quad.map((p) => Math.min(width, Math.max(0, p[0])));
  const ys = quad.map((p) => Math.min(height, Math.max(0, p[1])));
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return {
    x: round4(x0 / width),
    y: round4(y0 / height),
    w: round4((Math.max(...xs) - x0) / width),
    h: round4((Math.max(...ys) - y0) / height),
  };
}

/** The reader's lines as the evidence carries them: text, confidence and boxes relative to the photo. */
export function toReadText(scene: SceneText): ReadText {
  const { width, height } = scene;
  const lines: ReadLine[] = scene.lines
    .filter((l) => l.confidence >= MIN_LINE_CONFIDENCE && l.text.trim())
    .map((l) => ({
      text: l.text.replace(/\s+/g, ' ').trim(),
      confidence: l.confidence,
      box: relative(l.quad, width, height),
      words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, box: relative(w.quad, width, height) })),
    }));
  return {
    width,
    height,
    lines,
    candidates: scene.candidates,
    // Decoding the photo is part of finding its text.
    timings: { findMs: scene.timings.decodeMs + scene.timings.detectMs, readMs: scene.timings.recogniseMs },
  };
}

/** Reads the text of a photo (at its full resolution) with the scene-text reader. */
export async function readText(
  image: Buffer,
  reader: SceneTextReader,
  opts: { signal?: AbortSignal } = {},
): Promise<ReadText> {
  return toReadText(await reader.read(image, opts.signal));
}
