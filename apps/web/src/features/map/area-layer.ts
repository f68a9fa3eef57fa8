import { LngLatBounds, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { MAP } from '@vt/shared';
import { circlePolygon } from './geo';

/** The area drawn for a not-located place whose analysis gave no radius: the county-wide fallback's own. */
export const NOT_LOCATED_RADIUS_M = 30_000;

/**
 * One circle-shaped area on the map (an uncertainty radius, a not-located search area): a GeoJSON source with a
 * light fill and a dashed outline, added once. `draw` replaces the circle; radius 0 clears it.
 */
export class AreaLayer {
  constructor(
    private readonly map: MapLibreMap,
    private readonly id: string,
    style: { colour: string; fillOpacity: number; dash: [number, number] },
  ) {
    if (map.getSource(id)) return;
    map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: `${id}-fill`,
      type: 'fill',
      source: id,
      paint: { 'fill-color': style.colour, 'fill-opacity': style.fillOpacity },
    });
    map.addLayer({
      id: `${id}-line`,
      type: 'line',
      source: id,
      paint: { 'line-color': style.colour, 'line-width': 1.5, 'line-dasharray': style.dash },
    });
  }

  draw(centre: { lat: number; lng: number }, radiusM: number) {
    (this.map.getSource(this.id) as GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection',
      features: radiusM > 0 ? [circlePolygon(centre.lat, centre.lng, radiusM)] : [],
    });
  }

  clear() {
    this.draw({ lat: 0, lng: 0 }, 0);
  }
}

/** The bounds of a circle of `radiusM` around a point (a degree of longitude shrinks with latitude). */
export function boundsOfCircle(c: { lat: number; lng: number }, radiusM: number): LngLatBounds {
  const dLat = radiusM / 111_320;
  const dLng = radiusM / (111_320 * Math.cos((c.lat * Math.PI) / 180));
  return new LngLatBounds([c.lng - dLng, c.lat - dLat], [c.lng + dLng, c.lat + dLat]);
}

/** Frames a whole area, flat: the not-located view, never a street-level close-up of its centre. */
export function frameArea(map: MapLibreMap, centre: { lat: number; lng: number }, radiusM: number, padding = 24) {
  map.fitBounds(boundsOfCircle(centre, radiusM), {
    padding,
    pitch: 0,
    bearing: 0,
    duration: MAP.flyToDurationMs,
    essential: true,
  });
}
