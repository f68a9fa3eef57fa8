import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatMegabytes, type AnalysisStatus, type User, type VerifyResponse } from '@vt/shared';
import { AppError } from '../../lib/errors';

/** What verification reads: the owner's analyses of photos with given bytes, oldest first. */
export interface SameBytesLookup {
  allWithSameBytes(
    userId: string,
    sha256: string,
  ): Promise<
    Array<{
      analysisId: string;
      fileName: string;
      receivedAt: Date;
      status: AnalysisStatus;
      result: { name: string } | null;
    }>
  >;
}

/**
 * POST /api/verify: is this file the one that was analysed? Hashes the bytes as they stream in (nothing is stored,
 * decoded or counted against the weekly limit) and lists the caller's analyses of the same SHA-256, so a report
 * can be checked against an original later. Only the caller's own analyses are ever named.
 */
export class VerifyService {
  constructor(private readonly deps: { lookup: SameBytesLookup; maxBytes: number }) {}

  async verify(user: User, file: Readable & { truncated?: boolean }): Promise<VerifyResponse> {
    const hash = createHash('sha256');
    let byteSize = 0;
    for await (const chunk of file) {
      byteSize += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    if (file.truncated)
      throw new AppError(
        413,
        'photo_too_large',
        `The file is larger than the ${formatMegabytes(this.deps.maxBytes)} a photo may be, so it cannot be one that was analysed.`,
      );
    if (byteSize === 0) throw new AppError(400, 'empty_file', 'The file is empty: choose the original photo.');
    const sha256 = hash.digest('hex');
    const rows = await this.deps.lookup.allWithSameBytes(user.id, sha256);
    return {
      sha256,
      byteSize,
      matches: rows.map((r) => ({
        analysisId: r.analysisId,
        fileName: r.fileName,
        receivedAt: r.receivedAt.toISOString(),
        status: r.status,
        placeName: r.result?.name ?? null,
      })),
    };
  }
}
