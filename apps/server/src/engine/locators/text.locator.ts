import { isLegibleLine, type Evidence, type TextEvidenceDetails, type TextMatch } from '@vt/shared';
import type { SceneTextReader } from '../../adapters/ocr/ocr';
import { PpOcr } from '../../adapters/ocr/ppocr.ocr';
import { haversineMeters } from '../geo/geometry';
import { geoparse, type TextFinding } from '../text/geoparse';
import { guessedNumber, guessedType, readText, signReaderOptions, type ReadText } from '../text/read-text';
import { preciseGpsRadius, type Locator } from './locator';

/** At most this many separate places from one photo's text become candidates. */
const MAX_PLACES = 3;
/** Findings from the same text are not independent: an agreeing one adds this share of its confidence. */
const AGREEMENT_WEIGHT = 0.4;
const MAX_CONFIDENCE = 0.95;
/**
 * A finding that rests on a number the grammar guessed from a blurred one ("SW36#5" read as "SW369St"), or on a street
 * type it guessed ("SW9nA" read as "SW9Ln"), is trusted this much of a read one: a number names the street and a type
 * its axis, and a wrong one moves the photo kilometres. It stays a candidate, but never a confident one
 * (0.95 × 0.6 < 0.8).
 */
const GUESSED_TRUST = 0.6;
/**
 * A place read only from lines the recogniser was unsure of (every one below WEAK_READING, 0–100) is a candidate,
 * never a confident answer: each unsure line loses at most a fifth of its finding's confidence to `clarity`
 * (geoparse.ts), so two blades read at 54 and 56 made a corner at 0.88, and that corner was 4.5 km off ("SW 44th St"
 * read as "SW4ST" beside "SW146Avenue", held-out seed 42424). On tuning draw 1111 no answer at 0.8 and over rested on
 * lines all read below 80 (decision 0010, thirtieth session), so the ceiling costs no answer seen there.
 */
const WEAK_READING = 70;
const WEAK_CEILING = 0.75;

export type TextLocatorDeps = { ocr: SceneTextReader };

const quote = (lines: readonly number[], read: ReadText) =>
  lines.map((i) => `“${read.lines[i]?.text ?? ''}”`).join(' and ');

function toMatch(f: TextFinding): TextMatch {
  return {
    kind: f.kind,
    label: f.label,
    lines: f.lines,
    ...(f.note ? { note: f.note } : {}),
    ...(f.path ? { path: f.path } : {}),
  };
}

function summaryOf(f: TextFinding, read: ReadText): string {
  const words = quote(f.lines, read);
  switch (f.kind) {
    case 'intersection':
      return `Read ${words} on the photo: the corner of ${f.label}.`;
    case 'address':
      return `Read the address ${words}: ${f.label} on the county grid.`;
    case 'block':
      return `Read ${words}: the ${f.label}, at the cross street the block number names.`;
    case 'street-near-place':
      return `Read ${words}: ${f.label}.`;
    case 'place':
      return `Read ${words}: ${f.label}.`;
    case 'local-street':
    case 'local-grid':
      return `Read ${words}: ${f.label}. ${f.note ?? ''}`.trim();
    case 'zip':
      return `Read ${words}: ${f.label}.`;
    default:
      return `Read ${words}: ${f.label}.`;
  }
}

/**
 * Groups the findings of one photo's text into places: findings that agree (each within the other's radius)
 * support the most specific one; findings that disagree are separate candidates. All of them, surest first: the
 * caller keeps MAX_PLACES once it has weighed them.
 */
export function placesFromFindings(
  findings: readonly TextFinding[],
): Array<{ main: TextFinding; support: TextFinding[]; confidence: number }> {
  const positional = findings
    .filter((f) => f.position && f.radiusMeters && f.confidence > 0)
    .sort((a, b) => a.radiusMeters! - b.radiusMeters! || b.confidence - a.confidence);
  const groups: Array<{ main: TextFinding; support: TextFinding[] }> = [];
  for (const f of positional) {
    const home = groups.find(
      (g) => haversineMeters(g.main.position!, f.position!) <= Math.max(g.main.radiusMeters!, f.radiusMeters!),
    );
    if (home) home.support.push(f);
    else groups.push({ main: f, support: [] });
  }
  return groups
    .map((g) => {
      let miss = 1 - g.main.confidence;
      for (const s of g.support) miss *= 1 - AGREEMENT_WEIGHT * s.confidence;
      return { ...g, confidence: Math.round(Math.min(MAX_CONFIDENCE, 1 - miss) * 1000) / 1000 };
    })
    .sort((a, b) => b.confidence - a.confidence);
}

