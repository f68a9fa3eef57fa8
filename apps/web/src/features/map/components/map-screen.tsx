import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  DOWNTOWN_MIAMI,
  type Analysis,
  type Candidate,
  type LocationIndexItem,
  type MapNavigationHint,
} from '@vt/shared';
import { ACCEPT_PHOTOS, StageList, useAnalysisRun, useLocationIndex } from '../../analysis';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { cx } from '../../../components/ui/cx';
import { indexExport } from '../geo';
import { flyHome, flyToItem, placeResult, type PlacedResult } from '../result-layer';
import { useCorrection, useIndexChecks } from '../index-api';
import { ApiRequestError } from '../../../lib/api-client';
import { downloadJson } from '../../../lib/download';
import { ResultDetailsDialog } from './result-details-dialog';
import { takeNavigationHint } from '../navigation-hint';
import { itemForHint } from '../saved-places';
import { SavedPlacesLayer } from '../saved-places-layer';
import { IndexSidebar } from './index-sidebar';
import { MapCanvas } from './map-canvas';
import { MapUnavailable } from './map-unavailable';
import { ResultPopup, type PendingCorrection } from './result-popup';

/** The sidebar's close animation (vt-slide-out) before it unmounts. */
const SIDEBAR_CLOSE_MS = 300;

const HOME: [number, number] = [DOWNTOWN_MIAMI.lng, DOWNTOWN_MIAMI.lat];

const NO_INDEX = 'No location data available. Upload and analyze an image first.';
const NO_EXPORT = 'No location data available to export. Upload and analyze an image first.';

function firstImage(files: FileList | null | undefined): File | null {
  for (const file of Array.from(files ?? [])) {
    if (file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name)) return file;
  }
  return null;
}

