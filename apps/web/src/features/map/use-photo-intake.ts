import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { droppedPhotos, photosOf } from '../trips';

/** The first photo among dropped, pasted or chosen files (HEIC by its name: browsers give it no image type). */
export function firstImage(files: FileList | readonly File[] | null | undefined): File | null {
  for (const file of Array.from(files ?? [])) {
    if (file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name)) return file;
  }
  return null;
}

/** Several photos, or a folder, handed over at once: they make a trip (R-TRIP-2). */
export type OnManyPhotos = (files: File[], folder: string | null) => void;

/** Whether a drop holds a folder (asked while the drop event lasts: its items are gone after). */
function holdsFolder(data: DataTransfer): boolean {
  return Array.from(data.items ?? []).some((i) => i.kind === 'file' && i.webkitGetAsEntry?.()?.isDirectory);
}

/**
 * The ways a photo reaches the map besides its button: pasted anywhere on the screen, or dropped on it (with a
 * `dragging` state for the drop outline). Files that are not photos are ignored. Several photos, or a folder, go
 * to `onMany` when given (a trip), else the first photo to `onFile`.
 */
export function usePhotoIntake(onFile: (file: File | null) => void, onMany?: OnManyPhotos) {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const photos = photosOf(event.clipboardData?.files);
      const file = firstImage(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      if (onMany && photos.length > 1) onMany(photos, null);
      else onFile(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFile, onMany]);

  const dropTarget = {
    onDragOver: useCallback((event: DragEvent) => {
      if (Array.from(event.dataTransfer.types).includes('Files')) {
        event.preventDefault();
        setDragging(true);
      }
    }, []),
    onDragLeave: useCallback((event: DragEvent) => {
      if (event.currentTarget === event.target) setDragging(false);
    }, []),
    onDrop: useCallback(
      (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        if (onMany && holdsFolder(event.dataTransfer)) {
          void droppedPhotos(event.dataTransfer).then(({ files, folder }) => {
            if (files.length) onMany(files, folder);
          });
          return;
        }
        const photos = photosOf(event.dataTransfer.files);
        if (onMany && photos.length > 1) onMany(photos, null);
        else onFile(firstImage(event.dataTransfer.files));
      },
      [onFile, onMany],
    ),
  };
  return { dragging, dropTarget };
}
