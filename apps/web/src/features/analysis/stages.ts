import type { AnalysisError, AnalysisEvent, AnalysisResult, Evidence } from '@vt/shared';

export type StageStatus = 'pending' | 'active' | 'done' | 'failed' | 'skipped';

export type Stage = {
  key: string;
  label: string;
  status: StageStatus;
  /** A short line under the label: what the stage found. */
  detail: string | null;
  durationMs: number | null;
};

/** What the screen knows about one running analysis, built only from its Server-Sent Events. */
export type RunState = {
  stages: Stage[];
  /** The last event applied; events replayed after a reconnect are skipped by id. */
  lastEventId: number;
  terminal: 'done' | 'failed' | null;
  result: AnalysisResult | null;
  error: AnalysisError | null;
  thumbnailUrl: string | null;
  /** Set while the engine waits to retry after a passing failure. */
  notice: string | null;
};

const stage = (key: string, label: string): Stage => ({
  key,
  label,
  status: 'pending',
  detail: null,
  durationMs: null,
});

/** Locators appear as their events arrive; they sit between these two groups. */
const BEFORE_LOCATORS = [stage('received', 'Photo received'), stage('metadata', 'Metadata read')];
// The engine locates first and makes the stored images after (a pixel-reading locator may make them earlier).
const AFTER_LOCATORS = [
  stage('fused', 'Evidence fused'),
  stage('derivatives', 'Thumbnail made'),
  stage('finished', 'Done'),
];

export function initialRunState(): RunState {
  return {
    stages: [...BEFORE_LOCATORS, ...AFTER_LOCATORS],
    lastEventId: 0,
    terminal: null,
    result: null,
    error: null,
    thumbnailUrl: null,
    notice: null,
  };
}

/** Readable names of the engine's locators (the rest show as sent). */
const LOCATOR_LABELS: Record<string, string> = {
  metadata: 'GPS metadata',
  'vision-model': 'Vision model',
  text: 'Text in the photo',
  gallery: 'Known-place gallery',
  sequence: 'Photos taken before and after',
};
export const locatorLabel = (name: string) => LOCATOR_LABELS[name] ?? name;

function describeGps(data: Record<string, unknown>): string {
  const gps = data.gps;
  const camera = typeof data.camera === 'string' && data.camera ? ` · ${data.camera}` : '';
  const text =
    gps === 'ok'
      ? 'GPS position found'
      : gps === 'rejected'
        ? 'GPS present but rejected'
        : gps === 'unreadable'
          ? 'GPS unreadable'
          : 'No GPS in the photo';
  return text + camera;
}

function describeEvidence(evidence: unknown): string | null {
  if (!Array.isArray(evidence) || evidence.length === 0) return 'Nothing found';
  return (evidence as Evidence[]).map((e) => e.summary).join(' ');
}

const setStage = (stages: Stage[], key: string, patch: Partial<Stage>): Stage[] =>
  stages.map((s) => (s.key === key ? { ...s, ...patch } : s));

/** Marks every pending stage before `key` as done: a stage that reports means the ones before it ran. */
function completeBefore(stages: Stage[], key: string): Stage[] {
  const at = stages.findIndex((s) => s.key === key);
  return stages.map((s, i) =>
    i < at && (s.status === 'pending' || s.status === 'active') ? { ...s, status: 'done' } : s,
  );
}

/** The first pending stage becomes active while the run is live, so the screen shows what is happening now. */
function activateNext(state: RunState): RunState {
  if (state.terminal || state.stages.some((s) => s.status === 'active')) return state;
  const next = state.stages.findIndex((s) => s.status === 'pending');
  if (next < 0) return state;
  return { ...state, stages: state.stages.map((s, i) => (i === next ? { ...s, status: 'active' } : s)) };
}

function finishStage(state: RunState, key: string, patch: Partial<Stage> = {}): RunState {
  const stages = setStage(completeBefore(state.stages, key), key, { status: 'done', ...patch });
  return activateNext({ ...state, stages });
}

