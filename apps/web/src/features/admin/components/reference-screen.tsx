import { useState } from 'react';
import type { ReferenceImport } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiRequestError } from '../../../lib/api-client';
import { useReferenceImports } from '../reference-api';
import { ReferenceImportPanel } from './reference-import-panel';
import { ReferencePhotos } from './reference-photos';
import { RemoveImportDialog } from './remove-import-dialog';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateText = (iso: string) => when.format(new Date(iso));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * /admin/reference: the organisation's reference imagery (R-GALLERY-2 … R-GALLERY-6). Import from the browser, the
 * imports with their state, an import's thumbnails, and removal with a confirmation. The server decides who may see
 * it; a user who is not the founder is told so.
 */
export function ReferenceScreen() {
  const imports = useReferenceImports();
  const [shown, setShown] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ReferenceImport | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);

  if (imports.isError && imports.error instanceof ApiRequestError && imports.error.status === 403)
    return (
      <Card className="p-6" data-testid="reference-forbidden">
        <p className="text-fg" role="alert">
          Reference imagery is managed by the system administrator.
        </p>
      </Card>
    );

  const showing = imports.data?.imports.find((i) => i.id === shown) ?? null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      {/* Shown once the server has let the founder in: never to a user, not even while the list loads. */}
      {!imports.isPending && <ReferenceImportPanel />}
      <Card className="p-5" data-testid="reference-imports">
        <h2 className="text-lg font-semibold text-fg">Imports</h2>
        {imports.data && imports.data.imports.length > 0 && (
          <p className="mt-1 text-sm text-muted">
            {plural(imports.data.photos, 'reference photo')} in {plural(imports.data.imports.length, 'import')},
            compared with every user’s photos.
          </p>
        )}
        <p className="mt-2 text-sm empty:mt-0" role="status" data-testid="reference-removed">
          {removed && <span className="text-ok">{removed}</span>}
        </p>
        <div className="mt-2">
          {imports.isPending ? (
            <p className="text-sm text-muted" aria-busy="true">
              Loading reference imports...
            </p>
          ) : imports.isError ? (
            <ErrorAlert
              message={imports.error instanceof ApiRequestError ? imports.error.message : 'The imports could not load.'}
              onRetry={() => void imports.refetch()}
            />
          ) : imports.data.imports.length === 0 ? (
            <p className="text-sm text-muted" data-testid="reference-empty">
              No reference imagery yet. Import a folder of geotagged photos above, or run{' '}
              <code className="font-mono text-fg">npm run gallery:import -- DIR</code> on the server.
            </p>
          ) : (
            <ImportsTable
              rows={imports.data.imports}
              shown={shown}
              onShow={(id) => setShown(shown === id ? null : id)}
              onRemove={(i) => {
                setRemoved(null);
                setRemoving(i);
              }}
            />
          )}
        </div>
      </Card>
      {showing && <ReferencePhotos key={showing.id} target={showing} onClose={() => setShown(null)} />}
      <RemoveImportDialog
        target={removing}
        onClose={() => setRemoving(null)}
        onRemoved={({ folderName, deleted }) => {
          if (removing && removing.id === shown) setShown(null);
          setRemoved(`Removed “${folderName}” and its ${plural(deleted, 'reference photo')}.`);
        }}
      />
    </div>
  );
}

/** A compact table on wide screens; each row a card of its own on a phone (design: tables become cards). */
function ImportsTable({
  rows,
  shown,
  onShow,
  onRemove,
}: {
  rows: ReferenceImport[];
  shown: string | null;
  onShow: (id: string) => void;
  onRemove: (i: ReferenceImport) => void;
}) {
  const cell = 'py-1 sm:py-2 sm:pr-3 max-sm:flex max-sm:justify-between max-sm:gap-3';
  const label = 'text-xs text-subtle sm:hidden';
  return (
    <table className="w-full text-left text-sm max-sm:block">
      <thead className="text-xs text-subtle uppercase max-sm:hidden">
        <tr>
          <th className="py-2 pr-3 font-medium">Folder</th>
          <th className="py-2 pr-3 font-medium">Started</th>
          <th className="py-2 pr-3 font-medium">State</th>
          <th className="py-2 pr-3 text-right font-medium">Photos</th>
          <th className="py-2 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line max-sm:block max-sm:space-y-3 max-sm:divide-y-0">
        {rows.map((i) => (
          <tr
            key={i.id}
            data-testid="reference-import-row"
            data-folder={i.folderName}
            className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line max-sm:bg-raised max-sm:p-3"
          >
            <td className={cell}>
              <span className={label}>Folder</span>
              <span className="min-w-0 text-right sm:text-left">
                <span className="font-medium break-all text-fg">{i.folderName}</span>{' '}
                <Badge className="ml-1 align-middle">{i.via === 'browser' ? 'from the browser' : 'command line'}</Badge>
              </span>
            </td>
            <td className={`${cell} text-muted`}>
              <span className={label}>Started</span>
              <time dateTime={i.createdAt}>{dateText(i.createdAt)}</time>
            </td>
            <td className={cell} data-testid="reference-import-state">
              <span className={label}>State</span>
              {i.finishedAt ? (
                <span className="text-muted">
                  Finished <time dateTime={i.finishedAt}>{dateText(i.finishedAt)}</time>
                </span>
              ) : (
                <span>
                  <span className="text-warm">interrupted — run again to resume</span>
                  <span className="block text-xs text-subtle max-sm:text-right">
                    {i.via === 'browser' ? (
                      'Choose the same folder above.'
                    ) : (
                      <>
                        <code className="font-mono">npm run gallery:import</code> on the same folder.
                      </>
                    )}
                  </span>
                </span>
              )}
            </td>
            <td className={`${cell} tabular-nums sm:text-right`} data-testid="reference-import-photos">
              <span className={label}>Photos</span>
              {i.photos}
            </td>
            <td className="pt-2 max-sm:block sm:py-2">
              <span className="flex flex-wrap gap-2 sm:justify-end">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-expanded={shown === i.id}
                  aria-label={`${shown === i.id ? 'Hide' : 'Show'} the photos of ${i.folderName}`}
                  onClick={() => onShow(i.id)}
                >
                  {shown === i.id ? 'Hide photos' : 'Show photos'}
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Remove ${i.folderName}…`} onClick={() => onRemove(i)}>
                  Remove…
                </Button>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
