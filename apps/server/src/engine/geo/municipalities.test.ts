import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { containsPoint } from './geometry';
import { MUNICIPALITIES } from './gazetteer';
import { MUNICIPALITY_OUTLINES, municipalityAt } from './municipalities';
import { mulberry32 } from './sampling';
import { loadHighResCounty, loadTigerPlaces, SHARED_DATA_DIR } from '../test/shared-geodata';

const places = loadTigerPlaces();
const incorporated = places.filter((p) => p.incorporated);
const county = loadHighResCounty();

function tigerMunicipality(lat: number, lng: number): string | null {
  return incorporated.find((p) => containsPoint(p.index, lng, lat))?.name ?? null;
}

/** Fixed-seed uniform points on the county's land (the high-resolution, land-clipped county polygon). */
function sampleCountyLand(n: number, seed: number, filter?: (lat: number, lng: number) => boolean) {
  const rand = mulberry32(seed);
  const b = county.bbox;
  const out: Array<{ lat: number; lng: number }> = [];
  while (out.length < n) {
    const lng = b.minLng + rand() * (b.maxLng - b.minLng);
    const lat = b.minLat + rand() * (b.maxLat - b.minLat);
    if (!containsPoint(county, lng, lat)) continue;
    if (filter && !filter(lat, lng)) continue;
    out.push({ lat, lng });
  }
  return out;
}

function agreement(points: Array<{ lat: number; lng: number }>) {
  let agree = 0;
  const confusions = new Map<string, number>();
  for (const { lat, lng } of points) {
    const truth = tigerMunicipality(lat, lng) ?? 'Unincorporated';
    const ours = municipalityAt(lat, lng) ?? 'Unincorporated';
    if (truth === ours) agree++;
    else {
      const key = `${truth} → ${ours}`;
      confusions.set(key, (confusions.get(key) ?? 0) + 1);
    }
  }
  const top = [...confusions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return { share: agree / points.length, top };
}

describe('municipality outlines', () => {
  it('list all 34 incorporated municipalities under their official names', () => {
    expect(MUNICIPALITY_OUTLINES.map((m) => m.name).sort()).toEqual([...MUNICIPALITIES].sort());
    const tiger = JSON.parse(
      readFileSync(resolve(SHARED_DATA_DIR, 'geo/miami-dade-places_tiger2019.geojson'), 'utf8'),
    ) as { features: Array<{ properties: { NAME: string; NAMELSAD: string; incorporated: boolean } }> };
    // TIGER's NAMELSAD carries the legal form ("Key Biscayne village"); ours must say the same.
    const lsad = new Map(
      tiger.features.filter((f) => f.properties.incorporated).map((f) => [f.properties.NAME, f.properties.NAMELSAD]),
    );
    for (const m of MUNICIPALITY_OUTLINES) {
      const expected = lsad.get(m.name);
      expect(expected, m.name).toBeDefined();
      const form = m.name === 'North Bay Village' ? `${m.name} city` : `${m.name} ${m.kind}`;
      expect(form, m.officialName).toBe(expected);
    }
    expect(MUNICIPALITY_OUTLINES.find((m) => m.name === 'Key Biscayne')?.officialName).toBe('Village of Key Biscayne');
  });

  it('agree with the TIGER 2019 municipal limits on random county land (incorporated name vs unincorporated)', () => {
    const all = sampleCountyLand(3000, 12086);
    const a = agreement(all);
    // The built-up east (inside any Census place, incorporated or CDP) is where the lines are; the Everglades
    // are unincorporated and easy, so this second figure is the honest one.
    const urban = sampleCountyLand(2000, 33130, (lat, lng) => places.some((p) => containsPoint(p.index, lng, lat)));
    const u = agreement(urban);
    console.log(
      `[municipalities] agreement with TIGER: county land ${(a.share * 100).toFixed(1)}% (n=${all.length}); ` +
        `built-up Census places ${(u.share * 100).toFixed(1)}% (n=${urban.length})\n` +
        `  most common disagreements (TIGER → ours) in the built-up sample: ${u.top.map(([k, v]) => `${k}: ${v}`).join('; ')}`,
    );
    expect(a.share).toBeGreaterThanOrEqual(COUNTY_FLOOR);
    expect(u.share).toBeGreaterThanOrEqual(URBAN_FLOOR);
  });
});

const COUNTY_FLOOR = 0.9;
// Measured 89.4% (seeded, so it repeats); the floor sits just under it so a regression shows.
const URBAN_FLOOR = 0.87;
