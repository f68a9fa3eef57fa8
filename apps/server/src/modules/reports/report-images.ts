import { z } from 'zod';
import type { EvidenceReport, ReportEvidence, ReportImage, ReportTextLine } from '@vt/shared';
import { DecodedImage, type PixelRegion, type SmallJpeg } from '../../adapters/image/small-jpeg';
import type { AnalysisJob } from '../../engine/pipeline/ports';
import { isUuid } from '../../lib/ids';

/** Where the report's pictures come from: only images stored without metadata, never an original (R-PRIVACY-1). */
export interface ReportImageSources {
  /** A stored derivative (a photo's thumbnail or display image) by its storage key; throws when it cannot be read. */
  stored(key: string): Promise<Buffer>;
  /** A reference photo's stored thumbnail (WebP, 160 px) and what it is; undefined once its import was removed. */
  referencePhoto(id: string): Promise<{ thumbnail: Buffer; fileName: string; importName: string } | undefined>;
}

/** The analyses a matched photo of the owner's own gallery is looked up in. */
export interface MatchedAnalyses {
  get(id: string): Promise<AnalysisJob | undefined>;
}

/** The photo near the top of the report: at most this many pixels a side (sharp in print at about 7 cm). */
export const PHOTO_SIDE = 480;
/** Gallery thumbnails: the stored ones are 256 px (a photo's) and 160 px (a reference photo's); never enlarged. */
export const THUMBNAIL_SIDE = 256;
/** A crop of a line of text: this tall (enlarged when the line is smaller), at most this wide. */
export const CROP_HEIGHT = 64;
export const CROP_MAX_WIDTH = 512;
/** Around the box the recogniser gave, a margin of this share of the line's height (at least MIN_MARGIN_PX). */
const CROP_MARGIN = 0.4;
const MIN_MARGIN_PX = 4;

const dataUrl = (j: SmallJpeg): ReportImage => ({
  dataUrl: `data:image/jpeg;base64,${j.bytes.toString('base64')}`,
  width: j.width,
  height: j.height,
});

/** A JPEG of a decoded image as a data URL, or null when encoding fails (a picture never fails the report). */
const encode = (image: DecodedImage, opts: Parameters<DecodedImage['jpeg']>[0]): Promise<ReportImage | null> =>
  image.jpeg(opts).then(dataUrl, () => null);

/**
 * The pixels of a line's box (shares of the image) with a little margin, inside the image; null for a box that
 * covers no pixel. The display image has the orientation the recogniser read (both apply the photo's rotation), so
 * the shares fall on the same place in it.
 */
export function cropRegion(box: ReportTextLine['box'], width: number, height: number): PixelRegion | null {
  // To a thousandth of a pixel first, so that 0.15 × 1200 = 180.00000000000003 does not take a pixel more.
  const px = (share: number, size: number) => Math.round(share * size * 1000) / 1000;
  const x0 = px(box.x, width);
  const y0 = px(box.y, height);
  const x1 = px(box.x + box.w, width);
  const y1 = px(box.y + box.h, height);
  if (![x0, y0, x1, y1].every(Number.isFinite) || x1 <= x0 || y1 <= y0) return null;
  const margin = Math.max(MIN_MARGIN_PX, (y1 - y0) * CROP_MARGIN);
  const left = Math.max(0, Math.floor(x0 - margin));
  const top = Math.max(0, Math.floor(y0 - margin));
  const right = Math.min(width, Math.ceil(x1 + margin));
  const bottom = Math.min(height, Math.ceil(y1 + margin));
  return right - left >= 1 && bottom - top >= 1 ? { left, top, width: right - left, height: bottom - top } : null;
}

/** A stored image decoded, or why there is none, in a sentence the report prints. */
type Loaded = { image: DecodedImage } | { missing: string };

/** What the gallery locator recorded of a match (engine/locators/gallery.locator.ts); older evidence may lack parts. */
const GalleryMatchSchema = z.object({
  match: z.object({
    source: z.string().optional(),
    /** The index entry: for a reference photo, its id in reference_photos. */
    entryId: z.string().optional(),
    /** For the owner's own gallery: the earlier analysis the remembered place came from. */
    analysisId: z.string().nullable().optional(),
    importName: z.string().optional(),
    rememberedAt: z.string().optional(),
  }),
});
type GalleryMatchDetails = z.infer<typeof GalleryMatchSchema>['match'];

