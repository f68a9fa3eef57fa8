import type { Evidence } from '@vt/shared';
import { describeThrown } from '../../lib/analysis-errors';
import type { Locator, LocatorInput } from '../locators/locator';

export type RelocateOptions = {
  timeoutMs: number;
  log(message: string, details?: Record<string, unknown>): void;
  /**
   * Run this locator even when its skip rule would skip it. Verify uses it: the text locator skips itself after
   * a precise GPS fix, which is exactly when its reading is wanted as an independent check.
   */
  force?(locator: Locator): boolean;
};

/**
 * Runs locators on a photo that was analysed before, from what is kept of it: the metadata read at upload
 * and the display derivative (the original is deleted after analysis unless KEEP_ORIGINALS is set, but no
 * locator reads the original: they get exactly this input in the pipeline too). Like the pipeline's step,
 * one failing locator is reported as evidence and does not stop the others; no events are recorded.
 */
export async function relocate(
  locators: readonly Locator[],
  input: LocatorInput,
  opts: RelocateOptions,
): Promise<Evidence[]> {
  const all: Evidence[] = [];
  for (const locator of locators) {
    const skipped = opts.force?.(locator) ? null : (locator.skip?.(all) ?? null);
    if (skipped) {
      all.push({ locator: locator.name, kind: 'absent', summary: skipped, details: { skipped: true } });
      continue;
    }
    try {
      all.push(
        ...(await locator.locate(input, {
          signal: AbortSignal.timeout(opts.timeoutMs),
          log: (message, details) => opts.log(message, { locator: locator.name, ...details }),
        })),
      );
    } catch (error) {
      const described = describeThrown(error);
      all.push({
        locator: locator.name,
        kind: 'absent',
        summary: `The ${locator.name} locator could not run: ${described.message}`,
        details: { error: described },
      });
    }
  }
  return all;
}
