import { useRef, useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { droppedPhotos, folderNameOf, photosOf } from '../files';
import { FolderInput } from '../../../components/ui/folder-input';

/**
 * Where a trip's photos come in (R-TRIP-2): a folder or several photos dropped, or chosen with the file picker or the
 * folder picker. Hands over the photos (sorted as the camera numbered them) and the folder's name when they came as
 * one folder; says so when nothing handed over was a photo.
 */
export function TripDropZone({
  onPhotos,
  busy = false,
  compact = false,
  title = 'Drop a folder or several photos here',
}: {
  onPhotos(files: File[], folder: string | null): void;
  busy?: boolean;
  compact?: boolean;
  title?: string;
}) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const take = (files: File[], folder: string | null) => {
    if (files.length === 0) {
      setNotice('None of those files is a photo (JPEG, PNG, WebP, HEIC, AVIF or TIFF).');
      return;
    }
    setNotice(null);
    onPhotos(files, folder);
  };

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (busy) return;
    const dropped = await droppedPhotos(e.dataTransfer);
    take(dropped.files, dropped.folder);
  };

  return (
    <div
      data-testid="trip-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!busy) setOver(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setOver(false);
      }}
      onDrop={(e) => void onDrop(e)}
      className={cx(
        'rounded-xl border-2 border-dashed text-center transition-colors duration-150',
        compact ? 'p-4' : 'p-6 sm:p-8',
        over ? 'border-accent bg-accent/10' : 'border-line bg-surface',
      )}
    >
      <p className="font-medium text-fg">{title}</p>
      <p className="mt-1 text-sm text-muted">
        Each photo counts against your weekly limit. Photos without GPS are placed from the ones taken just before and
        after them with the same camera.
      </p>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept="image/*,.heic,.heif,.HEIC,.HEIF"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="trip-files-input"
        onChange={(e) => {
          const files = photosOf(e.currentTarget.files);
          e.currentTarget.value = '';
          take(files, null);
        }}
      />
      <FolderInput
        ref={folderInput}
        testId="trip-folder-input"
        onFolder={(list) => take(photosOf(list), folderNameOf(list))}
      />
      <div className={cx('flex flex-wrap justify-center gap-3', compact ? 'mt-3' : 'mt-5')}>
        <Button size={compact ? 'sm' : 'md'} disabled={busy} onClick={() => filesInput.current?.click()}>
          Choose photos
        </Button>
        <Button
          size={compact ? 'sm' : 'md'}
          variant="secondary"
          disabled={busy}
          onClick={() => folderInput.current?.click()}
        >
          Choose a folder
        </Button>
      </div>
      {notice && (
        <p role="status" className="mt-3 text-sm text-warm">
          {notice}
        </p>
      )}
    </div>
  );
}
