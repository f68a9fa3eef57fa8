import type { AnalysisRecord, MapNavigationHint } from '@vt/shared';
import { leaveNavigationHint } from '../../lib/map-navigation-hint';

/** `{id}-{YYYY-MM-DD}.json`, the date being the analysis' own (R-DASH-3). */
export function exportFileName(record: Pick<AnalysisRecord, 'id' | 'created_at'>): string {
  return `${record.id}-${record.created_at.slice(0, 10)}.json`;
}

/** What Export Data writes: the location, the analysis details and when it was exported. */
export function exportDocument(record: AnalysisRecord, now: Date) {
  return {
    id: record.id,
    location: record.location,
    analysis: {
      created_at: record.created_at,
      status: record.status,
      analysis_type: record.analysis_type,
      confidence_score: record.confidence_score,
      file_name: record.file_name,
      image_url: record.image_url,
      result: record.analysis_result,
      location_data: record.location_data,
    },
    exportedAt: now.toISOString(),
  };
}

/** Leaves the map a hint of this analysis' place (R-DASH-4); none when it has no place. */
export function storeNavigationHint(record: AnalysisRecord, now = Date.now()): MapNavigationHint | null {
  if (!record.location) return null;
  return leaveNavigationHint({ id: record.id, lat: record.location.lat, lng: record.location.lng }, now);
}
