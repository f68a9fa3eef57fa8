import { MAP_NAVIGATION_HINT_KEY, MapNavigationHintSchema, type MapNavigationHint } from '@vt/shared';

/**
 * The map's one-shot navigation hint (R-DASH-4): a list's "Open on Map" or "View" leaves where to fly in the
 * browser's storage, then opens /map, which takes the hint once. Writer and reader live here together.
 */

/** A hint older than this is from an earlier visit, not from the click that opened the map. */
export const NAVIGATION_HINT_MAX_AGE_MS = 10 * 60_000;

/**
 * Leaves the map a hint of where to fly, then the caller opens /map (R-STATE-2: the browser may keep this; losing it
 * is harmless, so storage that is full or disabled just means the map opens at its default view).
 */
export function leaveNavigationHint(
  place: { id: string; lat: number; lng: number },
  now = Date.now(),
): MapNavigationHint {
  const hint: MapNavigationHint = { id: place.id, lat: place.lat, lng: place.lng, time: now };
  try {
    localStorage.setItem(MAP_NAVIGATION_HINT_KEY, JSON.stringify(hint));
  } catch {
    // Storage full or disabled: the map opens at its default view.
  }
  return hint;
}

/**
 * Reads and removes the hint (R-DASH-4: id, coordinates, time stored locally, then /map).
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
