import { useDeferredValue, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AnalysisPageSchema, LIMITS, type AnalysisRecord } from '@vt/shared';
import { hasReport, ReportDownload } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportAllButton } from '../../../components/ui/export-all-button';
import { Page, PageHeader } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { SearchField } from '../../../components/ui/search-field';
import { apiGetAll } from '../../../lib/api-client';
import { useAnalysisPage, type HistoryFilter } from '../api';
import { datedName, downloadJson } from '../../../lib/download';
import { exportDocument, storeNavigationHint } from '../export';
import { AnalysisDetailsDialog } from './analysis-details-dialog';
import { AnalysisRow } from './analysis-row';
import { StartAnalyzing } from './start-analyzing';

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
  const total = page.data?.total ?? 0;
  // A new search or filter starts again at the first page.
  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setOffset(0);
  };

  const exportAll = async () => {
    // Export all: every analysis, whatever the filters on screen.
    const all = await apiGetAll('/api/analysis/my', AnalysisPageSchema, (p) => p.analyses);
    const now = new Date();
    downloadJson(`${datedName('analysis-history', now)}.json`, {
      exportedAt: now.toISOString(),
      analyses: all.map((r) => exportDocument(r, now)),
    });
  };

  return (
    <Page title="Analysis History">
      <PageHeader title="Analysis History" lead="Every photo you have analysed, newest first." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          label="Search analyses"
          placeholder="Search by place, neighborhood or city"
          value={query}
          onChange={refilter(setQuery)}
        />
        <ExportAllButton disabled={total === 0 && !filtered && !deferred.trim()} onExport={exportAll} />
      </div>
      <fieldset className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <legend className="sr-only">Filters</legend>
        <FilterField label="From">
          <input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => refilter(setFrom)(e.target.value)}
            className={inputClass}
          />
        </FilterField>
        <FilterField label="To">
          <input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => refilter(setTo)(e.target.value)}
            className={inputClass}
          />
        </FilterField>
        <FilterField label="Confidence">
          <select value={confidence} onChange={(e) => refilter(setConfidence)(e.target.value)} className={inputClass}>
            {CONFIDENCE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
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

      <Card className="mt-6 p-0">
        <QueryState query={page} loading="Loading analyses..." className="px-6 py-8">
          {({ analyses }) =>
            !analyses.length ? (
              <EmptyState title={deferred.trim() || filtered ? 'No analyses match your search' : 'No analyses yet'}>
                {!deferred.trim() && !filtered && <StartAnalyzing />}
              </EmptyState>
            ) : (
              <ul className="divide-y divide-line">
                {analyses.map((a) => (
                  <AnalysisRow key={a.id} record={a} testId="history-item" thumbnail>
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
                  </AnalysisRow>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Card>

      <Pagination offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} />
      <AnalysisDetailsDialog record={selected} onClose={() => setSelected(null)} />
    </Page>
  );
}

/** One filter of the list with its small label above it. */
function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs text-subtle">{label}</span>
      {children}
    </label>
  );
}
