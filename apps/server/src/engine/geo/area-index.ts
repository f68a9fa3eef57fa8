/**
 * A bucket index over authored polygons where the list order is the priority: the first polygon that contains
 * a point wins. Authoring with priorities keeps the shapes simple — a town inside a city's outline (El Portal,
 * West Miami) is listed before the city instead of being cut out of it.
 */
import { bboxOfRings, pointInPolygon, type BBox, type PolygonCoords } from './geometry';

export interface AreaShape<T> {
  value: T;
  polygons: readonly PolygonCoords[];
}

interface Entry<T> {
  value: T;
  priority: number;
  bbox: BBox;
  rings: PolygonCoords;
}

/** About 1 km: a cell then holds a handful of polygons at most, so a lookup tests very few. */
const CELL_DEG = 0.01;

export class AreaIndex<T> {
  private readonly cells = new Map<number, Entry<T>[]>();

  constructor(shapes: readonly AreaShape<T>[]) {
    shapes.forEach((shape, priority) => {
      for (const rings of shape.polygons) {
        const bbox = bboxOfRings(rings.slice(0, 1));
        const entry: Entry<T> = { value: shape.value, priority, bbox, rings };
        for (let cx = cellOf(bbox.minLng); cx <= cellOf(bbox.maxLng); cx++) {
          for (let cy = cellOf(bbox.minLat); cy <= cellOf(bbox.maxLat); cy++) {
            const key = cellKey(cx, cy);
            const list = this.cells.get(key);
            if (list) list.push(entry);
            else this.cells.set(key, [entry]);
          }
        }
      }
    });
    for (const list of this.cells.values()) list.sort((a, b) => a.priority - b.priority);
  }

  /** The highest-priority shape containing the point, or null. */
  find(lng: number, lat: number): T | null {
    const list = this.cells.get(cellKey(cellOf(lng), cellOf(lat)));
    if (!list) return null;
    for (const e of list) {
      const b = e.bbox;
      if (lng < b.minLng || lng > b.maxLng || lat < b.minLat || lat > b.maxLat) continue;
      if (pointInPolygon(lng, lat, e.rings)) return e.value;
    }
    return null;
  }
}

function cellOf(deg: number): number {
  return Math.floor(deg / CELL_DEG);
}

function cellKey(cx: number, cy: number): number {
  // Cells span at most a few thousand per axis here, so this packing cannot collide.
  return cx * 100_003 + cy;
}
