import { useEffect, useRef, useState } from 'react';
import { formatCoordinate, type ReferenceImport } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Pagination } from '../../../components/ui/pagination';
import { ApiRequestError } from '../../../lib/api-client';
import { REFERENCE_PAGE_SIZE, thumbnailUrl, useReferencePhotos } from '../reference-api';

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'The photos could not be loaded.';

/**
 * An import's photos as the server keeps them (R-GALLERY-3): the 160 px thumbnail, the file's path in the folder and
 * the place its GPS gave, a page at a time. Focus moves to the heading when it opens, so keyboard users land on it.
 */
export function ReferencePhotos({ target, onClose }: { target: ReferenceImport; onClose: () => void }) {
  const [offset, setOffset] = useState(0);
  const photos = useReferencePhotos(target.id, offset);
  const heading = useRef<HTMLHeadingElement>(null);

  // The parent keys this panel by import, so another import starts afresh at its first page.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Card className="p-5" data-testid="reference-photos">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold break-words text-fg">
          Photos of “{target.folderName}”
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close photos
        </Button>
      </div>
      <div className="mt-4">
        {photos.isPending ? (
          <p className="text-sm text-muted" aria-busy="true">
            Loading photos...
          </p>
        ) : photos.isError ? (
          <ErrorAlert message={errorText(photos.error)} onRetry={() => void photos.refetch()} />
        ) : photos.data.photos.length === 0 ? (
          <p className="text-sm text-muted">This import holds no photos yet.</p>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {photos.data.photos.map((p) => (
                <li key={p.id} data-testid="reference-photo">
                  <figure>
                    <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg border border-line bg-bg">
                      <img
                        src={thumbnailUrl(p.id)}
                        alt={`Reference photo ${p.fileName}`}
                        loading="lazy"
                        className="max-h-full max-w-full object-contain"
                      />
                    </div>
                    <figcaption className="mt-1.5 text-xs">
                      <span className="block truncate text-fg" title={p.fileName}>
                        {p.fileName}
                      </span>
                      <span className="block font-mono text-subtle">
                        {formatCoordinate(p.lat, 4)}, {formatCoordinate(p.lng, 4)}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
            <Pagination offset={offset} pageSize={REFERENCE_PAGE_SIZE} total={photos.data.total} onOffset={setOffset} />
          </>
        )}
      </div>
    </Card>
  );
}
