const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The banner's expiry text (R-BANNER-4), with exactly the spec's wording for each range. */
export function formatExpiryCountdown(expiresAt: string | Date, now: Date = new Date()): string {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (!(left > 0)) return 'Expired';
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `Expires in ${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}
