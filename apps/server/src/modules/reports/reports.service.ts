import {
  TextEvidenceDetailsSchema,
  type Evidence,
  type EvidenceReport,
  type ReportEvidence,
  type ReportTextLine,
  type TextEvidenceDetails,
  type User,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AnalysisJob } from '../../engine/pipeline/ports';
import { GENESIS_HASH, verifyChain, type EventRow } from '../analyses/event-chain';
import { renderReportPdf } from './report-pdf';
import { addReportImages, type ReportImageSources } from './report-images';

/** What a report reads of an analysis: the analysis with its photo, and its stored events. */
export interface ReportSources {
  get(id: string): Promise<AnalysisJob | undefined>;
  eventsSince(analysisId: string, afterId: number): Promise<EventRow[]>;
}

/** Who a photo's owner is, as stored. */
export interface ReportOwners {
  ownerOf(userId: string): Promise<{ name: string; email: string } | undefined>;
}

/** How each event's hash is computed (event-chain.ts), in words a reader of the JSON can follow without the code. */
export const CHAIN_RULE =
  `hash = SHA-256 (hex) of prevHash + "\\n" + the JSON of {analysisId, createdAt, data, type} with object keys ` +
  `sorted at every depth and no white space, where createdAt is the event's "at" and prevHash is the previous ` +
  `event's hash (${GENESIS_HASH.slice(0, 8)}… 64 zeros for the first).`;

/** The most lines of text quoted for one piece of evidence that placed nothing (the JSON's details keep all). */
const MAX_UNPLACED_LINES = 30;

/**
 * The evidence report of an analysis (R-REPORT-1): built once here as JSON; the PDF renders the same object. Only
 * the owner gets it (another user's id, the founder's included, answers the same 404 as a missing one: the report
 * names the person who sent the photo), and only once the analysis has finished (R-REPORT-2).
 */
export class ReportsService {
  constructor(
    private readonly deps: {
      analyses: ReportSources;
      owners: ReportOwners;
      /** Stored derivatives and reference thumbnails, for the report's pictures (R-REPORT-5). */
      images: ReportImageSources;
      /** This server's public address, for the verification sentence. */
      publicUrl: string;
      now?: () => Date;
    },
  ) {}

  async build(user: User, id: string): Promise<EvidenceReport> {
    const row = isUuid(id) ? await this.deps.analyses.get(id) : undefined;
    if (!row || row.userId !== user.id) throw notFound('Analysis not found.');
    if (row.status === 'queued' || row.status === 'running')
      throw new AppError(
        409,
        'analysis_not_finished',
        'The analysis has not finished yet: its report can be made once it is done.',
      );
    const [events, owner] = await Promise.all([
      this.deps.analyses.eventsSince(row.id, 0),
      this.deps.owners.ownerOf(row.userId),
    ]);
    if (!owner) throw notFound('Analysis not found.');
    const evidence = row.evidence ?? [];
    const result = row.analysisResult ?? null;
    const photo = row.photo;
    const pictured = await addReportImages({
      ownerId: user.id,
      row,
      evidence: reportEvidence(evidence),
      analyses: this.deps.analyses,
      sources: this.deps.images,
    });
    return {
      reportVersion: 1,
      generatedAt: (this.deps.now?.() ?? new Date()).toISOString(),
      analysis: {
        id: row.id,
        status: row.status,
        analysisType: row.analysisType,
        createdAt: row.createdAt.toISOString(),
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
      },
      file: {
        fileName: photo.originalName,
        sha256: photo.sha256 ?? null,
        byteSize: photo.byteSize,
        format: photo.format,
        mimeType: photo.mimeType,
        width: photo.width,
        height: photo.height,
        receivedAt: photo.createdAt.toISOString(),
        receivedBy: owner,
        originalKept: photo.originalKey !== null,
      },
      photo: pictured.photo,
      metadata: row.metadata ?? null,
      evidence: pictured.evidence,
      candidates: row.candidates ?? result?.candidates ?? [],
      result,
      error: row.status === 'failed' ? (row.error ?? null) : null,
      versions: { engine: row.engineVersion, locators: locatorVersions(evidence) },
      events: {
        items: events.map((e) => ({
          id: e.id,
          type: e.type,
          at: e.createdAt.toISOString(),
          data: e.data,
          prevHash: e.prevHash,
          hash: e.hash,
        })),
        chain: verifyChain(events),
        rule: CHAIN_RULE,
      },
      verification: photo.sha256
        ? `To check a file against this report, sign in as ${owner.email} and upload it at ${this.deps.publicUrl}/verify: ` +
          `the same bytes have the SHA-256 above, and the page names this analysis (${row.id}) and when it was received.`
        : 'No file was received for this analysis (its result was recorded from elsewhere), so no file can be verified against it.',
    };
  }