/** Builds the text locator's evidence from what was read and what the geoparser made of it. */
export function textEvidence(read: ReadText): Evidence[] {
  const findings = geoparse(read.lines).map((f) =>
    f.lines.some((i) => read.lines[i] && (guessedNumber(read.lines[i]!) || guessedType(read.lines[i]!)))
      ? { ...f, confidence: Math.round(f.confidence * GUESSED_TRUST * 1000) / 1000 }
      : f,
  );
  const places = placesFromFindings(findings).map((p) => {
    const used = [p.main, ...p.support].flatMap((f) => f.lines);
    const clearest = Math.max(0, ...used.map((i) => read.lines[i]?.confidence ?? 0));
    return clearest < WEAK_READING ? { ...p, confidence: Math.min(p.confidence, WEAK_CEILING) } : p;
  });
  // After the ceiling, so that a place read clearly is not left out for places read unsurely.
  places.sort((a, b) => b.confidence - a.confidence);
  places.splice(MAX_PLACES);
  const hints = findings.filter((f) => !f.position || !f.confidence).map(toMatch);
  // The lines' slanted frames and stacked leans are the geoparser's working, not evidence: not stored or sent.
  const lines = read.lines.map(({ frame: _frame, northLean: _lean, ...line }) => line);
  const ocr: TextEvidenceDetails['ocr'] = { width: read.width, height: read.height, lines };
  if (!places.length) {
    // Only text read with confidence is quoted: a photo with nothing to go on must not cite OCR noise as evidence.
    const legible = read.lines.filter(isLegibleLine);
    // A street read alone is a line on the map, not nothing: said so instead of "none of it places the photo".
    const streets = hints.filter((h) => h.kind === 'street' && h.path);
    const verdict = streets.length
      ? `it names ${streets.map((h) => h.label).join(' and ')}`
      : 'none of it places the photo in Miami-Dade';
    const summary = legible.length
      ? `Read ${legible.length} line${legible.length === 1 ? '' : 's'} of text (${legible
          .slice(0, 3)
          .map((l) => `“${l.text}”`)
          .join(', ')}${legible.length > 3 ? '…' : ''}); ${verdict}.`
      : read.lines.length
        ? 'Some marks looked like text, but none could be read with confidence.'
        : 'No legible text was found in the photo.';
    const details: TextEvidenceDetails = { ocr, matches: [], hints, timings: read.timings };
    return [
      {
        locator: 'text',
        kind: 'absent',
        summary: hints.length ? `${summary} ${hints.map((h) => h.note ?? h.label).join(' ')}` : summary,
        details,
      },
    ];
  }
  return places.map((p, i) => {
    const details: TextEvidenceDetails = {
      // The OCR lines travel once, with the first place; the others point into them by line index.
      ...(i === 0 ? { ocr, hints, timings: read.timings } : {}),
      matches: [toMatch(p.main), ...p.support.map(toMatch)],
    };
    const supported = p.support.length ? ` Also read: ${p.support.map((s) => s.label).join('; ')}.` : '';
    return {
      locator: 'text',
      kind: 'position',
      position: p.main.position!,
      radiusMeters: p.main.radiusMeters!,
      confidence: p.confidence,
      summary: `${summaryOf(p.main, read)}${supported}`,
      details,
    };
  });
}

/**
 * The shared OCR processes stop after this long without a read (docs/decisions/0009-memory.md). A batch of uploads is
 * read back to back, so they stay up through it; between batches the two models would hold ~100 MB for nothing,
 * and loading them again costs about 0.4 s on the next photo without GPS.
 */
export const OCR_IDLE_MS = 10_000;

let shared: { key: string; ocr: PpOcr } | undefined;

/** One OCR process pool per server process, whatever number of engines the process wires (tests wire several). */
function sharedOcr(workers: number, threads: number): SceneTextReader {
  const key = `${workers}:${threads}`;
  if (shared?.key !== key) {
    void shared?.ocr.close();
    shared = {
      key,
      ocr: new PpOcr({ workers, threadsPerWorker: threads, idleMs: OCR_IDLE_MS, ...signReaderOptions() }),
    };
  }
  return shared.ocr;
}

/** Stops the shared OCR processes (server shutdown). */
export async function closeSharedOcr(): Promise<void> {
  const s = shared;
  shared = undefined;
  await s?.ocr.close();
}

/**
 * Text in the photo: street-name signs, shop fronts, addresses, read offline by scene-text OCR from the photo at its
 * full resolution (engine/text/read-text) and placed by the Miami-Dade geoparser (engine/text/geoparse). Skipped when
 * a precise GPS fix already places the photo in the county.
 */
export function createTextLocator(deps?: TextLocatorDeps): Locator {
  return {
    name: 'text',
    enabled: (config) => config.text.enabled,
    forConfig: (config) => ({
      ...createTextLocator({ ocr: sharedOcr(config.text.workers, config.text.threads) }),
      close: closeSharedOcr,
    }),
    skip(evidence) {
      const radius = preciseGpsRadius(evidence);
      return radius === null ? null : `Not read: the photo's own GPS already places it within ${radius} m.`;
    },
    async locate(input, ctx) {
      if (!deps) throw new Error('The text locator needs its OCR engine (forConfig).');
      // The full-resolution photo where the pipeline has one: a sign 5 % of the photo wide is a few pixels tall in
      // the display image.
      const image = (await input.fullImage?.()) ?? (await input.displayImage());
      const read = await readText(image, deps.ocr, { signal: ctx.signal });
      ctx.log('text read', { lines: read.lines.length, candidates: read.candidates, ...read.timings });
      return textEvidence(read);
    },
  };
}
