import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DOWNTOWN_MIAMI, type LocationIndexItem, type MapNavigationHint } from '@vt/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LOCATION_INDEX_KEY, fetchLocationIndex, hasReport, useAnalysisRun, useLocationIndex } from '../../analysis';
import { ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { indexExport } from '../geo';
import { flyHome, flyToItem, placeResult, type PlacedResult } from '../result-layer';
import { useIndexChecks } from '../index-api';
import { datedName, downloadJson } from '../../../lib/download';
import { takeNavigationHint } from '../../../lib/map-navigation-hint';
import { itemForHint } from '../saved-places';
import { SavedPlacesLayer } from '../saved-places-layer';
import { useIndexPanel } from '../use-index-panel';
import { usePhotoIntake } from '../use-photo-intake';
import { useResultCorrection } from '../use-result-correction';
import { TripLayer } from '../trip-layer';
import { TripPanel, useStartTrip, useTripStream } from '../../trips';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { AnalysePanel } from './analyse-panel';
import { ResultDetailsDialog } from './result-details-dialog';
import { IndexSidebar } from './index-sidebar';
import { MapCanvas } from './map-canvas';
import { MapUnavailable } from './map-unavailable';
import { ResultPopup } from './result-popup';

const HOME: [number, number] = [DOWNTOWN_MIAMI.lng, DOWNTOWN_MIAMI.lat];
/** Where the analyse panel is on screen (the map's other layers keep clear of it). */
const panelBox = () => document.querySelector('[aria-label="Analyse a photo"]')?.getBoundingClientRect();

const NO_INDEX = 'No location data available. Upload and analyze an image first.';
const NO_EXPORT = 'No location data available to export. Upload and analyze an image first.';

/**
 * /map: the full-screen map where a photo is analysed and the location index is worked (R-MAP-1). The panel, the
 * index sidebar, the result's popup and its correction are parts and hooks of their own; this screen wires them to
 * the map.
 */
export function MapScreen() {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const placed = useRef<PlacedResult | null>(null);
  const flownFor = useRef<string | null>(null);
  const checks = useIndexChecks();
  const panel = useIndexPanel();
  // One detached element for the popup's React content; MapLibre moves it into the popup when it opens.
  const [popupEl] = useState(() => document.createElement('div'));
  const { state, start, retry, busy } = useAnalysisRun();
  const index = useLocationIndex();
  const queryClient = useQueryClient();
  const items = useMemo(() => index.data?.items ?? [], [index.data]);

  const onFile = useCallback(
    (file: File | null) => {
      if (file && !busy) void start(file);
    },
    [busy, start],
  );
  // Several photos or a folder make a trip (R-TRIP-2): it is sent in batches and fills in on this map.
  const [tripId, setTripId] = useState<string | null>(null);
  const [tripPhotoId, setTripPhotoId] = useState<string | null>(null);
  const tripLive = useTripStream(tripId);
  const onTripStarted = useCallback((id: string) => {
    setTripPhotoId(null);
    setTripId(id);
  }, []);
  const { start: onMany, error: tripError } = useStartTrip(onTripStarted);
  const startTrip = useCallback((files: File[], folder: string | null) => void onMany(files, folder), [onMany]);
  const intake = usePhotoIntake(onFile, startTrip);

  const { analysis, correction, onDragged, onPickCandidate } = useResultCorrection({
    map,
    runAnalysis: state.analysis,
    placed,
  });
  const result = state.phase === 'finished' ? (analysis?.analysis_result ?? null) : null;
  const indexItem = items.find((i) => analysis && i.analysisId === analysis.id) ?? null;

  // Every outcome (found, fallback, failed, error) has a point: place it and fly there (once per analysis; a
  // corrected result is placed again where it now is, without flying).
  useEffect(() => {
    if (!map || !result || !analysis) return;
    const fly = flownFor.current !== analysis.id;
    flownFor.current = analysis.id;
    const current = placeResult(map, result, analysis.thumbnailUrl, popupEl, {
      fly,
      // On a phone the analyse panel spans the top of the map; beside it (wider screens) it covers no popup.
      topInset: () => (window.innerWidth >= 640 ? 0 : (panelBox()?.bottom ?? 0)),
      onDragged,
      onPickCandidate,
      evidence: analysis.evidence,
    });
    placed.current = current;
    if (!fly) current.openPopup();
    return () => {
      current.remove();
      if (placed.current === current) placed.current = null;
    };
  }, [map, result, analysis, popupEl, onDragged, onPickCandidate]);

  // Every saved place of the index is drawn; the result the map shows right now keeps its own marker.
  // (Made with the map, in its ready handler; the map's own removal takes its markers and layers with it.)
  const [saved, setSaved] = useState<SavedPlacesLayer | null>(null);
  const [offlineStyle, setOfflineStyle] = useState(false);
  const [tripLayer, setTripLayer] = useState<TripLayer | null>(null);
  const onMapReady = useCallback((ready: MapLibreMap, info: { embedded: boolean }) => {
    setMap(ready);
    setOfflineStyle(info.embedded);
    setSaved(new SavedPlacesLayer(ready));
    setTripLayer(
      new TripLayer(ready, {
        onSelect: setTripPhotoId,
        // The analyse panel covers the top left: the photos are framed in what is left of the map.
        padding: () => {
          const box = panelBox();
          const height = ready.getContainer().clientHeight;
          return window.innerWidth >= 640
            ? { top: 48, bottom: 48, right: 48, left: (box?.right ?? 0) + 32 }
            : { top: Math.min((box?.bottom ?? 0) + 24, height * 0.6), bottom: 48, right: 24, left: 24 };
        },
      }),
    );
  }, []);
  const shownAnalysisId = result && analysis ? analysis.id : null;

  // The trip's photos on this map (empty while no trip is shown); made with the map, in its ready handler.
  const tripPhotos = tripId ? tripLive.trip?.photos : undefined;
  useEffect(() => {
    tripLayer?.setPhotos(tripPhotos ?? [], tripPhotoId);
  }, [tripLayer, tripPhotos, tripPhotoId]);
  useEffect(() => {
    if (tripLayer && tripPhotoId) tripLayer.focus(tripPhotoId);
  }, [tripLayer, tripPhotoId]);
  useEffect(() => {
    saved?.setItems(items, shownAnalysisId);
  }, [saved, items, shownAnalysisId]);

  // The dashboard's View and the history's Open on Map leave a one-shot hint: once the map and the index are
  // ready, open that place's marker and popup (or, for a place no longer in the index, fly to where it was).
  const pendingHint = useRef<MapNavigationHint | null>(null);
  useEffect(() => {
    if (map) pendingHint.current = takeNavigationHint(window.localStorage) ?? pendingHint.current;
  }, [map]);
  useEffect(() => {
    const hint = pendingHint.current;
    if (!map || !saved || !hint || index.isPending) return;
    pendingHint.current = null;
    const item = itemForHint(items, hint);
    if (item) saved.open(item);
    else flyToItem(map, hint.lat, hint.lng);
  }, [map, saved, items, index.isPending]);

  const originalView = useCallback(() => {
    if (map) flyHome(map, HOME);
  }, [map]);

  const navigate = useCallback(
    (item: LocationIndexItem) => {
      // The result on screen is its own marker; any other place opens its saved marker.
      if (item.analysisId && item.analysisId === shownAnalysisId && placed.current) {
        if (map) flyToItem(map, item.coordinates.lat, item.coordinates.lng);
        placed.current.openPopup();
      } else saved?.open(item);
    },
    [map, saved, shownAnalysisId],
  );

  /**
   * The index as the popup's actions should see it. The popup can open before the index has been fetched again
   * after the analysis it shows (a slow or busy server): then the server is asked once more rather than
   * answering that the index is empty.
   */
  const freshItems = async (): Promise<LocationIndexItem[]> => {
    if (!analysis || indexItem) return items;
    // Asked directly rather than through the cache's refetch: that one is cancelled by any other refetch (the run's
    // own, say) and then answers with the list it had, without this analysis.
    try {
      const fresh = await fetchLocationIndex();
      queryClient.setQueryData(LOCATION_INDEX_KEY, fresh);
      return fresh.items;
    } catch {
      return items;
    }
  };
  // The index entry Analyze further ran on: its notice shows in the popup even before the list has caught up.
  const [further, setFurther] = useState<{ analysisId: string; itemId: string } | null>(null);
  const popupItemId = indexItem?.id ?? (further && further.analysisId === analysis?.id ? further.itemId : null);

  const popupActions = {
    // Analyze further runs Reevaluate on this analysis' index entry: the engine looks at the photo again.
    analyzeFurther: async () => {
      const item = (await freshItems()).find((i) => analysis && i.analysisId === analysis.id);
      if (!item?.analysisId) return window.alert(NO_INDEX);
      setFurther({ analysisId: item.analysisId, itemId: item.id });
      void checks.run(item.id, 'reevaluate');
    },
    details: () => setDetailsOpen(true),
    getFullIndex: async () => {
      if ((await freshItems()).length === 0) return window.alert(NO_INDEX);
      panel.openFull();
    },
    exportResults: async () => {
      const all = await freshItems();
      if (all.length === 0) return window.alert(NO_EXPORT);
      downloadJson(`${datedName('vision-terminal-index')}.json`, indexExport(all));
    },
    originalPosition: originalView,
  };

  return (
    <div className="fixed inset-0 z-[55] overflow-hidden bg-bg" data-testid="map-screen" {...intake.dropTarget}>
      <title>Map · Vision Terminal</title>
      <MapCanvas onReady={onMapReady} onError={setError} />
      {error && <MapUnavailable message={error} />}

      {!error && (
        <>
          {intake.dragging && (
            <div className="pointer-events-none absolute inset-3 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-accent/10">
              <p className="rounded-lg bg-surface px-4 py-2 text-sm font-semibold">
                Drop the photo to analyse it (several photos or a folder make a trip)
              </p>
            </div>
          )}

          <AnalysePanel
            run={state}
            busy={busy}
            onFile={onFile}
            onMany={startTrip}
            onRetry={retry}
            index={{ open: panel.open, count: items.length, toggle: panel.toggle }}
            onOriginalView={result ? originalView : null}
            trip={
              <>
                {tripError && <ErrorAlert compact message={tripError} testId="trip-start-error" />}
                {tripId && (
                  <TripPanel
                    tripId={tripId}
                    live={tripLive}
                    selectedId={tripPhotoId}
                    onSelect={setTripPhotoId}
                    onClose={() => setTripId(null)}
                  />
                )}
              </>
            }
          />

          {offlineStyle && (
            <p
              className={cx(
                'pointer-events-none absolute bottom-[calc(var(--vt-banner-room,0px)+0.75rem)] left-3 z-[5] max-w-[16rem] rounded-md bg-bg/80 px-2 py-1 text-[11px] leading-snug text-subtle sm:left-1/2 sm:max-w-sm sm:-translate-x-1/2 sm:text-center',
                panel.open && 'hidden sm:block',
              )}
              data-testid="offline-map-note"
            >
              Offline map: county, city and neighbourhood lines and names. A street basemap is available with{' '}
              <code className="font-mono text-muted">MAP_STYLE_URL</code>.
            </p>
          )}

          <ButtonLink
            to="/dashboard"
            variant="secondary"
            size="sm"
            className="absolute top-3 right-3 z-10 sm:top-4 sm:right-4"
          >
            Exit
          </ButtonLink>

          {panel.open && (
            <div className="absolute right-3 bottom-[calc(var(--vt-banner-room,0px)+0.75rem)] left-3 z-10 flex max-h-[55%] sm:top-16 sm:right-4 sm:bottom-auto sm:left-auto sm:max-h-[calc(100%-6rem-var(--vt-banner-room,0px))]">
              <IndexSidebar
                items={items}
                loading={index.isPending}
                expanded={panel.expanded}
                closing={panel.closing}
                checks={checks}
                onExpandedChange={panel.setExpanded}
                onClose={panel.close}
                onNavigate={navigate}
              />
            </div>
          )}

          {result &&
            analysis &&
            createPortal(
              <ResultPopup
                result={result}
                evidence={analysis.evidence}
                actions={popupActions}
                notice={
                  popupItemId && checks.running[popupItemId] === 'reevaluate'
                    ? 'Analysing the photo again...'
                    : popupItemId
                      ? (checks.messages[popupItemId]?.text ?? null)
                      : null
                }
                correction={correction}
                reportAnalysisId={hasReport(analysis.status) ? analysis.id : null}
              />,
              popupEl,
            )}
          <ResultDetailsDialog
            analysis={analysis}
            open={detailsOpen}
            onClose={() => setDetailsOpen(false)}
            onViewOnMap={() => {
              setDetailsOpen(false);
              placed.current?.frame();
            }}
          />
        </>
      )}
    </div>
  );
}
