import {
  LIMITS,
  USER_CONFIRMED_SOURCE,
  type Evidence,
  type IndexCheckResponse,
  type IndexCheckWitness,
  type PhotoMetadata,
  type User,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import type { BlobStorage } from '../../adapters/storage/storage';
import type { Locator, LocatorInput } from '../../engine/locators/locator';
import { fuse, SOURCE_LABEL } from '../../engine/pipeline/fuse';
import { describePlace, placeName } from '../../engine/pipeline/place';
import { relocate } from '../../engine/pipeline/relocate';
import { haversineMeters } from '../../engine/geo/geometry';
import type { AnalysesRepository, AnalysisWithPhoto } from '../analyses/analyses.repository';
import { isUuid } from '../../lib/ids';
import type { LocationIndexRepository, LocationIndexRowWithPhoto } from './location-index.repository';
import { toItem } from './location-index.service';
import { judge, nameWitnesses, producersOf, witnessOf } from './verification';

/** Sources that name no located place: the spec's fallback, failed and error outcomes. */
const UNLOCATED_SOURCES = new Set(['Fallback', 'Default Location', 'Error Fallback']);
/** R-INDEX-8: Verify raises confidence by 0.1, capped at 1. */
const VERIFY_STEP = 0.1;

export type IndexCheckDeps = {
  repo: LocationIndexRepository;
  analyses: AnalysesRepository;
  storage: BlobStorage;
  /** The engine's enabled locators, the same instances the pipeline uses (OCR workers are shared). */
  locators: readonly Locator[];
  locatorTimeoutMs: number;
  log(level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
};

const conflict = (message: string) => new AppError(409, 'cannot_check', message);
const km = (m: number) => (m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`);

/**
 * Verify and Reevaluate of the location index made real (R-INDEX-8, R-INDEX-9). Both answer synchronously: the work is
 * one photo's locators, seconds at most, and the browser shows the spec's `...` badge while it waits. The
 * transient verifying/reevaluating states are therefore the browser's; what is stored is the outcome and why.
 */
export class IndexCheckService {
  constructor(private readonly deps: IndexCheckDeps) {}

  private async item(user: User, id: string): Promise<LocationIndexRowWithPhoto> {
    const row = isUuid(id) ? await this.deps.repo.get(user.id, id) : undefined;
    if (!row) throw notFound('Location not found in your index.');
    return row;
  }

  private async analysisOf(row: LocationIndexRowWithPhoto): Promise<AnalysisWithPhoto | undefined> {
    const analysis = row.analysisId ? await this.deps.analyses.get(row.analysisId) : undefined;
    return analysis && analysis.userId === row.userId ? analysis : undefined;
  }

  /** The locators' input from what is kept of the photo, or why there is none. */
  private inputOf(analysis: AnalysisWithPhoto): LocatorInput | string {
    const displayKey = analysis.photo.displayKey;
    if (!displayKey || !analysis.metadata)
      return 'the photo itself is no longer stored (its image could not be decoded or was deleted), so it cannot be read again';
    return {
      fileName: analysis.photo.originalName,
      format: analysis.photo.format as LocatorInput['format'],
      metadata: analysis.metadata as PhotoMetadata,
      displayImage: () => this.deps.storage.get(displayKey),
    };
  }

  private run(locators: readonly Locator[], input: LocatorInput, analysisId: string, force?: (l: Locator) => boolean) {
    return relocate(locators, input, {
      timeoutMs: this.deps.locatorTimeoutMs,
      log: (message, details) => this.deps.log('info', message, { analysisId, ...details }),
      force,
    });
  }

  async verify(user: User, id: string): Promise<IndexCheckResponse> {
    const row = await this.item(user, id);
    const claim = { lat: row.lat, lng: row.lng };
    const witnesses: (IndexCheckWitness & { confidence?: number })[] = [];
    const reasons: string[] = [];
    const analysis = await this.analysisOf(row);

    if (UNLOCATED_SOURCES.has(row.source)) {
      reasons.push(`this item is the ${row.source.toLowerCase()} point of the general Miami area, not a located place`);
    } else if (!analysis) {
      // A hand-added item (or one whose analysis is gone): only its name is independent of its coordinates.
      const byName = nameWitnesses(row.name, claim);
      witnesses.push(...byName);
      if (!byName.length) reasons.push('it has no photo, and its name mentions no place the gazetteer knows');
    } else {
      // The locators fusion already counted for this point produced it; the others are independent. A point the
      // owner confirmed by hand was produced by none of them, so all of them are witnesses.
      const producers = row.source === USER_CONFIRMED_SOURCE ? new Set<string>() : producersOf(row.source);
      const stored = (analysis.evidence ?? []).filter((e) => !producers.has(e.locator));
      const claimRadius = row.source === USER_CONFIRMED_SOURCE ? 0 : (analysis.analysisResult?.radiusMeters ?? 0);
      const ran = new Set(
        stored.filter((e) => !(e.details as { skipped?: boolean } | undefined)?.skipped).map((e) => e.locator),
      );
      // Independent locators that did not run then (skipped after a precise GPS fix, or enabled since) run now.
      const pending = this.deps.locators.filter((l) => !producers.has(l.name) && !ran.has(l.name));
      let fresh: Evidence[] = [];
      if (pending.length) {
        const input = this.inputOf(analysis);
        if (typeof input === 'string')
          reasons.push(`${pending.map((l) => SOURCE_LABEL[l.name] ?? l.name).join(' and ')} could not run: ${input}`);
        else fresh = await this.run(pending, input, analysis.id, () => true);
      }
      for (const e of [...stored.filter((e) => ran.has(e.locator)), ...fresh]) {
        const w = witnessOf(e, claim, claimRadius);
        if (w.agrees === null) reasons.push(`${w.source}: ${e.summary}`);
        else witnesses.push({ ...w, confidence: e.confidence });
      }
      if (!stored.length && !pending.length) reasons.push('no other locator is enabled to check it');
    }

    const verdict = judge(witnesses, claim, reasons);
    const now = new Date();
    const updated = await this.deps.repo.update(user.id, row.id, {
      note: verdict.message,
      checkedAt: now,
      ...(verdict.outcome === 'verified'
        ? {
            status: 'verified' as const,
            // Verifying again confirms, it does not pump the confidence up: the step applies once per result.
            confidence:
              row.status === 'verified'
                ? row.confidence
                : Math.min(1, Math.round((row.confidence + VERIFY_STEP) * 1000) / 1000),
          }
        : verdict.outcome === 'contradicted'
          ? { status: 'error' as const }
          : {}),
    });
    if (!updated) throw notFound('Location not found in your index.');
    return {
      item: toItem({ ...row, ...updated }),
      outcome: verdict.outcome,
      message: verdict.message,
      witnesses: witnesses.map(({ source, summary, distanceMeters, agrees }) => ({
        source,
        summary,
        distanceMeters,
        agrees,
      })),
    };
  }

  async reevaluate(user: User, id: string): Promise<IndexCheckResponse> {
    const row = await this.item(user, id);
    const analysis = await this.analysisOf(row);
    if (!analysis) throw conflict('This location was added by hand: there is no photo to analyse again.');
    if (analysis.status !== 'done' && analysis.status !== 'failed')
      throw conflict('The analysis of this photo is still running; reevaluate it when it has finished.');
    const input = this.inputOf(analysis);
    if (typeof input === 'string') throw conflict(`This photo cannot be analysed again: ${input}.`);

    let evidence: Evidence[];
    try {
      evidence = await this.run(this.deps.locators, input, analysis.id);
    } catch (error) {
      this.deps.log('warn', 'reevaluate failed', { analysisId: analysis.id, error: String(error) });
      const message = `Reevaluation failed: ${(error as Error)?.message ?? String(error)}`;
      await this.deps.repo.update(user.id, row.id, { status: 'error', note: message, checkedAt: new Date() });
      throw new AppError(502, 'reevaluate_failed', message);
    }
    const result = fuse(evidence, { describePlace, placeName });
    const moved = haversineMeters({ lat: row.lat, lng: row.lng }, result);
    const message =
      `Analysed again: ${result.name}, ${Math.round(result.confidence * 100)}% (${result.source}); ` +
      (moved < 1 ? 'same place as before.' : `${km(moved)} from the previous point.`);
    const updated = await this.deps.repo.update(user.id, row.id, {
      name: result.name,
      lat: result.lat,
      lng: result.lng,
      confidence: result.confidence,
      source: result.source,
      status: 'reevaluated',
      note: message,
      checkedAt: new Date(),
    });
    if (!updated) throw notFound('Location not found in your index.');
    return {
      item: toItem({ ...row, ...updated }),
      outcome: 'reevaluated',
      message,
      witnesses: evidence
        .filter((e) => e.kind === 'position' || e.kind === 'outside_coverage')
        .slice(0, LIMITS.locationIndexCollapsedShown)
        .map((e) => witnessOf(e, result, result.radiusMeters ?? 0)),
    };
  }
}
