import type { LocationIndexItem, MapNavigationHint } from '@vt/shared';
import { haversineMeters } from './geo';

/** Saved places closer than this on screen are drawn as one cluster marker with a count (marker width + gap). */
export const CLUSTER_RADIUS_PX = 44;

export type ScreenPoint = { id: string; x: number; y: number };
export type PixelCluster = { ids: string[]; x: number; y: number };

/**
 * Groups points that would overlap on screen: each point joins the first cluster whose seed lies within `radiusPx`,
 * otherwise it seeds a new one; a cluster sits at its members' mean. Input order decides the seeds (the index is
 * newest first, so the newest place of a crowd stands for it). Twenty places need nothing cleverer.
 */
export function clusterByPixels(points: readonly ScreenPoint[], radiusPx = CLUSTER_RADIUS_PX): PixelCluster[] {
  const clusters: Array<PixelCluster & { seed: ScreenPoint; sx: number; sy: number }> = [];
  for (const p of points) {
    const home = clusters.find((c) => Math.hypot(c.seed.x - p.x, c.seed.y - p.y) <= radiusPx);
    if (home) {
      home.ids.push(p.id);
      home.sx += p.x;
      home.sy += p.y;
    } else clusters.push({ ids: [p.id], x: p.x, y: p.y, seed: p, sx: p.x, sy: p.y });
  }
  return clusters.map((c) => ({ ids: c.ids, x: c.sx / c.ids.length, y: c.sy / c.ids.length }));
}

/** Places that have a spot to draw: not-located items are an area, not a place, and are drawn only when opened. */
export function drawnPlaces(items: readonly LocationIndexItem[], hiddenAnalysisId: string | null): LocationIndexItem[] {
  return items.filter((i) => i.standing !== 'not_located' && (!hiddenAnalysisId || i.analysisId !== hiddenAnalysisId));
}

/** Two saved places this close are the same spot (a photo analysed twice, a place saved twice). */
const SAME_SPOT_M = 5;

/**
 * The saved place a "show on map" hint means: the index item of the same analysis, else one at the same spot.
 * Null when the place has left the index (the history keeps 50, the index 20); the map then shows the hint alone.
 */
export function itemForHint(
  items: readonly LocationIndexItem[],
  hint: Pick<MapNavigationHint, 'id' | 'lat' | 'lng'>,
): LocationIndexItem | null {
  return (
    items.find((i) => i.analysisId === hint.id || i.id === hint.id) ??
    items.find((i) => haversineMeters(i.coordinates, hint) <= SAME_SPOT_M) ??
    null
  );
}

/** Lines of a saved place's popup, from what the index knows of it. */
export function savedPlaceLines(item: LocationIndexItem): { standing: string; place: string | null } {
  const where = item.place
    ? [item.place.neighbourhood, item.place.municipality, item.place.zip].filter(
        (p, i, all): p is string => Boolean(p) && all.indexOf(p) === i,
      )
    : [];
  const standing =
    item.standing === 'not_located'
      ? 'Not located: nothing in the photo placed it; the circle is the whole area it could be in.'
      : item.standing === 'outside'
        ? `Outside Miami-Dade, at ${item.coordinates.lat.toFixed(4)}, ${item.coordinates.lng.toFixed(4)}`
        : `${Math.round(item.confidence * 100)}% confidence · ${item.source}`;
  return { standing, place: where.length ? where.join(', ') : null };
}
