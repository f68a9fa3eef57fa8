import type { CountyOutline, LatLng } from '@vt/shared';

export type Box = { minLng: number; minLat: number; maxLng: number; maxLat: number };
export type Projection = {
  project(p: LatLng): { x: number; y: number };
  metersToPx(m: number): number;
  width: number;
  height: number;
};

const EARTH_M_PER_DEG = 111_320;

/**
 * Equirectangular projection of `box` into a width × height frame with padding, longitudes shrunk by the
 * cosine of the middle latitude so the county keeps its shape. Good enough for a county-sized preview.
 */
export function fitProjection(box: Box, width: number, height: number, padding = 16): Projection {
  const midLat = ((box.minLat + box.maxLat) / 2) * (Math.PI / 180);
  const kx = Math.cos(midLat);
  const spanX = Math.max((box.maxLng - box.minLng) * kx, 1e-6);
  const spanY = Math.max(box.maxLat - box.minLat, 1e-6);
  const scale = Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY);
  const offX = (width - spanX * scale) / 2;
  const offY = (height - spanY * scale) / 2;
  return {
    width,
    height,
    project: ({ lat, lng }) => ({ x: offX + (lng - box.minLng) * kx * scale, y: offY + (box.maxLat - lat) * scale }),
    metersToPx: (m) => (m / EARTH_M_PER_DEG) * scale,
  };
}

/** SVG path data of the outline's rings ([lng, lat] positions). */
export function outlinePath(outline: CountyOutline, projection: Projection): string {
  return outline.geometry.coordinates
    .flatMap((polygon) =>
      polygon.map(
        (ring) =>
          ring
            .map(([lng, lat], i) => {
              const { x, y } = projection.project({ lat, lng });
              return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
            })
            .join('') + 'Z',
      ),
    )
    .join('');
}

/** How far beyond the county's box a point may lie and still be drawn in the same frame. */
const MAX_STRETCH_DEG = 1.5;

/**
 * The frame of the preview: the county's box, grown to take in the point when it lies near (a beach just off
 * the coarse outline, Broward, the Keys). A point far away is not drawn: `pointInFrame` is false and the
 * screen says so in words instead of shrinking the county to a dot.
 */
export function previewFrame(countyBox: Box, point: LatLng): { box: Box; pointInFrame: boolean } {
  const near =
    point.lng >= countyBox.minLng - MAX_STRETCH_DEG &&
    point.lng <= countyBox.maxLng + MAX_STRETCH_DEG &&
    point.lat >= countyBox.minLat - MAX_STRETCH_DEG &&
    point.lat <= countyBox.maxLat + MAX_STRETCH_DEG;
  if (!near) return { box: countyBox, pointInFrame: false };
  return {
    box: {
      minLng: Math.min(countyBox.minLng, point.lng),
      minLat: Math.min(countyBox.minLat, point.lat),
      maxLng: Math.max(countyBox.maxLng, point.lng),
      maxLat: Math.max(countyBox.maxLat, point.lat),
    },
    pointInFrame: true,
  };
}

export const boxOf = (outline: CountyOutline): Box => {
  const [minLng, minLat, maxLng, maxLat] = outline.properties.bbox;
  return { minLng, minLat, maxLng, maxLat };
};
