/**
 * The calendar days from `days - 1` days ago to today in `timeZone`, oldest first, as YYYY-MM-DD.
 *
 * Steps back by calendar date, not by 24 hours: a day of 25 hours (the end of daylight saving time)
 * would otherwise be listed twice and the series would come out a day short.
 */
export function lastDays(days: number, timeZone: string, now = Date.now()): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(now))
    .split('-')
    .map(Number);
  const [y, m, d] = today as [number, number, number];
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(new Date(Date.UTC(y, m - 1, d - i)).toISOString().slice(0, 10));
  return out;
}
