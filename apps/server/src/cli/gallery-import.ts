/**
 * `npm run gallery:import -- DIR`: loads a folder of geotagged JPEG and HEIC photos as the organisation's reference
 * imagery (modules/gallery/reference-import.ts), with the server's own validated configuration (DATABASE_URL or
 * the embedded PGlite in DATA_DIR). Ctrl-C stops between two files; running it again on the folder resumes.
 */
import { statSync } from 'node:fs';
import { REFERENCE_SKIP_REASON_TEXT } from '@vt/shared';
import { startUp } from '../start-up';
import { importReferenceFolder, SKIP_REASONS, type ImportProgress } from '../modules/gallery/reference-import';
import { ReferenceRepository } from '../modules/gallery/reference.repository';

/** The command line reads files of any size, so "larger than the upload limit" (the page's uploads) never applies. */
const REASONS = SKIP_REASONS.filter((r) => r !== 'too-large');

function progressLine(p: ImportProgress): string {
  const width = 24;
  const filled = Math.round((p.done / Math.max(p.total, 1)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.done}/${p.total}  imported ${p.imported}  skipped ${p.skipped}`;
}

async function main(): Promise<void> {
  const dir = process.argv.slice(2).find((a) => a !== '--');
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error('Usage: npm run gallery:import -- DIR   (a folder of geotagged JPEG and HEIC photos)');
    process.exit(2);
  }
  const { config, database } = await startUp();
  const stop = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nStopping after this photo; run the same command again to resume.\n');
    stop.abort();
  });
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  const summary = await importReferenceFolder(dir, {
    repository: new ReferenceRepository(database.db),
    maxPixels: config.uploads.maxPixels,
    signal: stop.signal,
    onProgress(p) {
      if (tty) process.stderr.write(`\r${progressLine(p)}`);
      else if (Math.floor((p.done / p.total) * 10) > lastTenth || p.done === p.total) {
        // Not a terminal (a log file): a line every tenth instead of a redrawn bar.
        lastTenth = Math.floor((p.done / p.total) * 10);
        process.stderr.write(`${progressLine(p)}\n`);
      }
    },
  });
  if (tty) process.stderr.write('\n');
  await database.close();
  const lines = [
    `${summary.interrupted ? 'Interrupted' : 'Done'}: import ${summary.importId} of “${summary.folderName}”${summary.resumed ? ' (resumed)' : ''}`,
    `  photos found     ${summary.total}`,
    `  imported         ${summary.imported} (${summary.photosPerSecond} photos/s)`,
    ...(summary.alreadyImported
      ? [`  done before      ${summary.alreadyImported} (imported before the interruption)`]
      : []),
    ...REASONS.map((r) => `  skipped          ${summary.skipped[r]} ${REFERENCE_SKIP_REASON_TEXT[r]}`),
  ];
  console.log(lines.join('\n'));
  console.log(JSON.stringify(summary));
  process.exit(summary.interrupted ? 130 : 0);
}

void main();
