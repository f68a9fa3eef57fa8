import sharp from 'sharp';

/**
 * Perceptual hashes: 64-bit fingerprints of a photo's coarse structure that change little when the photo is
 * resized, recompressed, slightly cropped, rotated a few degrees or colour-shifted, and differ by about half their
 * bits between unrelated photos. Two kinds, because they fail differently: the DCT hash (pHash) keeps the
 * lowest spatial frequencies and shrugs off recompression and colour; the difference hash (dHash) keeps the
 * sign of horizontal gradients and tolerates brightness and gamma changes.
 *
 * A crop or a turned copy of a photo is a different picture to a whole-image hash, so the gallery keeps hashes of
 * several views of each remembered photo (VIEWS): centre crops, and the 90 % crop turned 5° either way (a turned
 * copy loses its corners, so it is also a crop). A query that is a 70 % crop is compared with the stored 70 % crop,
 * which then frames nearly the same scene.
 */

/** The views hashed for every gallery photo: share of each side kept, and rotation in degrees. */
export const VIEWS = [
  { keep: 1, deg: 0 },
  { keep: 0.9, deg: 0 },
  { keep: 0.8, deg: 0 },
  { keep: 0.7, deg: 0 },
  { keep: 0.88, deg: 5 },
  { keep: 0.88, deg: -5 },
] as const;
const DCT_SIZE = 32;
const LOW = 8;

export type PerceptualHashes = {
  /** One pHash per entry of VIEWS, in that order (a query uses only the first, its whole image). */
  phash: bigint[];
  /** dHash of the whole image. */
  dhash: bigint;
};

/** The greyscale pixels of an image, decoded once and cropped/resized from there. */
export type Grey = { data: Uint8Array; width: number; height: number };

/** Decodes any image sharp reads into greyscale, at most `maxSide` pixels on the long side (exactly, if `enlarge`). */
export async function decodeGrey(image: Buffer, maxSide = 512, enlarge = false): Promise<Grey> {
  const { data, info } = await sharp(image, { failOn: 'none' })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: !enlarge })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A greyscale raw buffer may still carry an alpha channel; keep the first channel of each pixel.
  const channels = info.channels;
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * channels]!;
  return { data: grey, width: info.width, height: info.height };
}

