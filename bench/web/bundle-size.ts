/**
 * Web bundle sizes, gzip: the JavaScript a public page loads before it renders (the entry script of
 * apps/web/dist/index.html and its modulepreloads) and what the map route adds on top (its chunks and the
 * MapLibre worker). Run after `npm run build -w @vt/web`: `npx tsx bench/web/bundle-size.ts`. Prints JSON; the
 * target is printed beside the figure as information, never as an exit code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../../apps/web/dist/', import.meta.url).pathname;
const ASSETS = join(DIST, 'assets');
const TARGET_PUBLIC_INITIAL_KB = 200;

const gzipBytes = (file: string) => gzipSync(readFileSync(join(ASSETS, file)), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Static imports of a built chunk (`from"./x.js"`, `import"./x.js"`); dynamic `import()` calls are lazy and left out. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.m?js)["']/g)) found.add(m[1]!);
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f) || !existsSync(join(ASSETS, f))) continue;
    seen.add(f);
    queue.push(...staticImports(f));
  }
  return seen;
}

function main() {
  const indexHtml = join(DIST, 'index.html');
  if (!existsSync(indexHtml)) {
    console.error('apps/web/dist/index.html is missing: run `npm run build -w @vt/web` first.');
    process.exit(1);
  }
  const html = readFileSync(indexHtml, 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  const initial = closure([...entry, ...preloads]);
  const initialGzip = [...initial].reduce((s, f) => s + gzipBytes(f), 0);

  const files = readdirSync(ASSETS);
  const mapRoots = files.filter((f) => /^map-[\w-]+\.js$/.test(f));
  const mapChunks = [...closure(mapRoots)].filter((f) => !initial.has(f));
  const mapGzip = mapChunks.reduce((s, f) => s + gzipBytes(f), 0);
  const worker = files.find((f) => /^maplibre-gl-worker-.*\.m?js$/.test(f));
  const mapCss = files.filter((f) => /^map-[\w-]+\.css$/.test(f));
  // MapLibre's bundle names its own CSS classes; finding one in the initial set means the map leaked into it.
  const leaked = [...initial].filter((f) => readFileSync(join(ASSETS, f), 'utf8').includes('maplibregl-canvas'));

  console.log(
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        compression: 'gzip -9 (node:zlib)',
        publicInitialJs: {
          files: [...initial].sort(),
          gzipKB: kb(initialGzip),
          targetKB: TARGET_PUBLIC_INITIAL_KB,
          withinTarget: kb(initialGzip) <= TARGET_PUBLIC_INITIAL_KB,
          mapLibreInInitial: leaked.length > 0,
        },
        mapRoute: {
          files: mapChunks.sort(),
          gzipKB: kb(mapGzip),
          workerGzipKB: worker ? kb(gzipBytes(worker)) : null,
          cssGzipKB: kb(mapCss.reduce((s, f) => s + gzipBytes(f), 0)),
        },
      },
      null,
      2,
    ),
  );
}

main();
