import type { Candidate, LatLng } from '@vt/shared';
import { countyLandPolygons } from '../../engine/geo/county';
import type { PolygonCoords } from '../../engine/geo/geometry';
import { GAZETTEER } from '../../engine/geo/gazetteer';
import { MUNICIPALITY_OUTLINES } from '../../engine/geo/municipalities';
import { NEIGHBOURHOOD_AREAS } from '../../engine/geo/neighbourhoods';
import { pdfText } from './pdf-text';

/**
 * The report's small maps, drawn as vectors from the project's own geodata (the Census county shapes the engine tests
 * against and the authored municipality outlines, which add the barrier islands the Census land drops). No tiles,
 * no network: the same PDF comes out offline.
 */

type Canvas = PDFKit.PDFDocument;

/** A box on the page, in points. */
export type Box = { x: number; y: number; w: number; h: number };
/** An area of the earth, in degrees. */
export type View = { minLng: number; minLat: number; maxLng: number; maxLat: number };

const M_PER_DEG_LAT = 111_320;

export const MAP_COLOURS = {
  water: '#dde9f2',
  land: '#efeee9',
  county: '#fbfaf5',
  countyLine: '#4d5d6c',
  municipalityLine: '#b5bcc4',
  neighbourhoodLine: '#d3d7dc',
  place: '#6b7580',
  point: '#0a6aa1',
  candidate: '#b86e00',
  frame: '#9aa5b1',
};

/**
 * Equirectangular projection of `view` into `box`, scaled by the cosine of the middle latitude so a circle on the
 * ground is a circle on the page at county scale; the view is widened on one axis to keep that aspect.
 */
export function projection(view: View, box: Box) {
  const midLat = (view.minLat + view.maxLat) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const spanX = (view.maxLng - view.minLng) * k;
  const spanY = view.maxLat - view.minLat;
  const scale = Math.min(box.w / spanX, box.h / spanY);
  const cx = ((view.minLng + view.maxLng) / 2) * k;
  const cy = midLat;
  /** Points per metre on the ground. */
  const pointsPerMeter = scale / M_PER_DEG_LAT;
  return {
    pointsPerMeter,
    at: (lng: number, lat: number): [number, number] => [
      box.x + box.w / 2 + (lng * k - cx) * scale,
      box.y + box.h / 2 - (lat - cy) * scale,
    ],
  };
}

/** A square view of `halfMeters` around `centre`. */
export function viewAround(centre: LatLng, halfMeters: number): View {
  const dLat = halfMeters / M_PER_DEG_LAT;
  const dLng = halfMeters / (M_PER_DEG_LAT * Math.cos((centre.lat * Math.PI) / 180));
  return { minLng: centre.lng - dLng, maxLng: centre.lng + dLng, minLat: centre.lat - dLat, maxLat: centre.lat + dLat };
}

/** The whole county, land and islands, with a little sea around it. */
export function countyView(): View {
  const { miamiDade } = countyLandPolygons();
  let v: View = { minLng: Infinity, minLat: Infinity, maxLng: -Infinity, maxLat: -Infinity };
  for (const polygon of [...miamiDade, ...MUNICIPALITY_OUTLINES.flatMap((m) => m.polygons)])
    for (const [lng, lat] of (polygon[0] ?? []) as number[][])
      v = {
        minLng: Math.min(v.minLng, lng!),
        minLat: Math.min(v.minLat, lat!),
        maxLng: Math.max(v.maxLng, lng!),
        maxLat: Math.max(v.maxLat, lat!),
      };
  const pad = 0.03;
  return { minLng: v.minLng - pad, minLat: v.minLat - pad, maxLng: v.maxLng + pad, maxLat: v.maxLat + pad };
}

export function contains(view: View, p: LatLng): boolean {
  return p.lng >= view.minLng && p.lng <= view.maxLng && p.lat >= view.minLat && p.lat <= view.maxLat;
}

/** How far the close-up reaches from the point: the circle with room around it, never under 1.5 km or over 60 km. */
export function closeUpHalfMeters(radiusMeters: number | null): number {
  return Math.min(60_000, Math.max(1500, (radiusMeters ?? 0) * 1.6));
}

/** A round length for a scale bar about a quarter of the map wide. */
export function scaleBarMeters(pointsPerMeter: number, widthPoints: number): number {
  const target = widthPoints / 4 / pointsPerMeter;
  const steps = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];
  return steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), steps[0]!);
}

function path(doc: Canvas, polygons: readonly PolygonCoords[], at: (lng: number, lat: number) => [number, number]) {
  for (const polygon of polygons)
    for (const ring of polygon) {
      ring.forEach((p, i) => {
        const [x, y] = at(p[0]!, p[1]!);
        if (i === 0) doc.moveTo(x, y);
        else doc.lineTo(x, y);
      });
      doc.closePath();
    }
}

type Rect = { x: number; y: number; w: number; h: number };
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a: Rect, b: Box) =>
  a.x >= b.x + 2 && a.y >= b.y + 2 && a.x + a.w <= b.x + b.w - 2 && a.y + a.h <= b.y + b.h - 2;

