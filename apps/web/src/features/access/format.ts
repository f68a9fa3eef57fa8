import type { Limit, MyLimits } from '@vt/shared';
import { formatInZone } from '../../lib/time-zone';

/** "3 of 5 images used this week" / "3 images used this week (unlimited)". */
export function usageText(limits: Pick<MyLimits, 'currentUsage' | 'weeklyImageLimit'>): string {
  const noun = (n: number) => `image${n === 1 ? '' : 's'}`;
  if (limits.weeklyImageLimit === null)
    return `${limits.currentUsage} ${noun(limits.currentUsage)} used this week (unlimited)`;
  return `${limits.currentUsage} of ${limits.weeklyImageLimit} ${noun(limits.weeklyImageLimit)} used this week`;
}

export const limitText = (limit: Limit): string => (limit === null ? 'Unlimited' : String(limit));

/** Share of the week's limit already used, 0–1 (0 when unlimited). */
export function usageShare(limits: Pick<MyLimits, 'currentUsage' | 'weeklyImageLimit'>): number {
  if (limits.weeklyImageLimit === null || limits.weeklyImageLimit === 0) return limits.weeklyImageLimit === 0 ? 1 : 0;
  return Math.min(1, limits.currentUsage / limits.weeklyImageLimit);
}

/** "Monday, Nov 23, 12:00 AM" on the user's own clock (the zone the server counts the week in). */
export function resetText(iso: string, timeZone: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  const opts: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  };
  return formatInZone(date, opts, timeZone, locale);
}

/** Why the next upload would be refused, or null while uploads are allowed. */
export function refusalReason(limits: MyLimits, locale?: string): string | null {
  if (limits.remainingThisWeek === null || limits.remainingThisWeek > 0) return null;
  return `You have used all ${limits.weeklyImageLimit} images of your weekly limit. Uploads open again on ${resetText(
    limits.weekResetDate,
    limits.timeZone,
    locale,
  )}, or redeem an access code for a higher limit.`;
}
