import sharp from 'sharp';
import { normalisedPhoto } from '../../engine/test/gallery-photos';
import { exifGps } from '../analyses/photos.fixtures';

// Reference photos made at test time from the real camera photos of ../shared/data (nothing binary in the repository).

/** Places inside the county the re-tagged copies claim: Bayside, Vizcaya, Lincoln Road, the Biltmore, Zoo Miami… */
export const PLACES = [
  { lat: 25.7784, lng: -80.1867 },
  { lat: 25.7443, lng: -80.2105 },
  { lat: 25.7907, lng: -80.1395 },
  { lat: 25.7467, lng: -80.2801 },
  { lat: 25.6102, lng: -80.398 },
  { lat: 25.9331, lng: -80.1625 },
];

/** A real camera photo as a phone in Miami-Dade would have written it: a JPEG with EXIF GPS at `p`. */
export async function geotagged(name: string, p: { lat: number; lng: number }): Promise<Buffer> {
  return sharp(await normalisedPhoto(name))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Reference 1' },
      IFD3: exifGps(p),
    })
    .toBuffer();
}
