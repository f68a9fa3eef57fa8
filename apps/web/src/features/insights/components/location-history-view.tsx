import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS, LocationsPageSchema, MAP_NAVIGATION_HINT_KEY, formatCoordinate, type Location } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Page, PageHeader } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { apiGet } from '../../../lib/api-client';
import { downloadJson } from '../../../lib/download';
import { usePopularLocations } from '../../dashboard';
import { useLocationHistory } from '../api';
import { StandingBadge } from '../../analysis';

const PAGE_SIZE = LIMITS.pageSizeDefault;

/** The map navigation hint (R-DASH-4) for a location record: the map flies there when it opens. */
function storeLocationHint(l: Location) {
  try {
    const hint = { id: l.analysis_id ?? l.id, lat: l.coordinates.lat, lng: l.coordinates.lng, time: Date.now() };
    localStorage.setItem(MAP_NAVIGATION_HINT_KEY, JSON.stringify(hint));
  } catch {
    // Storage unavailable: the map opens at its default view.
  }
}

/** /location-history: the places from the user's analyses and manual records, newest first, searchable, exportable. */
export function LocationHistoryView() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const deferred = useDeferredValue(query);
  const page = useLocationHistory(PAGE_SIZE, offset, deferred);
  const popular = usePopularLocations('mine', 5);
  const [exporting, setExporting] = useState(false);
  const total = page.data?.total ?? 0;

  const openOnMap = (l: Location) => {
    storeLocationHint(l);
    void navigate('/map');
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      const all: Location[] = [];
      for (let at = 0; ; at += LIMITS.pageSizeMax) {
        const chunk = await apiGet(`/api/locations/my?limit=${LIMITS.pageSizeMax}&offset=${at}`, LocationsPageSchema);
        all.push(...chunk.locations);
        if (chunk.locations.length < LIMITS.pageSizeMax) break;
      }
      const now = new Date();
      downloadJson(`location-history-${now.toISOString().slice(0, 10)}.json`, {
        exportedAt: now.toISOString(),
        locations: all,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title="Location History">
      <PageHeader
        title="Location History"
        lead={`The places from your analyses and the ones you added, newest first (the ${LIMITS.locationHistoryMax} newest are kept).`}
      />
      {/* grid-cols-1 on phones: an implicit column would grow to the longest place name and scroll sideways. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <label className="flex-1">
              <span className="sr-only">Search places</span>
              <input
                type="search"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setOffset(0);
                }}
                placeholder="Search by place, address, neighborhood or ZIP"
                className="h-10 w-full rounded-lg border border-line bg-raised px-3 text-sm text-fg placeholder:text-subtle"
              />
            </label>
            <Button variant="secondary" disabled={exporting || total === 0} onClick={() => void exportAll()}>
              {exporting ? 'Exporting...' : 'Export All'}
            </Button>
          </div>
          <div className="mt-6 rounded-xl border border-line bg-surface">
            {page.isLoading ? (
              <p className="px-6 py-8 text-sm text-muted">Loading locations...</p>
            ) : page.error ? (
              <p role="alert" className="px-6 py-8 text-sm text-danger">
                {page.error.message}
              </p>
            ) : !page.data?.locations.length ? (
              <div className="px-6 py-10 text-center">
                <p className="font-semibold">{deferred.trim() ? 'No places match your search' : 'No locations yet'}</p>
                {!deferred.trim() && (
                  <ButtonLink to="/access-ai" className="mt-5">
                    Start Analyzing
                  </ButtonLink>
                )}
              </div>
            ) : (
              <ul className="divide-y divide-line">
                {page.data.locations.map((l) => (
                  <li
                    key={l.id}
                    data-testid="location-item"
                    className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center"
                  >
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <p className="truncate font-medium">{l.location_name}</p>
                        <StandingBadge confidence={l.confidence} source={l.source} name={l.location_name} />
                        <Badge>{l.analysis_id ? l.source : 'Added by hand'}</Badge>
                      </div>
                      <p className="mt-1 text-sm text-muted">
                        {l.address ?? 'No address'}
                        <span aria-hidden="true"> · </span>
                        {new Date(l.created_at).toLocaleString()}
                      </p>
                      <p className="mt-1 font-mono text-xs text-subtle">
                        {formatCoordinate(l.coordinates.lat, 4)}, {formatCoordinate(l.coordinates.lng, 4)}
                      </p>
                    </div>
                    <Button size="sm" className="shrink-0" onClick={() => openOnMap(l)}>
                      Open on Map
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Pagination offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} />
        </div>
        <aside aria-labelledby="frequent-places" className="rounded-xl border border-line bg-surface p-5">
          <h2 id="frequent-places" className="text-sm font-semibold text-subtle">
            Your most frequent places
          </h2>
          {popular.isLoading ? (
            <p className="mt-3 text-sm text-muted">Loading places...</p>
          ) : !popular.data?.length ? (
            <p className="mt-3 text-sm text-muted">No places yet</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {popular.data.map((p) => (
                <li key={p.location_name} className="flex justify-between gap-3">
                  <span className="truncate">{p.location_name}</span>
                  <span className="font-mono text-muted tabular-nums">{p.analysis_count}</span>
                </li>
              ))}
            </ol>
          )}
        </aside>
      </div>
    </Page>
  );
}
