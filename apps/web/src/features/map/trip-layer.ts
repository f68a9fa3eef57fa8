import { LngLatBounds, type GeoJSONSource, type Map as MapLibreMap, type MapLayerMouseEvent } from 'maplibre-gl';
import { MAP, type TripPhoto } from '@vt/shared';
import { circlePolygon } from './geo';

/** The colour of a placed photo by what placed it: its GPS (cool), its neighbours in time (warm), other evidence. */
export const TRIP_COLOURS = { gps: '#5cc8ff', sequence: '#ffb454', other: '#c4a7ff', outside: '#f87171' } as const;

const SOURCES = ['vt-trip-areas', 'vt-trip-track', 'vt-trip-links', 'vt-trip-points'] as const;
const empty = { type: 'FeatureCollection' as const, features: [] };

/** Photos the map can show: placed, or placed outside the county (a not-located photo has no spot, R-MAP-8). */
export const mappable = (p: TripPhoto) => Boolean(p.place) && (p.state === 'placed' || p.state === 'outside');

const colourOf = (p: TripPhoto) => (p.state === 'outside' ? TRIP_COLOURS.outside : TRIP_COLOURS[p.placedBy ?? 'other']);

/**
 * A trip on the map (R-TRIP-4): a dot per placed photo coloured by what placed it, the trip's track through them in
 * the order they were taken, the uncertainty circle of each photo not placed by its own GPS, and for the photo picked
 * the lines to the neighbours it was placed from. GeoJSON layers, so hundreds of photos stay light; the page's list
 * of photos is their text alternative. The view frames the photos as they arrive, until the person moves the map.
 */
export class TripLayer {
  private photos: TripPhoto[] = [];
  private framedCount = 0;
  private touched = false;
  private readonly onClick = (e: MapLayerMouseEvent) => {
    const id = e.features?.[0]?.properties?.analysisId;
    if (typeof id === 'string') this.opts.onSelect(id);
  };
  private readonly onEnter = () => (this.map.getCanvas().style.cursor = 'pointer');
  private readonly onLeave = () => (this.map.getCanvas().style.cursor = '');
  private readonly onUserMove = (e: { originalEvent?: unknown }) => {
    if (e.originalEvent) this.touched = true;
  };
  // A turned phone or a resized window frames the photos again, unless the person has moved the map.
  private readonly onResize = () => {
    this.framedCount = 0;
    this.frame();
  };

  constructor(
    private readonly map: MapLibreMap,
    private readonly opts: {
      onSelect(analysisId: string): void;
      /** Room to keep free around the photos when framing them (a panel over the map). */
      padding?(): { top: number; bottom: number; left: number; right: number };
    },
  ) {
    for (const id of SOURCES) if (!map.getSource(id)) map.addSource(id, { type: 'geojson', data: empty });
    map.addLayer({
      id: 'vt-trip-areas-fill',
      type: 'fill',
      source: 'vt-trip-areas',
      paint: { 'fill-color': ['get', 'colour'], 'fill-opacity': ['case', ['get', 'selected'], 0.16, 0.06] },
    });
    map.addLayer({
      id: 'vt-trip-areas-line',
      type: 'line',
      source: 'vt-trip-areas',
      paint: { 'line-color': ['get', 'colour'], 'line-width': 1, 'line-opacity': 0.6, 'line-dasharray': [2, 2] },
    });
    map.addLayer({
      id: 'vt-trip-track',
      type: 'line',
      source: 'vt-trip-track',
      paint: { 'line-color': '#e6eaf0', 'line-width': 1.5, 'line-opacity': 0.35 },
    });
    map.addLayer({
      id: 'vt-trip-links',
      type: 'line',
      source: 'vt-trip-links',
      paint: { 'line-color': TRIP_COLOURS.sequence, 'line-width': 2, 'line-dasharray': [1.5, 1.5] },
    });
    map.addLayer({
      id: 'vt-trip-points',
      type: 'circle',
      source: 'vt-trip-points',
      paint: {
        'circle-color': ['get', 'colour'],
        'circle-radius': ['case', ['get', 'selected'], 9, 6],
        'circle-stroke-color': ['case', ['get', 'selected'], '#ffffff', '#0a0d12'],
        'circle-stroke-width': ['case', ['get', 'selected'], 2.5, 1.5],
      },
    });
    map.on('click', 'vt-trip-points', this.onClick);
    map.on('mouseenter', 'vt-trip-points', this.onEnter);
    map.on('mouseleave', 'vt-trip-points', this.onLeave);
    map.on('movestart', this.onUserMove);
    map.on('resize', this.onResize);
  }

