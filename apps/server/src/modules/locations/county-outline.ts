import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { CountyOutline } from '@vt/shared';
import { MIAMI_DADE_FIPS } from '../../engine/geo/county';
import { bboxOfRings, polygonsOfGeometry } from '../../engine/geo/geometry';

/** Five decimals is about a metre: far finer than this outline's own accuracy, and keeps the answer small. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

let cached: CountyOutline | undefined;

/**
 * Miami-Dade's land outline from the Census polygons in `us-atlas` (the same source the engine's county test
 * uses), for static previews. It is coarse and land-clipped: beaches and bay islands may sit just outside it,
 * which the engine itself tolerates; a preview only needs the shape.
 */
export function countyOutline(): CountyOutline {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topology = require('us-atlas/counties-10m.json') as Topology<{ counties: GeometryCollection }>;
  const geometry = topology.objects.counties.geometries.find((g) => String(g.id) === MIAMI_DADE_FIPS);
  if (!geometry) throw new Error('us-atlas counties-10m.json lacks Miami-Dade');
  const f = feature(topology, geometry) as unknown as { geometry: { type: string; coordinates: unknown } };
  const polygons = polygonsOfGeometry(f.geometry).map((polygon) =>
    polygon.map((ring) => ring.map((p) => [round(p[0]!), round(p[1]!)] as [number, number])),
  );
  const box = bboxOfRings(polygons.flat());
  cached = {
    type: 'Feature',
    properties: {
      name: 'Miami-Dade County',
      bbox: [box.minLng, box.minLat, box.maxLng, box.maxLat],
      source: 'US Census Bureau cartographic boundary (us-atlas counties-10m)',
    },
    geometry: { type: 'MultiPolygon', coordinates: polygons },
  };
  return cached;
}
