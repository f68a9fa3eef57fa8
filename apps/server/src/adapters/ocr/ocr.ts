/** A point in the pixels of the photo that was read. */
export type PixelPoint = [x: number, y: number];

export type SceneWord = {
  text: string;
  /** 0–100: the recogniser's mean glyph probability. */
  confidence: number;
  quad: PixelPoint[];
};

/** One line of text found in a photo and read. */
export type SceneLine = {
  text: string;
  /** 0–100: the recogniser's mean glyph probability. */
  confidence: number;
  /** The line's four corners in the photo's pixels: top-left, top-right, bottom-right, bottom-left along the text. */
  quad: PixelPoint[];
  /** The detector's mean text probability over the line's region, 0–1. */
  detScore: number;
  words: SceneWord[];
  /**
   * The line read through the caller's grammar of what lines may say (when one was given): its text, confidence
   * (0–100) and how much less probable it is than the free reading above (nats; 0 when they agree).
   */
  alternative?: { text: string; confidence: number; gap: number };
  /**
   * Where a stacked quadrant may stand before the line's number and its top row was not read clearly: how much more
   * probable N is there than S (nats; negative: S). Too weak alone to name the quadrant, but the two blades of one
   * corner share theirs.
   */
  northLean?: number;
};

export type SceneText = {
  /** Size of the image read (orientation applied). */
  width: number;
  height: number;
  lines: SceneLine[];
  /** Text boxes the detector proposed (all of them were read; lines keeps those read clearly). */
  candidates: number;
  timings: { decodeMs: number; detectMs: number; recogniseMs: number };
};

/**
 * Scene-text OCR: finds the lines of text anywhere in a photo (signs, shop fronts, at any slant) and reads them.
 * The engine behind it is an adapter (PP-OCR in a child process today); the business code only sees lines, their
 * corners and confidences.
 */
export interface SceneTextReader {
  /** Reads one encoded photo (JPEG, PNG, WebP, AVIF, TIFF), at its full resolution, orientation applied. */
  read(image: Buffer, signal?: AbortSignal): Promise<SceneText>;
  /** Starts the workers and loads the models now instead of at the first read. */
  warm(): Promise<void>;
  close(): Promise<void>;
}
