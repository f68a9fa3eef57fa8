import type { Evidence, PhotoFormat, PhotoMetadata } from '@vt/shared';
import type { Config } from '../../config';
import type { MatchOutcome } from '../gallery/gallery';
import type { NeighboursInTime } from '../pipeline/ports';

/** What every locator gets: the stored metadata and, when it needs pixels, the display-size derivative. */
export type LocatorInput = {
  fileName: string;
  format: PhotoFormat;
  metadata: PhotoMetadata;
  /** Metadata-free display WebP (orientation applied); loaded lazily because most locators do not need it. */
  displayImage(): Promise<Buffer>;
  /**
   * The photo at full resolution while it is still stored, for locators that need every pixel (reading small signs):
   * as uploaded, or for HEIC (which the image library cannot decode) a JPEG made from it; null otherwise. Loaded
   * lazily.
   */
  fullImage?(): Promise<Buffer | null>;
  /** Whose photo it is: the gallery matches only against the same user's places. */
  userId?: string;
  /** The analysis being run, so a locator that looks at the owner's other analyses leaves this one out. */
  analysisId?: string;
  /** The trip the photo was uploaded in (R-TRIP-5): the sequence locator looks for neighbours in it only. */
  tripId?: string | null;
};

/** Services the engine hands to locators that need more than settings (the gallery's database-backed index). */
export type LocatorServices = {
  gallery: { match(userId: string, image: Buffer): Promise<MatchOutcome> };
  /** The owner's photos placed by their GPS, close in time (the sequence locator). */
  neighboursInTime?: NeighboursInTime;
};

export type LocatorContext = {
  signal: AbortSignal;
  log(message: string, details?: Record<string, unknown>): void;
};

/**
 * One independent way of finding where a photo was taken. Locators never decide the result: they return
 * evidence, and fusion weighs it. A locator that throws is reported and the others still count.
 */
export interface Locator {
  readonly name: string;
  enabled(config: Config): boolean;
  locate(input: LocatorInput, ctx: LocatorContext): Promise<Evidence[]>;
  /** A locator that needs settings (e.g. an API client) returns a configured copy of itself here. */
  forConfig?(config: Config): Locator;
  /** A locator that needs engine services returns a copy wired to them here (called after forConfig). */
  withServices?(services: LocatorServices): Locator;
  /**
   * Why this locator need not run, given the evidence of the locators before it (e.g. a precise GPS fix makes a
   * second of OCR pointless), or null to run. The reason is shown as the locator's evidence.
   */
  skip?(evidenceSoFar: readonly Evidence[]): string | null;
  /** Releases what the locator holds (child processes); called when the engine shuts down. */
  close?(): Promise<void>;
}

/** A GPS fix this precise, inside the county, leaves nothing for reading text or matching the gallery to add. */
const GPS_PRECISE_ENOUGH_M = 100;

/** The radius of the photo's own GPS fix when it is precise enough to skip the slower locators, else null. */
export function preciseGpsRadius(evidence: readonly Evidence[]): number | null {
  const gps = evidence.find((e) => e.locator === 'metadata' && e.kind === 'position');
  return gps && (gps.radiusMeters ?? Infinity) <= GPS_PRECISE_ENOUGH_M ? Math.round(gps.radiusMeters ?? 0) : null;
}
