import { describe, expect, it } from 'vitest';
import type { CountyOutline } from '@vt/shared';
import { boxOf, fitProjection, outlinePath, previewFrame } from './preview';

const county = { minLng: -80.87, minLat: 25.14, maxLng: -80.12, maxLat: 25.98 };

describe('static preview geometry', () => {
  it('fits the box inside the frame with north up and west left', () => {
    const p = fitProjection(county, 320, 360, 16);
    const nw = p.project({ lat: county.maxLat, lng: county.minLng });
    const se = p.project({ lat: county.minLat, lng: county.maxLng });
    expect(nw.x).toBeGreaterThanOrEqual(16 - 1e-9);
    expect(nw.y).toBeGreaterThanOrEqual(16 - 1e-9);
    expect(se.x).toBeLessThanOrEqual(320 - 16 + 1e-9);
    expect(se.y).toBeLessThanOrEqual(360 - 16 + 1e-9);
    expect(se.x).toBeGreaterThan(nw.x);
    expect(se.y).toBeGreaterThan(nw.y);
    // One side touches the padding: the box is scaled as large as it fits.
    expect(Math.min(nw.x, nw.y)).toBeCloseTo(16, 6);
  });
  it('keeps the shape: a degree of longitude is cos(latitude) of a degree of latitude', () => {
    const p = fitProjection(county, 320, 360);
    const o = p.project({ lat: 25.5, lng: -80.5 });
    const east = p.project({ lat: 25.5, lng: -80.4 });
    const north = p.project({ lat: 25.6, lng: -80.5 });
    const ratio = (east.x - o.x) / (o.y - north.y);
    expect(ratio).toBeCloseTo(Math.cos((((county.minLat + county.maxLat) / 2) * Math.PI) / 180), 6);
    // 1 km is about 1/111 of a degree of latitude.
    expect(p.metersToPx(111_320)).toBeCloseTo(o.y - p.project({ lat: 26.5, lng: -80.5 }).y, 6);
  });
  it('grows the frame for a point nearby, but does not shrink the county to a dot for one far away', () => {
    const keyLargo = previewFrame(county, { lat: 25.1, lng: -80.43 });
    expect(keyLargo.pointInFrame).toBe(true);
    expect(keyLargo.box.minLat).toBe(25.1);
    const paris = previewFrame(county, { lat: 48.8584, lng: 2.2945 });
    expect(paris).toEqual({ box: county, pointInFrame: false });
  });
  it('draws every ring of the outline as a closed path', () => {
    const outline: CountyOutline = {
      type: 'Feature',
      properties: { name: 'T', bbox: [0, 0, 1, 1], source: 't' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [0.2, 0.2],
              [0.3, 0.2],
              [0.3, 0.3],
              [0.2, 0.2],
            ],
          ],
        ],
      },
    };
    const path = outlinePath(outline, fitProjection(boxOf(outline), 100, 100, 0));
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path.match(/Z/g)).toHaveLength(2);
    expect(path.startsWith('M0.0,100.0L100.0,100.0L100.0,0.0')).toBe(true);
  });
});
