import { Marker, Popup, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl';
import { MAP, standingOfOutcome, type AnalysisResult, type Candidate, type Evidence } from '@vt/shared';
import { otherCandidates, spotOffset, streetLines, streetsReadAlone, type StreetLine } from './geo';
import { AreaLayer, NOT_LOCATED_RADIUS_M, frameArea } from './area-layer';

/** The result's uncertainty circle (`vt-uncertainty-line` is what tests ask the map for). */
const uncertaintyOf = (map: MapLibreMap) =>
  new AreaLayer(map, 'vt-uncertainty', { colour: '#5cc8ff', fillOpacity: 0.12, dash: [3, 2] });
const STREET_SOURCE = 'vt-read-streets';

/**
 * The streets a sign named, drawn through the located corner (or, read alone, along their whole course) with a label
 * on each (DOM labels: the offline style has no glyphs), `labelAt` of the way from the middle to the end. Returns the
 * labels' markers so the caller can remove them with the result.
 */
function drawStreets(map: MapLibreMap, lines: StreetLine[], labelAt = 0.12): Marker[] {
  if (!map.getSource(STREET_SOURCE)) {
    map.addSource(STREET_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: 'vt-read-streets',
      type: 'line',
      source: STREET_SOURCE,
      paint: { 'line-color': '#ffb454', 'line-width': 3, 'line-opacity': 0.75 },
    });
  }
  (map.getSource(STREET_SOURCE) as GeoJSONSource).setData({
    type: 'FeatureCollection',
    features: lines.map((l) => ({
      type: 'Feature' as const,
      properties: { label: l.label },
      geometry: { type: 'LineString' as const, coordinates: l.coordinates },
    })),
  });
  return lines.map((l) => {
    const label = document.createElement('div');
    label.className = 'vt-street-label';
    label.dataset.testid = 'read-street-label';
    label.textContent = l.label;
    // Near the corner (a tenth of the way to the line's end) so it shows at street zoom, where the ends are off screen.
    const [a, b] = [l.coordinates[0]!, l.coordinates[l.coordinates.length - 1]!];
    const mid: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const at: [number, number] = [mid[0] + (b[0] - mid[0]) * labelAt, mid[1] + (b[1] - mid[1]) * labelAt];
    return new Marker({ element: label, anchor: 'left', offset: [8, 0] }).setLngLat(at).addTo(map);
  });
}

export type PlacedResult = {
  remove(): void;
  popup: Popup;
  /** Null for a result that located nothing: it is an area, with no spot to pin. */
  marker: Marker | null;
  openPopup(): void;
  /** Shows the result again: the spot up close, or a not-located area framed whole. */
  frame(): void;
};

/**
 * Puts one analysis on the map: the round photo marker, its uncertainty circle, the other candidates as small
 * numbered markers, and a popup (content supplied by the caller) that opens `popupDelayMs` after the fly starts.
 */
