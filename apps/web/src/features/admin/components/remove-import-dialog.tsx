import { useEffect, useRef } from 'react';
import type { ReferenceImport } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { trapTab } from '../../../components/ui/trap-tab';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveReferenceImport } from '../reference-api';

const photos = (n: number) => `${n} reference photo${n === 1 ? '' : 's'}`;

/**
 * Asks before removing an import, naming it and what goes with it (R-GALLERY-5). A native modal <dialog>: the page
 * behind is inert, Escape closes it, Tab wraps inside it, and focus returns to the button that opened it.
 */
export function RemoveImportDialog({
  target,
  onClose,
  onRemoved,
}: {
  target: ReferenceImport | null;
  onClose: () => void;
  onRemoved: (removed: { folderName: string; deleted: number }) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const remove = useRemoveReferenceImport();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (target && !dialog.open) dialog.showModal();
    if (!target && dialog.open) dialog.close();
  }, [target]);

  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: ({ deleted }) => {
        onRemoved({ folderName: target.folderName, deleted });
        ref.current?.close();
      },
    });
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="remove-import-title"
      aria-describedby="remove-import-text"
      onClose={() => {
        remove.reset();
        onClose();
      }}
      onKeyDown={(e) => trapTab(e, ref.current)}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70"
      data-testid="remove-import-dialog"
    >
      {target && (
        <div className="p-6">
          <h2 id="remove-import-title" className="text-xl font-bold break-words">
            Remove “{target.folderName}”?
          </h2>
          <p id="remove-import-text" className="mt-2 text-sm text-muted">
            Its {photos(target.photos)} (descriptions and thumbnails) are removed for good, and new photos are no longer
            recognised from them. Importing the same photos again brings them back.
          </p>
          {remove.isError && (
            <p role="alert" className="mt-3 text-sm text-danger">
              {errorMessage(remove.error, 'The import could not be removed.')}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" autoFocus onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            <Button
              disabled={remove.isPending}
              onClick={confirm}
              className="bg-red-600 text-white hover:bg-red-500 disabled:opacity-50"
            >
              {remove.isPending ? 'Removing…' : `Remove ${photos(target.photos)}`}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
