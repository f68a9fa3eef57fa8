import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { ACCEPT_PHOTOS, StageList, type AnalysisRun } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { cx } from '../../../components/ui/cx';
import { firstImage, type OnManyPhotos } from '../use-photo-intake';
import { folderNameOf, photosOf } from '../../trips';
import { FolderInput } from '../../../components/ui/folder-input';

/**
 * The map's top-left panel: Upload Image, the upload's progress, the engine's stages as they stream in, the error
 * with Retry when one can help, and the Location Index and Original view buttons.
 */
export function AnalysePanel({
  run,
  busy,
  onFile,
  onMany,
  onRetry,
  index,
  onOriginalView,
  trip,
}: {
  run: AnalysisRun;
  busy: boolean;
  onFile: (file: File | null) => void;
  /** Several photos or a folder: a trip (R-TRIP-2). */
  onMany?: OnManyPhotos;
  /** The trip being sent or watched, shown under the buttons. */
  trip?: ReactNode;
  onRetry: () => void;
  index: { open: boolean; count: number; toggle: () => void };
  /** Shown once there is a result to leave. */
  onOriginalView: (() => void) | null;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const live =
    run.phase === 'uploading' || run.phase === 'analysing' || (run.phase !== 'idle' && run.run.lastEventId > 0);
  const canRetry = Boolean(run.error?.canRetry && run.file && !busy);
  const percent = Math.round(run.progress * 100);

  return (
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
        multiple={Boolean(onMany)}
        className="sr-only"
        data-testid="map-file-input"
        tabIndex={-1}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const photos = photosOf(e.target.files);
          if (onMany && photos.length > 1) onMany(photos, null);
          else onFile(firstImage(e.target.files));
          e.target.value = '';
        }}
      />
      <Button disabled={busy} onClick={() => fileInput.current?.click()}>
        {busy ? 'Analyzing...' : 'Upload Image'}
      </Button>
      {onMany && (
        <>
          <FolderInput
            ref={folderInput}
            testId="map-folder-input"
            onFolder={(list) => {
              const photos = photosOf(list);
              if (photos.length) onMany(photos, folderNameOf(list));
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => folderInput.current?.click()}>
            Upload a folder (trip)
          </Button>
        </>
      )}
      <p className="hidden text-xs text-subtle sm:block">
        or drop a photo on the map, or paste one.
        {onMany ? ' Several photos or a folder make a trip.' : ''}
      </p>

      {run.phase === 'uploading' && (
        <div role="progressbar" aria-label="Upload" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-1.5 overflow-hidden rounded-full bg-raised">
            <div className="h-full bg-accent transition-[width] duration-200" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-muted">Uploading {percent}%</p>
        </div>
      )}
      {live && run.phase !== 'uploading' && (
        // On a phone the finished stages give way to the map (the result's popup says what was found).
        <div className={cx('max-h-56 overflow-y-auto sm:max-h-none', run.phase === 'finished' && 'hidden sm:block')}>
          <StageList stages={run.run.stages} notice={run.run.notice} />
        </div>
      )}
      {run.error && (
        <ErrorAlert
          compact
          message={run.error.message}
          onRetry={canRetry ? onRetry : undefined}
          testId="analysis-error"
        />
      )}

      {trip}

      <div className="flex flex-wrap gap-2">
        <Button
          variant={index.open ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={index.open}
          onClick={index.toggle}
        >
          Location Index{index.count > 0 ? ` (${index.count})` : ''}
        </Button>
        {onOriginalView && (
          <Button variant="secondary" size="sm" onClick={onOriginalView}>
            Original view
          </Button>
        )}
      </div>
    </section>
  );
}
