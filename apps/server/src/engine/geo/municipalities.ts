/**
 * Authored outlines of the 34 incorporated municipalities of Miami-Dade County.
 *
 * Most city limits here follow the county street grid, canals, the bay and the ocean, so each outline is written
 * as grid intersections (converted by the grid model in ./grid) or, on the islands and the coast, as known
 * points. The outlines are deliberately simple (a few to a dozen vertices): they are facts written down from
 * public knowledge of the city limits, not traced from any boundary file. Where the real line wiggles
 * (annexations, canals), the outline follows the main street it runs along, and the tests measure how often
 * that is right.
 *
 * List order is priority (see AreaIndex): small towns lying inside or against a bigger outline come first, so
 * the bigger one can stay a simple shape. Water is included freely — points off the coast belong to the city on
 * that shore — but never across to another municipality's land, which the ordering settles.
 */
import { AreaIndex } from './area-index';
import { box, closed, g, gridRect, ll } from './authoring';
import { streetLat } from './grid';
import type { MunicipalityOrUnincorporated, Municipality } from './gazetteer';
import type { PolygonCoords, Position } from './geometry';

/** Official form: "City", "Town" or "Village" as chartered. */
export type MunicipalKind = 'city' | 'town' | 'village';

export interface MunicipalityOutline {
  name: Municipality;
  kind: MunicipalKind;
  /** The official name, e.g. "Village of Key Biscayne". North Bay Village carries its form in its name. */
  officialName: string;
  polygons: PolygonCoords[];
}

function official(name: string, kind: MunicipalKind): string {
  if (name === 'North Bay Village') return name;
  return `${kind[0]!.toUpperCase()}${kind.slice(1)} of ${name}`;
}

// US 1 (South Dixie Highway) runs diagonally across the grid and bounds Pinecrest, Palmetto Bay and Cutler Bay
// on the west: [street, avenue] where it crosses each section line.
const US1: ReadonlyArray<readonly [number, number]> = [
  [-80, 65],
  [-88, 72],
  [-104, 79],
  [-120, 84],
  [-136, 88],
  [-152, 92],
  [-168, 96],
  [-184, 100],
  [-200, 104],
  [-216, 109],
  [-232, 114],
];

function us1Between(fromStreet: number, toStreet: number): Position[] {
  const lo = Math.min(fromStreet, toStreet);
  const hi = Math.max(fromStreet, toStreet);
  const pts = US1.filter(([s]) => s >= lo && s <= hi).map(([s, a]) => g(s, a));
  return fromStreet > toStreet ? pts : pts.reverse();
}

/** The Intracoastal Waterway along the bay side of the northern barrier island (Haulover, Sunny Isles). */
const ICW_NORTH_LNG = -80.131;

type Row = [name: Municipality, kind: MunicipalKind, polygons: PolygonCoords[]];

