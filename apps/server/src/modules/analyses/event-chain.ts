import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { EventChainCheck } from '@vt/shared';
import type { Db } from '../../db/client';
import { analysisEvents } from '../../db/schema.analyses';

/**
 * The chain of an analysis' events (R-REPORT-3). Each event stores
 *
 *   hash = SHA-256 hex of  prevHash + "\n" + canonicalJson({ analysisId, createdAt, data, type })
 *
 * where prevHash is the hash of the analysis' previous event (GENESIS_HASH for its first chained one) and createdAt is
 * the ISO 8601 string of the stored timestamp. Changing, removing or inserting an event breaks the hash of that event
 * or of the one after it, so a report can show its history was not rewritten. What it cannot show is the newest
 * events removed from the end: the report prints the last hash, which a copy of the report then pins.
 */

/** The previous hash of an analysis' first chained event. */
export const GENESIS_HASH = '0'.repeat(64);

export type EventRow = typeof analysisEvents.$inferSelect;

/** The fields an event's hash covers, as they come back from the database. */
export type ChainedFields = {
  analysisId: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
};

/**
 * JSON with the keys of every object sorted (JavaScript's default order, by UTF-16 code units) and no white space.
 * jsonb gives keys back in its own order, so the hash must not depend on it.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(JSON.parse(JSON.stringify(value ?? null)) as unknown));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((k) => [k, sortKeys(record[k])]),
  );
}

/** The hash of an event chained after `prevHash`. */
export function eventHash(prevHash: string, event: ChainedFields): string {
  const body = canonicalJson({
    analysisId: event.analysisId,
    createdAt: event.createdAt.toISOString(),
    data: event.data,
    type: event.type,
  });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/**
 * Stores one event of an analysis chained after its latest one. The analysis row is locked for the rest of the
 * transaction first (FOR NO KEY UPDATE: it serialises appends without blocking the foreign-key checks of other
 * tables), so two events appended at once cannot both chain after the same predecessor. Inside a caller's
 * transaction (upload intake) this runs as a savepoint of it.
 */
export async function appendChainedEvent(
  db: Db,
  event: { analysisId: string; type: string; data: Record<string, unknown> },
): Promise<EventRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from analyses where id = ${event.analysisId} for no key update`);
    const [last] = await tx
      .select({ hash: analysisEvents.hash })
      .from(analysisEvents)
      .where(eq(analysisEvents.analysisId, event.analysisId))
      .orderBy(desc(analysisEvents.id))
      .limit(1);
    // An analysis whose events were recorded before chaining starts its chain now.
    const prevHash = last?.hash ?? GENESIS_HASH;
    // Taken here, after the lock and in the app: a JS Date round-trips exactly through timestamptz (microseconds).
    const createdAt = new Date();
    // Hashed as the database will give it back (undefined dropped, dates as strings).
    const data = JSON.parse(JSON.stringify(event.data ?? {})) as Record<string, unknown>;
    const hash = eventHash(prevHash, { analysisId: event.analysisId, type: event.type, data, createdAt });
    const [row] = await tx
      .insert(analysisEvents)
      .values({ analysisId: event.analysisId, type: event.type, data, createdAt, prevHash, hash })
      .returning();
    return row!;
  });
}

/**
 * Checks an analysis' events (in id order) against their hashes. Events recorded before chaining (no hash) may
 * only come first; after the first chained event, every event must carry a hash over its own fields that follows
 * the one before. Answers where it first breaks, and why.
 */
export function verifyChain(
  events: ReadonlyArray<ChainedFields & { id: number; prevHash: string | null; hash: string | null }>,
): EventChainCheck {
  let prev = GENESIS_HASH;
  let unchained = 0;
  let chained = 0;
  let started = false;
  const broken = (eventId: number, reason: string): EventChainCheck => ({
    intact: false,
    chained,
    unchained,
    brokenAt: { eventId, reason },
    lastHash: started ? prev : null,
  });
  for (const e of events) {
    if (e.hash === null) {
      if (started) return broken(e.id, 'Its hash is missing although the events before it are chained.');
      unchained += 1;
      continue;
    }
    started = true;
    if (e.prevHash !== prev)
      return broken(
        e.id,
        'It does not follow the event before it: an event was removed, inserted or changed before this one.',
      );
    if (eventHash(prev, e) !== e.hash)
      return broken(e.id, 'Its content does not match its hash: it was changed after it was recorded.');
    prev = e.hash;
    chained += 1;
  }
  return { intact: true, chained, unchained, brokenAt: null, lastHash: started ? prev : null };
}
