import { standingOf, type Outcome, type Standing } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { confidenceTone, formatConfidence } from '../format';

/**
 * The badge every list shows beside a saved place: its confidence when it was located in the county, and in words,
 * in a neutral style, when it was located outside the county or not located at all (issue 13: a fallback at 30 %
 * or a place in another state at 98 % must not look like a hit).
 */
export function StandingBadge({
  confidence,
  source,
  name,
  outcome = null,
  standing: given,
  className,
}: {
  confidence: number;
  source: string;
  name: string;
  outcome?: Outcome | null;
  /** The server's own reading, where the list carries one (the location index). */
  standing?: Standing;
  className?: string;
}) {
  const standing = given ?? standingOf({ source, name, outcome });
  const pct = formatConfidence(confidence);
  if (standing === 'not_located')
    return (
      <Badge
        tone={outcome === 'error' || outcome === 'failed' || source !== 'Fallback' ? 'danger' : 'neutral'}
        className={className}
      >
        <span data-testid="standing" title={`Nothing placed this photo (${pct}, ${source})`}>
          Not located
        </span>
      </Badge>
    );
  if (standing === 'outside')
    return (
      <Badge tone="neutral" className={className}>
        <span data-testid="standing" title={`Located outside Miami-Dade at ${pct} confidence`}>
          Outside Miami-Dade
        </span>
      </Badge>
    );
  return (
    <Badge tone={confidenceTone(confidence)} className={className}>
      <span data-testid="standing">{pct}</span>
    </Badge>
  );
}

/** "Brickell, Miami", or what is known of it, or why there is no place: the line under a listed place's name. */
export function placeLine(
  place: { neighbourhood: string | null; municipality: string | null } | null | undefined,
  standing: Standing,
): string {
  if (standing === 'not_located') return 'Not located';
  if (standing === 'outside') return 'Outside Miami-Dade';
  const parts = [place?.neighbourhood, place?.municipality].filter(
    (p, i, all): p is string => Boolean(p) && all.indexOf(p) === i,
  );
  return parts.length ? parts.join(', ') : 'Place unknown';
}
