/**
 * Engine accuracy through the real server, per set:
 * - parser-samples/with-gps (../shared/data): located within 10 m of the EXIF position (read independently with
 *   exifr) and reported outside coverage (none of them is in Miami-Dade);
 * - parser-samples/gps-edge-cases: what the engine says about each file, beside what exifr reads from it;
 * - the generated Miami-Dade corpus: right municipality and neighbourhood (expected from its manifest);
 * - the same photos without GPS, and parser-samples/without-gps: outcome and confidence.
 *
 * Run: `npm run bench:engine:accuracy [-- --db memory|disk|postgres://… --out FILE]`. Tables go to stderr,
 * the JSON to stdout and bench/results/engine-accuracy.json. No pass/fail exit code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Console } from 'node:console';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import exifr from 'exifr';
import type { Analysis, Evidence } from '@vt/shared';
import type { TestBrowser } from '@vt/server/src/test/browser';
import {
  dbChoice,
  followEvents,
  getAnalysis,
  loadCorpus,
  machine,
  mapLimit,
  NOTE_SHARED_MACHINE,
  SHARED_DATA_DIR,
  startBenchServer,
  stats,
  uploadPhoto,
  writeResult,
  writeSummaryFigure,
} from './harness';
import { ece, pool } from './calibration';

const PARSER_SAMPLES = join(SHARED_DATA_DIR, 'images', 'parser-samples');
const WITHIN_M = 10;
const table = new Console(process.stderr).table;

type LatLng = { lat: number; lng: number };

function haversineMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The EXIF chunk of a WebP (RIFF) file, which exifr does not open itself; a TIFF block exifr reads. */
function webpExif(bytes: Buffer): Buffer | undefined {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP') return undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const fourcc = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (fourcc === 'EXIF') {
      const data = bytes.subarray(at + 8, at + 8 + size);
      return data.toString('ascii', 0, 6) === 'Exif\0\0' ? data.subarray(6) : data;
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** The reference: the GPS position exactly as exifr reads it from the file (independent of the engine's reader). */
async function exifReference(bytes: Buffer): Promise<{ position: LatLng | null; note: string }> {
  try {
    const gps = await exifr.gps(webpExif(bytes) ?? bytes);
    if (!gps) return { position: null, note: 'no GPS' };
    if (typeof gps.latitude !== 'number' || typeof gps.longitude !== 'number' || Number.isNaN(gps.latitude)) {
      return { position: null, note: `GPS tags without numbers (${String(gps.latitude)}, ${String(gps.longitude)})` };
    }
    return {
      position: { lat: gps.latitude, lng: gps.longitude },
      note: `${gps.latitude.toFixed(6)}, ${gps.longitude.toFixed(6)}`,
    };
  } catch (error) {
    return { position: null, note: `exifr: ${(error as Error).message}` };
  }
}

type Outcome = { upload: number; error: string | null; analysis: Analysis | null };

async function analyse(browser: TestBrowser, name: string, bytes: Buffer): Promise<Outcome> {
  const up = await uploadPhoto(browser, name, bytes);
  if (!up.analysisId) return { upload: up.status, error: up.error, analysis: null };
  await followEvents(browser, up.analysisId);
  return { upload: up.status, error: null, analysis: await getAnalysis(browser, up.analysisId) };
}

const metadataEvidence = (a: Analysis | null): Evidence | undefined =>
  a?.evidence.find((e) => e.locator === 'metadata');
const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const r1 = (n: number | null | undefined, d = 1) => (n === null || n === undefined ? null : Number(n.toFixed(d)));
const share = (hits: number, of: number) => (of ? Number(((100 * hits) / of).toFixed(1)) : null);

/** The three files of gps-edge-cases that are genuinely bad, and the reason the engine should give. */
const EDGE_EXPECTATIONS: Record<string, { kind: Evidence['kind']; reason: string }> = {
  'mdx_Samsung_GT-I9000_gps_0_0.jpg': { kind: 'rejected', reason: 'null-island' },
  'mdx_Issue_308_gps_0_0.jpg': { kind: 'rejected', reason: 'null-island' },
  'immich_empty_gps.jpg': { kind: 'rejected', reason: 'empty-gps-block' },
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { db: { type: 'string' }, out: { type: 'string' } } });
  const startedAt = new Date();
  const { dir, manifest } = await loadCorpus();
  const server = await startBenchServer(dbChoice(values.db));
  const { browser } = server;
  const files = (sub: string) =>
    readdirSync(join(PARSER_SAMPLES, sub))
      .sort()
      .map((f) => ({ name: f, path: join(PARSER_SAMPLES, sub, f) }));
  let engineVersion: string | null = null;
  const seen = (a: Analysis | null) => {
    engineVersion ??= a?.engineVersion ?? null;
    return a;
  };

  try {
    // 1. Parser samples with GPS: all outside Miami-Dade.
    const withGps = await mapLimit(files('with-gps'), 2, async ({ name, path }) => {
      const bytes = readFileSync(path);
      const ref = await exifReference(bytes);
      const { upload, error, analysis } = await analyse(browser, name, bytes);
      const result = seen(analysis)?.analysis_result ?? null;
      const errorM = result && ref.position ? haversineMeters(ref.position, result) : null;
      const outside = result ? result.outcome === 'outside_coverage' && !result.insideCoverage : false;
      return {
        file: name,
        upload,
        uploadError: error,
        exif: ref.note,
        outcome: result?.outcome ?? analysis?.status ?? null,
        reported: result ? `${result.lat.toFixed(6)}, ${result.lng.toFixed(6)}` : null,
        errorMeters: r1(errorM, 2),
        within10m: errorM !== null && errorM <= WITHIN_M,
        outsideCoverage: outside,
        pass: errorM !== null && errorM <= WITHIN_M && outside,
        summary: metadataEvidence(analysis)?.summary ?? null,
      };
    });
    console.error(`\nparser-samples/with-gps: within ${WITHIN_M} m of the EXIF position and reported outside coverage`);
    table(
      withGps.map(({ file, upload, outcome, errorMeters, within10m, outsideCoverage, pass }) => ({
        file,
        upload,
        outcome,
        errorMeters,
        within10m,
        outsideCoverage,
        pass,
      })),
    );

    // 2. GPS edge cases: the engine's verdict per file, beside what exifr itself reads.
    const edge = await mapLimit(files('gps-edge-cases'), 2, async ({ name, path }) => {
      const bytes = readFileSync(path);
      const ref = await exifReference(bytes);
      const { upload, error, analysis } = await analyse(browser, name, bytes);
      const ev = metadataEvidence(seen(analysis));
      const result = analysis?.analysis_result ?? null;
      const expected = EDGE_EXPECTATIONS[name] ?? null;
      return {
        file: name,
        upload,
        uploadError: error,
        exifrReads: ref.note,
        outcome: result?.outcome ?? analysis?.status ?? null,
        evidence: ev?.kind ?? null,
        reason: ev?.reason ?? null,
        confidence: r1(result?.confidence, 3),
        reported: result && result.outcome !== 'fallback' ? `${result.lat.toFixed(6)}, ${result.lng.toFixed(6)}` : null,
        radiusMeters: r1(result?.radiusMeters ?? null, 0),
        expected: expected
          ? `${expected.kind}: ${expected.reason}`
          : 'not a bad file (valid or no GPS): engine verdict reported as is',
        matchesExpected: expected ? ev?.kind === expected.kind && ev?.reason === expected.reason : null,
        summary: ev?.summary ?? null,
      };
    });
    console.error('\nparser-samples/gps-edge-cases: the engine verdict per file');
    table(
      edge.map(({ file, exifrReads, outcome, evidence, reason, confidence, matchesExpected }) => ({
        file,
        exifrReads,
        outcome,
        evidence,
        reason,
        confidence,
        matchesExpected,
      })),
    );

    // 3. Generated Miami-Dade photos with GPS.
    const generated = await mapLimit(manifest.withGps, 2, async (entry) => {
      const { upload, error, analysis } = await analyse(browser, entry.file, readFileSync(join(dir, entry.file)));
      const result = seen(analysis)?.analysis_result ?? null;
      const place = result?.place ?? null;
      const errorM = result ? haversineMeters(entry.expected, result) : null;
      const gps = metadataEvidence(analysis);
      return {
        calibration: {
          metadata:
            gps?.kind === 'position' && gps.position && gps.radiusMeters != null && gps.confidence != null
              ? { confidence: gps.confidence, hit: haversineMeters(entry.expected, gps.position) <= gps.radiusMeters }
              : null,
          fused:
            result && result.radiusMeters != null
              ? { confidence: result.confidence, hit: errorM! <= result.radiusMeters }
              : null,
        },
        file: entry.file,
        place: entry.placeName,
        movedFromGazetteerM: entry.jitterMeters,
        upload,
        uploadError: error,
        outcome: result?.outcome ?? analysis?.status ?? null,
        insideCoverage: result?.insideCoverage ?? null,
        errorMeters: r1(errorM, 2),
        expectedMunicipality: entry.expected.municipality,
        municipality: place?.municipality ?? null,
        municipalityOk: same(place?.municipality, entry.expected.municipality),
        expectedNeighbourhood: entry.expected.neighbourhood,
        neighbourhood: place?.neighbourhood ?? null,
        acceptedNeighbourhoods:
          entry.expected.neighbourhood === null
            ? []
            : [entry.expected.neighbourhood, ...(entry.expected.neighbourhoodAlso ?? [])],
        neighbourhoodOk:
          entry.expected.neighbourhood === null
            ? null
            : [entry.expected.neighbourhood, ...(entry.expected.neighbourhoodAlso ?? [])].some((n) =>
                same(place?.neighbourhood, n),
              ),
        neighbourhoodOkStrict:
          entry.expected.neighbourhood === null ? null : same(place?.neighbourhood, entry.expected.neighbourhood),
        zip: place?.zip ?? null,
        confidence: r1(result?.confidence, 3),
        radiusMeters: r1(result?.radiusMeters ?? null, 1),
      };
    });
    console.error('\ngenerated Miami-Dade set (with GPS): municipality and neighbourhood against the manifest');
    table(
      generated.map(
        ({
          place,
          movedFromGazetteerM,
          outcome,
          errorMeters,
          expectedMunicipality,
          municipality,
          municipalityOk,
          expectedNeighbourhood,
          neighbourhood,
          neighbourhoodOk,
          zip,
        }) => ({
          place,
          movedFromGazetteerM,
          outcome,
          errorMeters,
          expectedMunicipality,
          municipality,
          municipalityOk,
          expectedNeighbourhood,
          neighbourhood,
          neighbourhoodOk,
          zip,
        }),
      ),
    );

    // 4. The same photos without GPS, and the parser samples without GPS.
    const noGps = await mapLimit(manifest.withoutGps, 2, async (entry) => {
      const { upload, error, analysis } = await analyse(browser, entry.file, readFileSync(join(dir, entry.file)));
      const result = seen(analysis)?.analysis_result ?? null;
      return {
        // The same places, GPS stripped: the fallback's stated confidence is the chance the truth lies in its circle.
        calibration: {
          fused:
            result && result.radiusMeters != null
              ? { confidence: result.confidence, hit: haversineMeters(entry.expected, result) <= result.radiusMeters }
              : null,
        },
        file: entry.file,
        upload,
        uploadError: error,
        outcome: result?.outcome ?? analysis?.status ?? null,
        name: result?.name ?? null,
        source: result?.source ?? null,
        confidence: r1(result?.confidence, 3),
        radiusMeters: r1(result?.radiusMeters ?? null, 0),
      };
    });
    console.error('\ngenerated set without GPS: outcome and confidence');
    table(
      noGps.map(({ file, outcome, name, source, confidence, radiusMeters }) => ({
        file,
        outcome,
        name,
        source,
        confidence,
        radiusMeters,
      })),
    );

    const parserNoGps = await mapLimit(files('without-gps'), 2, async ({ name, path }) => {
      const { upload, error, analysis } = await analyse(browser, name, readFileSync(path));
      const result = seen(analysis)?.analysis_result ?? null;
      return {
        file: name,
        upload,
        uploadError: error,
        status: analysis?.status ?? null,
        outcome: result?.outcome ?? null,
        source: result?.source ?? null,
        confidence: r1(result?.confidence, 3),
        error: analysis?.error?.message ?? null,
      };
    });
    console.error('\nparser-samples/without-gps: outcome and confidence');
    table(
      parserNoGps.map(({ file, upload, status, outcome, source, confidence }) => ({
        file,
        upload,
        status,
        outcome,
        source,
        confidence,
      })),
    );

    const municipalityHits = generated.filter((g) => g.municipalityOk).length;
    const withNeighbourhood = generated.filter((g) => g.neighbourhoodOk !== null);
    const count = (xs: Array<string | null>) =>
      xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x ?? 'none']: (acc[x ?? 'none'] ?? 0) + 1 }), {});
    const summary = {
      withGpsSamples: {
        files: withGps.length,
        within10mAndOutsideCoverage: withGps.filter((w) => w.pass).length,
        within10m: withGps.filter((w) => w.within10m).length,
        reportedOutsideCoverage: withGps.filter((w) => w.outsideCoverage).length,
        uploadsRefused: withGps.filter((w) => w.upload !== 202).length,
        errorMeters: stats(withGps.map((w) => w.errorMeters).filter((v): v is number => v !== null)),
      },
      gpsEdgeCases: {
        files: edge.length,
        genuinelyBad: Object.keys(EDGE_EXPECTATIONS).length,
        genuinelyBadRejectedWithRightReason: edge.filter((e) => e.matchesExpected === true).length,
        verdicts: Object.fromEntries(
          edge.map((e) => [
            e.file,
            `${e.outcome}${e.evidence ? ` (${e.evidence}${e.reason ? `: ${e.reason}` : ''})` : ''}`,
          ]),
        ),
      },
      generatedWithGps: {
        files: generated.length,
        found: generated.filter((g) => g.outcome === 'found').length,
        insideCoverage: generated.filter((g) => g.insideCoverage === true).length,
        municipalityRight: municipalityHits,
        municipalityRightPercent: share(municipalityHits, generated.length),
        neighbourhoodExpected: withNeighbourhood.length,
        neighbourhoodRight: withNeighbourhood.filter((g) => g.neighbourhoodOk).length,
        neighbourhoodRightPercent: share(
          withNeighbourhood.filter((g) => g.neighbourhoodOk).length,
          withNeighbourhood.length,
        ),
        neighbourhoodRightByGazetteerNameOnly: withNeighbourhood.filter((g) => g.neighbourhoodOkStrict).length,
        zipReported: generated.filter((g) => g.zip).length,
        positionErrorMeters: stats(generated.map((g) => g.errorMeters).filter((v): v is number => v !== null)),
      },
      generatedWithoutGps: {
        files: noGps.length,
        outcomes: count(noGps.map((n) => n.outcome)),
        sources: count(noGps.map((n) => n.source)),
        confidence: stats(noGps.map((n) => n.confidence).filter((v): v is number => v !== null)),
      },
      calibration: (() => {
        const points = <K extends 'metadata' | 'fused'>(
          rows: Array<{ calibration: Partial<Record<K, { confidence: number; hit: boolean } | null>> }>,
          k: K,
        ) => rows.map((r) => r.calibration[k]).filter((p): p is { confidence: number; hit: boolean } => !!p);
        const metadata = ece(points(generated, 'metadata'));
        const fusedWithGps = ece(points(generated, 'fused'));
        const fusedWithoutGps = ece(points(noGps, 'fused'));
        return {
          definition:
            'stated confidence = probability that the truth lies within the stated radius; hit = it does (truth: the corpus position)',
          metadata,
          fused: { withGps: fusedWithGps, withoutGps: fusedWithoutGps, all: pool([fusedWithGps, fusedWithoutGps]) },
        };
      })(),
      parserWithoutGps: {
        files: parserNoGps.length,
        uploads: count(parserNoGps.map((p) => String(p.upload))),
        outcomes: count(parserNoGps.map((p) => p.outcome ?? p.status ?? `upload ${p.upload}`)),
      },
    };

    const result = {
      name: 'engine-accuracy',
      benchmark: 'bench/engine/accuracy.ts',
      date: startedAt.toISOString(),
      note: NOTE_SHARED_MACHINE,
      machine: machine(),
      setup: {
        database: server.db,
        engineVersion,
        sharedData: SHARED_DATA_DIR,
        corpus: `${manifest.withGps.length} generated places, ${manifest.width}×${manifest.height}; each photo's GPS lies 100–500 m off a gazetteer point (seeded random direction), kept only where the Census TIGER polygons (and the Zillow polygon for neighbourhoods) still agree with the gazetteer's municipality; expected places from bench/out/corpus/manifest.json`,
        neighbourhoodExpectation:
          'only for corpus places that are themselves gazetteer neighbourhoods (City of Miami, Miami Beach); right = the gazetteer name or the name of a Zillow reference polygon containing the point (e.g. South Coconut Grove); elsewhere the reported neighbourhood is listed but not scored',
      },
      summary,
      sets: {
        withGpsSamples: withGps,
        gpsEdgeCases: edge,
        generatedWithGps: generated,
        generatedWithoutGps: noGps,
        parserWithoutGps: parserNoGps,
      },
    };
    const file = writeResult(values.out ?? 'engine-accuracy.json', result);
    if (!values.out) {
      writeSummaryFigure('accuracy', {
        value: summary.generatedWithGps.municipalityRightPercent ?? 0,
        unit: '%',
        label: `Share of ${generated.length} generated GPS-tagged 12 MP phone photos, taken 100–500 m from named Miami-Dade places, that the engine placed in the right municipality (or unincorporated area)`,
        benchmark: 'bench/engine/accuracy.ts',
        date: startedAt.toISOString(),
      });
    }
    console.error('\ncalibration (ECE of the stated confidence; target ≤ 0.1)');
    table([
      { of: 'metadata (GPS) locator', n: summary.calibration.metadata.n, ece: summary.calibration.metadata.ece },
      { of: 'fused, with GPS', n: summary.calibration.fused.withGps.n, ece: summary.calibration.fused.withGps.ece },
      {
        of: 'fused, GPS stripped',
        n: summary.calibration.fused.withoutGps.n,
        ece: summary.calibration.fused.withoutGps.ece,
      },
      { of: 'fused, both', n: summary.calibration.fused.all.n, ece: summary.calibration.fused.all.ece },
    ]);
    console.error(`\nwrote ${file}${values.out ? '' : ' and the accuracy figure of bench/results/summary.json'}`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.close();
  }
}

await main();
