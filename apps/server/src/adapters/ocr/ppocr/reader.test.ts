import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cutAfterNumber,
  detectorSize,
  namesBegun,
  namesCutShort,
  PpOcrReader,
  stackedAlternative,
  stackedLetter,
  type ReaderOptions,
} from './reader';
import type { Rgb } from './geometry';
import { signReaderOptions } from '../../../engine/text/read-text';

/** Dark text on a light fascia, DejaVu Sans (Debian's fonts-dejavu-core, which `npm test` installs with Chromium). */
const svg = (text: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="160"><rect width="1400" height="160" fill="#f2f0e6"/>` +
      `<text x="60" y="105" font-family="DejaVu Sans" font-size="64" fill="#1b2a4a">${text}</text></svg>`,
  );

async function rgbOf(text: string): Promise<Rgb> {
  const { data, info } = await sharp(svg(text)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Where `text` ends when drawn alone: the right edge of its ink. */
async function inkEnd(text: string): Promise<number> {
  const { info } = await sharp(svg(text)).trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
  return -(info.trimOffsetLeft ?? 0) + info.width;
}

/** A box from the line's start to just past the end of `part` (the detector's box cut short). */
async function boxUpTo(part: string) {
  const end = (await inkEnd(part)) + 8;
  return { cx: (40 + end) / 2, cy: 82, w: end - 40, h: 84, angle: 0, score: 0.9 };
}

const squash = (t: string) => t.replace(/[\s.]/g, '').toUpperCase();

/** One reader for a describe block, made before its tests and closed after them. */
function useReader(options: Omit<ReaderOptions, 'threads'> = {}): () => PpOcrReader {
  let reader: PpOcrReader | undefined;
  beforeAll(async () => {
    reader = await PpOcrReader.create({ threads: 1, ...options });
  }, 60_000);
  afterAll(async () => {
    await reader?.close();
  });
  return () => reader!;
}

describe('which lines are a grid name cut after its number', () => {
  it.each([
    ['SW145th', true],
    ['NW22n', true],
    ['S.W.8', true],
    ['NW 8', true],
    ['SW21St', true],
    ['NW 1st', true],
    ['SW 101St', true],
  ])('%s is cut short: %s', (text, cut) => expect(cutAfterNumber(text)).toBe(cut));
  it.each([
    // An "St" after any number but a 1 that is not in the teens is the street's type.
    ['SW207St', false],
    ['SW11St', false],
    ['NW 111St', false],
    ['SW 8 Street', false],
    ['Coral Way', false],
  ])('%s has its type: %s', (text, cut) => expect(cutAfterNumber(text)).toBe(cut));
});

describe('a grid name whose box ends after its number is read on', () => {
  const reader = useReader();

  it('"SW 145th" of "SW 145th Avenue" is read whole', async () => {
    const lines = await reader().recognise(await rgbOf('SW 145th Avenue'), [await boxUpTo('SW 145th')]);
    expect(lines.map((l) => squash(l.text))).toEqual(['SW145THAVENUE']);
    // The line's box is the longer one the text was read from.
    expect(lines[0]!.quad[1]![0]).toBeGreaterThan(await inkEnd('SW 145th Avenue'));
  }, 30_000);

  it('a line read on still gets its stacked quadrant read (from the longer box)', async () => {
    // Miami-Dade's blades stack the quadrant's letters, N over W, before the number. The box ends after "145th", the
    // line is read on to "W145th Avenue", and the second look at stacked letters must then find the longer line's
    // box: without it the line stayed "W145th Avenue" (and before that, a held-out run's reader threw).
    const stacked = (after: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="160"><rect width="1400" height="160" fill="#f2f0e6"/>` +
          `<text x="60" y="72" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1b2a4a">N</text>` +
          `<text x="60" y="114" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1b2a4a">W</text>` +
          `<text x="104" y="112" font-family="DejaVu Sans" font-size="72" fill="#1b2a4a">${after}</text></svg>`,
      );
    const { data, info } = await sharp(stacked('145th Avenue'))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { info: cut } = await sharp(stacked('145th')).trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
    const numberEnd = -(cut.trimOffsetLeft ?? 0) + cut.width + 8;
    const box = { cx: (40 + numberEnd) / 2, cy: 82, w: numberEnd - 40, h: 84, angle: 0, score: 0.9 };
    const lines = await reader().recognise({ data, width: info.width, height: info.height }, [box]);
    expect(lines.map((l) => squash(l.text))).toEqual(['NW145THAVENUE']);
  }, 30_000);

  it('a stacked quadrant too blurred to read leaves how its top row leaned; one read leaves none', async () => {
    // Letters 9 px tall blurred away (σ 4.5) before "87 ST", as a small blade in motion: no letter is read, and the
    // line carries the lean for the geoparser, which sums both blades'. Read clearly, the quadrant is in the text.
    const blade = async (size: number, sigma: number) => {
      const letters = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="160"><rect width="1400" height="160" fill="#f2f0e6"/>` +
          `<text x="70" y="78" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#1b2a4a">S</text>` +
          `<text x="70" y="${82 + size}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#1b2a4a">W</text></svg>`,
      );
      const number = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="160">` +
          `<text x="104" y="112" font-family="DejaVu Sans" font-size="72" fill="#1b2a4a">87 ST</text></svg>`,
      );
      const { data, info } = await sharp(await sharp(letters).blur(sigma).png().toBuffer())
        .composite([{ input: number }])
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const box = { cx: 250, cy: 82, w: 420, h: 84, angle: 0, score: 0.9 };
      return reader().recognise({ data, width: info.width, height: info.height }, [box]);
    };
    const [blurred] = await blade(9, 4.5);
    expect(squash(blurred!.text)).toBe('87ST');
    expect(Number.isFinite(blurred!.northLean)).toBe(true);
    const [clear] = await blade(12, 0.3);
    expect(squash(clear!.text)).toBe('SW87ST');
    expect(clear!.northLean).toBeUndefined();
  }, 30_000);

  it('keeps its reading when what follows is not a street type: another sign, a block number', async () => {
    for (const [drawn, part, read] of [
      ['NW 2    LIMIT', 'NW 2', 'NW2'],
      ['SW 207 St 6500', 'SW 207 St', 'SW207ST'],
    ] as const) {
      const lines = await reader().recognise(await rgbOf(drawn), [await boxUpTo(part)]);
      expect(lines.map((l) => squash(l.text))).toEqual([read]);
    }
  }, 30_000);
});

describe('a line split inside a letter', () => {
  const reader = useReader();
  /** A box on the test's row from x0 to x1. */
  const span = (x0: number, x1: number) => ({ cx: (x0 + x1) / 2, cy: 82, w: x1 - x0, h: 84, angle: 0, score: 0.9 });

  it('"NW 21 ST" whose second box starts on the W\'s last stroke is not NW 121 St', async () => {
    const rgb = await rgbOf('NW 21 ST');
    const w = await inkEnd('NW');
    const nw = span(40, w + 2);
    const number = span(w - 10, (await inkEnd('NW 21 ST')) + 8);
    // Alone, the second box reads the stroke as a 1 (and its stacked-letter look finds the NW before it).
    const alone = await reader().recognise(rgb, [number]);
    expect(alone.map((l) => squash(l.text))).toEqual(['NW121ST']);
    const both = await reader().recognise(rgb, [nw, number]);
    expect(both.map((l) => squash(l.text))).toEqual(['NW', 'NW21ST']);
  }, 30_000);

  it('"MIGHTY TITANS" whose first box ends on the T\'s stem is MIGHTY and TITANS', async () => {
    const rgb = await rgbOf('MIGHTY TITANS');
    const t = (await inkEnd('MIGHTY T')) - 20;
    const mighty = span(40, t);
    const titans = span(t - 12, (await inkEnd('MIGHTY TITANS')) + 8);
    expect((await reader().recognise(rgb, [mighty])).map((l) => squash(l.text))).toEqual(['MIGHTY1']);
    const both = await reader().recognise(rgb, [mighty, titans]);
    expect(both.map((l) => squash(l.text))).toEqual(['MIGHTY', 'TITANS']);
    // The line is rebuilt from its other glyphs: its words' boxes end before the sliver.
    expect(both[0]!.words.map((w) => w.text)).toEqual(['MIGHTY']);
  }, 30_000);
});

describe('a batch of wide strips read in parts', () => {
  // Four lines drawn one under another, 400–630 columns wide once scaled to the recogniser's 48 px: one run of the
  // whole batch, or one strip a run (recColumns 320), must read each line from the same padded input.
  const whole = useReader({ recColumns: Infinity });
  const parts = useReader({ recColumns: 320 });
  const texts = ['SW 145th Avenue', 'NW 27th Street', 'Coral Way 3126', 'Biscayne Blvd'];

  it('reads every line as one run of the whole batch does', async () => {
    const rows = texts
      .map(
        (t, i) =>
          `<text x="60" y="${105 + 160 * i}" font-family="DejaVu Sans" font-size="64" fill="#1b2a4a">${t}</text>`,
      )
      .join('');
    const image = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="${160 * texts.length}">` +
        `<rect width="1400" height="${160 * texts.length}" fill="#f2f0e6"/>${rows}</svg>`,
    );
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = { data, width: info.width, height: info.height };
    // Each box ends just past its line's ink: strips of different widths, padded to the widest in one run.
    const ends = await Promise.all(texts.map((t) => inkEnd(t)));
    const boxes = ends.map((end, i) => ({
      cx: (40 + end + 8) / 2,
      cy: 82 + 160 * i,
      w: end + 8 - 40,
      h: 84,
      angle: 0,
      score: 0.9,
    }));
    const a = await whole().recognise(rgb, boxes);
    const b = await parts().recognise(rgb, boxes);
    expect(a.map((l) => squash(l.text))).toEqual(texts.map(squash));
    expect(b.map((l) => [l.text, l.confidence])).toEqual(a.map((l) => [l.text, l.confidence]));
  }, 60_000);
});

