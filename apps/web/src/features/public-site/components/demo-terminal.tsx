/** The hero's terminal card: static sample content (R-SITE-4), labelled as a sample. */
const lines: Array<{ text: string; tone?: 'prompt' | 'dim' | 'ok' | 'key' }> = [
  { text: '$ vt locate corner-cafe.jpg', tone: 'prompt' },
  { text: '› metadata .... no GPS tag', tone: 'dim' },
  { text: '› text ........ "BRICKELL AVE" "SE 8 ST"', tone: 'dim' },
  { text: '› street grid . 2 intersections', tone: 'dim' },
  { text: '› evidence .... fused', tone: 'ok' },
];

const result: Array<[string, string]> = [
  ['location', 'Brickell, Miami'],
  ['coordinates', '25.7663, -80.1917'],
  ['confidence', '97%'],
  ['runner-up', 'Downtown Miami · 94%'],
  ['engine', 'v2.1'],
];

const toneClass = { prompt: 'text-fg', dim: 'text-subtle', ok: 'text-ok', key: 'text-accent' } as const;

export function DemoTerminal() {
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-surface shadow-2xl shadow-black/40">
      <div className="flex items-center gap-2 border-b border-line bg-raised px-4 py-2.5">
        <span className="size-3 rounded-full bg-danger/70" aria-hidden="true" />
        <span className="size-3 rounded-full bg-warm/70" aria-hidden="true" />
        <span className="size-3 rounded-full bg-ok/70" aria-hidden="true" />
        <span className="ml-3 font-mono text-xs text-subtle">vision-terminal — sample</span>
      </div>
      <div className="overflow-x-auto p-5 font-mono text-xs leading-6 sm:text-[13px]">
        {lines.map((line) => (
          <div key={line.text} className={`whitespace-pre ${toneClass[line.tone ?? 'dim']}`}>
            {line.text}
          </div>
        ))}
        <dl className="mt-4 grid grid-cols-[7.5rem_1fr] sm:grid-cols-[8.5rem_1fr] gap-x-3 border-t border-line pt-4">
          {result.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-accent">{key}</dt>
              <dd className={key === 'confidence' ? 'text-ok' : 'text-fg'}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <figcaption className="border-t border-line px-5 py-2.5 text-xs text-subtle">
        Sample output for illustration, not a live analysis.
      </figcaption>
    </figure>
  );
}
