/**
 * The Miami-Dade street grid as a small model: grid address → WGS84.
 *
 * The county grid is centred on Flagler Street (streets 0) and Miami Avenue (avenues 0). Streets run east–west
 * and are numbered north and south of Flagler, about 16 to the mile; avenues run north–south and are numbered
 * east and west of Miami Avenue, about 10 to the mile. The survey sections are not perfectly even (blocks near
 * downtown are longer, South Dade's section lines drift), so each axis is a piecewise-linear curve through
 * authored knots: section-line streets and avenues whose position is common knowledge (Coral Way, Bird Road,
 * Kendall Drive, Mowry Drive, Palm Drive, Red Road, Krome Avenue, County Line Road...). Beyond the outermost
 * knots the end segments are extended.
 *
 * Street numbers are signed: north positive (NW 36 St = 36), south negative (SW 8 St = -8). Avenue numbers are
 * signed: west positive (SW 57 Ave = 57), east negative (NE 2 Ave = -2). Terraces, places and courts are the
 * fractional numbers between (NW 18 Terrace ≈ 18.5).
 */
import type { LatLng } from './geometry';

/**
 * [street number, latitude] knots, ascending. In the City of Miami (streets −16 to 70, avenues −2 to 52) the knots
 * were fitted to the calibration half of the City of Miami trolley stops (`npx tsx bench/text/calibrate-grid.ts
 * --dense`, which adds the knots between section lines); the other half measures the model (grid.test.ts). Outside
 * it, where no stop constrains them, the knots are as authored.
 */
// prettier-ignore
export const STREET_KNOTS: ReadonlyArray<readonly [number, number]> = [
  [-424, 25.3755], // SW 424 St, Card Sound Road country
  [-344, 25.4475], // Palm Drive, Florida City
  [-320, 25.4693], // Mowry Drive, Homestead
  [-286, 25.5003], // Coral Castle, SW 286 St
  [-216, 25.5705], // SW 216 St
  [-168, 25.6155], // SW 168 St / Richmond Drive at the Deering Estate
  [-136, 25.6445], // SW 136 St / Howard Drive
  [-104, 25.673], // Killian Parkway
  [-88, 25.6875], // Kendall Drive
  [-72, 25.7035], // Sunset Drive
  [-56, 25.7182], // Miller Drive
  [-40, 25.7335], // Bird Road
  [-24, 25.75], // Coral Way
  [-16, 25.7577], // between the section lines (fitted)
  [-8, 25.766], // Tamiami Trail / Calle Ocho (fitted: moved +55 m)
  [-4, 25.7697], // between the section lines (fitted)
  [0, 25.7736], // Flagler Street (fitted: moved -78 m)
  [4, 25.7779], // between the section lines (fitted)
  [8, 25.782], // between the section lines (fitted)
  [11, 25.7843], // between the section lines (fitted)
  [14, 25.7884], // between the section lines (fitted)
  [20, 25.7954], // NW 20 St (fitted: moved +100 m)
  [28, 25.8036], // between the section lines (fitted)
  [36, 25.8098], // NW 36 St (fitted: moved +33 m)
  [46, 25.818], // between the section lines (fitted)
  [54, 25.8247], // between the section lines (fitted)
  [62, 25.8315], // NW 62 St / MLK Blvd
  [70, 25.839], // between the section lines (fitted)
  [79, 25.8475], // NW 79 St
  [103, 25.8685], // NW 103 St
  [135, 25.8985], // NW 135 St / Opa-locka Blvd
  [183, 25.9425], // NW 183 St / Miami Gardens Drive
  [215, 25.9735], // NW 215 St / County Line Road
];

