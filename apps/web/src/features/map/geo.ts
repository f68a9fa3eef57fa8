import {
  csvTable,
  placeParts,
  DOWNTOWN_MIAMI,
  TextEvidenceDetailsSchema,
  LIMITS,
  type AnalysisResult,
  type Candidate,
  type Evidence,
  type LocationIndexItem,
} from '@vt/shared';

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (d: number) => (d * Math.PI) / 180;
const toDeg = (r: number) => (r * 180) / Math.PI;

/**
 * A geodesic circle as a closed GeoJSON ring of `steps` points: the uncertainty radius drawn on the map.
 * Destination-point formula, so it stays round at any latitude.
 */
export function circlePolygon(lat: number, lng: number, radiusM: number, steps = 64) {
  const d = radiusM / EARTH_RADIUS_M;
  const φ1 = toRad(lat);
  const λ1 = toRad(lng);
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const θ = (2 * Math.PI * i) / steps;
    const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
    const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
    ring.push([toDeg(λ2), toDeg(φ2)]);
  }
  ring.push(ring[0]!);
  return {
    type: 'Feature' as const,
    properties: { radiusM },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
}

export function haversineMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dφ = toRad(b.lat - a.lat);
  const dλ = toRad(b.lng - a.lng);
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/** "3.2 km from downtown Miami": the Extra view's real distance. */
export function distanceFromDowntown(lat: number, lng: number): string {
  const m = haversineMeters(DOWNTOWN_MIAMI, { lat, lng });
  return m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`;
}

/** Candidates closer than this to the answer are the answer itself, not another place. */
const SAME_PLACE_M = 25;

/** The other places the engine proposed, as numbered on the map (2, 3, …): at most four, the answer left out. */
export function otherCandidates(result: AnalysisResult): Candidate[] {
  return result.candidates.filter((c) => haversineMeters(c, result) > SAME_PLACE_M).slice(0, 4);
}

export type CompareLink = { label: string; href: string };

/** The popup's Compare links (R-MAP-3): a maps service, street view, satellite and OpenStreetMap, for the point. */
export function compareLinks(lat: number, lng: number): CompareLink[] {
  const la = lat.toFixed(6);
  const ln = lng.toFixed(6);
  return [
    { label: 'Google Maps', href: `https://www.google.com/maps/search/?api=1&query=${la},${ln}` },
    { label: 'Street View', href: `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${la},${ln}` },
    { label: 'Satellite', href: `https://www.google.com/maps/@${la},${ln},300m/data=!3m1!1e3` },
    { label: 'OpenStreetMap', href: `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=18/${la}/${ln}` },
  ];
}

/** R-INDEX-6: 20 characters collapsed, 40 expanded in the sidebar, 30 in the overview card. */
export const NAME_LIMIT = { collapsed: 20, expanded: 40, card: 30 } as const;

export function truncateName(name: string, max: number): string {
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}

/** The sidebar's list: the first 5 and how many more, or everything when expanded. */
export function visibleItems<T>(items: readonly T[], expanded: boolean): { shown: readonly T[]; more: number } {
  if (expanded) return { shown: items, more: 0 };
  const n = LIMITS.locationIndexCollapsedShown;
  return { shown: items.slice(0, n), more: Math.max(0, items.length - n) };
}

/** What the item's badge shows: a check running in this browser reads as verifying/reevaluating (R-INDEX-5). */
export function displayStatus(
  status: LocationIndexItem['status'],
  running: 'verify' | 'reevaluate' | undefined,
): LocationIndexItem['status'] {
  if (running === 'verify') return 'verifying';
  if (running === 'reevaluate') return 'reevaluating';
  return status;
}

