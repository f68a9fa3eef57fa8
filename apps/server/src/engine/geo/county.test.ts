import { describe, expect, it } from 'vitest';
import { containsPoint, distanceToPolygonsMeters } from './geometry';
import { inOpenWater, isInMiamiDade, lookupMiamiDade } from './county';
import { gridPoint } from './grid';
import { loadFloridaLand, loadHighResCounty } from '../test/shared-geodata';

describe('isInMiamiDade: named places', () => {
  it.each([
    ['Cape Florida lighthouse', 25.6665, -80.1557],
    ['Haulover Beach', 25.903, -80.12],
    ['Key Biscayne village', 25.6929, -80.1632],
    ['Fisher Island', 25.7603, -80.142],
    ['Miami Beach (Lummus Park)', 25.781, -80.13],
    ['South Pointe Pier', 25.7645, -80.1305],
    ['Star Island', 25.7773, -80.151],
    ['MacArthur Causeway', 25.7815, -80.16],
    ['Rickenbacker Causeway', 25.7475, -80.1765],
    ['Stiltsville, in the bay', 25.654, -80.179],
    ['Elliott Key', 25.455, -80.195],
    ['Fowey Rocks light', 25.5905, -80.0965],
    ['Golden Beach, just south of the county line', 25.97, -80.1205],
    ['Aventura Mall', 25.9565, -80.1425],
    ['Sunny Isles Beach shore', 25.941, -80.1195],
    ['Downtown Miami', 25.7743, -80.1937],
    ['Homestead', 25.4687, -80.4776],
    ['Everglades, Shark Valley', 25.7576, -80.7663],
    ['Everglades, Ernest F. Coe Visitor Center', 25.3957, -80.5833],
    ['Everglades interior', 25.6, -80.7],
    ['Miami International Airport', 25.7959, -80.287],
  ])('%s is inside', (_name, lat, lng) => {
    expect(isInMiamiDade({ lat, lng })).toBe(true);
  });

  it.each([
    ['Hollywood', 26.0112, -80.1495],
    ['Hallandale Beach city hall', 25.9812, -80.1484],
    ['Hallandale Beach, on the sand', 25.985, -80.117],
    ['Gulfstream Park', 25.978, -80.139],
    ['Pembroke Pines', 26.0031, -80.2239],
    ['Miramar', 25.987, -80.232],
    ['Fort Lauderdale', 26.1224, -80.1373],
    ['Key Largo', 25.0865, -80.4473],
    ['Ocean Reef, north Key Largo', 25.314, -80.283],
    ['Flamingo', 25.1418, -80.9237],
    ['Everglades City (Collier)', 25.8598, -81.3859],
    ['Atlantic, 15 km offshore', 25.77, -79.95],
    ['Key West', 24.5551, -81.78],
    ['null island', 0, 0],
    ['not a number', Number.NaN, -80.2],
  ])('%s is outside', (_name, lat, lng) => {
    expect(isInMiamiDade({ lat, lng })).toBe(false);
  });

  it('says which rule matched', () => {
    expect(lookupMiamiDade({ lat: 25.6, lng: -80.45 }).via).toBe('land');
    expect(lookupMiamiDade({ lat: 25.654, lng: -80.179 }).via).toBe('county-waters');
    expect(lookupMiamiDade({ lat: 26.0112, lng: -80.1495 })).toEqual({ inside: false });
  });
});

describe('isInMiamiDade against the high-resolution county polygon', () => {
  // Sample a 0.02° grid over the county and its neighbours. Far from the boundary (more than 1 km, which is
  // beyond the coarse polygon's simplification error) the two must agree: land inside the hi-res county is
  // inside, and Florida land outside it (Broward, Monroe, Collier) is outside.
  const hiRes = loadHighResCounty();
  const florida = loadFloridaLand();

  it('agrees on every sample farther than 1 km from the boundary', () => {
    const disagreements: string[] = [];
    let insideSamples = 0;
    let outsideLandSamples = 0;
    for (let lat = 25.1; lat <= 26.1; lat += 0.02) {
      for (let lng = -80.95; lng <= -80.0; lng += 0.02) {
        if (distanceToPolygonsMeters(hiRes, lng, lat) <= 1000) continue;
        const got = isInMiamiDade({ lat, lng });
        if (containsPoint(hiRes, lng, lat)) {
          insideSamples++;
          if (!got) disagreements.push(`inside ${lat.toFixed(2)},${lng.toFixed(2)}`);
        } else if (containsPoint(florida, lng, lat)) {
          outsideLandSamples++;
          if (got) disagreements.push(`outside ${lat.toFixed(2)},${lng.toFixed(2)}`);
        }
      }
    }
    expect(insideSamples).toBeGreaterThan(800);
    expect(outsideLandSamples).toBeGreaterThan(150);
    expect(disagreements).toEqual([]);
  });
});

describe('inOpenWater: out in the bay, where no street runs', () => {
  it('calls no land of the county open water: OpenStreetMap’s coastline, every 500 m along the coast', () => {
    const hiRes = loadHighResCounty();
    const florida = loadFloridaLand();
    const wrong: string[] = [];
    let land = 0;
    // The coast from the Broward line to Card Sound, islands and keys included.
    for (let lat = 25.3; lat <= 25.975; lat += 0.0045)
      for (let lng = -80.45; lng <= -80.1; lng += 0.005) {
        if (!containsPoint(florida, lng, lat) || !containsPoint(hiRes, lng, lat)) continue;
        land++;
        if (inOpenWater({ lat, lng })) wrong.push(`${lat.toFixed(4)},${lng.toFixed(4)}`);
      }
    expect(land).toBeGreaterThan(3000);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['SW 209 St & SW 13 Ave', -209, 13],
    ['Kendall Dr (SW 88 St) & SW 14 Ave', -88, 14],
    ['SW 172 St & SW 1 Ave', -172, 1],
  ])('the grid corner %s, which a misread number made, is open water', (_name, street, avenue) => {
    const p = gridPoint(street, avenue);
    expect(isInMiamiDade(p)).toBe(true);
    expect(inOpenWater(p)).toBe(true);
  });
});
