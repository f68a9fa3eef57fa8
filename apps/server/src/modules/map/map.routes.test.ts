import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { ringCentre } from './map-geodata';

type FC = {
  type: string;
  features: Array<{ properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } }>;
};

describe('map style and layers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('serves the embedded offline style without glyphs, sprites or symbol layers', async () => {
    const response = await fetch(`${server.baseUrl}/api/map/style.json`);
    expect(response.status).toBe(200);
    const style = (await response.json()) as {
      version: number;
      glyphs?: string;
      sprite?: string;
      sources: Record<string, { type: string; data: string }>;
      layers: Array<{ id: string; type: string }>;
    };
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.some((l) => l.type === 'symbol')).toBe(false);
    expect(style.layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['water', 'land', 'county-line', 'municipality-lines']),
    );
    for (const source of Object.values(style.sources)) expect(source.data).toMatch(/^\/api\/map\/geo\/\w+\.geojson$/);
  });

  it('serves every layer the style names, from the project geodata', async () => {
    const style = (await (await fetch(`${server.baseUrl}/api/map/style.json`)).json()) as {
      sources: Record<string, { data: string }>;
    };
    for (const source of Object.values(style.sources)) {
      const response = await fetch(`${server.baseUrl}${source.data}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/geo+json');
      const fc = (await response.json()) as FC;
      expect(fc.type).toBe('FeatureCollection');
      expect(fc.features.length).toBeGreaterThan(0);
    }
    const municipalities = (await (await fetch(`${server.baseUrl}/api/map/geo/municipalities.geojson`)).json()) as FC;
    expect(municipalities.features.map((f) => f.properties.name)).toEqual(
      expect.arrayContaining(['Miami Beach', 'Coral Gables', 'Hialeah']),
    );
    const labels = (await (await fetch(`${server.baseUrl}/api/map/geo/labels.geojson`)).json()) as FC;
    const beach = labels.features.find((f) => f.properties.name === 'Miami Beach');
    expect(beach?.properties.kind).toBe('municipality');
    const [lng, lat] = beach!.geometry.coordinates as [number, number];
    // The label sits on the barrier island, not in the bay.
    expect(lng).toBeGreaterThan(-80.16);
    expect(lng).toBeLessThan(-80.1);
    expect(lat).toBeGreaterThan(25.76);
    expect(lat).toBeLessThan(25.88);
  });

  it('answers an unknown layer with the JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/map/geo/secrets.geojson`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('redirects to the hosted style when MAP_STYLE_URL is set', async () => {
    const hosted = await startTestServer({ env: { MAP_STYLE_URL: 'https://tiles.example.test/styles/dark.json' } });
    try {
      const response = await fetch(`${hosted.baseUrl}/api/map/style.json`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://tiles.example.test/styles/dark.json');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/connect-src[^;]*https:\/\/tiles\.example\.test/);
    } finally {
      await hosted.close();
    }
  });
});

describe('ringCentre', () => {
  it('finds the centre of a square and of a lopsided ring', () => {
    expect(
      ringCentre([
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
        [0, 0],
      ]),
    ).toEqual([1, 1]);
    const [x] = ringCentre([
      [0, 0],
      [4, 0],
      [4, 1],
      [1, 1],
      [1, 4],
      [0, 4],
      [0, 0],
    ]);
    expect(x).toBeGreaterThan(0.5);
    expect(x).toBeLessThan(2);
  });
});
