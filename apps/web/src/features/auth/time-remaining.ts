/**
 * "2d 3h", "3h 12m", "12m", "Expired" or "Invalid date" (R-ACCESS-12). Minutes are the finest unit
 * because the countdown refreshes once a minute.
 */
export function formatTimeRemaining(until: string | null | undefined, nowMs: number): string {
  if (!until) return 'Invalid date';
  const end = Date.parse(until);
  if (Number.isNaN(end)) return 'Invalid date';
  const ms = end - nowMs;
  if (ms <= 0) return 'Expired';
  const totalMinutes = Math.ceil(ms / 60_000);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}
