import { isInMiamiDade } from '@vt/server/src/engine/geo/county';
import type { LatLng } from '@vt/server/src/engine/geo/geometry';
import type { Transform } from '@vt/server/src/engine/test/gallery-photos';

/** Captions a messaging app's user might write over a shared photo. */
const CAPTIONS = [
  'Miami 2026',
  'Weekend vibes',
  'Best day ever!!',
  'Throwback',
  '#sunset',
  'with the crew',
  'Calle Ocho?',
];

/**
 * The gallery benchmarks' random draws from one seeded generator (run.ts and reference.ts draw the same kinds of
 * things in the same order): how a shared copy of a photo was changed, and a place inside the county.
 */
export function galleryDraws(random: () => number) {
  const between = (a: number, b: number) => a + random() * (b - a);
  return {
    /** A shared copy's changes: cropped, turned a little, resized, recompressed, recoloured, half with a caption. */
    randomTransform(): Transform {
      return {
        crop: { keep: between(0.6, 0.9), x: random(), y: random() },
        rotateDeg: between(-10, 10),
        resizeTo: Math.round(between(320, 1600)),
        jpegQuality: Math.round(between(40, 90)),
        colour: { brightness: between(0.75, 1.25), saturation: between(0.6, 1.4), hue: Math.round(between(-30, 30)) },
        ...(random() < 0.5 ? { text: CAPTIONS[Math.floor(random() * CAPTIONS.length)] } : {}),
      };
    },
    /** A point inside Miami-Dade, drawn uniformly over the county's bounding box. */
    randomPlace(): LatLng {
      for (;;) {
        const p = { lat: between(25.25, 25.98), lng: between(-80.87, -80.12) };
        if (isInMiamiDade(p)) return p;
      }
    },
  };
}
