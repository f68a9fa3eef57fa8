/**
 * Is a point inside Miami-Dade County?
 *
 * Land comes from the Census county polygons in the npm package `us-atlas` (counties-10m.json, FIPS 12086,
 * with neighbours Broward 12011, Monroe 12087 and Collier 12021). Those polygons are land-clipped and very coarse (tens of
 * vertices), so on their own they would drop beaches, islands, causeways and boats in the bay. A plain buffer
 * is wrong too: the county line with Broward is a straight east–west line with towns on both sides
 * (Golden Beach and Aventura against Hallandale Beach), and a buffer would pull Hallandale into the county.
 *
 * So the water is authored instead: COUNTY_WATERS covers Biscayne Bay, the barrier islands and the Atlantic
 * strip out to roughly the three-nautical-mile line, bounded to the north just south of the Broward line and to
 * the south at Angelfish Creek / Card Sound, where Monroe County (Key Largo) begins. A point in those waters
 * counts as inside unless it lies on Broward or Monroe land. A last, narrow coastal tolerance covers the
 * simplified shoreline elsewhere (Florida Bay, the Everglades coast), and only where Miami-Dade is the nearest
 * county.
 */
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import {
  containsPoint,
  distanceToPolygonsMeters,
  indexPolygons,
  polygonsOfGeometry,
  type IndexedPolygons,
  type LatLng,
  type PolygonCoords,
} from './geometry';

export const MIAMI_DADE_FIPS = '12086';
const BROWARD_FIPS = '12011';
const MONROE_FIPS = '12087';
const COLLIER_FIPS = '12021';

/**
 * Biscayne Bay, the barrier islands and the ocean strip, as [lng, lat]. The western edge runs inland on
 * purpose: land there is Miami-Dade either way, and a generous edge covers the coarse bay shoreline.
 * The northern edge sits at 25.9740, just south of the county line (about 25.9747 at the coast).
 */
export const COUNTY_WATERS: PolygonCoords = [
  [
    [-80.14, 25.974],
    [-80.05, 25.974],
    [-80.06, 25.8],
    [-80.075, 25.65],
    [-80.07, 25.55],
    [-80.08, 25.45],
    [-80.1, 25.34],
    [-80.25, 25.345],
    [-80.3, 25.33],
    [-80.36, 25.3],
    [-80.4, 25.285],
    [-80.42, 25.3],
    [-80.36, 25.45],
    [-80.33, 25.55],
    [-80.31, 25.62],
    [-80.29, 25.65],
    [-80.26, 25.72],
    [-80.22, 25.76],
    [-80.2, 25.85],
    [-80.17, 25.93],
    [-80.14, 25.974],
  ],
];

/** How far off the simplified shoreline a point may lie and still count, where Miami-Dade is the nearest county. */
export const COASTAL_TOLERANCE_M = 1500;

export type CountyMatch = 'land' | 'county-waters' | 'coastal-tolerance';

export interface CountyLookup {
  inside: boolean;
  /** Which rule decided "inside"; absent when outside. */
  via?: CountyMatch;
}

interface CountyIndex {
  miamiDade: IndexedPolygons;
  broward: IndexedPolygons;
  monroe: IndexedPolygons;
  collier: IndexedPolygons;
  waters: IndexedPolygons;
  /** A box around everything that can answer "inside"; anything beyond it is outside at once. */
  reach: { minLng: number; minLat: number; maxLng: number; maxLat: number };
}

let cached: CountyIndex | null = null;

