import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

/** How to start the OCR child process: the module to fork and Node's flags for it. */
export type ChildEntry = { entry: string; execArgv: string[]; bundled: boolean };

const SOURCE = fileURLToPath(new URL('./child.ts', import.meta.url));
/**
 * Inside the server's package, so that the bundle's bare imports (onnxruntime-node, sharp, the models) resolve from
 * its node_modules as the sources' do; ignored by git.
 */
const CACHE = join(dirname(SOURCE), '../../../../.cache');

const built = new Map<string, ChildEntry>();

/**
 * The OCR child as plain JavaScript: its TypeScript (child.ts, the reader and what it imports from this repository)
 * bundled once per server process by esbuild into `.cache/ocr-child-<hash>.mjs`, the packages left as imports. Under
 * tsx's loader the child took ~25 MB more at its peak and about half a second more to start (measured with the same
 * photo, docs/decisions/0009), and it starts again after every idle stop. The file is named by its content and
 * written by rename, so servers and test processes building at once never read a half-written or stale one. Where
 * the bundle cannot be built or written (a read-only install), the child runs its sources under tsx as before.
 */
export function ocrChildEntry(cache = CACHE): ChildEntry {
  const known = built.get(cache);
  // Checked at each pool start: a bundle removed since (by the clean-up below, or by hand) is built again.
  if (known && (!known.bundled || existsSync(known.entry))) return known;
  let entry: ChildEntry;
  try {
    const out = buildSync({
      entryPoints: [SOURCE],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
    }).outputFiles[0]!.contents;
    const file = join(cache, `ocr-child-${createHash('sha256').update(out).digest('hex').slice(0, 16)}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(cache, { recursive: true });
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, out);
      renameSync(partial, file);
      removeStale(cache);
    }
    entry = { entry: file, execArgv: [], bundled: true };
  } catch {
    entry = tsxChildEntry();
  }
  built.set(cache, entry);
  return entry;
}

/** The child's TypeScript sources under tsx's loader (by absolute URL, so found whatever the working directory). */
export function tsxChildEntry(): ChildEntry {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { entry: SOURCE, execArgv: ['--import', tsx], bundled: false };
}

/** Bundles of earlier sources, untouched for a week: a server still running one builds it again when it is gone. */
function removeStale(cache: string): void {
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  for (const name of readdirSync(cache))
    if (/^ocr-child-[0-9a-f]{16}\.mjs$/.test(name) && statSync(join(cache, name)).mtimeMs < weekAgo)
      rmSync(join(cache, name), { force: true });
}
