import { useCallback, useEffect, useState, type DragEvent } from 'react';

/** The first photo among dropped, pasted or chosen files (HEIC by its name: browsers give it no image type). */
export function firstImage(files: FileList | readonly File[] | null | undefined): File | null {
  for (const file of Array.from(files ?? [])) {
    if (file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name)) return file;
  }
  return null;
}

/**
 * The ways a photo reaches the map besides its button: pasted anywhere on the screen, or dropped on it (with a
 * `dragging` state for the drop outline). Files that are not photos are ignored.
 */
export function usePhotoIntake(onFile: (file: File | null) => void) {
  const [dragging, setDragging] = useState(false);

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
        onFile(firstImage(event.dataTransfer.files));
      },
      [onFile],
    ),
  };
  return { dragging, dropTarget };
}
