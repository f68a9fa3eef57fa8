import type { ReactNode } from 'react';
import { formatCoordinate } from '@vt/shared';

/**
 * One saved record in a list (an analysis, a location): an optional picture, its name with badges, what it is and
 * when, its coordinates to 4 decimals when it has a point, and its actions at the end (under it on phones).
 */
export function RecordRow({
  testId,
  media,
  title,
  badges,
  detail,
  time,
  point,
  children,
}: {
  testId: string;
  media?: ReactNode;
  title: string;
  badges: ReactNode;
  /** The line under the name, before the time (a neighbourhood and municipality, an address). */
  detail: string;
  time: string;
  point: { lat: number; lng: number } | null | undefined;
  /** The actions. */
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
      {media}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium">{title}</p>
          {badges}
        </div>
        <p className="mt-1 text-sm text-muted">
          {detail}
          <span aria-hidden="true"> · </span>
          {time}
        </p>
        {point && (
          <p className="mt-1 font-mono text-xs text-subtle">
            {formatCoordinate(point.lat, 4)}, {formatCoordinate(point.lng, 4)}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">{children}</div>
    </li>
  );
}
