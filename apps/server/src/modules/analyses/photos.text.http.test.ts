import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoUploadResponseSchema, TextEvidenceDetailsSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { composeScene, shopSign, streetSign } from '../../engine/test/signs';
import { getPlace } from '../../engine/geo/gazetteer';
import { blurredBladePhoto, streetPhoto } from '../../engine/test/sign-photos';
import { SHARED_DATA_DIR } from '../../engine/test/shared-geodata';
import { normaliseLine } from '../../engine/text/geoparse';
import { mulberry32 } from '../../engine/geo/sampling';
import { gridPoint } from '../../engine/geo/grid';
import { haversineMeters } from '../../engine/geo/geometry';

const street = streetPhoto();

/** The text locator through the API: photos without GPS, located by the words on them. */
describe('photos located by their text (no GPS, no vision model)', () => {
  let server: TestServer;
  let alice: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signIn('reader@example.com', 'Reader');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a street sign at SW 8 St and SW 27 Ave comes back at that corner, with the words and where they were read', async () => {
    const sign = await streetSign([
      { name: 'SW 8 ST', block: '2700' },
      { name: 'SW 27 AVE', block: '800' },
    ]);
    // Composed without metadata: sharp writes none unless asked, so only the text can place it.
    const photo = await composeScene(
      street,
      sign,
      { at: { x: 0.3, y: 0.18 }, widthShare: 0.36, rotateDeg: 4, blurSigma: 0.5 },
      mulberry32(11),
    );
    const res = await uploadPhotos(alice, [{ name: 'corner.jpg', data: photo, type: 'image/jpeg' }]);
    expect(res.status).toBe(202);
    const { analyses } = PhotoUploadResponseSchema.parse(res.body);
    const analysis = await waitForAnalysis(alice, analyses[0]!.analysisId, 60_000);

    const result = analysis.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(result.source).toBe('Text in Photo');
    expect(haversineMeters(result, gridPoint(-8, 27))).toBeLessThan(50);
    expect(result.radiusMeters).toBe(350);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.place?.municipality).toBe('Miami');
    expect(result.explanation.join(' ')).toContain('the corner of SW 8 St & SW 27 Ave');

    const text = analysis.evidence.find((e) => e.locator === 'text' && e.kind === 'position')!;
    const details = TextEvidenceDetailsSchema.parse(text.details);
    expect(details.matches[0]).toMatchObject({ kind: 'intersection', label: 'SW 8 St & SW 27 Ave' });
    // The words as read (a scene-text reader may run them together: "SW8ST"), and what the geoparser made of them.
    const used = details.matches[0]!.lines.map((i) => normaliseLine(details.ocr!.lines[i]!.text));
    expect(used).toEqual(expect.arrayContaining(['SW 8 ST', 'SW 27 AVE']));
    // Boxes are shares of the photo, on the sign's part of it.
    for (const i of details.matches[0]!.lines) {
      const box = details.ocr!.lines[i]!.box;
      expect(box.x).toBeGreaterThan(0.25);
      expect(box.x + box.w).toBeLessThan(0.75);
    }
  }, 90_000);

  it('a 12 MP phone photo of a small mixed-case sign with raised ordinals, at dusk, is placed at its corner', async () => {
    // "SW 8th St" over "SW 27th Ave", 8 % of a 4000 px photo wide (letters ~14 px tall), slanted, then darkened.
    const sign = await streetSign([{ name: 'SW 8th St' }, { name: 'SW 27th Ave' }]);
    const day = await composeScene(
      street,
      sign,
      {
        at: { x: 0.55, y: 0.25 },
        widthShare: 0.08,
        rotateDeg: -9,
        skew: 0.08,
        blurSigma: 0.6,
        noise: 5,
        photoWidth: 4000,
        jpegQuality: 80,
      },
      mulberry32(21),
    );
    const dusk = await sharp(day).modulate({ brightness: 0.45 }).tint('#8a7bb0').jpeg({ quality: 75 }).toBuffer();
    const res = await uploadPhotos(alice, [{ name: 'dusk-corner.jpg', data: dusk, type: 'image/jpeg' }]);
    const { analyses } = PhotoUploadResponseSchema.parse(res.body);
    const analysis = await waitForAnalysis(alice, analyses[0]!.analysisId, 60_000);
    const result = analysis.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(haversineMeters(result, gridPoint(-8, 27))).toBeLessThan(50);
    const text = analysis.evidence.find((e) => e.locator === 'text' && e.kind === 'position')!;
    const details = TextEvidenceDetailsSchema.parse(text.details);
    expect(details.matches[0]).toMatchObject({ kind: 'intersection', label: 'SW 8 St & SW 27 Ave' });
    // Read from the full-resolution photo, and boxed where the sign is (x 0.55–0.63 of the photo).
    expect(details.ocr!.width).toBe(4000);
    for (const i of details.matches[0]!.lines) {
      const box = details.ocr!.lines[i]!.box;
      expect(box.x).toBeGreaterThan(0.53);
      expect(box.x + box.w).toBeLessThan(0.66);
    }
  }, 90_000);

  it('a small blurred blade the recogniser half-reads is made out as a street sign, and the evidence says from what', async () => {
    // "NW 98th Ave" over "NW 109th St", 4.5 % of a 4000 px photo wide, out of focus: the recogniser reads the second
    // blade with its S as a 5 ("NW1095t"); read through the county's sign grammar it is NW 109 St.
    const photo = await blurredBladePhoto();
    const res = await uploadPhotos(alice, [{ name: 'blurred-blade.jpg', data: photo, type: 'image/jpeg' }]);
    const { analyses } = PhotoUploadResponseSchema.parse(res.body);
    const analysis = await waitForAnalysis(alice, analyses[0]!.analysisId, 60_000);
    expect(analysis.analysis_result!.outcome).toBe('found');
    expect(haversineMeters(analysis.analysis_result!, gridPoint(109, 98))).toBeLessThan(50);
    const text = analysis.evidence.find((e) => e.locator === 'text' && e.kind === 'position')!;
    const details = TextEvidenceDetailsSchema.parse(text.details);
    expect(details.matches[0]).toMatchObject({ kind: 'intersection' });
    const used = details.matches[0]!.lines.map((i) => details.ocr!.lines[i]!);
    // At least one blade was made out through the grammar: what the recogniser saw travels with it.
    const madeOut = used.filter((l) => l.seen !== undefined);
    expect(madeOut.length).toBeGreaterThan(0);
    for (const l of madeOut) expect(l.seen!.replace(/\s/g, '')).not.toBe(l.text.replace(/\s/g, ''));
  }, 90_000);

  it('a place whose long name wraps onto two lines on its sign is found by the whole name, not by its first word', async () => {
    // "Miami Executive" over "Airport": read line by line, "Miami" alone would be the city's centre, 27 km away.
    const sign = await shopSign(['Miami Executive', 'Airport'], { dark: true });
    const photo = await composeScene(
      street,
      sign,
      { at: { x: 0.2, y: 0.2 }, widthShare: 0.3, rotateDeg: 6, blurSigma: 0.5, photoWidth: 3000, jpegQuality: 85 },
      mulberry32(31),
    );
    const res = await uploadPhotos(alice, [{ name: 'airport.jpg', data: photo, type: 'image/jpeg' }]);
    const analysis = await waitForAnalysis(
      alice,
      PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId,
      60_000,
    );
    const result = analysis.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(haversineMeters(result, getPlace('miami-executive-airport')!.position)).toBeLessThan(50);
    const text = analysis.evidence.find((e) => e.locator === 'text' && e.kind === 'position')!;
    const details = TextEvidenceDetailsSchema.parse(text.details);
    expect(details.matches[0]).toMatchObject({ kind: 'place', label: 'Miami Executive Airport' });
    // Both lines are the evidence, and no evidence of the text is the city of Miami's.
    expect(details.matches[0]!.lines).toHaveLength(2);
    const labels = analysis.evidence
      .filter((e) => e.locator === 'text' && e.details)
      .flatMap((e) => TextEvidenceDetailsSchema.parse(e.details).matches.map((m) => m.label));
    expect(labels).not.toContain('Miami');
  }, 90_000);

  it('a photo with no GPS and nothing legible stays the honest low-confidence fallback', async () => {
    const plain = readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/DSCN0010.jpg'));
    const photo = await composeScene(plain, await streetSign([{ name: ' ' }]), {
      at: { x: 0.9, y: 0.9 },
      widthShare: 0.05,
    });
    const res = await uploadPhotos(alice, [{ name: 'nothing.jpg', data: photo, type: 'image/jpeg' }]);
    const analysis = await waitForAnalysis(
      alice,
      PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId,
      60_000,
    );
    expect(analysis.analysis_result).toMatchObject({ outcome: 'fallback', confidence: 0.3, source: 'Fallback' });
    expect(analysis.evidence.find((e) => e.locator === 'text')).toMatchObject({ kind: 'absent' });
  }, 90_000);
});