// prettier-ignore
const ROWS: Row[] = [
  // Islands and the beach strip, north to south.
  ['Golden Beach', 'town', [box(25.9565, 25.9747, -80.1285, -80.105)]],
  ['Sunny Isles Beach', 'city', [box(25.922, 25.9565, -80.1305, -80.105)]],
  ['Indian Creek', 'village', [box(25.8705, 25.883, -80.1395, -80.1315)]],
  ['Bay Harbor Islands', 'town', [box(25.883, 25.8975, -80.1395, -80.1275)]],
  ['Surfside', 'town', [box(25.8735, 25.8862, -80.1315, -80.105)]],
  ['Bal Harbour', 'village', [box(25.8862, 25.9005, -80.1275, -80.105)]],
  ['North Bay Village', 'city', [box(25.8415, 25.8555, -80.170, -80.1435)]],
  ['Miami Beach', 'city', [closed([
    // The city line runs down the middle of the bay: the Venetian, Sunset and Normandy isles are Miami Beach.
    ll(25.7625, -80.1265), ll(25.7625, -80.1395), ll(25.7720, -80.1625), ll(25.7925, -80.1625),
    ll(25.7950, -80.1690), ll(25.8415, -80.1690), ll(25.8600, -80.1500),
    ll(25.8735, -80.1500), ll(25.8735, -80.1050), ll(25.7625, -80.1100),
  ])]],
  ['Key Biscayne', 'village', [box(25.6825, 25.7045, -80.1755, -80.1480)]],
  // The north-east.
  ['Aventura', 'city', [gridRect(185, 215, -25, -40)]],
  ['North Miami Beach', 'city', [closed([g(155, 2), g(155, -25), g(163, -25), g(163, -40), g(185, -40), g(185, 2)])]],
  ['Biscayne Park', 'village', [gridRect(107, 123, -2, -12)]],
  ['El Portal', 'village', [gridRect(84, 91, 4, -3)]],
  ['Miami Shores', 'village', [gridRect(87, 115, 6, -20)]],
  // North Miami's east edge is the Intracoastal Waterway on the bay side of the barrier island: Haulover Park and
  // the inlet between Bal Harbour and Sunny Isles Beach are county land (unincorporated).
  ['North Miami', 'city', [closed([g(115, 12), ll(streetLat(115), ICW_NORTH_LNG), ll(streetLat(163), ICW_NORTH_LNG), g(163, -25), g(155, -25), g(155, 2), g(143, 2), g(135, 12)])]],
  ['Opa-locka', 'city', [gridRect(119, 151, 21, 50)]],
  ['Miami Gardens', 'city', [closed([g(151, 17), g(167, 7), g(183, 7), g(183, 2), g(215, 2), g(215, 57), g(183, 57), g(167, 47), g(151, 47)])]],
  // The north-west.
  ['Miami Lakes', 'town', [gridRect(136, 166, 57, 97)]],
  ['Medley', 'town', [closed([g(82, 86), g(82, 120), g(130, 120), g(130, 108), g(112, 108), g(100, 92), g(90, 86)])]],
  ['Hialeah Gardens', 'city', [gridRect(108, 152, 92, 118)]],
  // NW 33 St to half a block past NW 38 St, NW 59 to NW 69 Ave (checked against the Census TIGER outline).
  ['Virginia Gardens', 'village', [gridRect(33, 38.5, 59, 69)]],
  ['Miami Springs', 'city', [closed([g(36, 46), g(36, 70), g(58, 70), g(58, 57), g(44, 46)])]],
  // Hialeah runs from the Miami Canal and E 4 Ave west to its annexations along I-75.
  ['Hialeah', 'city', [closed([
    g(46, 40), g(119, 40), g(136, 57), g(136, 97), g(166, 97), g(166, 110), g(104, 110), g(104, 92),
    g(82, 86), g(74, 79), g(58, 62), g(58, 44), g(46, 44),
  ])]],
  // Sweetwater: the Turnpike (west) to NW 107 Ave north of the Dolphin Expressway; between Flagler and the Trail
  // Fontainebleau (unincorporated) takes the east side; south of the Trail the city reaches SW 12 St and widens
  // east around FIU's student quarter.
  ['Sweetwater', 'city', [closed([
    g(22.5, 109), g(22.5, 118), g(-12.5, 118), g(-12.5, 104), g(-5.5, 104), g(-5.5, 112.5), g(4.5, 112.5), g(8.5, 109),
  ])]],
  ['Doral', 'city', [gridRect(12, 80, 78, 120)]],
  // The middle and the south.
  ['West Miami', 'city', [gridRect(-8, -20, 57, 67)]],
  ['South Miami', 'city', [gridRect(-42, -80, 57, 70)]],
  ['Pinecrest', 'village', [closed([g(-80, 57), ...us1Between(-80, -136), g(-136, 57)])]],
  ['Coral Gables', 'city', [closed([
    g(-8, 37), g(-8, 57), g(-136, 57), g(-156, 60), ll(25.627, -80.262), ll(25.650, -80.250), ll(25.690, -80.240),
    ll(25.708, -80.240), ll(25.7130, -80.2570), g(-40, 37),
  ])]],
  ['Palmetto Bay', 'village', [closed([g(-136, 57), ...us1Between(-136, -184), g(-184, 80), ll(25.6005, -80.29), ll(25.645, -80.27)])]],
  ['Cutler Bay', 'town', [closed([g(-184, 80), ...us1Between(-184, -232), g(-232, 87), ll(25.5555, -80.30), ll(25.6005, -80.29)])]],
  ['Florida City', 'city', [closed([g(-328, 162), g(-328, 192), g(-376, 192), g(-376, 146), g(-350, 146), g(-350, 162)])]],
  ['Homestead', 'city', [closed([g(-296, 197), g(-296, 165), g(-316, 165), g(-316, 132), g(-352, 132), g(-352, 197)])]],
  ['Miami', 'city', [closed([
    // Biscayne Bay, Virginia Key (north of the county's Seaquarium land), Watson and Dodge islands.
    ll(25.8547, -80.172), ll(25.7925, -80.172), ll(25.772, -80.1625), ll(25.770, -80.150), ll(25.745, -80.143), ll(25.737, -80.143), ll(25.737, -80.172),
    ll(25.725, -80.215), ll(25.712, -80.238), ll(25.7130, -80.2570),
    // Coconut Grove against Coral Gables, then Tamiami Trail to Flagami's west edge.
    g(-40, 37), g(-8, 37), g(-8, 72), g(12, 72), g(12, 57), g(20, 57), g(20, 42), g(36, 42),
    // Allapattah and Liberty City against Brownsville and Gladeview; the northern edge at Little River.
    g(36, 27), g(46, 27), g(46, 22), g(71, 22), g(71, 12), g(79, 12), g(79, 4), g(84, 4), g(84, -4), g(87, -4),
  ])]],
];

export const MUNICIPALITY_OUTLINES: readonly MunicipalityOutline[] = ROWS.map(([name, kind, polygons]) => ({
  name,
  kind,
  officialName: official(name, kind),
  polygons,
}));

let index: AreaIndex<Municipality> | null = null;

function getIndex(): AreaIndex<Municipality> {
  index ??= new AreaIndex(MUNICIPALITY_OUTLINES.map((m) => ({ value: m.name, polygons: m.polygons })));
  return index;
}

/** The municipality whose authored outline contains the point, or null (unincorporated or outside). */
export function municipalityAt(lat: number, lng: number): Municipality | null {
  return getIndex().find(lng, lat);
}

export function municipalityOrUnincorporatedAt(lat: number, lng: number): MunicipalityOrUnincorporated {
  return municipalityAt(lat, lng) ?? 'Unincorporated Miami-Dade';
}
