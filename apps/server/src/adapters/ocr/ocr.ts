/** A rectangle in pixels of the image it was read from. */
export type PixelBox = { x: number; y: number; w: number; h: number };

export type OcrWord = {
  text: string;
  /** 0–100, as the engine reports it. */
  confidence: number;
  box: PixelBox;
};

/** What OCR read in one image of a single line of text. */
export type OcrLine = {
  text: string;
  confidence: number;
  words: OcrWord[];
};

/**
 * Optical character recognition of single text lines (crops the text finder already cut out and straightened).
 * The engine behind it is an adapter: the business code only sees words, boxes and confidences.
 */
export interface OcrEngine {
  /** Reads each image (PNG/JPEG bytes of one line of text); results in the same order. */
  readLines(images: readonly Buffer[], signal?: AbortSignal): Promise<OcrLine[]>;
  /** Starts the workers now instead of at the first read (optional; reads start them anyway). */
  warm(): Promise<void>;
  close(): Promise<void>;
}
