import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { AnalysisPageSchema, LIMITS, formatCoordinate, type AnalysisRecord } from '@vt/shared';
import { hasReport, ReportDownload } from '../../analysis';
import { RecordStandingBadge, recordPlaceLine } from './record-standing';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Page, PageHeader } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { apiGet } from '../../../lib/api-client';
import { useAnalysisPage, type HistoryFilter } from '../api';
import { downloadJson } from '../../../lib/download';
import { exportDocument, storeNavigationHint } from '../export';
import { AnalysisDetailsDialog } from './analysis-details-dialog';

const PAGE_SIZE = LIMITS.pageSizeDefault;

/** Confidence choices of the filter (the badge turns green at 80%). */
const CONFIDENCE_CHOICES: Array<{
  value: string;
  label: string;
  range: Pick<HistoryFilter, 'min_confidence' | 'max_confidence'>;
}> = [
  { value: 'any', label: 'Any confidence', range: {} },
  { value: 'high', label: '80% or more', range: { min_confidence: 0.8 } },
  { value: 'medium', label: '50–79%', range: { min_confidence: 0.5, max_confidence: 0.7999 } },
  { value: 'low', label: 'Under 50%', range: { max_confidence: 0.4999 } },
];
const inputClass = 'h-10 rounded-lg border border-line bg-raised px-3 text-sm text-fg';

/** Every analysis of the user, paged and searchable, with thumbnails, details, map, delete and export all. */
export function AnalysisHistoryView() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const deferred = useDeferredValue(query);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [confidence, setConfidence] = useState('any');
  const filter: HistoryFilter = {
    from: from || undefined,
    to: to || undefined,
    ...CONFIDENCE_CHOICES.find((c) => c.value === confidence)!.range,
  };
  const filtered = Boolean(from || to || confidence !== 'any');
  const page = useAnalysisPage(PAGE_SIZE, offset, deferred, filter);
  const [selected, setSelected] = useState<AnalysisRecord | null>(null);
  const [exporting, setExporting] = useState(false);
  const total = page.data?.total ?? 0;

  const exportAll = async () => {
    setExporting(true);
    try {
      const all: AnalysisRecord[] = [];
      for (let at = 0; ; at += LIMITS.pageSizeMax) {
        // Export all: every analysis, whatever the filters on screen.
        const chunk = await apiGet(`/api/analysis/my?limit=${LIMITS.pageSizeMax}&offset=${at}`, AnalysisPageSchema);
        all.push(...chunk.analyses);
        if (chunk.analyses.length < LIMITS.pageSizeMax) break;
      }
      const now = new Date();
      downloadJson(`analysis-history-${now.toISOString().slice(0, 10)}.json`, {
        exportedAt: now.toISOString(),
        analyses: all.map((r) => exportDocument(r, now)),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title="Analysis History">
      <PageHeader title="Analysis History" lead="Every photo you have analysed, newest first." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="flex-1">
          <span className="sr-only">Search analyses</span>
          <input
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOffset(0);
            }}
            placeholder="Search by place, neighborhood or city"
            className="h-10 w-full rounded-lg border border-line bg-raised px-3 text-sm text-fg placeholder:text-subtle"
          />
        </label>
        <Button
          variant="secondary"
          disabled={exporting || (total === 0 && !filtered && !deferred.trim())}
          onClick={() => void exportAll()}
        >
          {exporting ? 'Exporting...' : 'Export All'}
        </Button>
      </div>
      <fieldset className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <legend className="sr-only">Filters</legend>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-subtle">From</span>
          <input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => {
              setFrom(e.target.value);
              setOffset(0);
            }}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-subtle">To</span>
          <input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => {
              setTo(e.target.value);
              setOffset(0);
            }}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-xs text-subtle">Confidence</span>
          <select
            value={confidence}
            onChange={(e) => {
              setConfidence(e.target.value);
              setOffset(0);
            }}
            className={inputClass}
          >
            {CONFIDENCE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setFrom('');
              setTo('');
              setConfidence('any');
              setOffset(0);
            }}
          >
            Clear filters
          </Button>
        )}
      </fieldset>

      <div className="mt-6 rounded-xl border border-line bg-surface">
        {page.isLoading ? (
          <p className="px-6 py-8 text-sm text-muted">Loading analyses...</p>
        ) : page.error ? (
          <p role="alert" className="px-6 py-8 text-sm text-danger">
            {page.error.message}
          </p>
        ) : !page.data?.analyses.length ? (
          <div className="px-6 py-10 text-center">
            <p className="font-semibold">
              {deferred.trim() || filtered ? 'No analyses match your search' : 'No analyses yet'}
            </p>
            {!deferred.trim() && !filtered && (
              <ButtonLink to="/access-ai" className="mt-5">
                Start Analyzing
              </ButtonLink>
            )}
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {page.data.analyses.map((a) => (
              <li
                key={a.id}
                data-testid="history-item"
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center"
              >
                <div className="size-16 shrink-0 overflow-hidden rounded-lg border border-line bg-raised">
                  {a.thumbnail_url ? (
                    <img src={a.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <span className="flex size-full items-center justify-center text-xs text-subtle">No image</span>
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="truncate font-medium">{a.location?.name ?? a.file_name}</p>
                    <RecordStandingBadge record={a} />
                  </div>
                  <p className="mt-1 text-sm text-muted">
                    {recordPlaceLine(a)}
                    <span aria-hidden="true"> · </span>
                    {new Date(a.created_at).toLocaleString()}
                  </p>
                  {a.location && (
                    <p className="mt-1 font-mono text-xs text-subtle">
                      {formatCoordinate(a.location.lat, 4)}, {formatCoordinate(a.location.lng, 4)}
                    </p>
                  )}
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setSelected(a)}>
                    Details
                  </Button>
                  <Button
                    size="sm"
                    disabled={!a.location}
                    onClick={() => {
                      storeNavigationHint(a);
                      void navigate('/map');
                    }}
                  >
                    Open on Map
                  </Button>
                  {hasReport(a.status) && <ReportDownload analysisId={a.id} />}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Pagination offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} />
      <AnalysisDetailsDialog record={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}
