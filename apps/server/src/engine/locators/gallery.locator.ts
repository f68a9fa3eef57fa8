import type { Evidence } from '@vt/shared';
import type { GalleryMatch, MatchOutcome } from '../gallery/gallery';
import { preciseGpsRadius, type Locator, type LocatorServices } from './locator';

/**
 * How far from the remembered place the photo may be. The same picture is where the remembered one was (its
 * GPS error); a new photo of the same façade or landmark may be taken from across the street or further down it.
 */
const NEAR_DUPLICATE_RADIUS_M = 50;
const SAME_SCENE_RADIUS_M = 150;
const MAX_PLACES = 3;

const day = (iso: string) => iso.slice(0, 10);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryOf(m: GalleryMatch): string {
  const when = day(m.entry.createdAt);
  const ref = m.entry.reference;
  if (ref) {
    const what = `reference photo ${ref.fileName} from import “${ref.importName}” (${when})`;
    return m.kind === 'near-duplicate'
      ? `The same picture as ${what}; resized, recompressed or cropped (${m.hashDistance} of 64 hash bits differ).`
      : `Shows the same scene as ${what}: ${m.inliers} matching points in a consistent arrangement.`;
  }
  const how = m.entry.source === 'gps' ? 'placed by its GPS' : 'placed by you';
  return m.kind === 'near-duplicate'
    ? `The same picture as a photo you located on ${when} (${how}); resized, recompressed or cropped (${m.hashDistance} of 64 hash bits differ).`
    : `Shows the same scene as a photo you located on ${when} (${how}): ${m.inliers} matching points in a consistent arrangement.`;
}

/** Evidence from a gallery match outcome: one finding per remembered place matched, best first. */
export function galleryEvidence(outcome: MatchOutcome): Evidence[] {
  const sizes = { gallerySize: outcome.size, referenceSize: outcome.referenceSize };
  if (!outcome.enabled && !outcome.matches.length)
    return [
      {
        locator: 'gallery',
        kind: 'absent',
        summary: `Not compared with your located photos: recognising places from them is turned off in Settings${outcome.referenceSize ? `; none of the ${plural(outcome.referenceSize, 'reference photo')} looks like this photo` : ''}.`,
        details: { disabled: true, referenceSize: outcome.referenceSize },
      },
    ];
  if (!outcome.matches.length)
    return [
      {
        locator: 'gallery',
        kind: 'absent',
        summary: `${
          outcome.size
            ? `None of the ${outcome.size} place${outcome.size === 1 ? '' : 's'} you located before looks like this photo`
            : 'No places remembered yet: your located photos will be recognised from now on'
        }${outcome.referenceSize ? `; none of the ${plural(outcome.referenceSize, 'reference photo')} looks like it either` : ''}.`,
        details: { ...sizes, timings: outcome.timings },
      },
    ];
  return outcome.matches.slice(0, MAX_PLACES).map((m, i) => ({
    locator: 'gallery',
    kind: 'position',
    position: { lat: m.entry.lat, lng: m.entry.lng },
    radiusMeters: m.kind === 'near-duplicate' ? NEAR_DUPLICATE_RADIUS_M : SAME_SCENE_RADIUS_M,
    confidence: m.confidence,
    summary: summaryOf(m),
    details: {
      match: {
        kind: m.kind,
        entryId: m.entry.id,
        analysisId: m.entry.analysisId,
        source: m.entry.source,
        rememberedAt: m.entry.createdAt,
        ...(m.entry.reference
          ? { importId: m.entry.reference.importId, importName: m.entry.reference.importName }
          : {}),
        ...(m.hashDistance !== undefined ? { hashDistance: m.hashDistance } : {}),
        ...(m.inliers !== undefined ? { inliers: m.inliers } : {}),
      },
      ...(i === 0 ? { ...sizes, timings: outcome.timings } : {}),
    },
  }));
}

/**
 * Places seen before: the photo is compared with the descriptors of the same user's earlier located photos and of
 * the organisation's reference photos (engine/gallery). Skipped when a precise GPS fix already places the photo.
 */
export function createGalleryLocator(services?: LocatorServices): Locator {
  return {
    name: 'gallery',
    enabled: () => true,
    withServices: (s) => createGalleryLocator(s),
    skip(evidence) {
      const radius = preciseGpsRadius(evidence);
      return radius === null ? null : `Not compared: the photo's own GPS already places it within ${radius} m.`;
    },
    async locate(input, ctx) {
      if (!services) throw new Error('The gallery locator needs the gallery (withServices).');
      if (!input.userId)
        return [
          { locator: 'gallery', kind: 'absent', summary: 'Not compared: the photo has no owner to compare with.' },
        ];
      const outcome = await services.gallery.match(input.userId, await input.displayImage());
      ctx.log('gallery matched', { size: outcome.size, matches: outcome.matches.length, ...outcome.timings });
      return galleryEvidence(outcome);
    },
  };
}