describe('a row of a stacked quadrant is the letter that explains it clearly better', () => {
  it.each([
    // The row's two letters, the gaps (nats behind the free reading) of each, the line's height in pixels, the row.
    ['read freely as N, whatever the size', 'NS', { N: 0, S: 8.4 }, 16, 'N'],
    ['an S the free reading took for a 5 (a night blade of tuning draw 1101)', 'NS', { N: 8.6, S: 0.35 }, 70, 'S'],
    ['the same on a line too small to tell two letters of a few pixels apart', 'NS', { N: 8.6, S: 0.35 }, 20, null],
    ['neither letter near the free reading', 'NS', { N: 9.1, S: 4.6 }, 70, null],
    ['an E barely preferred to a W (tuning draw 1101: it was a W)', 'EW', { E: 3.2, W: 6.0 }, 38, null],
    ['an E preferred by 3.2 nats (tuning draw 1105: it was a W)', 'EW', { E: 2.95, W: 6.14 }, 40, null],
    ['an E clearly preferred', 'EW', { E: 1.0, W: 7.3 }, 40, 'E'],
    ['nothing scored', 'NS', {}, 70, null],
  ] as const)('%s', (_, [a, b], gaps, height, expected) => {
    expect(stackedLetter<string>(gaps, a!, b!, height)).toBe(expected);
  });
});

