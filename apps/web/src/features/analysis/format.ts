import type { AnalysisResult, Outcome } from '@vt/shared';

export type ConfidenceTone = 'ok' | 'warm' | 'danger';

/** The spec's confidence badge: green at 80% or more, amber below; red only for an error outcome. */
export function confidenceTone(confidence: number, outcome?: Outcome | null): ConfidenceTone {
  if (outcome === 'error' || outcome === 'failed') return 'danger';
  return confidence >= 0.8 ? 'ok' : 'warm';
}

/** 0.856 → "86%". */
export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

/** Uncertainty radius: "±8 m" below a kilometre, "±1.2 km" above, "unknown" when not known. */
export function formatRadius(meters: number | null | undefined): string {
  if (meters === null || meters === undefined || !Number.isFinite(meters)) return 'unknown';
  if (meters < 1000) return `±${Math.max(1, Math.round(meters))} m`;
  return `±${(meters / 1000).toFixed(1)} km`;
}

/** "25.790700, -80.130000": coordinates with the spec's decimals (6 in details, 4 in lists). */
export function formatLatLng(lat: number, lng: number, decimals: 4 | 6 = 6): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}

/** Opens the point in OpenStreetMap with a marker. */
export function openStreetMapUrl(lat: number, lng: number, zoom = 17): string {
  const la = lat.toFixed(6);
  const ln = lng.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${ln}#map=${zoom}/${la}/${ln}`;
}

/** One sentence that says what the outcome means, plainly. */
export function outcomeText(result: Pick<AnalysisResult, 'outcome' | 'lat' | 'lng'>): string {
  switch (result.outcome) {
    case 'found':
      return 'Located in Miami-Dade County.';
    case 'outside_coverage':
      return `Outside Miami-Dade: this photo was taken outside the county, at ${formatLatLng(result.lat, result.lng, 4)}. It is shown where it was taken.`;
    case 'fallback':
      return 'Not located: nothing in the photo placed it. The circle is the whole general Miami area it could be in, at low confidence; its centre is not a place anyone found.';
    case 'failed':
      return 'Not located: the analysis could not run on this photo. The circle is the general Miami area; its centre is not a place anyone found.';
    case 'error':
      return 'Not located: the analysis ran into an error. The circle is the general Miami area; its centre is not a place anyone found.';
  }
}

export const OUTCOME_LABEL: Record<Outcome, string> = {
  found: 'Found',
  outside_coverage: 'Outside Miami-Dade',
  fallback: 'Not located',
  failed: 'Not located: analysis failed',
  error: 'Not located: error',
};

export type UserError = { message: string; canRetry: boolean };

const QUOTA_CODES = new Set(['weekly_limit_reached', 'too_many_images_per_upload']);

/**
 * The spec's error table (R-ANALYSIS-6) for a failed call: network, timeout, 429, 401/403, 500, otherwise.
 * The upload's own refusals (400, 413, 415) are shown as the server says them: they are about this file, and
 * sending it again would not help.
 */
export function userErrorFor(failure: {
  status?: number;
  message?: string | null;
  network?: boolean;
  code?: string | null;
}): UserError {
  const message = failure.message ?? '';
  const status = failure.status ?? 0;
  // Quota refusals say why and when the week resets; the generic 429 text would hide that, and retrying cannot help.
  if (failure.code && QUOTA_CODES.has(failure.code) && message) return { message, canRetry: false };
  if (failure.network)
    return { message: 'Network connection failed. Please check your internet connection.', canRetry: true };
  if (/timeout|timed out/i.test(message))
    return { message: 'Analysis timed out. The image may be too complex.', canRetry: true };
  if (status === 429 || /\b429\b/.test(message))
    return { message: 'Too many requests. Please wait a moment and try again.', canRetry: true };
  if (status === 401 || status === 403)
    return { message: 'Authentication failed. Please refresh the page.', canRetry: false };
  if (status >= 500) return { message: 'Server error. Our team has been notified.', canRetry: true };
  if ((status === 400 || status === 413 || status === 415) && message) return { message, canRetry: false };
  return { message: message || 'Unknown error occurred', canRetry: false };
}

/** Files the picker offers: every image type, plus HEIC/HEIF that some browsers do not label as images. */
export const ACCEPT_PHOTOS = 'image/*,.heic,.heif,.HEIC,.HEIF';

/** "2.4 MB" / "812 KB" for the upload line. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