function loadCounties(): CountyIndex {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/counties-10m.json') as Topology<{ counties: GeometryCollection }>;
  const wanted = new Set([MIAMI_DADE_FIPS, BROWARD_FIPS, MONROE_FIPS, COLLIER_FIPS]);
  const subset: GeometryCollection = {
    type: 'GeometryCollection',
    geometries: topology.objects.counties.geometries.filter((g) => wanted.has(String(g.id))),
  };
  const collection = feature(topology, subset);
  const byId = new Map<string, IndexedPolygons>();
  for (const f of collection.features) {
    if (f.geometry)
      byId.set(String(f.id), indexPolygons(polygonsOfGeometry(f.geometry as { type: string; coordinates: unknown })));
  }
  const miamiDade = byId.get(MIAMI_DADE_FIPS);
  const broward = byId.get(BROWARD_FIPS);
  const monroe = byId.get(MONROE_FIPS);
  const collier = byId.get(COLLIER_FIPS);
  if (!miamiDade || !broward || !monroe || !collier)
    throw new Error('us-atlas counties-10m.json lacks Miami-Dade or a neighbour');
  const waters = indexPolygons([COUNTY_WATERS]);
  const margin = COASTAL_TOLERANCE_M / 90_000;
  const reach = {
    minLng: Math.min(miamiDade.bbox.minLng, waters.bbox.minLng) - margin,
    minLat: Math.min(miamiDade.bbox.minLat, waters.bbox.minLat) - margin,
    maxLng: Math.max(miamiDade.bbox.maxLng, waters.bbox.maxLng) + margin,
    maxLat: Math.max(miamiDade.bbox.maxLat, waters.bbox.maxLat) + margin,
  };
  cached = { miamiDade, broward, monroe, collier, waters, reach };
  return cached;
}

/**
 * Land of Miami-Dade and of its neighbours (Broward, Monroe, Collier) as [lng, lat] polygons: the Census shapes
 * this module tests against, coarse and land-clipped, for drawing (the evidence report's map), not for lookups.
 */
export function countyLandPolygons(): { miamiDade: PolygonCoords[]; neighbours: PolygonCoords[] } {
  const idx = loadCounties();
  const rings = (p: IndexedPolygons) => p.parts.map((part) => part.rings);
  return { miamiDade: rings(idx.miamiDade), neighbours: [idx.broward, idx.monroe, idx.collier].flatMap(rings) };
}

/** Loads and indexes the polygons now rather than on the first lookup (e.g. at server start). */
export function warmCountyIndex(): void {
  loadCounties();
}

export function lookupMiamiDade(point: LatLng): CountyLookup {
  const { lat, lng } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { inside: false };
  const idx = loadCounties();
  const r = idx.reach;
  if (lng < r.minLng || lng > r.maxLng || lat < r.minLat || lat > r.maxLat) return { inside: false };
  if (containsPoint(idx.miamiDade, lng, lat)) return { inside: true, via: 'land' };
  const neighbours = [idx.broward, idx.monroe, idx.collier];
  const onNeighbourLand = neighbours.some((n) => containsPoint(n, lng, lat));
  if (onNeighbourLand) return { inside: false };
  if (containsPoint(idx.waters, lng, lat)) return { inside: true, via: 'county-waters' };
  const dMiamiDade = distanceToPolygonsMeters(idx.miamiDade, lng, lat);
  if (dMiamiDade > COASTAL_TOLERANCE_M) return { inside: false };
  const nearestIsMiamiDade = neighbours.every((n) => dMiamiDade < distanceToPolygonsMeters(n, lng, lat));
  return nearestIsMiamiDade ? { inside: true, via: 'coastal-tolerance' } : { inside: false };
}

export function isInMiamiDade(point: LatLng): boolean {
  return lookupMiamiDade(point).inside;
}

/**
 * How far out in the county's waters a point lies before no street can run there. The Census land shape is coarse,
 * but every ZIP point and centroid, place and trolley stop of the county lies on it or within 270 m of it (Fisher
 * Island), and none of OpenStreetMap's land along the coast lies beyond this limit (county.test.ts); only
 * Stiltsville's houses and the small keys out in the bay, where no street runs, lie farther. A grid corner made of
 * a misread number ("SW 13" of SW 138 Ave beside SW 209 St) lies 3.5–7.5 km out (decision 0010, 2026-12-02).
 */
export const OPEN_WATER_M = 2000;

/** In Miami-Dade's bay or ocean, farther than OPEN_WATER_M from its land: no corner or house number lies there. */
export function inOpenWater(point: LatLng): boolean {
  if (lookupMiamiDade(point).via !== 'county-waters') return false;
  return distanceToPolygonsMeters(loadCounties().miamiDade, point.lng, point.lat) > OPEN_WATER_M;
}
