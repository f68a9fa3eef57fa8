import { useEffect, useRef } from 'react';
import type { Trip } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { trapTab } from '../../../components/ui/trap-tab';

/**
 * Asks before a trip is deleted, saying what goes (R-TRIP-8). A native modal <dialog>: the page behind is inert, Escape
 * closes it, focus comes back to the button that opened it.
 */
export function DeleteTripDialog({
  trip,
  open,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  trip: Pick<Trip, 'name' | 'counts'>;
  open: boolean;
  pending: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const n = trip.counts.photos;
  return (
    <dialog
      ref={ref}
      aria-labelledby="delete-trip-title"
      onClose={onClose}
      onKeyDown={(e) => trapTab(e, ref.current)}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-fg shadow-2xl backdrop:bg-black/70"
    >
      <h2 id="delete-trip-title" className="text-lg font-bold">
        Delete “{trip.name}”?
      </h2>
      <p className="mt-3 text-sm text-muted">
        This deletes the trip and its {n} {n === 1 ? 'photo' : 'photos'}: each photo’s analysis, its location record,
        its stored images and its evidence report. It cannot be undone.
      </p>
      <p className="mt-2 text-sm text-muted">
        What these photos taught your gallery (descriptors, no pixels) stays until you clear the gallery in Settings.
        Photos still being analysed are waited for a few seconds.
      </p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => ref.current?.close()} autoFocus>
          Cancel
        </Button>
        <Button className="bg-danger text-accent-ink hover:brightness-110" disabled={pending} onClick={onConfirm}>
          {pending ? 'Deleting...' : `Delete trip and ${n} ${n === 1 ? 'photo' : 'photos'}`}
        </Button>
      </div>
    </dialog>
  );
}
