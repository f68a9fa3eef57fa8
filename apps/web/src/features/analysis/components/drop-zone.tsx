import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { ACCEPT_PHOTOS, formatBytes } from '../format';
import { FolderInput } from '../../../components/ui/folder-input';

/** The first file of a drop or paste, if any. */
function firstFile(list: FileList | null | undefined): File | null {
  return list && list.length > 0 ? list[0]! : null;
}

/** Several files handed over at once (or a folder, when `fromFolder`): the page may make a trip of them. */
export type OnManyFiles = (files: File[], drop: DataTransfer | null) => void;

/**
 * Where a photo comes in: the file picker, a drop onto the zone, or a paste anywhere on the page. The server
 * decides what is a photo (by its bytes), so nothing is refused here by name or type. With `onMany`, several files
 * (or a dropped folder, handed over as the drop itself) go there instead: a trip (R-TRIP-2).
 */
export function DropZone({
  busy,
  progress,
  uploading,
  fileName,
  fileSize,
  onFile,
  onMany,
}: {
  busy: boolean;
  progress: number;
  uploading: boolean;
  fileName: string | null;
  fileSize: number | null;
  onFile(file: File): void;
  onMany?: OnManyFiles;
}) {
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      if (busy) return;
      const file = firstFile(e.clipboardData?.files);
      if (file) {
        e.preventDefault();
        onFile(file);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [busy, onFile]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (busy) return;
    const folder = Array.from(e.dataTransfer.items ?? []).some(
      (i) => i.kind === 'file' && i.webkitGetAsEntry?.()?.isDirectory,
    );
    if (onMany && (folder || e.dataTransfer.files.length > 1))
      return onMany(Array.from(e.dataTransfer.files), e.dataTransfer);
    const file = firstFile(e.dataTransfer.files);
    if (file) onFile(file);
  };

  const percent = Math.round(progress * 100);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!busy) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
      className={cx(
        'rounded-xl border-2 border-dashed p-6 text-center transition-colors duration-150 sm:p-8',
        over ? 'border-accent bg-accent/10' : 'border-line bg-surface',
      )}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="mx-auto size-10 text-accent">
        <path
          d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3M12 4v11M7 9l5-5 5 5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="mt-3 font-medium text-fg">Drop a photo here, paste it, or choose a file</p>
      <p className="mt-1 text-sm text-muted">
        JPEG, PNG, WebP, HEIC/HEIF, AVIF or TIFF
        {onMany ? ' · several photos or a folder make a trip' : ' · one photo at a time'}
      </p>
      <input
        ref={input}
        type="file"
        multiple={Boolean(onMany)}
        accept={ACCEPT_PHOTOS}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Reset so choosing the same file again still fires a change.
          e.currentTarget.value = '';
          if (onMany && files.length > 1) onMany(files, null);
          else if (files[0]) onFile(files[0]);
        }}
      />
      <Button size="lg" className="mt-5" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Analyzing...' : 'Choose photo'}
      </Button>
      {onMany && (
        <>
          <FolderInput
            ref={folderInput}
            testId="folder-input"
            onFolder={(files) => files.length && onMany(files, null)}
          />
          <p className="mt-3">
            <button
              type="button"
              disabled={busy}
              onClick={() => folderInput.current?.click()}
              className="text-sm text-accent underline hover:text-accent-strong disabled:opacity-60"
            >
              or choose a folder (a trip)
            </button>
          </p>
        </>
      )}

      {fileName && (
        <div className="mt-5 text-left">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="truncate text-fg" title={fileName}>
              {fileName}
            </span>
            <span className="shrink-0 font-mono text-xs text-muted">
              {fileSize !== null ? formatBytes(fileSize) : ''}
              {uploading ? ` · ${percent}%` : ''}
            </span>
          </div>
          {uploading && (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="mt-2 h-2 overflow-hidden rounded-full bg-raised"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width] duration-200"
                style={{ width: `${percent}%` }}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
