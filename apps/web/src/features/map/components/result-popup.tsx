import { useState } from 'react';
import {
  USER_CONFIRMED_SOURCE,
  standingOfOutcome,
  type AnalysisResult,
  type Candidate,
  type Evidence,
} from '@vt/shared';
import { formatConfidence, formatRadius, OUTCOME_LABEL, ReportDownload } from '../../analysis';
import { cx } from '../../../components/ui/cx';
import { compareLinks, describeResult, otherCandidates } from '../geo';

type View = 'main' | 'compare' | 'index';

export type PopupActions = {
  analyzeFurther: () => void;
  getFullIndex: () => void;
  exportResults: () => void;
  originalPosition: () => void;
  details: () => void;
};

/** A place the owner proposed (dragged marker or picked candidate), waiting for Confirm. */
export type PendingCorrection = { lat: number; lng: number; label: string };

export type CorrectionState = {
  pending: PendingCorrection | null;
  /** Propose one of the engine's other candidates (the same as clicking its numbered marker). */
  propose: (candidate: Candidate) => void;
  saving: boolean;
  error: string | null;
  confirm: () => void;
  cancel: () => void;
};

const small =
  'rounded-md border border-line bg-raised px-2.5 py-1.5 text-xs font-semibold text-fg hover:border-accent/60';

/** The popup after an analysis (R-MAP-2, R-MAP-3): title, lat/lng, a description from the evidence, Compare and Index. */
export function ResultPopup({
  result,
  evidence,
  actions,
  correction,
  notice,
  reportAnalysisId = null,
}: {
  result: AnalysisResult;
  evidence: readonly Evidence[];
  actions: PopupActions;
  correction: CorrectionState;
  /** The outcome of Analyze further (Reevaluate), when it ran. */
  notice: string | null;
  /** The finished analysis whose evidence report the popup offers; null when there is none. */
  reportAnalysisId?: string | null;
}) {
  const [view, setView] = useState<View>('main');
  // Position evidence is already cited in the description; the list adds what else each locator saw.
  const other = evidence.filter((e) => e.kind !== 'position');
  return (
    <div className="w-72 text-sm" data-testid="result-popup">
      <p className="font-mono text-[11px] tracking-[0.14em] text-warm uppercase">{OUTCOME_LABEL[result.outcome]}</p>
      <h3 className="mt-1 pr-5 text-base leading-snug font-semibold">{result.name}</h3>
      <p className="mt-1 font-mono text-xs text-muted" data-testid="popup-coordinates">
        {result.lat.toFixed(6)}, {result.lng.toFixed(6)}
      </p>
      <p className="mt-1 text-xs text-subtle">
        {formatConfidence(result.confidence)} confidence · {formatRadius(result.radiusMeters)} · {result.source}
      </p>

      {correction.pending ? (
        <div className="vt-fade-in mt-3 rounded-lg border border-warm/60 bg-warm/10 p-2.5" data-testid="correction-bar">
          <p className="text-xs text-fg">
            Move the place to{' '}
            <span className="font-semibold" data-testid="correction-label">
              {correction.pending.label}
            </span>{' '}
            <span className="font-mono text-muted" data-testid="correction-point">
              ({correction.pending.lat.toFixed(5)}, {correction.pending.lng.toFixed(5)})
            </span>
            ?
          </p>
          {correction.error && (
            <p className="mt-1 text-xs text-danger" role="alert">
              {correction.error}
            </p>
          )}
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className={cx(small, 'border-warm/70')}
              disabled={correction.saving}
              onClick={correction.confirm}
            >
              {correction.saving ? 'Saving...' : 'Confirm this place'}
            </button>
            <button type="button" className={small} disabled={correction.saving} onClick={correction.cancel}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        result.source !== USER_CONFIRMED_SOURCE &&
        (standingOfOutcome(result.outcome) === 'not_located' ? (
          <p className="mt-2 text-[11px] text-warm">
            Not located: the circle is the whole area it could be in, not a place anyone found.
          </p>
        ) : (
          <p className="mt-2 text-[11px] text-subtle">Wrong place? Drag the marker, or pick a numbered candidate.</p>
        ))
      )}
      {notice && (
        <p className="vt-fade-in mt-2 text-xs text-accent" data-testid="popup-notice">
          {notice}
        </p>
      )}

      <div className="vt-fade-in mt-3" key={view}>
        {view === 'main' && (
          <>
            <p className="text-xs leading-relaxed text-muted" data-testid="popup-description">
              {describeResult(result, evidence)}
            </p>
            {result.source !== USER_CONFIRMED_SOURCE && otherCandidates(result).length > 0 && (
              <ul className="mt-2 space-y-1" aria-label="Other candidates" data-testid="popup-candidates">
                {otherCandidates(result).map((c, i) => (
                  <li key={i}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md px-1 py-0.5 text-left text-[11px] text-subtle hover:bg-raised hover:text-fg"
                      title="Use this place"
                      onClick={() => correction.propose(c)}
                    >
                      <b className="inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-warm text-[10px] text-accent-ink">
                        {i + 2}
                      </b>
                      <span className="min-w-0 flex-1 truncate">{c.label}</span>
                      <span className="font-mono">{Math.round(c.probability * 100)}%</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <button type="button" className={small} onClick={actions.details}>
                Details
              </button>
              {reportAnalysisId && <ReportDownload analysisId={reportAnalysisId} compact />}
            </div>
            {other.length > 0 && (
              <ul className="mt-2 space-y-1" aria-label="Evidence">
                {other.slice(0, 4).map((e, i) => (
                  <li key={i} className="flex gap-2 text-[11px] text-subtle">
                    <span className="font-mono uppercase">{e.locator}</span>
                    <span className="min-w-0 flex-1 truncate" title={e.summary}>
                      {e.summary}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {view === 'compare' && (
          <ul className="grid grid-cols-2 gap-2" aria-label="Compare">
            {compareLinks(result.lat, result.lng).map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cx(small, 'block text-center')}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
        {view === 'index' && (
          <div className="grid grid-cols-2 gap-2" aria-label="Index">
            <button type="button" className={small} onClick={actions.analyzeFurther}>
              Analyze further
            </button>
            <button type="button" className={small} onClick={actions.getFullIndex}>
              Get full index
            </button>
            <button type="button" className={small} onClick={actions.exportResults}>
              Export results
            </button>
            <button type="button" className={small} onClick={actions.originalPosition}>
              Original position
            </button>
          </div>
        )}
      </div>

      <div className="mt-3 flex gap-2 border-t border-line pt-3">
        {(['compare', 'index'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(view === v ? 'main' : v)}
            className={cx(
              'flex-1 rounded-lg px-3 py-1.5 text-sm font-semibold',
              view === v ? 'bg-accent text-accent-ink' : 'border border-line bg-raised text-fg hover:border-accent/60',
            )}
          >
            {v === 'compare' ? 'Compare' : 'Index'}
          </button>
        ))}
      </div>
    </div>
  );
}
