/**
 * Authored neighbourhoods: the City of Miami's districts and the three parts of Miami Beach, written like the
 * municipal outlines as grid intersections (./grid) and known points. Each neighbourhood belongs to one
 * municipality and is only reported inside it, so a coarse neighbourhood edge can never relabel a point across
 * a city line.
 *
 * Two levels: `district` is the city's broad division (the names the Zillow / City of Miami neighbourhood
 * maps use: Downtown, Wynwood, Little Haiti...), and a finer name (Brickell, Edgewater, Design District...)
 * is reported when the point lies in one of those. List order is priority, finer areas first.
 */
import { AreaIndex } from './area-index';
import { box, closed, g, gridRect, ll } from './authoring';
import type { Municipality } from './gazetteer';
import type { PolygonCoords } from './geometry';

export interface NeighbourhoodArea {
  name: string;
  /** The broad district this area belongs to (itself for a district). */
  district: string;
  municipality: Municipality;
  polygons: PolygonCoords[];
}

/** Far enough into Biscayne Bay to catch the shore, never across it (the islands come first). */
const BAY = -20;

type Row = [name: string, district: string | null, municipality: Municipality, polygons: PolygonCoords[]];

// prettier-ignore
const ROWS: Row[] = [
  // City of Miami islands: Watson, Dodge (PortMiami) and Virginia Key.
  ['Watson Island', 'Islands', 'Miami', [box(25.781, 25.7915, -80.1805, -80.1625)]],
  ['Dodge Island', 'Islands', 'Miami', [box(25.7725, 25.781, -80.1835, -80.155)]],
  ['Virginia Key', 'Islands', 'Miami', [box(25.725, 25.756, -80.180, -80.138)]],
  ['Brickell Key', 'Downtown', 'Miami', [box(25.7655, 25.7705, -80.1875, -80.1835)]],
  // Finer areas inside the districts.
  ['Brickell', 'Downtown', 'Miami', [gridRect(-3, -26, 3, BAY)]],
  ['Park West', 'Downtown', 'Miami', [gridRect(8, 14, 1, -3)]],
  ['Edgewater', 'Wynwood', 'Miami', [gridRect(14, 36, -2, BAY)]],
  ['Midtown', 'Wynwood', 'Miami', [gridRect(29, 36, 0, -2)]],
  ['Design District', 'Little Haiti', 'Miami', [gridRect(36, 42, 1, -2)]],
  ['Shenandoah', 'Coral Way', 'Miami', [gridRect(-8, -24, 12, 22)]],
  ['The Roads', 'Coral Way', 'Miami', [gridRect(-13, -26, 3, 8)]],
  ['Grapeland Heights', 'West Flagler', 'Miami', [gridRect(7, 20, 37, 47)]],
  // Districts.
  // North of NW 5 St, Downtown ends at NW 1 Ave (the FEC tracks and Metrorail): west of it is Overtown.
  ['Downtown', null, 'Miami', [closed([g(14, 1), g(14, BAY), g(-26, BAY), g(-26, 3), g(-3, 3), g(-3, 4), g(5, 4), g(5, 1)])]],
  ['Overtown', null, 'Miami', [gridRect(5, 20, 1, 7)]],
  ['Wynwood', null, 'Miami', [gridRect(20, 36, 7, BAY)]],
  ['Upper Eastside', null, 'Miami', [gridRect(36, 87, -2, BAY)]],
  ['Little Haiti', null, 'Miami', [gridRect(36, 84, 7, -2)]],
  ['Model City', null, 'Miami', [gridRect(36, 79, 7, 27)]],
  ['Allapattah', null, 'Miami', [gridRect(14, 36, 7, 27)]],
  ['Little Havana', null, 'Miami', [closed([g(7, 4), g(7, 27), g(-11, 27), g(-11, 3), g(-3, 3), g(-3, 4)])]],
  ['West Flagler', null, 'Miami', [gridRect(7, -8, 27, 42)]],
  ['Flagami', null, 'Miami', [gridRect(20, -8, 42, 72)]],
  // US 1 bounds Coral Way on the south-east; below it lies Coconut Grove, split north/south along SW 32 Ave
  // (McDonald Street) from US 1 down to the bay: the village centre east of it is North Coconut Grove.
  ['Coral Way', null, 'Miami', [closed([g(-11, 3), g(-11, 37), g(-40, 37), g(-31, 27), g(-25, 17), g(-26, 3)])]],
  ['North Coconut Grove', null, 'Miami', [closed([g(-26, 3), g(-25, 17), g(-31, 27), g(-35.5, 32), ll(25.7076, -80.2455), ll(25.705, -80.240), ll(25.725, -80.232), ll(25.745, -80.190)])]],
  ['South Coconut Grove', null, 'Miami', [closed([g(-35.5, 32), g(-40, 37), ll(25.7130, -80.2570), ll(25.7076, -80.2455)])]],
  // Miami Beach: South Beach to Dade Boulevard (about 23 St), Mid-Beach to 63 St, North Beach beyond.
  ['South Beach', null, 'Miami Beach', [box(25.755, 25.799, -80.170, -80.100)]],
  ['Mid-Beach', null, 'Miami Beach', [box(25.799, 25.8445, -80.170, -80.100)]],
  ['North Beach', null, 'Miami Beach', [box(25.8445, 25.880, -80.170, -80.100)]],
];

export const NEIGHBOURHOOD_AREAS: readonly NeighbourhoodArea[] = ROWS.map(
  ([name, district, municipality, polygons]) => ({
    name,
    district: district ?? name,
    municipality,
    polygons,
  }),
);

export const CITY_OF_MIAMI_DISTRICTS: readonly string[] = [
  ...new Set(NEIGHBOURHOOD_AREAS.filter((n) => n.municipality === 'Miami').map((n) => n.district)),
];

const indexes = new Map<Municipality, AreaIndex<NeighbourhoodArea>>();

function indexFor(municipality: Municipality): AreaIndex<NeighbourhoodArea> | null {
  if (!indexes.size) {
    const byCity = new Map<Municipality, NeighbourhoodArea[]>();
    for (const n of NEIGHBOURHOOD_AREAS) byCity.set(n.municipality, [...(byCity.get(n.municipality) ?? []), n]);
    for (const [city, list] of byCity)
      indexes.set(city, new AreaIndex(list.map((n) => ({ value: n, polygons: n.polygons }))));
  }
  return indexes.get(municipality) ?? null;
}

/** The authored neighbourhood of a point known to lie in `municipality`, or null. */
export function neighbourhoodAt(lat: number, lng: number, municipality: Municipality | null): NeighbourhoodArea | null {
  if (!municipality) return null;
  return indexFor(municipality)?.find(lng, lat) ?? null;
}
