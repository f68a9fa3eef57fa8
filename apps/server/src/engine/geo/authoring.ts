/**
 * Helpers for writing outlines by hand as facts: grid intersections ("SW 8 St × SW 57 Ave") and quoted points.
 * Shared by the authored municipality and neighbourhood outlines.
 */
import { gridPoint } from './grid';
import type { PolygonCoords, Position } from './geometry';

/** Grid vertex: street (north +, south −) × avenue (west +, east −), as [lng, lat]. */
export function g(street: number, avenue: number): Position {
  const p = gridPoint(street, avenue);
  return [p.lng, p.lat];
}

/** A known point, written lat, lng as people usually quote it; stored [lng, lat]. */
export function ll(lat: number, lng: number): Position {
  return [lng, lat];
}

export function closed(vertices: Position[]): PolygonCoords {
  return [[...vertices, vertices[0]!]];
}

/** Grid rectangle between two streets and two avenues. */
export function gridRect(street1: number, street2: number, avenue1: number, avenue2: number): PolygonCoords {
  return closed([g(street1, avenue1), g(street1, avenue2), g(street2, avenue2), g(street2, avenue1)]);
}

/** Box between two latitudes and two longitudes (islands, the beach strip). */
export function box(lat1: number, lat2: number, lng1: number, lng2: number): PolygonCoords {
  return closed([ll(lat1, lng1), ll(lat1, lng2), ll(lat2, lng2), ll(lat2, lng1)]);
}