  /** The same report as a PDF (rendered from the object `build` answers). */
  async buildPdf(user: User, id: string): Promise<{ report: EvidenceReport; pdf: Buffer }> {
    const report = await this.build(user, id);
    return { report, pdf: await renderReportPdf(report) };
  }
}

/** Each piece of evidence as stored, with the text locator's lines picked out of its details. */
export function reportEvidence(evidence: readonly Evidence[]): ReportEvidence[] {
  // The OCR lines travel once, on the first text evidence; the others cite them by index (text.locator.ts).
  const ocr = evidence
    .filter((e) => e.locator === 'text')
    .map((e) => textDetails(e)?.ocr)
    .find(Boolean);
  return evidence.map((e) => ({
    locator: e.locator,
    kind: e.kind,
    summary: e.summary,
    confidence: e.confidence ?? null,
    radiusMeters: e.radiusMeters ?? null,
    position: e.position ?? null,
    reason: e.reason ?? null,
    textRead: e.locator === 'text' && ocr ? textLines(textDetails(e), ocr.lines) : [],
    // The pictures are added by addReportImages (report-images.ts), from stored images.
    thumbnails: null,
    imageNote: null,
    details: e.details ?? null,
  }));
}

function textDetails(e: Evidence): TextEvidenceDetails | undefined {
  const parsed = TextEvidenceDetailsSchema.safeParse(e.details);
  return parsed.success ? parsed.data : undefined;
}

function textLines(details: TextEvidenceDetails | undefined, lines: NonNullable<TextEvidenceDetails['ocr']>['lines']) {
  if (!details) return [];
  const readAs = new Map<number, string>();
  for (const m of [...details.matches, ...(details.hints ?? [])])
    for (const i of m.lines) if (!readAs.has(i) && lines[i]) readAs.set(i, m.label);
  if (readAs.size)
    return [...readAs]
      .sort(([a], [b]) => a - b)
      .map(([i, label]): ReportTextLine => ({ ...line(lines[i]!), readAs: label }));
  // Nothing placed: what was read is still evidence of what the photo shows, on the item that carries the reading.
  return details.ocr ? details.ocr.lines.slice(0, MAX_UNPLACED_LINES).map((l) => ({ ...line(l), readAs: null })) : [];
}

const line = (l: { text: string; confidence: number; box: ReportTextLine['box']; seen?: string }) => ({
  text: l.text,
  confidence: l.confidence,
  box: l.box,
  ...(l.seen ? { seen: l.seen } : {}),
  crop: null,
});

/** The locators that reported, in order, with the outside model that answered for one when it says so. */
function locatorVersions(evidence: readonly Evidence[]): EvidenceReport['versions']['locators'] {
  const out = new Map<string, string | null>();
  for (const e of evidence) {
    const model = typeof e.details?.model === 'string' ? e.details.model : null;
    if (!out.has(e.locator) || (model && !out.get(e.locator))) out.set(e.locator, model);
  }
  return [...out].map(([name, model]) => ({ name, model }));
}
