import type { TripCounts } from '@vt/shared';
import { progressLine } from '../model';
import type { UploadSession } from '../uploader';

/**
 * How far the trip is: what is uploaded (while this tab sends it) and what is analysed, as bars with their numbers,
 * and the trip in one line of words.
 */
export function TripProgressBar({ counts, session }: { counts: TripCounts; session?: UploadSession }) {
  const sending = session && session.phase === 'sending';
  const uploaded = session && session.totalBytes > 0 ? Math.round((session.sentBytes / session.totalBytes) * 100) : 100;
  const total = counts.photos;
  const finished = total - counts.queued - counts.reading;
  const analysed = total > 0 ? Math.round((finished / total) * 100) : 0;
  return (
    <div className="space-y-3" data-testid="trip-progress">
      {sending && <Bar label="Uploaded" percent={uploaded} text={`Uploading · ${uploaded}%`} tone="bg-accent" />}
      <Bar
        label="Analysed"
        percent={analysed}
        text={total > 0 ? `${finished} of ${total} analysed` : 'Nothing analysed yet'}
        tone="bg-ok"
      />
      <p className="text-sm text-muted" data-testid="trip-progress-line" aria-live="polite">
        {progressLine(counts, session)}
      </p>
    </div>
  );
}

function Bar({ label, percent, text, tone }: { label: string; percent: number; text: string; tone: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-raised"
      >
        <div
          className={`h-full rounded-full ${tone} transition-[width] duration-300`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-subtle">{text}</p>
    </div>
  );
}
