import type { Evidence } from '@vt/shared';
import { useState } from 'react';
import { boxStyle, textOverlay } from '../text-evidence';

/**
 * The text evidence a person can check: the photo with a box around every line the text locator read (solid for
 * the lines a match used, dashed for the rest) and, beside it, what each match understood from which words.
 */
export function TextEvidencePhoto({
  imageUrl,
  evidence,
  fileName,
}: {
  imageUrl: string | null;
  evidence: readonly Evidence[];
  fileName: string | null;
}) {
  const overlay = textOverlay(evidence);
  const [focus, setFocus] = useState<number | null>(null);
  if (!overlay || !imageUrl) return null;
  const focused = focus === null ? null : new Set(overlay.matches[focus]?.lines ?? []);
  return (
    <section className="mt-6" aria-labelledby="text-read-heading" data-testid="text-evidence">
      <h3 id="text-read-heading" className="text-sm font-semibold text-fg">
        Text read on the photo
      </h3>
      <div className="mt-2 grid gap-4 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="relative self-start overflow-hidden rounded-lg border border-line bg-raised">
          <img
            src={imageUrl}
            alt={`${fileName ?? 'The photo'} with the text that was read outlined`}
            width={overlay.width}
            height={overlay.height}
            className="block h-auto w-full"
            loading="lazy"
          />
          {overlay.lines.map((l, i) => {
            if (!l.shown) return null;
            const lit = focused ? focused.has(i) : l.used;
            return (
              <div
                key={i}
                aria-hidden
                data-testid="ocr-box"
                data-used={l.used}
                title={`“${l.text}” (${l.confidence}% OCR confidence${l.seen ? `; seen as “${l.seen}”` : ''})`}
                style={boxStyle(l.box)}
                className={
                  lit
                    ? 'pointer-events-auto absolute rounded-sm border-2 border-accent bg-accent/15 shadow-[0_0_0_1px_rgba(0,0,0,0.6)] motion-safe:transition-colors'
                    : 'pointer-events-auto absolute rounded-sm border border-dashed border-white/60 motion-safe:transition-colors'
                }
              />
            );
          })}
        </div>
        <div className="min-w-0 text-sm">
          {overlay.matches.length > 0 ? (
            <ul className="space-y-2" data-testid="text-matches">
              {overlay.matches.map((m, i) => (
                <li key={i}>
                  <button
                    type="button"
                    className="w-full rounded-lg border border-line bg-raised/50 p-2 text-left hover:border-accent focus-visible:border-accent"
                    onMouseEnter={() => setFocus(i)}
                    onMouseLeave={() => setFocus(null)}
                    onFocus={() => setFocus(i)}
                    onBlur={() => setFocus(null)}
                    aria-label={`${m.label}, read from ${m.texts.map((t) => `“${t}”`).join(' and ')}`}
                  >
                    <span className="block font-medium break-words text-fg">{m.label}</span>
                    <span className="mt-0.5 block font-mono text-xs break-words text-muted">
                      {m.texts.map((t) => `“${t}”`).join(' + ')}
                    </span>
                    {m.seen.length > 0 && (
                      <span className="mt-1 block text-xs text-subtle" data-testid="text-seen">
                        Made out as a street sign from {m.seen.map((t) => `“${t}”`).join(' + ')}
                      </span>
                    )}
                    {m.note && <span className="mt-1 block text-xs text-warm">{m.note}</span>}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">None of the text places the photo in Miami-Dade.</p>
          )}
          <details className="mt-3 text-muted">
            <summary className="cursor-pointer text-xs">
              {overlay.lines.length - overlay.hidden} line{overlay.lines.length - overlay.hidden === 1 ? '' : 's'} read
              with confidence
            </summary>
            <ul className="mt-2 space-y-1 font-mono text-xs" data-testid="ocr-lines">
              {overlay.lines.map((l, i) =>
                l.shown ? (
                  <li key={i} className={l.used ? 'text-fg' : undefined}>
                    “{l.text}” <span className="text-subtle">{l.confidence}%</span>
                    {l.seen && <span className="text-subtle"> (seen as “{l.seen}”)</span>}
                  </li>
                ) : null,
              )}
            </ul>
            {overlay.hidden > 0 && (
              <p className="mt-1 text-xs text-subtle">
                {overlay.hidden} more mark{overlay.hidden === 1 ? '' : 's'} looked like text but could not be read with
                confidence.
              </p>
            )}
          </details>
        </div>
      </div>
    </section>
  );
}
