/**
 * Seeds a PostgreSQL database for the data API benchmark: users and finished analyses at places spread over
 * Miami-Dade County (random points inside the county, named by the server's own reverse geocoder), each with
 * its photo row, and each user's 50 newest location records (the spec's history cap).
 *
 *   npx tsx bench/data-api/seed.ts -- --db postgres://… [--users 1000] [--analyses 100000]
 *
 * Rows go in with multi-row INSERT … SELECT FROM unnest(…) in batches; ANALYZE runs at the end so the planner
 * sees the real sizes. Deterministic (seeded random numbers), so two runs make the same places.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { isInMiamiDade } from '@vt/server/src/engine/geo/county';
import { reverseGeocode } from '@vt/server/src/engine/geo/reverse-geocode';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';

const BATCH = 2000;
const DAY_MS = 86_400_000;

export type SeedOptions = {
  users: number;
  analyses: number;
  extraUserIds?: string[];
  days?: number;
  log?: (m: string) => void;
};

type Place = {
  lat: number;
  lng: number;
  name: string;
  neighbourhood: string | null;
  municipality: string | null;
  zip: string | null;
};

/** `count` places inside the county, named like the engine names them. */
function places(count: number, rand: () => number): Place[] {
  const out: Place[] = [];
  while (out.length < count) {
    // The county's box; points outside the county (ocean, Everglades edge outside) are drawn again.
    const p = { lat: 25.13 + rand() * (25.98 - 25.13), lng: -80.87 + rand() * (-80.12 + 0.87) };
    if (!isInMiamiDade(p)) continue;
    const g = reverseGeocode(p);
    const area = g.neighbourhood ?? g.unincorporatedPlace ?? g.municipality ?? 'Miami-Dade';
    out.push({
      lat: Math.round(p.lat * 1e6) / 1e6,
      lng: Math.round(p.lng * 1e6) / 1e6,
      name: `${area} street view`,
      neighbourhood: g.neighbourhood ?? g.unincorporatedPlace ?? null,
      municipality: g.municipality ?? null,
      zip: g.zip ?? null,
    });
  }
  return out;
}

