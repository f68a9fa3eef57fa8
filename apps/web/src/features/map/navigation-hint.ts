import { MAP_NAVIGATION_HINT_KEY, MapNavigationHintSchema, type MapNavigationHint } from '@vt/shared';

/** A hint older than this is from an earlier visit, not from the click that opened the map. */
export const NAVIGATION_HINT_MAX_AGE_MS = 10 * 60_000;

/**
 * Reads and removes the dashboard's "View" hint (R-DASH-4: id, coordinates, time stored locally, then /map).
 * One-shot: a later visit to /map starts at the normal view. Malformed or stale hints are dropped.
 */
export function takeNavigationHint(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  now = Date.now(),
): MapNavigationHint | null {
  let raw: string | null;
  try {
    raw = storage.getItem(MAP_NAVIGATION_HINT_KEY);
    storage.removeItem(MAP_NAVIGATION_HINT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const hint = MapNavigationHintSchema.parse(JSON.parse(raw));
    if (now - hint.time > NAVIGATION_HINT_MAX_AGE_MS || hint.time > now + 60_000) return null;
    return hint;
  } catch {
    return null;
  }
}
