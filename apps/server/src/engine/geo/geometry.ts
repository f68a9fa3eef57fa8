/**
 * Small planar geometry on WGS84 lon/lat, enough for county-sized areas: point-in-polygon with
 * precomputed bounding boxes, and distances in metres through a local equirectangular projection
 * (error well under 1% over a few tens of kilometres, which is all the tolerances here need).
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** GeoJSON order: [lng, lat]. */
export type Position = [number, number] | number[];
export type Ring = Position[];
/** Outer ring first, then holes, as in GeoJSON. */
export type PolygonCoords = Ring[];

export interface BBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * DEG;
  const dLng = (b.lng - a.lng) * DEG;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

export function bboxOfRings(rings: readonly Ring[]): BBox {
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const ring of rings) {
    for (const p of ring) {
      const x = p[0]!;
      const y = p[1]!;
      if (x < minLng) minLng = x;
      if (x > maxLng) maxLng = x;
      if (y < minLat) minLat = y;
      if (y > maxLat) maxLat = y;
    }
  }
  return { minLng, minLat, maxLng, maxLat };
}

export function inBBox(b: BBox, lng: number, lat: number, marginDeg = 0): boolean {
  return (
    lng >= b.minLng - marginDeg &&
    lng <= b.maxLng + marginDeg &&
    lat >= b.minLat - marginDeg &&
    lat <= b.maxLat + marginDeg
  );
}

/** Even-odd ray casting; points exactly on an edge may fall either way, which tolerances absorb. */
export function pointInRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInPolygon(lng: number, lat: number, polygon: PolygonCoords): boolean {
  const [outer, ...holes] = polygon;
  if (!outer || !pointInRing(lng, lat, outer)) return false;
  for (const hole of holes) if (pointInRing(lng, lat, hole)) return false;
  return true;
}

/** Distance in metres from a point to the nearest edge of any ring. */
export function distanceToRingsMeters(lng: number, lat: number, rings: readonly Ring[]): number {
  const kx = Math.cos(lat * DEG) * DEG * EARTH_RADIUS_M;
  const ky = DEG * EARTH_RADIUS_M;
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const ax = (ring[i]![0]! - lng) * kx;
      const ay = (ring[i]![1]! - lat) * ky;
      const bx = (ring[i + 1]![0]! - lng) * kx;
      const by = (ring[i + 1]![1]! - lat) * ky;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const px = ax + t * dx;
      const py = ay + t * dy;
      const d = px * px + py * py;
      if (d < best) best = d;
    }
  }
  return Math.sqrt(best);
}

/** A polygon set ready for fast queries: each part keeps its own bounding box. */
export interface IndexedPolygons {
  bbox: BBox;
  parts: Array<{ bbox: BBox; rings: PolygonCoords }>;
}

export function indexPolygons(polygons: readonly PolygonCoords[]): IndexedPolygons {
  const parts = polygons.map((rings) => ({ bbox: bboxOfRings(rings.slice(0, 1)), rings }));
  return { bbox: bboxOfRings(polygons.map((p) => p[0] ?? [])), parts };
}

export function containsPoint(index: IndexedPolygons, lng: number, lat: number): boolean {
  if (!inBBox(index.bbox, lng, lat)) return false;
  for (const part of index.parts) {
    if (inBBox(part.bbox, lng, lat) && pointInPolygon(lng, lat, part.rings)) return true;
  }
  return false;
}

export function distanceToPolygonsMeters(index: IndexedPolygons, lng: number, lat: number): number {
  let best = Infinity;
  for (const part of index.parts) best = Math.min(best, distanceToRingsMeters(lng, lat, part.rings));
  return best;
}

/** Polygons of a GeoJSON Polygon or MultiPolygon geometry. */
export function polygonsOfGeometry(geometry: { type: string; coordinates: unknown }): PolygonCoords[] {
  if (geometry.type === 'Polygon') return [geometry.coordinates as PolygonCoords];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as PolygonCoords[];
  return [];
}
