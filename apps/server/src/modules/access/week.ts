/**
 * The usage week (R-ACCESS-9): it starts Monday 00:00 in the user's time zone and runs until the next
 * Monday 00:00 there. Across a daylight-saving change that is 167 or 169 hours, not 168: the reset
 * follows the user's wall clock, so weeks never overlap or leave a gap.
 */

export const FALLBACK_TIME_ZONE = 'America/New_York';

export type UsageWeek = { start: Date; reset: Date; timeZone: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone the runtime knows, else the fallback (a stored zone may come from an old browser). */
export function validTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_TIME_ZONE;
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** Wall-clock fields of an instant in a zone, as if they were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

const offsetAt = (instant: number, timeZone: string) => wallClockMs(instant, timeZone) - instant;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The first instant whose wall clock in `timeZone` reads the given local midnight (as UTC ms). When that
 * midnight is skipped by a daylight-saving jump, the instant the clock jumps past it.
 */
function localMidnightToInstant(localMs: number, timeZone: string): number {
  const before = localMs - offsetAt(localMs - 14 * HOUR, timeZone);
  const after = localMs - offsetAt(localMs + 14 * HOUR, timeZone);
  const candidates = [before, after, localMs - offsetAt(localMs, timeZone)]
    .filter((t) => wallClockMs(t, timeZone) === localMs)
    .sort((a, b) => a - b);
  if (candidates.length) return candidates[0]!;
  // Midnight does not exist that day: the week starts when the clock jumps forward over it.
  return Math.max(before, after);
}

/** The instant a local calendar day begins in `timeZone` (month 1-12). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  return new Date(localMidnightToInstant(Date.UTC(year, month - 1, day), validTimeZone(timeZone)));
}

/** The usage week that contains `now` for a user in `timeZone`. */
export function usageWeek(now: Date, timeZone: string): UsageWeek {
  const zone = validTimeZone(timeZone);
  const wall = wallClockMs(now.getTime(), zone);
  const localDay = Math.floor(wall / DAY) * DAY;
  // getUTCDay on the wall clock is the local weekday; Monday = 1, Sunday = 0 → 6 days back.
  const daysSinceMonday = (new Date(localDay).getUTCDay() + 6) % 7;
  const mondayLocal = localDay - daysSinceMonday * DAY;
  return {
    start: new Date(localMidnightToInstant(mondayLocal, zone)),
    reset: new Date(localMidnightToInstant(mondayLocal + 7 * DAY, zone)),
    timeZone: zone,
  };
}