/** Area-average resample of the centred crop (share `keep` of each side) into an n × m grid. */
export function resampleCrop(g: Grey, keep: number, cols: number, rows: number): Float64Array {
  const cw = g.width * keep;
  const ch = g.height * keep;
  const x0 = (g.width - cw) / 2;
  const y0 = (g.height - ch) / 2;
  const out = new Float64Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    const ya = Math.floor(y0 + (r * ch) / rows);
    const yb = Math.max(ya + 1, Math.floor(y0 + ((r + 1) * ch) / rows));
    for (let c = 0; c < cols; c++) {
      const xa = Math.floor(x0 + (c * cw) / cols);
      const xb = Math.max(xa + 1, Math.floor(x0 + ((c + 1) * cw) / cols));
      let sum = 0;
      for (let y = ya; y < yb; y++) {
        const row = y * g.width;
        for (let x = xa; x < xb; x++) sum += g.data[row + x]!;
      }
      out[r * cols + c] = sum / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/** Bilinear read of the grey image at (x, y), clamped at the edges. */
function at(g: Grey, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(g.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(g.height - 1, Math.floor(y)));
  const x1 = Math.min(g.width - 1, x0 + 1);
  const y1 = Math.min(g.height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const top = g.data[y0 * g.width + x0]! * (1 - fx) + g.data[y0 * g.width + x1]! * fx;
  const bottom = g.data[y1 * g.width + x0]! * (1 - fx) + g.data[y1 * g.width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The centred crop (share `keep` of each side) turned by `deg` degrees, into an n × n grid: each cell the mean of
 * 4 × 4 bilinear samples, which is enough smoothing at these sizes.
 */
export function resampleTurned(g: Grey, keep: number, deg: number, n: number): Float64Array {
  const out = new Float64Array(n * n);
  const cos = Math.cos((deg * Math.PI) / 180);
  const sin = Math.sin((deg * Math.PI) / 180);
  const cx = g.width / 2;
  const cy = g.height / 2;
  const cw = g.width * keep;
  const ch = g.height * keep;
  const S = 4;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      let sum = 0;
      for (let i = 0; i < S; i++)
        for (let j = 0; j < S; j++) {
          const u = ((c + (j + 0.5) / S) / n - 0.5) * cw;
          const v = ((r + (i + 0.5) / S) / n - 0.5) * ch;
          sum += at(g, cx + u * cos - v * sin, cy + u * sin + v * cos);
        }
      out[r * n + c] = sum / (S * S);
    }
  return out;
}

const COS = (() => {
  const t = new Float64Array(LOW * DCT_SIZE);
  for (let u = 0; u < LOW; u++)
    for (let x = 0; x < DCT_SIZE; x++) t[u * DCT_SIZE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_SIZE));
  return t;
})();

/** pHash of a 32 × 32 grid: the signs of its 8 × 8 lowest DCT coefficients (DC left out) against their median. */
export function phashOf(grid: Float64Array): bigint {
  // Separable DCT, only the LOW lowest frequencies of each axis are needed.
  const rowsT = new Float64Array(DCT_SIZE * LOW);
  for (let y = 0; y < DCT_SIZE; y++)
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let x = 0; x < DCT_SIZE; x++) s += grid[y * DCT_SIZE + x]! * COS[u * DCT_SIZE + x]!;
      rowsT[y * LOW + u] = s;
    }
  const coeffs = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let y = 0; y < DCT_SIZE; y++) s += rowsT[y * LOW + u]! * COS[v * DCT_SIZE + y]!;
      coeffs[v * LOW + u] = s;
    }
  // The DC term (overall brightness) says nothing about structure; it is replaced by the median below.
  const ac = Array.from(coeffs).slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let h = 0n;
  for (let i = 0; i < 64; i++) {
    const v = i === 0 ? median : coeffs[i]!;
    h = (h << 1n) | (v > median ? 1n : 0n);
  }
  return h;
}

/** dHash: for a 9 × 8 grid, whether each cell is brighter than its right-hand neighbour. */
export function dhashOf(grid: Float64Array): bigint {
  let h = 0n;
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++) h = (h << 1n) | (grid[r * 9 + c]! > grid[r * 9 + c + 1]! ? 1n : 0n);
  return h;
}

export function hashesOfGrey(g: Grey): PerceptualHashes {
  return {
    phash: VIEWS.map((v) =>
      phashOf(v.deg ? resampleTurned(g, v.keep, v.deg, DCT_SIZE) : resampleCrop(g, v.keep, DCT_SIZE, DCT_SIZE)),
    ),
    dhash: dhashOf(resampleCrop(g, 1, 9, 8)),
  };
}

export async function perceptualHashes(image: Buffer): Promise<PerceptualHashes> {
  return hashesOfGrey(await decodeGrey(image, 256));
}

/** Number of differing bits of two 64-bit hashes held as [hi, lo] 32-bit halves. */
export function popcount32(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function hamming(a: bigint, b: bigint): number {
  const x = a ^ b;
  return popcount32(Number(x >> 32n) >>> 0) + popcount32(Number(x & 0xffffffffn) >>> 0);
}

/** 64-bit hashes ↔ 8-byte big-endian buffers, as stored. */
export function hashesToBytes(hashes: readonly bigint[]): Buffer {
  const out = Buffer.alloc(hashes.length * 8);
  hashes.forEach((h, i) => out.writeBigUInt64BE(h, i * 8));
  return out;
}

export function bytesToHashes(bytes: Uint8Array): bigint[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: bigint[] = [];
  for (let i = 0; i + 8 <= b.length; i += 8) out.push(b.readBigUInt64BE(i));
  return out;
}