/** /map: the full-screen map where a photo is analysed and the location index is worked (spec 2 §2). */
export function MapScreen() {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [indexOpen, setIndexOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const [corrected, setCorrected] = useState<Analysis | null>(null);
  const [pending, setPending] = useState<(PendingCorrection & { analysisId: string }) | null>(null);
  const currentId = useRef<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const placed = useRef<PlacedResult | null>(null);
  const flownFor = useRef<string | null>(null);
  const checks = useIndexChecks();
  const [expanded, setExpanded] = useState(false);
  const [dragging, setDragging] = useState(false);
  // One detached element for the popup's React content; MapLibre moves it into the popup when it opens.
  const [popupEl] = useState(() => document.createElement('div'));
  const fileInput = useRef<HTMLInputElement>(null);
  const { state, start, retry, busy } = useAnalysisRun();
  const index = useLocationIndex();
  const items = useMemo(() => index.data?.items ?? [], [index.data]);

  const onFile = useCallback(
    (file: File | null) => {
      if (file && !busy) void start(file);
    },
    [busy, start],
  );

  // Paste a photo from the clipboard anywhere on the screen.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = firstImage(event.clipboardData?.files);
      if (file) {
        event.preventDefault();
        onFile(file);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFile]);

  // After a confirmed correction the server's corrected analysis replaces the run's (same id).
  const analysis = corrected && corrected.id === state.analysis?.id ? corrected : state.analysis;
  const result = state.phase === 'finished' ? (analysis?.analysis_result ?? null) : null;
  const indexItem = items.find((i) => analysis && i.analysisId === analysis.id) ?? null;

  const correction = useCorrection((a) => {
    setCorrected(a);
    setPending(null);
  });
  const onDragged = useCallback((p: { lat: number; lng: number }) => {
    setPending({ ...p, label: 'the dragged point', analysisId: currentId.current ?? '' });
    const marker = placed.current?.marker;
    if (marker && !marker.getPopup()?.isOpen()) marker.togglePopup();
  }, []);
  const onPickCandidate = useCallback(
    (c: Candidate) => {
      setPending({ lat: c.lat, lng: c.lng, label: c.label, analysisId: currentId.current ?? '' });
      const marker = placed.current?.marker;
      marker?.setLngLat([c.lng, c.lat]);
      if (marker && !marker.getPopup()?.isOpen()) marker.togglePopup();
      // The candidate may be kilometres away: follow the marker (and its Confirm bar) there.
      map?.easeTo({ center: [c.lng, c.lat], duration: 600, essential: true });
    },
    [map],
  );

  // Every outcome (found, fallback, failed, error) has a point: place it and fly there (once per analysis; a
  // corrected result is placed again where it now is, without flying).
  useEffect(() => {
    if (!map || !result || !analysis) return;
    const fly = flownFor.current !== analysis.id;
    flownFor.current = analysis.id;
    currentId.current = analysis.id;
    const current = placeResult(map, result, analysis.thumbnailUrl, popupEl, {
      fly,
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

  // A proposal and a failed save belong to the analysis they were made on; a new analysis starts clean.
  const proposal = pending && pending.analysisId === analysis?.id ? pending : null;
  const correctionError =
    correction.variables?.analysisId === analysis?.id && correction.error
      ? correction.error instanceof ApiRequestError
        ? (correction.error.serverMessage ?? correction.error.message)
        : String(correction.error)
      : null;

  const closeIndex = useCallback(() => {
    setClosing(true);
    setTimeout(() => {
      setIndexOpen(false);
      setClosing(false);
    }, SIDEBAR_CLOSE_MS);
  }, []);
  const toggleIndex = () => (indexOpen ? closeIndex() : setIndexOpen(true));

  // Escape closes the index panel, unless a dialog above it is open (Escape is that dialog's to close).
  useEffect(() => {
    if (!indexOpen || closing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      closeIndex();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [indexOpen, closing, closeIndex]);

  // Every saved place of the index is drawn; the result the map shows right now keeps its own marker.
  // (Made with the map, in its ready handler; the map's own removal takes its markers and layers with it.)
  const [saved, setSaved] = useState<SavedPlacesLayer | null>(null);
  const [offlineStyle, setOfflineStyle] = useState(false);
  const onMapReady = useCallback((ready: MapLibreMap, info: { embedded: boolean }) => {
    setMap(ready);
    setOfflineStyle(info.embedded);
    setSaved(new SavedPlacesLayer(ready));
  }, []);
  const shownAnalysisId = result && analysis ? analysis.id : null;
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
    return (await index.refetch()).data?.items ?? items;
  };

  const popupActions = {
    // Analyze further runs Reevaluate on this analysis' index entry: the engine looks at the photo again.
    analyzeFurther: async () => {
      const item = (await freshItems()).find((i) => analysis && i.analysisId === analysis.id);
      if (item) void checks.run(item.id, 'reevaluate');
      else window.alert(NO_INDEX);
    },
    details: () => setDetailsOpen(true),
    getFullIndex: async () => {
      if ((await freshItems()).length === 0) return window.alert(NO_INDEX);
      setIndexOpen(true);
      setExpanded(true);
    },
    exportResults: async () => {
      const all = await freshItems();
      if (all.length === 0) return window.alert(NO_EXPORT);
      downloadJson(`vision-terminal-index-${new Date().toISOString().slice(0, 10)}.json`, indexExport(all));
    },
    originalPosition: originalView,
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFile(firstImage(event.dataTransfer.files));
  };

  const live =
    state.phase === 'uploading' || state.phase === 'analysing' || (state.phase !== 'idle' && state.run.lastEventId > 0);
  const canRetry = Boolean(state.error?.canRetry && state.file && !busy);

  return (
    <div
      className="fixed inset-0 z-[55] overflow-hidden bg-bg"
      data-testid="map-screen"
      onDragOver={(e) => {
        if (Array.from(e.dataTransfer.types).includes('Files')) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <title>Map · Vision Terminal</title>
      <MapCanvas onReady={onMapReady} onError={setError} />
      {error && <MapUnavailable message={error} />}

      {!error && (
        <>
          {dragging && (
            <div className="pointer-events-none absolute inset-3 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-accent/10">
              <p className="rounded-lg bg-surface px-4 py-2 text-sm font-semibold">Drop the photo to analyse it</p>
            </div>
          )}

          <section
            aria-label="Analyse a photo"
            className="absolute top-3 left-3 z-10 flex max-h-[calc(100%-1.5rem-var(--vt-banner-room,0px))] w-[calc(100%-6.5rem)] flex-col gap-3 overflow-y-auto rounded-2xl border border-line bg-surface/95 p-3 shadow-2xl backdrop-blur sm:top-4 sm:left-4 sm:w-80 sm:p-4"
          >
            <div className="flex items-center justify-between gap-2">
              <h1 className="text-sm font-semibold">Vision Terminal Map</h1>
            </div>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT_PHOTOS}
              className="sr-only"
              data-testid="map-file-input"
              tabIndex={-1}
              onChange={(e: ChangeEvent<HTMLInputElement>) => {
                onFile(firstImage(e.target.files));
                e.target.value = '';
              }}
            />
            <Button disabled={busy} onClick={() => fileInput.current?.click()}>
              {busy ? 'Analyzing...' : 'Upload Image'}
            </Button>
            <p className="hidden text-xs text-subtle sm:block">or drop a photo on the map, or paste one.</p>

            {state.phase === 'uploading' && (
              <div
                role="progressbar"
                aria-label="Upload"
                aria-valuenow={Math.round(state.progress * 100)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-1.5 overflow-hidden rounded-full bg-raised">
                  <div
                    className="h-full bg-accent transition-[width] duration-200"
                    style={{ width: `${state.progress * 100}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-muted">Uploading {Math.round(state.progress * 100)}%</p>
              </div>
            )}
            {live && state.phase !== 'uploading' && (
              <div
                className={cx(
                  'max-h-56 overflow-y-auto sm:max-h-none',
                  state.phase === 'finished' && 'hidden sm:block',
                )}
              >
                <StageList stages={state.run.stages} notice={state.run.notice} />
              </div>
            )}
            {state.error && (
              <ErrorAlert
                compact
                message={state.error.message}
                onRetry={canRetry ? retry : undefined}
                testId="analysis-error"
              />
            )}

            <div className="flex flex-wrap gap-2">
              <Button
                variant={indexOpen ? 'primary' : 'secondary'}
                size="sm"
                aria-pressed={indexOpen}
                onClick={toggleIndex}
              >
                Location Index{items.length > 0 ? ` (${items.length})` : ''}
              </Button>
              {result && (
                <Button variant="secondary" size="sm" onClick={originalView}>
                  Original view
                </Button>
              )}
            </div>
          </section>

          {offlineStyle && (
            <p
              className={cx(
                'pointer-events-none absolute bottom-[calc(var(--vt-banner-room,0px)+0.75rem)] left-3 z-[5] max-w-[16rem] rounded-md bg-bg/80 px-2 py-1 text-[11px] leading-snug text-subtle sm:left-1/2 sm:max-w-sm sm:-translate-x-1/2 sm:text-center',
                indexOpen && 'hidden sm:block',
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

          {indexOpen && (
            <div className="absolute right-3 bottom-[calc(var(--vt-banner-room,0px)+0.75rem)] left-3 z-10 flex max-h-[55%] sm:top-16 sm:right-4 sm:bottom-auto sm:left-auto sm:max-h-[calc(100%-6rem-var(--vt-banner-room,0px))]">
              <IndexSidebar
                items={items}
                loading={index.isPending}
                expanded={expanded}
                closing={closing}
                checks={checks}
                onExpandedChange={setExpanded}
                onClose={closeIndex}
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
                  indexItem && checks.running[indexItem.id] === 'reevaluate'
                    ? 'Analysing the photo again...'
                    : indexItem
                      ? (checks.messages[indexItem.id]?.text ?? null)
                      : null
                }
                correction={{
                  pending: proposal,
                  propose: onPickCandidate,
                  saving: correction.isPending,
                  error: correctionError,
                  confirm: () => {
                    if (proposal) correction.mutate({ analysisId: analysis.id, lat: proposal.lat, lng: proposal.lng });
                  },
                  cancel: () => {
                    setPending(null);
                    correction.reset();
                    placed.current?.marker?.setLngLat([result.lng, result.lat]);
                  },
                }}
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