export function placeResult(
  map: MapLibreMap,
  result: AnalysisResult,
  thumbnailUrl: string | null,
  popupContent: HTMLElement,
  opts: {
    fly: boolean;
    /** Pixels at the top of the map that something covers (the analyse panel on a phone); 0 by default. */
    topInset?: () => number;
    /** The owner dragged the result marker to another point (a correction to confirm). */
    onDragged?: (point: { lat: number; lng: number }) => void;
    /** The owner picked another candidate marker as the place. */
    onPickCandidate?: (candidate: Candidate) => void;
    /** The analysis' evidence: a sign's streets are drawn from it. */
    evidence?: readonly Evidence[];
  },
): PlacedResult {
  const area = uncertaintyOf(map);
  area.draw(result, result.radiusMeters ?? 0);

  if (standingOfOutcome(result.outcome) === 'not_located')
    return placeArea(map, area, result, popupContent, opts.fly, streetsReadAlone(opts.evidence ?? []));

  const streets = drawStreets(map, streetLines(result, opts.evidence ?? []));

  const el = document.createElement('button');
  el.type = 'button';
  el.className = 'vt-result-marker';
  el.dataset.testid = 'result-marker';
  el.setAttribute('aria-label', `Located: ${result.name}`);
  if (thumbnailUrl) el.style.backgroundImage = `url("${thumbnailUrl.replace(/"/g, '%22')}")`;

  const popup = new Popup({ offset: 32, closeOnClick: false, maxWidth: '340px', focusAfterOpen: false }).setDOMContent(
    popupContent,
  );
  const marker = new Marker({ element: el, draggable: Boolean(opts.onDragged) })
    .setLngLat([result.lng, result.lat])
    .setPopup(popup)
    .addTo(map);
  if (opts.onDragged) {
    const onDragged = opts.onDragged;
    el.title = 'Drag to where the photo was really taken';
    marker.on('dragend', () => {
      const at = marker.getLngLat();
      onDragged({ lat: at.lat, lng: at.lng });
    });
  }

  const candidates = otherCandidates(result).map((c, i) => {
    const badge = document.createElement(opts.onPickCandidate ? 'button' : 'div');
    badge.className = 'vt-candidate-marker';
    badge.dataset.testid = 'candidate-marker';
    badge.title = opts.onPickCandidate ? `${c.label} (${c.source}): use this place` : `${c.label} (${c.source})`;
    if (opts.onPickCandidate) {
      const pick = opts.onPickCandidate;
      (badge as HTMLButtonElement).type = 'button';
      badge.setAttribute(
        'aria-label',
        `Candidate ${i + 2}: ${c.label}, ${Math.round(c.probability * 100)}%. Use this place`,
      );
      badge.addEventListener('click', (event) => {
        event.stopPropagation();
        pick(c);
      });
    }
    const n = document.createElement('b');
    n.textContent = String(i + 2);
    badge.append(n, `${Math.round(c.probability * 100)}%`);
    return new Marker({ element: badge }).setLngLat([c.lng, c.lat]).addTo(map);
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  if (opts.fly) {
    map.flyTo({
      center: [result.lng, result.lat],
      zoom: MAP.flyToZoom,
      pitch: MAP.flyToPitch,
      duration: MAP.flyToDurationMs,
      // The spot lands below the middle so the popup above it has room for all it shows.
      offset: [0, spotOffset(map.getContainer().clientHeight, opts.topInset?.() ?? 0)],
      essential: true,
    });
    timer = setTimeout(() => {
      if (!popup.isOpen()) marker.togglePopup();
    }, MAP.popupDelayMs);
  }

  return {
    marker,
    popup,
    openPopup() {
      if (!popup.isOpen()) marker.togglePopup();
    },
    frame() {
      map.flyTo({
        center: [result.lng, result.lat],
        zoom: MAP.flyToZoom,
        pitch: MAP.flyToPitch,
        duration: MAP.flyToDurationMs,
        essential: true,
      });
    },
    remove() {
      clearTimeout(timer);
      popup.remove();
      marker.remove();
      for (const c of candidates) c.remove();
      for (const label of streets) label.remove();
      area.clear();
      (map.getSource(STREET_SOURCE) as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features: [] });
    },
  };
}

/**
 * A result that located nothing (the spec's fallback, failed and error outcomes): the whole uncertainty area with
 * its popup at the centre, and a fly that frames the area. No pin and no street-level close-up of a spot that
 * nobody found. A street the photo's text named alone is drawn along its course: the photo is somewhere on it.
 */
function placeArea(
  map: MapLibreMap,
  area: AreaLayer,
  result: AnalysisResult,
  popupContent: HTMLElement,
  fly: boolean,
  alone: StreetLine[],
): PlacedResult {
  const streets = drawStreets(map, alone, 0.5);
  const popup = new Popup({ closeOnClick: false, maxWidth: '340px', focusAfterOpen: false })
    .setLngLat([result.lng, result.lat])
    .setDOMContent(popupContent);
  const open = () => {
    if (!popup.isOpen()) popup.addTo(map);
  };
  const frame = () => frameArea(map, result, result.radiusMeters ?? NOT_LOCATED_RADIUS_M);
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (fly) {
    frame();
    timer = setTimeout(open, MAP.popupDelayMs);
  }
  return {
    marker: null,
    popup,
    openPopup: open,
    frame,
    remove() {
      clearTimeout(timer);
      popup.remove();
      area.clear();
      for (const label of streets) label.remove();
      (map.getSource(STREET_SOURCE) as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features: [] });
    },
  };
}

/** Back to the opening view (R-MAP-5). */
export function flyHome(map: MapLibreMap, center: [number, number]) {
  map.flyTo({ center, zoom: MAP.startZoom, pitch: 0, bearing: 0, duration: MAP.flyToDurationMs, essential: true });
}

/** The marker-only fly (R-MAP-5): an index item, a dashboard hint. */
export function flyToItem(map: MapLibreMap, lat: number, lng: number) {
  map.flyTo({
    center: [lng, lat],
    zoom: MAP.markerOnlyZoom,
    pitch: MAP.markerOnlyPitch,
    duration: MAP.flyToDurationMs,
    essential: true,
  });
}