/** Named places of the gazetteer inside `view`, nearest to its centre first: the close-up's landmarks. */
export function placesIn(view: View, max: number): Array<{ name: string; lat: number; lng: number }> {
  const lat = (view.minLat + view.maxLat) / 2;
  const lng = (view.minLng + view.maxLng) / 2;
  const k = Math.cos((lat * Math.PI) / 180);
  return GAZETTEER.filter((p) => contains(view, p.position) && p.kind !== 'street')
    .map((p) => ({ name: p.name, ...p.position, d: Math.hypot((p.position.lng - lng) * k, p.position.lat - lat) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map(({ name, lat: la, lng: ln }) => ({ name, lat: la, lng: ln }));
}

/**
 * Draws one map: sea, the neighbouring counties' land, Miami-Dade (Census land plus the municipal outlines that add
 * the islands), municipal lines, the county line, the other candidates, and the point with its radius circle. The
 * close-up (`detail`) adds neighbourhood lines and the nearest named places.
 */
export function drawMap(
  doc: Canvas,
  box: Box,
  view: View,
  marks: {
    point: LatLng | null;
    radiusMeters: number | null;
    candidates: readonly Candidate[];
    /** A dashed circle: the point is the centre of a search area, not a place found. */
    area?: boolean;
    detail?: boolean;
  },
): void {
  const { at, pointsPerMeter } = projection(view, box);
  const { miamiDade, neighbours } = countyLandPolygons();
  const municipalities = MUNICIPALITY_OUTLINES.flatMap((m) => m.polygons);
  doc.save();
  doc.rect(box.x, box.y, box.w, box.h).clip();
  if (marks.detail) {
    // No land and water up close: the Census land is coarse and the municipal outlines reach into the sea, so a
    // street-scale fill would draw a false coast. Lines only.
    doc.rect(box.x, box.y, box.w, box.h).fill(MAP_COLOURS.county);
  } else {
    doc.rect(box.x, box.y, box.w, box.h).fill(MAP_COLOURS.water);
    path(doc, neighbours, at);
    doc.fill(MAP_COLOURS.land, 'even-odd');
    // One fill per polygon: rings of different shapes wind either way, and a shared fill would cut holes where they
    // overlap.
    for (const polygon of [...miamiDade, ...municipalities]) {
      path(doc, [polygon], at);
      doc.fill(MAP_COLOURS.county, 'even-odd');
    }
  }
  if (marks.detail) {
    doc.lineWidth(0.3);
    path(
      doc,
      NEIGHBOURHOOD_AREAS.flatMap((n) => n.polygons),
      at,
    );
    doc.stroke(MAP_COLOURS.neighbourhoodLine);
  }
  doc.lineWidth(0.4);
  path(doc, municipalities, at);
  doc.stroke(MAP_COLOURS.municipalityLine);
  doc.lineWidth(0.8);
  path(doc, miamiDade, at);
  doc.stroke(MAP_COLOURS.countyLine);

  if (marks.detail) {
    // Nearest first; a label that would cover the point, a candidate or another label goes to the left of its dot,
    // or is left out with its dot.
    const taken: Rect[] = [marks.point, ...marks.candidates]
      .filter((p): p is LatLng => Boolean(p))
      .map((p) => at(p.lng, p.lat))
      .map(([x, y]) => ({ x: x - 7, y: y - 7, w: 14, h: 14 }));
    doc.font('Helvetica').fontSize(6);
    for (const p of placesIn(view, 12)) {
      const [x, y] = at(p.lng, p.lat);
      const name = pdfText(p.name);
      const w = doc.widthOfString(name);
      const spot = [x + 3, x - 3 - w]
        .map((lx) => ({ x: lx, y: y - 3.5, w, h: 7 }))
        .find((r) => inside(r, box) && !taken.some((t) => overlaps(r, t)));
      if (!spot) continue;
      taken.push(spot, { x: x - 2, y: y - 2, w: 4, h: 4 });
      doc.circle(x, y, 1.2).fill(MAP_COLOURS.place);
      doc.fillColor(MAP_COLOURS.place).text(name, spot.x, y - 2.5, { lineBreak: false });
    }
  }
  marks.candidates.forEach((c, i) => {
    const [x, y] = at(c.lng, c.lat);
    doc.lineWidth(0.8).circle(x, y, 3).fillAndStroke('#ffffff', MAP_COLOURS.candidate);
    doc
      .fillColor(MAP_COLOURS.candidate)
      .font('Helvetica-Bold')
      .fontSize(6)
      .text(String(i + 1), x + 4, y - 3, { lineBreak: false });
  });
  if (marks.point) {
    const [x, y] = at(marks.point.lng, marks.point.lat);
    const r = (marks.radiusMeters ?? 0) * pointsPerMeter;
    if (r >= 1.5) {
      doc.save();
      if (marks.area) doc.dash(3, { space: 2 });
      doc.lineWidth(1).fillOpacity(0.15).circle(x, y, r).fillAndStroke(MAP_COLOURS.point, MAP_COLOURS.point);
      doc.restore();
    }
    doc.lineWidth(1.2).circle(x, y, 3.2).fillAndStroke(MAP_COLOURS.point, '#ffffff');
  }
  if (marks.detail) {
    const meters = scaleBarMeters(pointsPerMeter, box.w);
    const len = meters * pointsPerMeter;
    const x0 = box.x + 8;
    const y0 = box.y + box.h - 10;
    doc
      .lineWidth(1.2)
      .moveTo(x0, y0)
      .lineTo(x0 + len, y0)
      .stroke(MAP_COLOURS.countyLine);
    doc
      .fillColor(MAP_COLOURS.countyLine)
      .font('Helvetica')
      .fontSize(6.5)
      .text(meters >= 1000 ? `${meters / 1000} km` : `${meters} m`, x0, y0 - 9, { lineBreak: false });
  }
  doc.restore();
  doc.lineWidth(0.6).rect(box.x, box.y, box.w, box.h).stroke(MAP_COLOURS.frame);
}
