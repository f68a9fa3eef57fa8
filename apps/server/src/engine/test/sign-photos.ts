import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../geo/sampling';
import { SHARED_DATA_DIR } from './shared-geodata';
import { composeScene, streetSign, type Blade, type SceneOptions } from './signs';

// Sign photos the server tests and the browser tests both upload, drawn at test time onto a real camera photo read
// from ../shared/data (nothing binary is kept in the repository); no metadata.

/** A real street photo (a Galaxy Note 3's) the blades are drawn onto. */
export const streetPhoto = () =>
  readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/mdx_Samsung_SM-N900A.jpg'));

/** County street-name blades drawn by the helper the text locator's tests and benchmark use, placed on the photo. */
export async function signScene(blades: Blade[], placement: SceneOptions, seed: number): Promise<Buffer> {
  return composeScene(streetPhoto(), await streetSign(blades), placement, mulberry32(seed));
}

/**
 * A 12 MP photo with small, out-of-focus "NW 98th Ave" / "NW 109th St" blades (4.5 % of the photo wide): the
 * recogniser half-reads the second ("NW1095t", its S taken for a 5) and the county's sign grammar makes it out as
 * NW 109 St.
 */
export function blurredBladePhoto(): Promise<Buffer> {
  return signScene(
    [{ name: 'NW 98th Ave' }, { name: 'NW 109th St' }],
    {
      at: { x: 0.52, y: 0.2 },
      widthShare: 0.045,
      rotateDeg: -6,
      skew: 0.05,
      blurSigma: 2,
      noise: 5,
      photoWidth: 4000,
      jpegQuality: 65,
    },
    3,
  );
}
