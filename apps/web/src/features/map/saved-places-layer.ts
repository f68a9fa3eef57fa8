import { LngLatBounds, Marker, Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { MAP, type LocationIndexItem } from '@vt/shared';
import { AreaLayer, NOT_LOCATED_RADIUS_M, frameArea } from './area-layer';
import { clusterByPixels, drawnPlaces, savedPlaceLines } from './saved-places';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The popup of one saved place: its name, where it stands, its place parts and coordinates (text only). */
function popupContent(item: LocationIndexItem, duplicateName: string | null): HTMLElement {
  const { standing, place } = savedPlaceLines(item);
  const root = el('div', 'vt-saved-popup');
  root.dataset.testid = 'saved-place-popup';
  root.append(el('p', 'text-sm font-semibold break-words', item.name));
  root.append(el('p', item.standing === 'located' ? 'mt-1 text-xs text-muted' : 'mt-1 text-xs text-warm', standing));
  if (place) root.append(el('p', 'mt-1 text-xs text-fg', place));
  root.append(
    el(
      'p',
      'mt-1 font-mono text-xs text-subtle',
      `${item.coordinates.lat.toFixed(6)}, ${item.coordinates.lng.toFixed(6)}`,
    ),
  );
  if (duplicateName)
    root.append(el('p', 'mt-1 text-xs text-warm', `The same photo as “${duplicateName}”, saved earlier.`));
  root.append(el('p', 'mt-1 text-[11px] text-subtle', `Saved ${new Date(item.createdAt).toLocaleString()}`));
  return root;
}

/**
 * Every place of the user's location index on the map (issue 13): a round thumbnail marker per place, a counted
 * marker where places crowd at the current zoom (click to spread them), the uncertainty circle of the selected
 * place and its popup. DOM markers rather than a symbol layer: the offline style has no glyphs or sprites.
 */
export class SavedPlacesLayer {
  private items: LocationIndexItem[] = [];
  private all: LocationIndexItem[] = [];
  private markers: Marker[] = [];
  private selectedId: string | null = null;
  private popup: Popup | null = null;
  private readonly recluster = () => this.render();
  private readonly area: AreaLayer;

  constructor(private readonly map: MapLibreMap) {
    this.area = new AreaLayer(map, 'vt-saved-area', { colour: '#e9b949', fillOpacity: 0.08, dash: [2, 2] });
    map.on('zoomend', this.recluster);
    map.on('rotateend', this.recluster);
    map.on('pitchend', this.recluster);
  }

  /** The index as it is now; `hiddenAnalysisId` is the result the map already shows with its own marker. */
  setItems(items: readonly LocationIndexItem[], hiddenAnalysisId: string | null) {
    this.all = [...items];
    this.items = drawnPlaces(items, hiddenAnalysisId);
    if (this.selectedId && !this.all.some((i) => i.id === this.selectedId)) this.clearSelection();
    this.render();
  }

  /**
   * Shows one saved place: flies there (a not-located place frames its whole area instead) and opens its popup
   * once the map has arrived, when the markers are spread for that zoom.
   */
  open(item: LocationIndexItem) {
    this.selectedId = item.id;
    const radius = item.radiusMeters ?? (item.standing === 'not_located' ? NOT_LOCATED_RADIUS_M : 0);
    this.area.draw(item.coordinates, radius);
    if (item.standing === 'not_located') {
      frameArea(this.map, item.coordinates, radius, 48);
    } else {
      this.map.flyTo({
        center: [item.coordinates.lng, item.coordinates.lat],
        zoom: Math.max(MAP.markerOnlyZoom, Math.min(this.map.getZoom(), 18)),
        pitch: MAP.markerOnlyPitch,
        duration: MAP.flyToDurationMs,
        essential: true,
      });
    }
    this.map.once('moveend', () => {
      if (this.selectedId !== item.id) return;
      this.render();
      this.showPopup(item);
    });
  }

  remove() {
    this.map.off('zoomend', this.recluster);
    this.map.off('rotateend', this.recluster);
    this.map.off('pitchend', this.recluster);
    for (const m of this.markers) m.remove();
    this.markers = [];
    this.clearSelection();
  }

  private clearSelection() {
    this.selectedId = null;
    this.popup?.remove();
    this.popup = null;
    this.area.clear();
  }

  private showPopup(item: LocationIndexItem) {
    this.popup?.remove();
    const first = item.duplicateOf ? this.all.find((i) => i.id === item.duplicateOf) : undefined;
    const popup = new Popup({
      offset: item.standing === 'not_located' ? 8 : 24,
      maxWidth: '300px',
      focusAfterOpen: false,
    })
      .setLngLat([item.coordinates.lng, item.coordinates.lat])
      .setDOMContent(popupContent(item, first?.name ?? null))
      .addTo(this.map);
    popup.on('close', () => {
      if (this.popup !== popup) return;
      this.popup = null;
      this.selectedId = null;
      this.area.clear();
    });
    this.popup = popup;
  }

  private render() {
    for (const m of this.markers) m.remove();
    this.markers = [];
    const byId = new Map(this.items.map((i) => [i.id, i]));
    const points = this.items.map((i) => {
      const p = this.map.project([i.coordinates.lng, i.coordinates.lat]);
      return { id: i.id, x: p.x, y: p.y };
    });
    for (const cluster of clusterByPixels(points)) {
      const members = cluster.ids.map((id) => byId.get(id)!);
      // The selected place keeps its own marker even in a crowd it cannot be spread from (the same spot twice).
      const shown = members.find((m) => m.id === this.selectedId) ?? members[0]!;
      const spreadable = members.some(
        (m) =>
          Math.abs(m.coordinates.lat - shown.coordinates.lat) + Math.abs(m.coordinates.lng - shown.coordinates.lng) >
          1e-5,
      );
      if (members.length > 1 && spreadable) this.markers.push(this.clusterMarker(members, cluster));
      else this.markers.push(this.placeMarker(shown, members.length));
    }
  }

  private placeMarker(item: LocationIndexItem, count: number): Marker {
    const button = el(
      'button',
      item.standing === 'outside' ? 'vt-saved-marker vt-saved-marker--outside' : 'vt-saved-marker',
    );
    button.type = 'button';
    button.dataset.testid = 'saved-place-marker';
    button.dataset.itemId = item.id;
    button.setAttribute(
      'aria-label',
      `Saved place: ${item.name}${count > 1 ? ` and ${count - 1} more at the same spot` : ''}`,
    );
    if (item.thumbnailUrl) button.style.backgroundImage = `url("${item.thumbnailUrl.replace(/"/g, '%22')}")`;
    else button.classList.add('vt-saved-marker--plain');
    if (count > 1) button.append(el('span', 'vt-saved-marker__count', String(count)));
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      this.selectedId = item.id;
      this.area.draw(item.coordinates, item.radiusMeters ?? 0);
      this.showPopup(item);
    });
    return new Marker({ element: button }).setLngLat([item.coordinates.lng, item.coordinates.lat]).addTo(this.map);
  }

  private clusterMarker(members: LocationIndexItem[], at: { x: number; y: number }): Marker {
    const button = el('button', 'vt-saved-cluster', String(members.length));
    button.type = 'button';
    button.dataset.testid = 'saved-place-cluster';
    button.setAttribute('aria-label', `${members.length} saved places here: zoom in to see them`);
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      const bounds = new LngLatBounds();
      for (const m of members) bounds.extend([m.coordinates.lng, m.coordinates.lat]);
      this.map.fitBounds(bounds, { padding: 96, maxZoom: 18, duration: MAP.flyToDurationMs });
    });
    return new Marker({ element: button }).setLngLat(this.map.unproject([at.x, at.y])).addTo(this.map);
  }
}
