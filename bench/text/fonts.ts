/**
 * The fonts the sign benchmark draws in, split between its halves so the held-out half is read in typefaces never
 * seen while tuning. All come from Debian packages; the benchmark installs the missing ones when it runs as root
 * (as `npm test` does for Chromium) and otherwise names them.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export const FONTS = {
  tuning: ['DejaVu Sans', 'Liberation Sans', 'Roboto', 'Lato', 'Cantarell', 'Roboto Condensed'],
  heldout: [
    'Noto Sans',
    'Open Sans',
    'Nimbus Sans',
    'FreeSans',
    'Carlito',
    'Nimbus Sans Narrow',
    'Open Sans Condensed',
  ],
} as const;

const PACKAGES = [
  'fonts-dejavu-core',
  'fonts-liberation2',
  'fonts-roboto-unhinted',
  'fonts-lato',
  'fonts-cantarell',
  'fonts-noto-core',
  'fonts-open-sans',
  'fonts-urw-base35',
  'fonts-freefont-ttf',
  'fonts-crosextra-carlito',
];

function installed(): Set<string> {
  const out = execFileSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return new Set(
    out
      .split('\n')
      .flatMap((l) => l.split(','))
      .map((f) => f.trim()),
  );
}

export async function ensureFonts(): Promise<void> {
  const want = [...FONTS.tuning, ...FONTS.heldout];
  let have = installed();
  if (want.every((f) => have.has(f))) return;
  if (process.getuid?.() === 0) {
    process.stderr.write(`[bench:text] installing fonts: ${PACKAGES.join(' ')}\n`);
    spawnSync('apt-get', ['install', '-y', '-q', ...PACKAGES], { stdio: 'inherit' });
    have = installed();
  }
  const missing = want.filter((f) => !have.has(f));
  if (missing.length)
    throw new Error(`Fonts missing: ${missing.join(', ')}. Install the Debian packages ${PACKAGES.join(' ')}.`);
}