describe('the grammar reading of a line whose stacked quadrant was read', () => {
  it.each([
    ['takes the quadrant in place of its own', 'W 29 AVE', 'SW', 'SW 29 AVE'],
    ['takes it where it had none', '29 AVE', 'SW', 'SW 29 AVE'],
    // Stacked draw 1104: the free reading took the stacked S for a 5 ("53AVE"), the grammar for the quadrant.
    ['takes it in place of a quadrant read on a digit', 'S3AVE', 'SE', 'SE 3AVE'],
  ] as const)('%s', (_, alternative, quadrant, expected) => {
    expect(stackedAlternative(alternative, quadrant)).toBe(expected);
  });
});

describe('a known name whose box ends inside it is read on', () => {
  const names = [
    { letters: 'jacksonhealth', edits: 2 },
    { letters: 'miamiexecutiveairport', edits: 3 },
  ];
  const reader = useReader({ names });

  it('takes a line for the start of a name only when it reads most of it, with two letters still to come', () => {
    // A night photo's reading, a shadow across the L: the last glyph may be half a letter and is left out.
    expect(namesCutShort('JACICSON HEAI', names).map((n) => n.letters)).toEqual(['jacksonhealth']);
    // Within the share of the name’s allowance its length is: 13 of Miami Executive Airport’s 21 letters may be two
    // letters off, not three.
    expect(namesCutShort('MIAMI EXECUTIVX', names).map((n) => n.letters)).toEqual(['miamiexecutiveairport']);
    expect(namesCutShort('MAMI EXECUTIVEX', names).map((n) => n.letters)).toEqual(['miamiexecutiveairport']);
    expect(namesCutShort('MAM EXECUTIVEAX', names).map((n) => n.letters)).toEqual(['miamiexecutiveairport']);
    expect(namesCutShort('MM EXECUTIVEAIX', names)).toEqual([]);
    // Whole already, too short to say, too little of the name, or something else.
    expect(namesCutShort('JACKSON HEALTH', names)).toEqual([]);
    expect(namesCutShort('JACKSON HEALTH SYSTEM', names)).toEqual([]);
    expect(namesCutShort('JACKS', names)).toEqual([]);
    expect(namesCutShort('JACKSONS', names)).toEqual([]);
    expect(namesCutShort('MIAMI EXEC', names)).toEqual([]);
    expect(namesCutShort('JACKSONVILLE', names)).toEqual([]);
    // A longer reading may start a letter off the first one's, and go on past the name.
    expect(namesBegun('ACSON HEALTH', names).map((n) => n.letters)).toEqual(['jacksonhealth']);
    expect(namesBegun('JACKSON HEALTH SYSTEM', names).map((n) => n.letters)).toEqual(['jacksonhealth']);
    expect(namesBegun('ACSON HEAL', names)).toEqual([]);
  });

  it('"JACKSON HEA" of "JACKSON HEALTH" is read whole', async () => {
    const lines = await reader().recognise(await rgbOf('JACKSON HEALTH'), [await boxUpTo('JACKSON HEA')]);
    expect(lines.map((l) => squash(l.text))).toEqual(['JACKSONHEALTH']);
    expect(lines[0]!.quad[1]![0]).toBeGreaterThan(await inkEnd('JACKSON HEALTH'));
  }, 30_000);

  it('"JACKSON HEA" of "JACKSON HEALTH SYSTEM" is read on too: a name may be followed by more', async () => {
    const lines = await reader().recognise(await rgbOf('JACKSON HEALTH SYSTEM'), [await boxUpTo('JACKSON HEA')]);
    expect(lines.map((l) => squash(l.text))[0]).toMatch(/^JACKSONHEALTH/);
  }, 30_000);

  it('keeps its reading when what follows makes no name it began', async () => {
    const lines = await reader().recognise(await rgbOf('JACKSON HEARING AID'), [await boxUpTo('JACKSON HEA')]);
    expect(lines.map((l) => squash(l.text))).toEqual(['JACKSONHEA']);
  }, 30_000);
});