/** [avenue number, longitude] knots, ascending (east → west). */
// prettier-ignore
export const AVENUE_KNOTS: ReadonlyArray<readonly [number, number]> = [
  [-40, -80.1297], // NE 40 Ave (extended: only the north-east of the county is that far east)
  [-2, -80.1901], // between the section lines (fitted)
  [0, -80.1939], // Miami Avenue (fitted: moved -20 m)
  [4, -80.2011], // between the section lines (fitted)
  [7, -80.2058], // between the section lines (fitted)
  [12, -80.2154], // NW 12 Ave (fitted: moved -210 m)
  [17, -80.2228], // between the section lines (fitted)
  [22, -80.2311], // between the section lines (fitted)
  [27, -80.2388], // NW/SW 27 Ave (fitted: moved -130 m)
  [32, -80.2468], // between the section lines (fitted)
  [37, -80.2539], // Douglas Road (fitted: moved -40 m)
  [42, -80.2616], // between the section lines (fitted)
  [47, -80.2696], // between the section lines (fitted)
  [52, -80.2777], // between the section lines (fitted)
  [57, -80.2858], // Red Road
  [87, -80.3341], // Galloway Road
  [107, -80.3663], // SW 107 Ave
  [137, -80.4146], // SW 137 Ave
  [177, -80.479], // Krome Avenue
  [237, -80.5757], // far west, extended
];

/** Piecewise-linear value of `knots` at x (the end segments extended). */
export function interpolateWith(knots: ReadonlyArray<readonly [number, number]>, x: number): number {
  let i = 1;
  while (i < knots.length - 1 && x > knots[i]![0]) i++;
  const [x0, y0] = knots[i - 1]!;
  const [x1, y1] = knots[i]!;
  return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
}

/** Latitude of a numbered street (north positive, south negative). */
export function streetLat(street: number): number {
  return interpolateWith(STREET_KNOTS, street);
}

/** Longitude of a numbered avenue (west positive, east negative). */
export function avenueLng(avenue: number): number {
  return interpolateWith(AVENUE_KNOTS, avenue);
}

/** The point where a street meets an avenue. */
export function gridPoint(street: number, avenue: number): LatLng {
  return { lat: streetLat(street), lng: avenueLng(avenue) };
}

/** Signed street number from a quadrant prefix: "SW" / "SE" / "S" are south. */
export function signedStreet(prefix: string, n: number): number {
  return /^S/i.test(prefix) ? -n : n;
}

/** Signed avenue number from a quadrant prefix: "NE" / "SE" / "E" are east. */
export function signedAvenue(prefix: string, n: number): number {
  return /E$/i.test(prefix) ? -n : n;
}

export interface GridName {
  axis: 'street' | 'avenue';
  /** Signed as in streetLat / avenueLng. */
  number: number;
}

const GRID_NAME =
  /^\s*(NW|NE|SW|SE|N|S|E|W)\.?\s+(\d+)(?:st|nd|rd|th)?\s+(St|Street|Ter|Terr|Terrace|Ave|Avenue|Ct|Court|Pl|Place)\b/i;

/**
 * Parses a county grid name such as "NW 36 St", "SW 8th Street", "NW 18 Terr" or "W 27th Ave". Returns null for
 * names off the grid (roads, "Ponce De Leon Blvd"). Terraces/places sit half a block past their street; courts
 * and places half a block past their avenue.
 */
export function parseGridName(name: string): GridName | null {
  const m = GRID_NAME.exec(name);
  if (!m) return null;
  const prefix = m[1]!.toUpperCase();
  const n = Number(m[2]);
  const kind = m[3]!.toLowerCase();
  const isStreet = /^(st|street|ter|terr|terrace)$/.test(kind);
  const half = /^(ter|terr|terrace|ct|court|pl|place)$/.test(kind) ? 0.5 : 0;
  if (isStreet) {
    // A street needs a north/south quadrant; "W 27 St" is Hialeah's own grid, not the county's.
    if (!/^(N|S)/.test(prefix)) return null;
    return { axis: 'street', number: signedStreet(prefix, n + half) };
  }
  if (/^(N|S)$/.test(prefix)) return null;
  return { axis: 'avenue', number: signedAvenue(prefix, n + half) };
}
