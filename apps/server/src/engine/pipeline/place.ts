import type { LatLng, Place } from '@vt/shared';
import { GAZETTEER } from '../geo/gazetteer';
import { haversineMeters } from '../geo/geometry';
import { reverseGeocode } from '../geo/reverse-geocode';

/**
 * The place of a located point: municipality (authored city limits), neighbourhood (authored districts, or for
 * unincorporated land the nearest Census place such as Kendall), ZIP (nearest ZCTA centre) and the nearest
 * named gazetteer entry. See geo/reverse-geocode for how each part is decided and how well it agrees with the
 * Census and Zillow boundaries.
 */
/** The nearest gazetteer entry is named only when it is this close, so "near X" stays meaningful. */
const NEAREST_MAX_M = 7500;

export function describePlace(p: LatLng): Place {
  const r = reverseGeocode(p);
  let nearest: { name: string; d: number } | null = null;
  for (const e of GAZETTEER) {
    const d = haversineMeters(p, e.position);
    if (!nearest || d < nearest.d) nearest = { name: e.name, d };
  }
  return {
    municipality: r.municipality,
    neighbourhood: r.neighbourhood ?? r.unincorporatedPlace,
    zip: r.zip,
    nearest: nearest && nearest.d <= NEAREST_MAX_M ? nearest.name : null,
  };
}

/** A short name for a located point: neighbourhood and municipality when known. */
export function placeName(place: Place | null, p: LatLng): string {
  const parts = [place?.neighbourhood, place?.municipality].filter((x): x is string => Boolean(x));
  const unique = parts.filter((x, i) => parts.indexOf(x) === i);
  if (unique.length) return unique.join(', ');
  if (place?.nearest) return `Near ${place.nearest}`;
  return `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;
}
