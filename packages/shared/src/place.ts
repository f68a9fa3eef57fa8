import type { Place } from './contracts/analyses';

/**
 * A place's municipality, neighbourhood and ZIP, as every record, export and answer stores them: each null when it
 * is not known, and all three null when there is no place (a result outside the county or not located).
 */
export function placeParts(place: Pick<Place, 'municipality' | 'neighbourhood' | 'zip'> | null | undefined): {
  municipality: string | null;
  neighbourhood: string | null;
  zip: string | null;
} {
  return {
    municipality: place?.municipality ?? null,
    neighbourhood: place?.neighbourhood ?? null,
    zip: place?.zip ?? null,
  };
}