describe('the detector on a photo smaller than its side', () => {
  it('sees it enlarged, at most twice (a messaging app’s 1600 px photo as 2048 px)', () => {
    expect(detectorSize(1600, 1200, 2048)).toEqual([2048, 1536]);
    expect(detectorSize(800, 600, 2048)).toEqual([1600, 1216]);
    // A phone's own photo is made smaller, as before.
    expect(detectorSize(4000, 3000, 2048)).toEqual([2048, 1536]);
    expect(detectorSize(3000, 4000, 2048)).toEqual([1536, 2048]);
  });
});

describe('the look around small lines', () => {
  // A shop's fascia small in a wide photo: its name is found by the detector's scaled view, the street under it is
  // not (its letters are ~6 px there); the look around the name finds the street at full resolution.
  const photo = async () => {
    const fascia = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="231" height="80"><rect width="231" height="80" fill="#f2efe6"/>` +
        `<text x="115" y="14" text-anchor="middle" font-family="DejaVu Sans" font-size="9" fill="#1d4f8a">Family Owned</text>` +
        `<text x="115" y="40" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#8a1c1c">Auto Parts</text>` +
        `<text x="115" y="57" text-anchor="middle" font-family="DejaVu Sans" font-size="9" fill="#1d4f8a">SW 26th Ave</text>` +
        `<text x="115" y="73" text-anchor="middle" font-family="DejaVu Sans" font-size="8" fill="#8a1c1c">(305) 662-8589</text></svg>`,
    );
    // A little blur, as a phone's lens leaves: the detector finds flawless small letters better than real ones.
    const { data, info } = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a4a2c' } })
      .composite([{ input: await sharp(fascia).png().toBuffer(), left: 700, top: 600 }])
      .removeAlpha()
      .blur(0.6)
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height } satisfies Rgb;
  };
  const { nearby } = signReaderOptions();
  const readWith = async (options: Parameters<typeof PpOcrReader.create>[0]) => {
    const reader = await PpOcrReader.create(options);
    try {
      return (await reader.readRgb(await photo())).lines.map((l) => squash(l.text));
    } finally {
      await reader.close();
    }
  };

  it('finds the street under a shop name that the scaled view missed', async () => {
    const without = await readWith({ threads: 1, detectSide: 1024 });
    expect(without).toContain('AUTOPARTS');
    expect(without).not.toContain('SW26THAVE');
    const lines = await readWith({ threads: 1, detectSide: 1024, nearby });
    expect(lines).toContain('SW26THAVE');
    // The line above the name, found by the same look, comes first: the lines are given top to bottom.
    expect(without).not.toContain('FAMILYOWNED');
    expect(lines).toEqual(['FAMILYOWNED', 'AUTOPARTS', 'SW26THAVE', '(305)662-8589']);
  }, 60_000);
});
