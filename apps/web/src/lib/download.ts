/** Starts a browser download of `data` as pretty JSON (every export of the app: details, histories, the index). */
export function downloadJson(fileName: string, data: unknown, type = 'application/json'): void {
  downloadText(fileName, JSON.stringify(data, null, 2), type);
}

/** `stem-YYYY-MM-DD`: an export's file name, dated by the day it was made (UTC). */
export function datedName(stem: string, now = new Date()): string {
  return `${stem}-${now.toISOString().slice(0, 10)}`;
}

/** Starts a browser download of `text` (CSV, GeoJSON) with its media type. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Starts a browser download of `blob` (a report fetched from the server) under `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
