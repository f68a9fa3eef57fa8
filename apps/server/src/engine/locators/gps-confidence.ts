/**
 * Confidence of a GPS fix, derived from its stated accuracy rather than a constant.
 *
 * Model: the horizontal error is a 2-D Gaussian (Rayleigh-distributed distance). Phones report
 * GPSHPositioningError as roughly the 68 % radius, so σ = r / 1.5. Confidence is the probability that the
 * true position lies within PLACE_RADIUS_M of the fix — the scale at which a street, block and neighbourhood
 * name are right: P = 1 − exp(−R² / (2σ²)). It is capped at MAX_GPS_CONFIDENCE because EXIF positions can be
 * stale (last fix), edited or copied from another photo, which accuracy figures cannot show.
 */
export const PLACE_RADIUS_M = 250;
export const DEFAULT_GPS_ACCURACY_M = 50;
export const MAX_GPS_CONFIDENCE = 0.98;

export function gpsConfidence(accuracyMeters: number): number {
  const sigma = Math.max(accuracyMeters, 1) / 1.5;
  const p = 1 - Math.exp(-(PLACE_RADIUS_M ** 2) / (2 * sigma ** 2));
  return Math.round(Math.min(MAX_GPS_CONFIDENCE, p) * 1000) / 1000;
}
