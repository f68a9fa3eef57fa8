import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { referenceImports, referencePhotos } from '../../db/schema.gallery';
import type { ReportOwners } from './reports.service';
import type { ReportImageSources } from './report-images';

/** SQL the reports need beyond the analysis itself: who its owner is, and a matched reference photo's thumbnail. */
export class ReportsRepository implements ReportOwners, Pick<ReportImageSources, 'referencePhoto'> {
  constructor(private readonly db: Db) {}

  async ownerOf(userId: string): Promise<{ name: string; email: string } | undefined> {
    const [row] = await this.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  /** A reference photo's stored thumbnail (WebP, no metadata), its path in the folder and its import's name. */
  async referencePhoto(id: string): Promise<{ thumbnail: Buffer; fileName: string; importName: string } | undefined> {
    const [row] = await this.db
      .select({
        thumbnail: referencePhotos.thumbnail,
        fileName: referencePhotos.fileName,
        importName: referenceImports.folderName,
      })
      .from(referencePhotos)
      .innerJoin(referenceImports, eq(referenceImports.id, referencePhotos.importId))
      .where(eq(referencePhotos.id, id));
    return row;
  }
}