/**
 * The report's pictures (R-REPORT-5): a small image of the photo, a crop of where each line of text was read and
 * both thumbnails of a gallery match, made from stored derivatives and re-encoded as JPEG without metadata. An image
 * that cannot be had becomes a sentence (never a failed report), and nothing of another account is ever read.
 */
export async function addReportImages(input: {
  /** The report's owner: the caller, already checked against the analysis (R-REPORT-2). */
  ownerId: string;
  row: AnalysisJob;
  evidence: ReportEvidence[];
  analyses: MatchedAnalyses;
  sources: ReportImageSources;
}): Promise<{ photo: EvidenceReport['photo']; evidence: ReportEvidence[] }> {
  const { row, sources } = input;
  // A result recorded from elsewhere (POST /api/analysis/create) comes with no file at all.
  const noFile = row.photo.format === 'external';
  const load = async (key: string | null, what: string): Promise<Loaded> => {
    if (noFile) return { missing: 'No file was received for this analysis, so there is no image of it.' };
    if (!key)
      return {
        missing:
          row.status === 'failed'
            ? `No ${what} of the photo was stored: the analysis ended before its images were made.`
            : `No ${what} of the photo is stored.`,
      };
    let bytes: Buffer;
    try {
      bytes = await sources.stored(key);
    } catch {
      return {
        missing: `The stored ${what} of the photo could not be read (removed from storage, or storage unavailable when this report was made).`,
      };
    }
    try {
      return { image: await DecodedImage.open(bytes) };
    } catch {
      return { missing: `The stored ${what} of the photo could not be decoded.` };
    }
  };
  let display: Promise<Loaded> | undefined;
  let thumbnail: Promise<Loaded> | undefined;
  const displayImage = () => (display ??= load(row.photo.displayKey, 'display image'));
  const thumbnailImage = () => (thumbnail ??= load(row.photo.thumbnailKey, 'thumbnail'));

  const photo = await photoImage(await displayImage(), thumbnailImage);

  // The same line cited by two pieces of evidence is cut once.
  const crops = new Map<string, Promise<ReportImage | null>>();
  const cropOf = (image: DecodedImage, box: ReportTextLine['box']) => {
    const key = `${box.x},${box.y},${box.w},${box.h}`;
    let crop = crops.get(key);
    if (!crop) {
      const region = cropRegion(box, image.width, image.height);
      crop = region
        ? encode(image, { region, box: { width: CROP_MAX_WIDTH, height: CROP_HEIGHT }, enlarge: true })
        : Promise.resolve(null);
      crops.set(key, crop);
    }
    return crop;
  };
  let photoThumbnail: Promise<{ image: ReportImage | null; missing: string | null }> | undefined;
  const thisPhotoThumbnail = () =>
    (photoThumbnail ??= thumbnailImage().then(async (t) => {
      if (!('image' in t)) return { image: null, missing: t.missing };
      const image = await encode(t.image, { box: { width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE } });
      return { image, missing: image ? null : 'Its stored thumbnail could not be re-encoded.' };
    }));

  const evidence = await Promise.all(
    input.evidence.map(async (e): Promise<ReportEvidence> => {
      if (e.textRead.length) {
        const source = await displayImage();
        if (!('image' in source))
          return { ...e, imageNote: `No crop of where each line was read: ${lowerFirst(source.missing)}` };
        const textRead = await Promise.all(
          e.textRead.map(async (l) => ({ ...l, crop: await cropOf(source.image, l.box) })),
        );
        const uncut = textRead.filter((l) => !l.crop).length;
        return {
          ...e,
          textRead,
          imageNote: uncut
            ? `${uncut === 1 ? 'One line has' : `${uncut} lines have`} no crop: ${uncut === 1 ? 'its box covers' : 'their boxes cover'} no part of the stored image, or the cut failed.`
            : null,
        };
      }
      const match = e.locator === 'gallery' && e.kind === 'position' ? GalleryMatchSchema.safeParse(e.details) : null;
      if (!match) return e;
      const own = await thisPhotoThumbnail();
      const matched = match.success
        ? await matchedThumbnail(match.data.match, input)
        : {
            image: null,
            caption: 'The photo it matched',
            missing: 'This evidence does not say which photo it matched, so that photo cannot be shown.',
          };
      const notes = [own.missing && `This photo: ${lowerFirst(own.missing)}`, matched.missing].filter(Boolean);
      return {
        ...e,
        thumbnails: { photo: own.image, matched: matched.image, matchedCaption: matched.caption },
        imageNote: notes.length ? notes.join(' ') : null,
      };
    }),
  );
  return { photo, evidence };
}

