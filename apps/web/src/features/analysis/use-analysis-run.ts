import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AnalysisEventSchema, AnalysisEventTypeSchema, type Analysis, type AnalysisEvent } from '@vt/shared';
import { ApiRequestError } from '../../lib/api-client';
import { LOCATION_INDEX_KEY, fetchAnalysis } from './api';
import { userErrorFor, type UserError } from './format';
import { applyEvent, initialRunState, type RunState } from './stages';
import { UploadFailure, uploadPhoto } from './upload';
import { trackActivity } from '../activity';

export type Phase = 'idle' | 'uploading' | 'analysing' | 'finished' | 'error';

export type AnalysisRun = {
  phase: Phase;
  file: File | null;
  /** Upload progress 0..1. */
  progress: number;
  analysisId: string | null;
  run: RunState;
  /** The stored analysis, fetched once the stream ends (or when a past analysis is opened). */
  analysis: Analysis | null;
  error: UserError | null;
};

type Action =
  | { type: 'upload'; file: File }
  | { type: 'progress'; value: number }
  | { type: 'queued'; analysisId: string }
  | { type: 'event'; event: AnalysisEvent }
  | { type: 'finished'; analysis: Analysis }
  | { type: 'error'; error: UserError }
  | { type: 'open'; analysis: Analysis };

/** A run before any photo: the screens start here (and their tests build on it). */
export const IDLE_RUN: AnalysisRun = {
  phase: 'idle',
  file: null,
  progress: 0,
  analysisId: null,
  run: initialRunState(),
  analysis: null,
  error: null,
};

/** A failed analysis still has its spec outcome (failed/error at central Miami) to show, with the reason. */
const failureOf = (a: Analysis): UserError | null =>
  a.status === 'failed' && a.error ? { message: a.error.message, canRetry: a.error.canRetry } : null;

function reduce(state: AnalysisRun, action: Action): AnalysisRun {
  switch (action.type) {
    case 'upload':
      return { ...IDLE_RUN, phase: 'uploading', file: action.file };
    case 'progress':
      return state.phase === 'uploading' ? { ...state, progress: action.value } : state;
    case 'queued':
      return { ...state, phase: 'analysing', progress: 1, analysisId: action.analysisId };
    case 'event':
      return { ...state, run: applyEvent(state.run, action.event) };
    case 'finished':
      return { ...state, phase: 'finished', analysis: action.analysis, error: failureOf(action.analysis) };
    case 'error':
      return { ...state, phase: 'error', error: action.error };
    case 'open':
      return {
        ...IDLE_RUN,
        phase: 'finished',
        analysisId: action.analysis.id,
        analysis: action.analysis,
        error: failureOf(action.analysis),
      };
  }
}

function errorFrom(error: unknown): UserError {
  if (error instanceof UploadFailure)
    return userErrorFor({ status: error.status, message: error.message, network: error.network, code: error.code });
  if (error instanceof ApiRequestError)
    return userErrorFor({ status: error.status, message: error.serverMessage, network: error.status === 0 });
  if (error instanceof TypeError) return userErrorFor({ network: true });
  return userErrorFor({ message: error instanceof Error ? error.message : null });
}

/**
 * One analysis at a time, end to end: upload with progress, then the engine's stages from its SSE stream, then
 * the stored result. Starting another (or leaving the page) cancels what is in flight.
 */
export function useAnalysisRun() {
  const [state, dispatch] = useReducer(reduce, IDLE_RUN);
  const queryClient = useQueryClient();
  const current = useRef<{ abort: AbortController; source: EventSource | null } | null>(null);

  const stop = useCallback(() => {
    current.current?.abort.abort();
    current.current?.source?.close();
    current.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const settle = useCallback(
    async (id: string, signal: AbortSignal) => {
      try {
        const analysis = await fetchAnalysis(id, signal);
        if (signal.aborted) return;
        if (analysis.status === 'done' || analysis.status === 'failed') {
          dispatch({ type: 'finished', analysis });
          trackActivity('image_analysis', { analysisId: id, status: analysis.status });
        } else dispatch({ type: 'error', error: userErrorFor({ network: true }) });
      } catch (error) {
        if (!signal.aborted) dispatch({ type: 'error', error: errorFrom(error) });
      } finally {
        void queryClient.invalidateQueries({ queryKey: LOCATION_INDEX_KEY });
      }
    },
    [queryClient],
  );

  const start = useCallback(
    async (file: File) => {
      stop();
      const abort = new AbortController();
      const handle: { abort: AbortController; source: EventSource | null } = { abort, source: null };
      current.current = handle;
      dispatch({ type: 'upload', file });
      let analysisId: string;
      try {
        const response = await uploadPhoto(file, (value) => dispatch({ type: 'progress', value }), abort.signal);
        analysisId = response.analyses[0]!.analysisId;
      } catch (error) {
        if (!abort.signal.aborted) {
          dispatch({ type: 'error', error: errorFrom(error) });
          trackActivity('error_occurred', { stage: 'upload', message: errorFrom(error).message.slice(0, 200) });
        }
        return;
      }
      if (abort.signal.aborted) return;
      dispatch({ type: 'queued', analysisId });

      // Events are named (`event: fused`…), so each type needs its own listener; onmessage would see none.
      const source = new EventSource(`/api/analyses/${analysisId}/events`, { withCredentials: true });
      handle.source = source;
      let ended = false;
      const onEvent = (message: MessageEvent<string>) => {
        const parsed = AnalysisEventSchema.safeParse(JSON.parse(message.data));
        if (!parsed.success) return;
        dispatch({ type: 'event', event: parsed.data });
        if (parsed.data.type === 'done' || parsed.data.type === 'failed') {
          // The server ends the stream here; closing stops EventSource from reconnecting to it.
          ended = true;
          source.close();
          void settle(analysisId, abort.signal);
        }
      };
      for (const type of AnalysisEventTypeSchema.options) source.addEventListener(type, onEvent);
      source.onerror = () => {
        // While CONNECTING the browser reconnects by itself (Last-Event-ID resumes); CLOSED means it gave up.
        if (ended || abort.signal.aborted || source.readyState !== EventSource.CLOSED) return;
        void settle(analysisId, abort.signal);
      };
    },
    [settle, stop],
  );

  /** Shows a stored analysis (from the recent list) without running anything. */
  const open = useCallback(
    async (analysisId: string) => {
      stop();
      const abort = new AbortController();
      current.current = { abort, source: null };
      try {
        const analysis = await fetchAnalysis(analysisId, abort.signal);
        if (!abort.signal.aborted) dispatch({ type: 'open', analysis });
      } catch (error) {
        if (!abort.signal.aborted) dispatch({ type: 'error', error: errorFrom(error) });
      }
    },
    [stop],
  );

  const retry = useCallback(() => {
    if (state.file) void start(state.file);
  }, [start, state.file]);

  return { state, start, retry, open, busy: state.phase === 'uploading' || state.phase === 'analysing' };
}
