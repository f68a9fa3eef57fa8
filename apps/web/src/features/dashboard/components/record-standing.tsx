import { standingOf, type AnalysisRecord } from '@vt/shared';
import { StandingBadge, placeLine } from '../../analysis';

/** Where a listed analysis stands; null before it has a place. */
export const standingOfRecord = (r: AnalysisRecord) =>
  r.location ? standingOf({ ...r.location, outcome: r.analysis_result?.outcome }) : null;

/** A listed analysis' badge: its confidence when located, else "Outside Miami-Dade" or "Not located". */
export function RecordStandingBadge({ record }: { record: AnalysisRecord }) {
  if (!record.location) return null;
  return (
    <StandingBadge
      confidence={record.location.confidence}
      source={record.location.source}
      name={record.location.name}
      outcome={record.analysis_result?.outcome}
    />
  );
}

/** The line under a listed analysis' name: its neighbourhood and municipality, or why there is no place. */
export function recordPlaceLine(record: AnalysisRecord): string {
  const standing = standingOfRecord(record);
  return record.location && standing ? placeLine(record.location, standing) : 'Not analysed yet';
}
