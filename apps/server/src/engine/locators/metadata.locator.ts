import type { Evidence, LatLng, PhotoMetadata } from '@vt/shared';
import type { GpsReadResult } from '../metadata/gps';
import { lookupMiamiDade, type CountyLookup } from '../geo/county';
import { gpsReadingOf } from '../pipeline/read-metadata';
import type { Locator } from './locator';
import { DEFAULT_GPS_ACCURACY_M, gpsConfidence } from './gps-confidence';

/** Whole-degree coordinates are good to about half a degree (~55 km); the radius says so. */
const INTEGER_DEGREES_RADIUS_M = 55_000;

export type MetadataLocatorDeps = { lookupCounty(p: LatLng): CountyLookup };

const fmt = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/**
 * The photo's own GPS (read and validated in the readMetadata step by engine/metadata/gps.ts): exact when
 * present; outside the county it is reported as outside coverage at its real place, never moved in.
 */
export function createMetadataLocator(deps: MetadataLocatorDeps = { lookupCounty: lookupMiamiDade }): Locator {
  return {
    name: 'metadata',
    enabled: () => true,
    async locate(input) {
      return metadataEvidence(input.metadata, deps);
    },
  };
}

export function metadataEvidence(
  metadata: PhotoMetadata,
  deps: MetadataLocatorDeps = { lookupCounty: lookupMiamiDade },
): Evidence[] {
  const reading: GpsReadResult | null = gpsReadingOf(metadata);
  if (!reading || reading.status === 'absent') {
    return [{ locator: 'metadata', kind: 'absent', summary: 'The photo carries no GPS position.' }];
  }
  if (reading.status === 'unreadable') {
    return [
      {
        locator: 'metadata',
        kind: 'absent',
        reason: reading.reason,
        summary: `The photo's metadata could not be read (${reading.detail}).`,
      },
    ];
  }
  if (reading.status === 'rejected') {
    return [
      {
        locator: 'metadata',
        kind: 'rejected',
        reason: reading.reason,
        summary: `The photo's GPS position was not used: ${reading.detail}`,
      },
    ];
  }
  const coarse = reading.precision === 'integer-degrees';
  const radius = coarse ? INTEGER_DEGREES_RADIUS_M : (reading.accuracyMeters ?? DEFAULT_GPS_ACCURACY_M);
  const county = deps.lookupCounty(reading.position);
  const details = {
    accuracyMeters: reading.accuracyMeters ?? null,
    accuracyAssumed: reading.accuracyMeters === undefined && !coarse,
    precision: reading.precision,
    directionDeg: reading.directionDegrees ?? null,
    directionRef: reading.directionRef ?? null,
    altitudeMeters: reading.altitudeMeters ?? null,
    takenAt: metadata.takenAt,
    camera: [metadata.make, metadata.model].filter(Boolean).join(' ') || null,
    source: reading.source,
    countyMatch: county.via ?? null,
    notes: reading.notes,
  };
  const base = {
    locator: 'metadata',
    position: reading.position,
    radiusMeters: radius,
    confidence: gpsConfidence(radius),
    details,
  };
  const accuracyText = coarse
    ? 'whole degrees only, good to about 55 km'
    : reading.accuracyMeters === undefined
      ? `no stated accuracy, ${radius} m assumed`
      : `accurate to about ${Math.round(radius)} m`;
  if (!county.inside) {
    return [
      {
        ...base,
        kind: 'outside_coverage',
        summary: `The photo's GPS places it at ${fmt(reading.position)} (${accuracyText}), outside Miami-Dade County.`,
      },
    ];
  }
  return [
    { ...base, kind: 'position', summary: `The photo's GPS places it at ${fmt(reading.position)} (${accuracyText}).` },
  ];
}
