import { useCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Card } from '../../../components/ui/card';
import { useAnalysisRun } from '../use-analysis-run';
import { DropZone, type OnManyFiles } from './drop-zone';
import { RecentAnalyses } from './recent-analyses';
import { ResultCard } from './result-card';
import { hasReport } from './report-download';
import { StageList } from './stage-list';

/**
 * The analysis screen of /access-ai: upload, the engine's stages live, the result, and recent history. Several photos
 * or a folder go to `onMany` (the page makes a trip of them).
 */
export function AnalysisScreen({ onMany, manyError }: { onMany?: OnManyFiles; manyError?: string | null }) {
  const { state, start, retry, open, busy } = useAnalysisRun();
  const onFile = useCallback((file: File) => void start(file), [start]);
  const result = state.analysis?.analysis_result ?? (state.run.terminal ? state.run.result : null);
  const live =
    state.phase === 'uploading' || state.phase === 'analysing' || (state.phase !== 'idle' && state.run.lastEventId > 0);
  const canRetry = Boolean(state.error?.canRetry && state.file && !busy);

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="space-y-6">
          <DropZone
            busy={busy}
            progress={state.progress}
            uploading={state.phase === 'uploading'}
            fileName={state.file?.name ?? null}
            fileSize={state.file?.size ?? null}
            onFile={onFile}
            onMany={onMany}
          />
          {manyError && <ErrorAlert message={manyError} testId="trip-start-error" />}
          {live && (
            <Card className="p-5">
              <h2 className="mb-4 text-sm font-semibold tracking-wide text-subtle uppercase">
                {state.phase === 'uploading' ? 'Uploading' : state.run.terminal ? 'Stages' : 'Analyzing...'}
              </h2>
              <StageList stages={state.run.stages} notice={state.run.notice} />
            </Card>
          )}
        </div>

        <div className="min-w-0 space-y-4">
          {state.error && (
            <ErrorAlert message={state.error.message} onRetry={canRetry ? retry : undefined} testId="analysis-error" />
          )}
          {result && state.analysis?.duplicateOf && (
            <div
              role="status"
              className="rounded-xl border border-warm/50 bg-warm/10 p-4"
              data-testid="duplicate-notice"
            >
              <p className="text-sm text-fg">
                You analysed this same photo before:{' '}
                <span className="font-medium">{state.analysis.duplicateOf.fileName}</span> on{' '}
                {new Date(state.analysis.duplicateOf.createdAt).toLocaleString()}. It is kept as a separate analysis.
              </p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => void open(state.analysis!.duplicateOf!.analysisId)}
              >
                Show the first analysis
              </Button>
            </div>
          )}
          {result ? (
            <ResultCard
              result={result}
              evidence={state.analysis?.evidence ?? []}
              thumbnailUrl={state.analysis?.thumbnailUrl ?? state.run.thumbnailUrl}
              imageUrl={state.analysis?.image_url ?? null}
              fileName={state.analysis?.fileName ?? state.file?.name ?? null}
              reportAnalysisId={state.analysis && hasReport(state.analysis.status) ? state.analysis.id : null}
            />
          ) : (
            !state.error && (
              <Card className="flex min-h-48 flex-col items-center justify-center p-6 text-center">
                <p className="font-medium text-fg">{busy ? 'Working on your photo...' : 'Your result appears here'}</p>
                <p className="mt-1 max-w-sm text-sm text-muted">
                  {busy
                    ? 'Each stage shows as the engine finishes it.'
                    : 'The place in Miami-Dade, its coordinates, how sure the engine is, and the evidence behind it.'}
                </p>
              </Card>
            )
          )}
        </div>
      </div>

      <RecentAnalyses onOpen={(id) => void open(id)} selectedAnalysisId={state.analysisId} />
    </div>
  );
}
