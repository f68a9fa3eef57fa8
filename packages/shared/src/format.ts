/** Number formatting shared by dashboard and admin views (R-DASH-7). */

/** 1234 → "1.2K", 2_500_000 → "2.5M", 999 → "999". */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(Math.round(value));
}

/** Bytes → megabytes with one decimal (bytes / 1048576). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1_048_576;
  // A few thumbnails weigh kilobytes: "0.0 MB" would read as nothing stored.
  if (bytes > 0 && mb < 0.01) return '< 0.01 MB';
  if (bytes > 0 && mb < 0.1) return `${mb.toFixed(2)} MB`;
  return `${mb.toFixed(1)} MB`;
}

/** Coordinates with the spec's decimals: 4 in lists, 6 in details. */
export function formatCoordinate(value: number, decimals: 4 | 6): string {
  return value.toFixed(decimals);
}

/** Greeting by time of day: before 12 morning, before 18 afternoon, otherwise evening. */
export function greetingFor(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Initials for the locally generated avatar ("Ada Lovelace" → "AL", "ada@x.io" → "A"). */
export function initialsOf(nameOrEmail: string): string {
  const base = nameOrEmail.includes('@') && !nameOrEmail.includes(' ') ? nameOrEmail.split('@')[0]! : nameOrEmail;
  const words = base
    .split(/[\s._-]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}
