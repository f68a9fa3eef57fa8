/**
 * A date on the user's own clock (the zone of their profile, the one the server counts weeks and names trips in),
 * or on the browser's when the browser does not know that zone.
 */
export function formatInZone(
  date: Date,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  locale?: string,
): string {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(date);
  }
}