  setPhotos(photos: readonly TripPhoto[], selectedId: string | null): void {
    this.photos = photos.filter(mappable);
    const placed = this.photos;
    const selected = placed.find((p) => p.analysisId === selectedId) ?? null;
    const data = (id: (typeof SOURCES)[number], features: unknown[]) =>
      (this.map.getSource(id) as GeoJSONSource | undefined)?.setData({
        type: 'FeatureCollection',
        features: features as never,
      });
    data(
      'vt-trip-points',
      placed.map((p) => ({
        type: 'Feature',
        properties: {
          analysisId: p.analysisId,
          fileName: p.fileName,
          placedBy: p.placedBy ?? 'other',
          state: p.state,
          colour: colourOf(p),
          selected: p.analysisId === selectedId,
        },
        geometry: { type: 'Point', coordinates: [p.place!.lng, p.place!.lat] },
      })),
    );
    data(
      'vt-trip-areas',
      placed
        .filter((p) => (p.placedBy !== 'gps' || p.analysisId === selectedId) && (p.place!.radiusMeters ?? 0) > 0)
        .map((p) => ({
          ...circlePolygon(p.place!.lat, p.place!.lng, p.place!.radiusMeters!),
          properties: { colour: colourOf(p), selected: p.analysisId === selectedId },
        })),
    );
    // The track: every placed photo with a time, in the order taken (the list's order is already that).
    const track = placed.filter((p) => p.takenAt !== null).map((p) => [p.place!.lng, p.place!.lat]);
    data(
      'vt-trip-track',
      track.length >= 2
        ? [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: track } }]
        : [],
    );
    const byId = new Map(placed.map((p) => [p.analysisId, p]));
    data(
      'vt-trip-links',
      selected?.placedBy === 'sequence'
        ? selected.neighbours.flatMap((n) => {
            const other = byId.get(n.analysisId);
            return other
              ? [
                  {
                    type: 'Feature',
                    properties: {},
                    geometry: {
                      type: 'LineString',
                      coordinates: [
                        [other.place!.lng, other.place!.lat],
                        [selected.place!.lng, selected.place!.lat],
                      ],
                    },
                  },
                ]
              : [];
          })
        : [],
    );
    this.frame();
  }

  /** Shows one photo up close (a picked row): its neighbours stay in view when it was placed from them. */
  focus(analysisId: string): void {
    const p = this.photos.find((x) => x.analysisId === analysisId);
    if (!p?.place) return;
    this.touched = true;
    const points = [p, ...p.neighbours.flatMap((n) => this.photos.filter((x) => x.analysisId === n.analysisId))];
    const bounds = boundsOf(points);
    this.map.fitBounds(bounds, {
      padding: this.opts.padding?.() ?? 60,
      maxZoom: 17,
      duration: MAP.flyToDurationMs / 2,
      essential: true,
    });
  }

  /** Frames every placed photo each time more arrive, until the person moves the map themselves. */
  private frame(): void {
    if (this.touched || this.photos.length === 0 || this.photos.length === this.framedCount) return;
    this.framedCount = this.photos.length;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.map.fitBounds(boundsOf(this.photos), {
      padding: this.opts.padding?.() ?? 48,
      maxZoom: 16,
      duration: reduced ? 0 : 600,
    });
  }
}

function boundsOf(photos: readonly TripPhoto[]): LngLatBounds {
  const b = new LngLatBounds();
  for (const p of photos) b.extend([p.place!.lng, p.place!.lat]);
  return b;
}
