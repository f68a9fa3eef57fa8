/**
 * Test-only access to the reference geodata in ../shared/data/geo (never shipped, never copied into the
 * repo). Each loader returns indexed polygons ready for point queries.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexPolygons, polygonsOfGeometry, type IndexedPolygons } from '../geo/geometry';

const here = fileURLToPath(new URL('.', import.meta.url));
/** /work/shared/data, found relative to the checkout (shared/ sits beside the repository). */
export const SHARED_DATA_DIR = process.env.VT_SHARED_DATA_DIR ?? resolve(here, '../../../../../../shared/data');

interface Feature {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}

function readFeatures(relative: string): Feature[] {
  const json = JSON.parse(readFileSync(resolve(SHARED_DATA_DIR, relative), 'utf8')) as {
    type: string;
    features?: Feature[];
  };
  // Some files are a bare Feature rather than a FeatureCollection.
  return json.type === 'Feature' ? [json as unknown as Feature] : (json.features ?? []);
}

export interface NamedArea {
  name: string;
  incorporated: boolean;
  index: IndexedPolygons;
}

export function loadTigerPlaces(): NamedArea[] {
  return readFeatures('geo/miami-dade-places_tiger2019.geojson').map((f) => ({
    name: String(f.properties.NAME),
    incorporated: f.properties.incorporated === true,
    index: indexPolygons(polygonsOfGeometry(f.geometry)),
  }));
}

export function loadZillowNeighbourhoods(): NamedArea[] {
  return readFeatures('geo/miami-neighborhoods_click_that_hood_zillow.geojson').map((f) => ({
    name: String(f.properties.name),
    incorporated: true,
    index: indexPolygons(polygonsOfGeometry(f.geometry)),
  }));
}

export function loadHighResCounty(): IndexedPolygons {
  const [feature] = readFeatures('geo/miami-dade-county_country-levels-high_12086.geojson');
  if (!feature) throw new Error('county file has no feature');
  return indexPolygons(polygonsOfGeometry(feature.geometry));
}

/** Florida land (OpenStreetMap-derived coastline clip), for telling land of other counties from water. */
export function loadFloridaLand(): IndexedPolygons {
  const [feature] = readFeatures('geo/florida-state_country-levels-high_US-FL.geojson');
  if (!feature) throw new Error('Florida file has no feature');
  return indexPolygons(polygonsOfGeometry(feature.geometry));
}
