import { standingOfOutcome, type AnalysisResult, type Evidence } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import {
  OUTCOME_LABEL,
  confidenceTone,
  formatConfidence,
  formatLatLng,
  formatRadius,
  openStreetMapUrl,
  outcomeText,
} from '../format';
import { locatorLabel } from '../stages';
import { LocationPreview } from './location-preview';
import { TextEvidencePhoto } from './text-evidence-photo';
import { ReportDownload } from './report-download';

const KIND_LABEL: Record<Evidence['kind'], string> = {
  position: 'located',
  outside_coverage: 'outside coverage',
  rejected: 'rejected',
  absent: 'nothing found',
};

function Field({ label, children, mono = false }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-subtle uppercase">{label}</dt>
      <dd className={mono ? 'mt-1 font-mono text-sm text-fg' : 'mt-1 text-sm text-fg'}>{children}</dd>
    </div>
  );
}

const orUnknown = (v: string | null | undefined) => v || <span className="text-subtle">unknown</span>;

export function ResultCard({
  result,
  evidence,
  thumbnailUrl,
  imageUrl = null,
  fileName,
  reportAnalysisId = null,
}: {
  result: AnalysisResult;
  evidence: Evidence[];
  thumbnailUrl: string | null;
  /** The display-size photo (metadata-free), for drawing the text that was read over it. */
  imageUrl?: string | null;
  fileName: string | null;
  /** The finished analysis whose evidence report can be downloaded here; null while it runs. */
  reportAnalysisId?: string | null;
}) {
  const tone = confidenceTone(result.confidence, result.outcome);
  const standing = standingOfOutcome(result.outcome);
  const located = standing === 'located';
  const evidenceSummaries = new Set(evidence.map((e) => e.summary));
  const notes = result.explanation.filter((line) => !evidenceSummaries.has(line));
  return (
    <Card className="p-5 sm:p-6" data-testid="result-card">
      <div className="flex gap-4">
        {thumbnailUrl ? (
          <img
            src={thumbnailUrl}
            alt={fileName ? `Thumbnail of ${fileName}` : 'Thumbnail of the analysed photo'}
            className="size-20 shrink-0 rounded-lg border border-line object-cover sm:size-24"
          />
        ) : (
          <div className="flex size-20 shrink-0 items-center justify-center rounded-lg border border-line bg-raised text-xs text-subtle sm:size-24">
            No image
          </div>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg leading-snug font-semibold break-words text-fg sm:text-xl" data-testid="result-name">
            {result.name}
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={located ? 'accent' : tone === 'danger' ? 'danger' : 'neutral'}>
              <span data-testid="outcome-label">{OUTCOME_LABEL[result.outcome]}</span>
            </Badge>
            <Badge tone={located ? tone : tone === 'danger' ? 'danger' : 'neutral'}>
              <span data-testid="confidence">{formatConfidence(result.confidence)}</span> confidence
            </Badge>
          </div>
          {reportAnalysisId && <ReportDownload analysisId={reportAnalysisId} className="mt-3" />}
        </div>
      </div>

      <p className={located ? 'mt-4 text-sm text-muted' : 'mt-4 text-sm font-medium text-warm'} data-testid="outcome">
        {outcomeText(result)}
      </p>

      <div className="mt-5 grid gap-6 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-4">
            {standing === 'not_located' ? (
              <div className="col-span-2">
                <Field label="Place">
                  <span data-testid="place-standing">Not located</span>
                </Field>
              </div>
            ) : standing === 'outside' ? (
              <div className="col-span-2">
                <Field label="Place">
                  <span data-testid="place-standing">Outside Miami-Dade</span>
                </Field>
              </div>
            ) : (
              <>
                <Field label="Municipality">{orUnknown(result.place?.municipality)}</Field>
                <Field label="Neighbourhood">{orUnknown(result.place?.neighbourhood)}</Field>
                <Field label="ZIP">{orUnknown(result.place?.zip)}</Field>
              </>
            )}
            <Field label="Source">{result.source}</Field>
            <div className="col-span-2">
              <Field label={standing === 'not_located' ? 'Centre of the search area' : 'Coordinates'} mono>
                <span data-testid="coordinates">{formatLatLng(result.lat, result.lng)}</span>
              </Field>
            </div>
            <Field label="Uncertainty radius" mono>
              {formatRadius(result.radiusMeters)}
            </Field>
            <Field label="Confidence" mono>
              {formatConfidence(result.confidence)}
            </Field>
          </dl>
          {standing !== 'not_located' && (
            <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              <a
                href={openStreetMapUrl(result.lat, result.lng)}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent underline hover:text-accent-strong"
              >
                Open in OpenStreetMap
              </a>
              <a
                href={`https://www.openstreetmap.org/directions?to=${result.lat.toFixed(6)}%2C${result.lng.toFixed(6)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="text-accent underline hover:text-accent-strong"
              >
                Directions (OpenStreetMap)
              </a>
            </p>
          )}
        </div>
        <LocationPreview
          point={{ lat: result.lat, lng: result.lng }}
          radiusMeters={result.radiusMeters}
          candidates={result.candidates}
          name={result.name}
          area={standing === 'not_located'}
        />
      </div>

      <section className="mt-6" aria-labelledby="evidence-heading">
        <h3 id="evidence-heading" className="text-sm font-semibold text-fg">
          Evidence: what located it and why
        </h3>
        {evidence.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No locator reported anything for this photo.</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="evidence">
            {evidence.map((e, i) => (
              <li key={i} className="rounded-lg border border-line bg-raised/50 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold text-fg">{locatorLabel(e.locator)}</span>
                  <Badge
                    tone={
                      e.kind === 'position'
                        ? 'ok'
                        : e.kind === 'rejected' || e.kind === 'outside_coverage'
                          ? 'warm'
                          : 'neutral'
                    }
                  >
                    {KIND_LABEL[e.kind]}
                  </Badge>
                  {e.radiusMeters !== undefined && (
                    <span className="font-mono text-xs text-muted">accuracy {formatRadius(e.radiusMeters)}</span>
                  )}
                  {e.confidence !== undefined && (
                    <span className="font-mono text-xs text-muted">{formatConfidence(e.confidence)}</span>
                  )}
                </div>
                <p className="mt-1 text-sm leading-relaxed text-muted">{e.summary}</p>
              </li>
            ))}
          </ul>
        )}
        {notes.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
            {notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
      </section>

      <TextEvidencePhoto imageUrl={imageUrl} evidence={evidence} fileName={fileName} />

      {result.candidates.length > 0 && (
        <section className="mt-6" aria-labelledby="candidates-heading">
          <h3 id="candidates-heading" className="text-sm font-semibold text-fg">
            Ranked candidates
          </h3>
          <ol className="mt-2 divide-y divide-line rounded-lg border border-line" data-testid="candidates">
            {result.candidates.map((c, i) => (
              <li key={i} className="flex items-baseline gap-3 px-3 py-2 text-sm">
                <span className="font-mono text-subtle">{i + 1}.</span>
                <span className="min-w-0 flex-1">
                  <span className="block break-words text-fg">{c.label}</span>
                  <span className="mt-0.5 block font-mono text-xs text-muted">
                    {formatLatLng(c.lat, c.lng, 4)} · {formatRadius(c.radiusMeters)} · {c.source}
                  </span>
                </span>
                <span className="shrink-0 text-right font-mono text-sm text-fg">{formatConfidence(c.probability)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Card>
  );
}