/** Applies one SSE event. Pure: the same events in the same order always give the same screen. */
export function applyEvent(state: RunState, event: AnalysisEvent): RunState {
  if (event.id <= state.lastEventId || state.terminal) return state;
  const next: RunState = { ...state, lastEventId: event.id };
  const data = event.data;
  switch (event.type) {
    case 'received':
      return finishStage(next, 'received', { detail: typeof data.fileName === 'string' ? data.fileName : null });
    case 'started':
      return activateNext({ ...next, notice: null });
    case 'metadata_read':
      return finishStage(next, 'metadata', { detail: describeGps(data) });
    case 'derivatives_made':
      // Not "everything before is done": derivatives can be made while locators still run.
      return {
        ...next,
        thumbnailUrl: typeof data.thumbnailUrl === 'string' ? data.thumbnailUrl : next.thumbnailUrl,
        stages: setStage(next.stages, 'derivatives', {
          status: 'done',
          detail:
            typeof data.width === 'number' && typeof data.height === 'number' ? `${data.width} × ${data.height}` : null,
        }),
      };
    case 'locator_started': {
      const name = String(data.locator ?? 'locator');
      const key = `locator:${name}`;
      let stages = completeBefore(next.stages, 'fused');
      if (!stages.some((s) => s.key === key)) {
        const at = stages.findIndex((s) => s.key === 'fused');
        stages = [...stages.slice(0, at), stage(key, locatorLabel(name)), ...stages.slice(at)];
      }
      // Only the locator that just started is active: an earlier "active" one has finished, a later one
      // (fusion, shown as next while nothing ran) has not started yet.
      const at = stages.findIndex((s) => s.key === key);
      stages = stages.map((s, i) =>
        i === at
          ? { ...s, status: 'active' }
          : s.status === 'active'
            ? { ...s, status: i < at ? 'done' : 'pending' }
            : s,
      );
      return { ...next, stages };
    }
    case 'locator_finished': {
      const name = String(data.locator ?? 'locator');
      const key = `locator:${name}`;
      const stages = next.stages.some((s) => s.key === key)
        ? next.stages
        : (() => {
            const at = next.stages.findIndex((s) => s.key === 'fused');
            return [...next.stages.slice(0, at), stage(key, locatorLabel(name)), ...next.stages.slice(at)];
          })();
      return activateNext({
        ...next,
        stages: setStage(stages, key, {
          status: 'done',
          detail: describeEvidence(data.evidence),
          durationMs: typeof data.durationMs === 'number' ? data.durationMs : null,
        }),
      });
    }
    case 'fused':
      return finishStage({ ...next, result: (data.result as AnalysisResult) ?? next.result }, 'fused');
    case 'done': {
      const result = (data.result as AnalysisResult) ?? next.result;
      const stages = setStage(completeBefore(next.stages, 'finished'), 'finished', { status: 'done', label: 'Done' });
      return { ...next, stages, result, terminal: 'done', notice: null };
    }
    case 'failed': {
      const error = (data.error as AnalysisError) ?? {
        code: 'analysis_error',
        message: 'Analysis failed',
        canRetry: true,
      };
      const failedAt = next.stages.find((s) => s.status === 'active')?.key;
      const stages = next.stages.map((s) =>
        s.key === 'finished'
          ? { ...s, status: 'failed' as const, label: 'Failed', detail: error.message }
          : s.key === failedAt
            ? { ...s, status: 'failed' as const }
            : s.status === 'pending' || s.status === 'active'
              ? { ...s, status: 'skipped' as const }
              : s,
      );
      return {
        ...next,
        stages,
        terminal: 'failed',
        error,
        result: (data.result as AnalysisResult) ?? next.result,
        notice: null,
      };
    }
    case 'retrying': {
      const seconds = typeof data.delayMs === 'number' ? Math.round(data.delayMs / 1000) : null;
      const why = typeof data.message === 'string' ? data.message : 'a passing error';
      return { ...next, notice: `Retrying${seconds ? ` in ${seconds} s` : ''} after ${why}.` };
    }
    default:
      return next;
  }
}

export const applyEvents = (events: AnalysisEvent[], state = initialRunState()) => events.reduce(applyEvent, state);
