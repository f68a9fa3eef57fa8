import { useId, useRef, useState, type FormEvent } from 'react';
import { formatMegabytes, REFERENCE_SKIP_REASON_TEXT, REFERENCE_SKIP_REASONS } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { FolderInput } from '../../../components/ui/folder-input';
import { useReferenceImport, type ImportRun } from '../reference-api';
import { folderNameOf, type ImportTally } from '../reference-batches';

const field =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The name an import of chosen files (not a folder) gets by default: the day, so a second try that day resumes it. */
const filesImportName = (now = new Date()) => `Photos ${now.toISOString().slice(0, 10)}`;

/**
 * Import from the browser (R-GALLERY-2, R-GALLERY-6): choose a folder or photos, name the import (a folder's name by
 * default; the same name resumes an interrupted import, R-GALLERY-4), watch the progress, read the summary.
 */
export function ReferenceImportPanel() {
  const { run, start, stop, reset } = useReferenceImport();
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), files: useId(), status: useId() };

  const choose = (chosen: File[]) => {
    if (!chosen.length) return;
    reset();
    setFiles(chosen);
    setName(folderNameOf(chosen) ?? filesImportName());
  };
  const unchoose = () => {
    setFiles([]);
    setName('');
    if (filesInput.current) filesInput.current.value = '';
  };
  const clear = () => {
    unchoose();
    reset();
  };
  // A finished import lets go of its files (the summary stays); a stopped or failed one keeps them to resume.
  const importFiles = (chosen: File[], as: string) =>
    void start(chosen, as).then((end) => end === 'finished' && unchoose());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length && name.trim() && run.state !== 'running') importFiles(files, name.trim());
  };

  const running = run.state === 'running';
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return (
    <Card className="p-5" data-testid="reference-import">
      <h2 className="text-lg font-semibold text-fg">Import photos</h2>
      <p className="mt-1 text-sm text-muted">
        Geotagged JPEG and HEIC photos taken inside Miami-Dade. Each is read on the server for its GPS position, a
        description of what it shows and a 160 px thumbnail; the photo itself is not kept.
      </p>
      <form className="mt-4" onSubmit={submit} aria-describedby={ids.status}>
        <div className="flex flex-wrap gap-3">
          <FolderInput ref={folderInput} testId="reference-folder-input" onFolder={choose} />
          <input
            ref={filesInput}
            id={ids.files}
            type="file"
            multiple
            accept=".jpg,.jpeg,.heic,.heif,image/jpeg,image/heic,image/heif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Photos"
            data-testid="reference-files-input"
            onChange={(e) => choose([...(e.target.files ?? [])])}
            disabled={running}
          />
          <Button variant="secondary" disabled={running} onClick={() => folderInput.current?.click()}>
            Choose a folder…
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => filesInput.current?.click()}>
            Choose photos…
          </Button>
        </div>
        {files.length > 0 && (
          <div className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <label className="text-sm text-muted" htmlFor={ids.name}>
              Import name
              <input
                id={ids.name}
                className={field}
                value={name}
                maxLength={200}
                required
                disabled={running}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={running || !name.trim()}>
                {running ? 'Importing…' : `Import ${plural(files.length, 'file')}`}
              </Button>
              {running ? (
                <Button variant="ghost" onClick={stop}>
                  Stop after this batch
                </Button>
              ) : (
                <Button variant="ghost" onClick={clear}>
                  Clear
                </Button>
              )}
            </div>
            <p className="text-xs text-subtle sm:col-span-2" data-testid="reference-chosen">
              {plural(files.length, 'file')} chosen, {formatMegabytes(bytes)}. An interrupted import of the same name is
              resumed.
            </p>
          </div>
        )}
      </form>
      <div id={ids.status} className="mt-4 empty:mt-0" aria-live="polite">
        {run.state === 'running' && <Progress run={run} />}
        {(run.state === 'finished' || run.state === 'stopped' || run.state === 'failed') && (
          <Summary run={run} onRetry={() => importFiles(files, run.folderName)} />
        )}
      </div>
    </Card>
  );
}

function Progress({ run }: { run: Extract<ImportRun, { state: 'running' }> }) {
  const { tally } = run;
  const percent = tally.total ? Math.round((100 * tally.done) / tally.total) : 0;
  return (
    <div data-testid="reference-progress">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="text-fg">
          {tally.done} of {plural(tally.total, 'file')}
          {run.resumed && <span className="text-muted"> · resuming “{run.folderName}”</span>}
        </span>
        <span className="text-muted tabular-nums">
          imported {tally.imported + tally.alreadyImported} · skipped{' '}
          {tally.done - tally.imported - tally.alreadyImported}
          {run.batches > 0 && ` · batch ${run.batch} of ${run.batches}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={tally.total}
        aria-valuenow={tally.done}
        aria-valuetext={`${tally.done} of ${tally.total} files`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-raised"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function SkippedList({ tally }: { tally: ImportTally }) {
  const reasons = REFERENCE_SKIP_REASONS.filter((r) => tally.skipped[r]);
  if (!reasons.length) return null;
  return (
    <>
      <ul className="mt-2 space-y-1 text-sm text-muted" data-testid="reference-skip-reasons">
        {reasons.map((r) => (
          <li key={r}>
            <span className="text-fg tabular-nums">{tally.skipped[r]}</span> {REFERENCE_SKIP_REASON_TEXT[r]}
          </li>
        ))}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg">Skipped files</summary>
        <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto" data-testid="reference-skipped-files">
          {tally.skippedFiles.map((f, i) => (
            <li key={`${f.name}-${i}`} className="break-all">
              <span className="font-mono text-xs text-fg">{f.name}</span>{' '}
              <span className="text-muted">— {REFERENCE_SKIP_REASON_TEXT[f.outcome]}</span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

function Summary({
  run,
  onRetry,
}: {
  run: Extract<ImportRun, { state: 'finished' | 'stopped' | 'failed' }>;
  onRetry: () => void;
}) {
  const { tally } = run;
  const skipped = tally.done - tally.imported - tally.alreadyImported;
  const headline =
    run.state === 'finished'
      ? run.result
        ? `Import “${run.folderName}” finished: it holds ${plural(run.result.photos, 'reference photo')}.`
        : `Nothing imported: no file of “${run.folderName}” could be used.`
      : run.state === 'stopped'
        ? `Stopped after ${tally.done} of ${plural(tally.total, 'file')}. The import stays open: choose the same folder again to resume.`
        : `The import stopped after ${tally.done} of ${plural(tally.total, 'file')}.`;
  return (
    <div data-testid="reference-summary">
      {run.state === 'failed' ? (
        <ErrorAlert
          message={`${headline} ${run.error ?? ''} Retry resumes it: photos already in the import are not sent twice.`}
          onRetry={onRetry}
        />
      ) : (
        <p role="status" className={run.state === 'finished' && run.result ? 'text-sm text-ok' : 'text-sm text-warm'}>
          {headline}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm sm:max-w-md">
        <div>
          <dt className="text-xs text-muted">Imported</dt>
          <dd className="text-xl font-semibold text-fg tabular-nums" data-testid="reference-imported">
            {tally.imported}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Already in it</dt>
          <dd className="text-xl font-semibold text-fg tabular-nums">{tally.alreadyImported}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Skipped</dt>
          <dd className="text-xl font-semibold text-fg tabular-nums" data-testid="reference-skipped">
            {skipped}
          </dd>
        </div>
      </dl>
      <SkippedList tally={tally} />
    </div>
  );
}
