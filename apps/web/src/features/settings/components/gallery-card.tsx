import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteGalleryEntries, useGallerySettings, useUpdateGallerySettings } from '../api';

const errorText = (error: unknown) => errorMessage(error, 'Something went wrong. Please try again.');
const places = (n: number) => `${n} remembered place${n === 1 ? '' : 's'}`;

/**
 * "Use my located photos to recognise places": the gallery's switch. Turning it off stops new entries at once and
 * offers to delete the existing ones; deleting asks once more, in place.
 */
export function GalleryCard() {
  const settings = useGallerySettings();
  const update = useUpdateGallerySettings();
  const remove = useDeleteGalleryEntries();
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<number | null>(null);

  const toggle = (enabled: boolean) => {
    setDeleted(null);
    remove.reset();
    update.mutate(enabled, { onSuccess: (s) => setConfirming(!s.enabled && s.entries > 0) });
  };
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: (r) => {
        setDeleted(r.deleted);
        setConfirming(false);
      },
    });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-fg">Places seen before</h2>
      <p className="mt-1 text-sm text-muted">
        Photos located by their own GPS, or whose place you confirmed, are remembered as a place and a description of
        what the picture looks like (never the picture), so that a later photo of the same place can be recognised
        without GPS. Only your own photos are compared with them.
      </p>
      {settings.isPending ? (
        <p className="mt-4 text-sm text-muted" aria-busy="true">
          Loading…
        </p>
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-300">
          {errorText(settings.error)}
        </p>
      ) : (
        <>
          <label className="mt-4 flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              role="switch"
              className="mt-0.5 h-5 w-5 shrink-0 accent-accent"
              checked={settings.data.enabled}
              disabled={update.isPending}
              aria-describedby="gallery-count"
              onChange={(e) => toggle(e.target.checked)}
            />
            <span className="text-sm font-medium text-fg">Use my located photos to recognise places</span>
          </label>
          <p id="gallery-count" className="mt-2 text-sm text-muted">
            {settings.data.enabled
              ? `On. ${places(settings.data.entries)}.`
              : `Off: nothing new is remembered and photos are not compared. ${places(settings.data.entries)} kept.`}
          </p>
          {update.isError && (
            <p role="alert" className="mt-2 text-sm text-red-300">
              {errorText(update.error)}
            </p>
          )}

          {confirming ? (
            <div
              role="group"
              aria-labelledby="gallery-delete-q"
              className="mt-4 rounded-lg border border-red-500/40 bg-raised p-4"
            >
              <p id="gallery-delete-q" className="text-sm text-fg">
                Delete your {places(settings.data.entries)} too? This cannot be undone.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Button
                  size="sm"
                  className="bg-red-600 text-white hover:bg-red-500 disabled:opacity-50"
                  disabled={remove.isPending}
                  onClick={confirmDelete}
                >
                  {remove.isPending ? 'Deleting…' : `Delete ${places(settings.data.entries)}`}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                  Keep them
                </Button>
              </div>
            </div>
          ) : (
            settings.data.entries > 0 && (
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => setConfirming(true)}>
                Delete remembered places…
              </Button>
            )
          )}
          <p aria-live="polite" className="mt-2 text-sm">
            {deleted !== null && <span className="text-muted">{places(deleted)} deleted.</span>}
            {remove.isError && <span className="text-red-300">{errorText(remove.error)}</span>}
          </p>
        </>
      )}
    </Card>
  );
}