/** The Extra view's processing time: "840 ms", "2.4 s". */
export function formatProcessingTime(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The status in plain words, beside the spec's short badge (a number, '...', OK, UP, ERR). */
export const STATUS_WORD: Record<LocationIndexItem['status'], string> = {
  idle: 'Not checked yet',
  verifying: 'Checking…',
  reevaluating: 'Analysing again…',
  verified: 'Verified',
  reevaluated: 'Updated by a new analysis',
  error: 'Check failed',
};

/** The spec's status badge: the item's number while idle, '...' while busy, OK, UP, ERR. */
export function statusBadge(status: LocationIndexItem['status'], position: number): string {
  switch (status) {
    case 'verifying':
    case 'reevaluating':
      return '...';
    case 'verified':
      return 'OK';
    case 'reevaluated':
      return 'UP';
    case 'error':
      return 'ERR';
    default:
      return String(position);
  }
}

/** A short paragraph for the popup, made from the result and its evidence rather than invented. */
export function describeResult(result: AnalysisResult, evidence: readonly Evidence[]): string {
  const place = result.place;
  const where = [place?.neighbourhood, place?.municipality, place?.zip].filter(Boolean).join(', ');
  const cited = evidence.filter((e) => e.kind === 'position').map((e) => e.summary);
  const parts = [where ? `${where}.` : null, ...(cited.length ? cited : result.explanation).slice(0, 2)].filter(
    (s): s is string => Boolean(s),
  );
  return parts.join(' ') || 'No evidence located this photo.';
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** One exported place: the same fields in the JSON, CSV and GeoJSON files. */
function exportRow(i: LocationIndexItem) {
  return {
    id: i.id,
    name: i.name,
    lat: round6(i.coordinates.lat),
    lng: round6(i.coordinates.lng),
    confidence: i.confidence,
    located: i.standing === 'located' ? 'yes' : i.standing === 'outside' ? 'outside Miami-Dade' : 'not located',
    ...placeParts(i.place),
    source: i.source,
    status: i.status,
    hasImage: i.hasImage,
    timestamp: i.createdAt,
    analysisId: i.analysisId,
    duplicateOf: i.duplicateOf,
  };
}

/** Export results (R-INDEX-10): the index as a JSON document, newest first, coordinates to 6 decimals. */
export function indexExport(items: readonly LocationIndexItem[], exportedAt = new Date()) {
  return {
    exportedAt: exportedAt.toISOString(),
    count: items.length,
    locations: items.map((i) => {
      const { lat, lng, ...rest } = exportRow(i);
      return { ...rest, coordinates: [lat, lng] as [number, number] };
    }),
  };
}

const CSV_COLUMNS = [
  'id',
  'name',
  'lat',
  'lng',
  'confidence',
  'located',
  'municipality',
  'neighbourhood',
  'zip',
  'source',
  'status',
  'hasImage',
  'timestamp',
  'analysisId',
  'duplicateOf',
] as const;

/** The index as CSV: a header row and one row per place, CRLF line ends (what spreadsheets expect). */
export function indexCsv(items: readonly LocationIndexItem[]): string {
  // csvTable defuses formulas (=, +, -, @ first): place names come from what people type and OCR reads.
  return csvTable(CSV_COLUMNS, items.map(exportRow));
}

/** The index as a GeoJSON FeatureCollection of points ([lng, lat], RFC 7946), the other fields as properties. */
export function indexGeoJson(items: readonly LocationIndexItem[]) {
  return {
    type: 'FeatureCollection' as const,
    features: items.map((i) => {
      const { lat, lng, ...properties } = exportRow(i);
      return { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [lng, lat] }, properties };
    }),
  };
}

/** Half the length of a street drawn through a corner the text was read from: about 600 m each way. */
const STREET_HALF_DEG = 0.0055;

/** A grid street (east–west: St, Ter, Dr…) or avenue (north–south: Ave, Ct, Pl…) by its type word. */
function axisOf(name: string): 'street' | 'avenue' | null {
  if (/\b(ave|avenue|ct|court|pl|place)\b/i.test(name)) return 'avenue';
  if (/\b(st|street|ter|terr|terrace|dr|drive|rd|road|ln|lane)\b/i.test(name)) return 'street';
  return null;
}

export type StreetLine = { label: string; coordinates: [number, number][] };

/**
 * The streets a sign named, to draw and label through the located corner: for a result whose text evidence
 * matched an intersection ("SW 8 St & SW 27 Ave"), an east–west line for the street and a north–south one for the
 * avenue, as the county grid the engine placed it on runs. Nothing for other results or streets off the grid.
 */
export function streetLines(result: AnalysisResult, evidence: readonly Evidence[]): StreetLine[] {
  if (result.outcome !== 'found') return [];
  return cornerStreets(result, evidence);
}

/**
 * Streets read alone (no cross street, nothing to say where along them): each along its whole course through the
 * county, as the text evidence gives it. The line is the candidate; a photo with only this is not located.
 */
export function streetsReadAlone(evidence: readonly Evidence[]): StreetLine[] {
  const out: StreetLine[] = [];
  for (const e of evidence) {
    if (e.locator !== 'text') continue;
    const details = TextEvidenceDetailsSchema.safeParse(e.details);
    if (!details.success) continue;
    for (const m of [...details.data.matches, ...(details.data.hints ?? [])])
      if (m.kind === 'street' && m.path && m.path.length >= 2 && !out.some((o) => o.label === m.label))
        out.push({ label: m.label, coordinates: m.path });
  }
  return out;
}

function cornerStreets(result: AnalysisResult, evidence: readonly Evidence[]): StreetLine[] {
  const text = evidence.find(
    (e) =>
      e.locator === 'text' &&
      e.kind === 'position' &&
      e.position &&
      haversineMeters(e.position, result) <= Math.max(50, e.radiusMeters ?? 0),
  );
  const details = text ? TextEvidenceDetailsSchema.safeParse(text.details) : null;
  const corner = details?.success ? details.data.matches.find((m) => m.kind === 'intersection') : undefined;
  if (!corner || !text?.position) return [];
  const { lat, lng } = text.position;
  return corner.label
    .split(' & ')
    .map((name) => name.trim())
    .flatMap((name): StreetLine[] => {
      const axis = axisOf(name);
      if (!axis) return [];
      const dLng = STREET_HALF_DEG / Math.cos((lat * Math.PI) / 180);
      return [
        {
          label: name,
          coordinates:
            axis === 'street'
              ? [
                  [lng - dLng, lat],
                  [lng + dLng, lat],
                ]
              : [
                  [lng, lat - STREET_HALF_DEG],
                  [lng, lat + STREET_HALF_DEG],
                ],
        },
      ];
    });
}

/** Share of the map's height the located spot sits below the centre after the fly. */
const POPUP_ROOM_SHARE = 0.22;
/** About how tall the result popup opens (its main view); the spot goes low enough for it to fit under a top inset. */
const POPUP_HEIGHT = 390;

/**
 * How far below the map's centre the fly puts the spot: the share above, or lower when something covers the top of
 * the map (the analyse panel on a phone), so that the popup above the spot opens below it. Never closer than 48 px to
 * the bottom edge.
 */
export function spotOffset(height: number, topInset: number): number {
  // 32 px: the popup's offset above the spot (result-layer.ts); 8 px of air between it and what covers the top.
  const clear = topInset + POPUP_HEIGHT + 32 + 8 - height / 2;
  return Math.round(Math.min(height / 2 - 48, Math.max(height * POPUP_ROOM_SHARE, clear)));
}