/** The photo near the top: from the display image, else from the thumbnail, else why there is neither. */
async function photoImage(display: Loaded, thumbnail: () => Promise<Loaded>): Promise<EvidenceReport['photo']> {
  const fromDisplay =
    'image' in display && (await encode(display.image, { box: { width: PHOTO_SIDE, height: PHOTO_SIDE } }));
  if (fromDisplay)
    return {
      image: fromDisplay,
      note: 'The analysed photo, from the image stored for display (all its metadata removed), reduced.',
    };
  const why = 'missing' in display ? display.missing : 'The stored display image of the photo could not be re-encoded.';
  const small = await thumbnail();
  const fromThumbnail =
    'image' in small && (await encode(small.image, { box: { width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE } }));
  if (fromThumbnail)
    return {
      image: fromThumbnail,
      note: `The analysed photo, from its stored thumbnail (all its metadata removed): ${lowerFirst(why)}`,
    };
  return { image: null, note: why };
}

/**
 * The matched photo's thumbnail. A reference photo is the organisation's (R-GALLERY-2): its stored thumbnail is
 * shown to the owner of the photo it matched (R-REPORT-5). A match in the user's own gallery can only be one of the
 * owner's analyses (the gallery compares a photo with its owner's entries only, R-GALLERY-1); that is checked here
 * all the same, and another account's photo is never read, let alone shown.
 */
async function matchedThumbnail(
  m: GalleryMatchDetails,
  input: { ownerId: string; analyses: MatchedAnalyses; sources: ReportImageSources },
): Promise<{ image: ReportImage | null; caption: string; missing: string | null }> {
  const small = async (bytes: Buffer) => {
    const image = await encode(await DecodedImage.open(bytes), {
      box: { width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE },
    });
    if (!image) throw new Error('not re-encoded');
    return image;
  };
  if (m.source === 'reference') {
    const fromImport = m.importName ? ` from import “${m.importName}”` : '';
    if (!m.entryId || !isUuid(m.entryId))
      return {
        image: null,
        caption: `A reference photo${fromImport}`,
        missing: 'This evidence does not say which reference photo it matched, so that photo cannot be shown.',
      };
    const ref = await input.sources.referencePhoto(m.entryId).catch(() => null);
    if (ref === null)
      return {
        image: null,
        caption: `A reference photo${fromImport}`,
        missing: 'The reference photo’s thumbnail could not be read when this report was made.',
      };
    if (!ref)
      return {
        image: null,
        caption: `A reference photo${fromImport}`,
        missing: 'The reference photo it matched has since been removed with its import, so it cannot be shown.',
      };
    const caption = `Reference photo ${ref.fileName} from import “${ref.importName}”`;
    try {
      return { image: await small(ref.thumbnail), caption, missing: null };
    } catch {
      return { image: null, caption, missing: 'The reference photo’s stored thumbnail could not be decoded.' };
    }
  }
  const when = m.rememberedAt ? `, remembered on ${m.rememberedAt.slice(0, 10)}` : '';
  if (!m.analysisId || !isUuid(m.analysisId))
    return {
      image: null,
      caption: `Your photo${when}`,
      missing:
        m.analysisId === null
          ? 'The analysis of the photo it matched has since been deleted, and its images with it.'
          : 'This evidence does not say which of your photos it matched, so that photo cannot be shown.',
    };
  const other = await input.analyses.get(m.analysisId).catch(() => undefined);
  if (!other)
    return {
      image: null,
      caption: `Your photo${when}`,
      missing: 'The analysis of the photo it matched has since been deleted, and its images with it.',
    };
  // Never another account's image: the owner check comes before anything of that photo is read.
  if (other.userId !== input.ownerId)
    return { image: null, caption: 'A photo', missing: 'The matched photo is not one of yours, so it is not shown.' };
  const caption = `Your photo “${other.photo.originalName}” (analysis ${other.id})${when}`;
  if (!other.photo.thumbnailKey)
    return { image: null, caption, missing: 'The photo it matched has no stored thumbnail.' };
  try {
    return { image: await small(await input.sources.stored(other.photo.thumbnailKey)), caption, missing: null };
  } catch {
    return {
      image: null,
      caption,
      missing: 'The stored thumbnail of the photo it matched could not be read (removed, or storage unavailable).',
    };
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