export async function seed(
  pool: pg.Pool,
  opts: SeedOptions,
): Promise<{ userIds: string[]; analyses: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const rand = mulberry32(20261123);
  const days = opts.days ?? 180;

  // Users: the ones given (already signed in) first, then new ones up to `users`.
  const userIds = [...(opts.extraUserIds ?? [])];
  const newUsers = Math.max(0, opts.users - userIds.length);
  for (let at = 0; at < newUsers; at += BATCH) {
    const n = Math.min(BATCH, newUsers - at);
    const ids = Array.from({ length: n }, () => randomUUID());
    const idx = ids.map((_, i) => at + i);
    await pool.query(
      `insert into users (id, issuer, subject, email, name, last_active)
       select id, 'bench', 'bench-' || n, 'bench-user-' || n || '@example.com', 'Bench User ' || n, now() - (n % 120) * interval '1 hour'
       from unnest($1::uuid[], $2::int[]) as t(id, n)`,
      [ids, idx],
    );
    userIds.push(...ids);
  }
  log(`users: ${userIds.length}`);

  // A pool of named places, reused with a little jitter so analyses cluster as real ones do.
  const named = places(4000, rand);
  log(`places named: ${named.length}`);

  const perUser = Math.floor(opts.analyses / userIds.length);
  const extra = opts.analyses - perUser * userIds.length;
  let done = 0;
  let rows: {
    id: string;
    photoId: string;
    userId: string;
    place: Place;
    confidence: number;
    createdAt: Date;
  }[] = [];
  const flush = async () => {
    if (!rows.length) return;
    await pool.query(
      `insert into photos (id, user_id, original_name, format, mime_type, byte_size, width, height, created_at)
       select id, user_id, 'IMG_' || n || '.jpg', 'jpeg', 'image/jpeg', size, 4032, 3024, created_at
       from unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::timestamptz[]) as t(id, user_id, n, size, created_at)`,
      [
        rows.map((r) => r.photoId),
        rows.map((r) => r.userId),
        rows.map((_, i) => done + i),
        rows.map(() => 1_500_000 + Math.floor(rand() * 3_000_000)),
        rows.map((r) => r.createdAt),
      ],
    );
    const results = rows.map((r) => ({
      outcome: 'found',
      name: r.place.name,
      lat: r.place.lat,
      lng: r.place.lng,
      confidence: r.confidence,
      radiusMeters: Math.round(20 + (1 - r.confidence) * 2000),
      source: r.confidence > 0.9 ? 'GPS Metadata' : 'Text in photo',
      insideCoverage: true,
      place: {
        municipality: r.place.municipality,
        neighbourhood: r.place.neighbourhood,
        zip: r.place.zip,
        nearest: null,
      },
      candidates: [],
      explanation: [`Seeded for the data API benchmark near ${r.place.name}.`],
    }));
    await pool.query(
      `insert into analyses (id, user_id, photo_id, status, stage, analysis_type, analysis_result, confidence_score, engine_version, created_at, started_at, finished_at)
       select id, user_id, photo_id, 'done', 'save', 'engine', result, confidence, 'bench', created_at, created_at, created_at
       from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::jsonb[], $5::real[], $6::timestamptz[]) as t(id, user_id, photo_id, result, confidence, created_at)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.userId),
        rows.map((r) => r.photoId),
        results.map((r) => JSON.stringify(r)),
        rows.map((r) => r.confidence),
        rows.map((r) => r.createdAt),
      ],
    );
    done += rows.length;
    rows = [];
    if (done % 20_000 === 0) log(`analyses: ${done}`);
  };

  const now = Date.now();
  for (const [u, userId] of userIds.entries()) {
    const count = perUser + (u < extra ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const base = named[Math.floor(rand() * named.length)]!;
      const jitter = () => (rand() - 0.5) * 0.002; // about ±100 m
      rows.push({
        id: randomUUID(),
        photoId: randomUUID(),
        userId,
        place: { ...base, lat: base.lat + jitter(), lng: base.lng + jitter() },
        // Most analyses are confident; a tail is not (the distribution the analytics card draws).
        confidence: Math.round(Math.min(0.99, Math.max(0.05, 1 - Math.abs(rand() + rand() - 1) * 1.1)) * 1000) / 1000,
        createdAt: new Date(now - Math.floor(rand() * days * DAY_MS)),
      });
      if (rows.length >= BATCH) await flush();
    }
  }
  await flush();
  log(`analyses: ${done}`);

  // Location history: each user's 50 newest analyses (the R-DATA-4 cap), as the engine's save step leaves them.
  await pool.query(
    `insert into locations (user_id, analysis_id, location_name, lat, lng, address, municipality, neighbourhood, zip, source, confidence, created_at)
     select user_id, id, analysis_result ->> 'name', (analysis_result ->> 'lat')::float8, (analysis_result ->> 'lng')::float8,
            concat_ws(', ', analysis_result #>> '{place,neighbourhood}', analysis_result #>> '{place,municipality}', analysis_result #>> '{place,zip}'),
            analysis_result #>> '{place,municipality}', analysis_result #>> '{place,neighbourhood}', analysis_result #>> '{place,zip}',
            analysis_result ->> 'source', confidence_score, created_at
     from (select a.*, row_number() over (partition by user_id order by created_at desc) as rn
           from analyses a where user_id = any($1::uuid[])) ranked
     where rn <= 50
     on conflict do nothing`,
    [userIds],
  );
  await pool.query(`update users u set analysis_count = c.n, last_analysis = c.last
                    from (select user_id, count(*)::int as n, max(created_at) as last from analyses group by user_id) c
                    where c.user_id = u.id`);
  await pool.query('analyze');
  return { userIds, analyses: done, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

// CLI: seed an existing (migrated) database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { db: { type: 'string' }, users: { type: 'string' }, analyses: { type: 'string' } },
    allowPositionals: true,
  });
  const url = values.db ?? process.env.DATABASE_URL;
  if (!url) throw new Error('--db postgres://… (or DATABASE_URL) is required');
  const { openDatabase } = await import('@vt/server/src/db/client');
  const database = await openDatabase({ url });
  await database.migrate();
  await database.close();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const out = await seed(pool, {
    users: Number(values.users ?? 1000),
    analyses: Number(values.analyses ?? 100_000),
    log: (m) => console.error(m),
  });
  await pool.end();
  console.log(JSON.stringify({ users: out.userIds.length, analyses: out.analyses, seconds: out.seconds }));
}
