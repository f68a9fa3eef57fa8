/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A field a spreadsheet would run as a formula
 * (=, +, -, @, tab or carriage return first) is prefixed with an apostrophe, since names come from what people type
 * and OCR reads. Every CSV export (the location index, trips) writes through this.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and one row per record, CRLF line ends (what spreadsheets expect). */
export function csvTable<C extends string>(
  columns: readonly C[],
  rows: ReadonlyArray<Partial<Record<C, unknown>>>,
): string {
  const lines = rows.map((row) => columns.map((c) => csvField(row[c])).join(','));
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}
