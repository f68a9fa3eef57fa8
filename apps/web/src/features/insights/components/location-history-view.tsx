import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS, LocationsPageSchema, type Location } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CountList } from '../../../components/ui/count-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportAllButton } from '../../../components/ui/export-all-button';
import { Page, PageHeader } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { RecordRow } from '../../../components/ui/record-row';
import { SearchField } from '../../../components/ui/search-field';
import { apiGetAll } from '../../../lib/api-client';
import { datedName, downloadJson } from '../../../lib/download';
import { leaveNavigationHint } from '../../../lib/map-navigation-hint';
import { StartAnalyzing, usePopularLocations } from '../../dashboard';
import { useLocationHistory } from '../api';
import { StandingBadge } from '../../analysis';

const PAGE_SIZE = LIMITS.pageSizeDefault;

/** /location-history: the places from the user's analyses and manual records, newest first, searchable, exportable. */
export function LocationHistoryView() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const deferred = useDeferredValue(query);
  const page = useLocationHistory(PAGE_SIZE, offset, deferred);
  const popular = usePopularLocations('mine', 5);
  const total = page.data?.total ?? 0;

  const openOnMap = (l: Location) => {
    // The map flies to the record when it opens (R-DASH-4).
    leaveNavigationHint({ id: l.analysis_id ?? l.id, ...l.coordinates });
    void navigate('/map');
  };

  const exportAll = async () => {
    const all = await apiGetAll('/api/locations/my', LocationsPageSchema, (p) => p.locations);
    const now = new Date();
    downloadJson(`${datedName('location-history', now)}.json`, { exportedAt: now.toISOString(), locations: all });
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
            <SearchField
              label="Search places"
              placeholder="Search by place, address, neighborhood or ZIP"
              value={query}
              onChange={(value) => {
                setQuery(value);
                setOffset(0);
              }}
            />
            <ExportAllButton disabled={total === 0} onExport={exportAll} />
          </div>
          <Card className="mt-6 p-0">
            <QueryState query={page} loading="Loading locations..." className="px-6 py-8">
              {({ locations }) =>
                !locations.length ? (
                  <EmptyState title={deferred.trim() ? 'No places match your search' : 'No locations yet'}>
                    {!deferred.trim() && <StartAnalyzing />}
                  </EmptyState>
                ) : (
                  <ul className="divide-y divide-line">
                    {locations.map((l) => (
                      <RecordRow
                        key={l.id}
                        testId="location-item"
                        title={l.location_name}
                        badges={
                          <>
                            <StandingBadge confidence={l.confidence} source={l.source} name={l.location_name} />
                            <Badge>{l.analysis_id ? l.source : 'Added by hand'}</Badge>
                          </>
                        }
                        detail={l.address ?? 'No address'}
                        time={new Date(l.created_at).toLocaleString()}
                        point={l.coordinates}
                      >
                        <Button size="sm" onClick={() => openOnMap(l)}>
                          Open on Map
                        </Button>
                      </RecordRow>
                    ))}
                  </ul>
                )
              }
            </QueryState>
          </Card>
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
            <CountList
              className="text-sm"
              items={popular.data.map((p) => ({ name: p.location_name, count: p.analysis_count }))}
            />
          )}
        </aside>
      </div>
    </Page>
  );
}
