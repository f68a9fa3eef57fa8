import { z } from 'zod';

/** GET /api/public-config: harmless settings the public pages need. */
export const PublicConfigSchema = z.object({
  salesEmail: z.string(),
  mapStyleConfigured: z.boolean(),
  authProvider: z.enum(['local', 'external']),
  /** Photos a week for an account without an access code, as this server is configured (DEFAULT_WEEKLY_IMAGE_LIMIT). */
  weeklyImageLimit: z.number().int().nonnegative(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** One measured figure with where it came from (R-FIGURES-2: no unmeasured figure on a page). */
export const MeasuredFigureSchema = z.object({
  value: z.number(),
  unit: z.string(),
  label: z.string().describe('What was measured, in words'),
  benchmark: z.string().describe('Name of the benchmark that printed it'),
  date: z.string().describe('ISO date of the run'),
});
export type MeasuredFigure = z.infer<typeof MeasuredFigureSchema>;

/** GET /api/benchmarks/latest: the newest benchmark figures, or null where nothing was measured yet. */
export const LatestBenchmarksSchema = z.object({
  accuracy: MeasuredFigureSchema.nullable(),
  speed: MeasuredFigureSchema.nullable(),
  /** Photos without GPS placed from the text on their signs (bench/text). */
  signs: MeasuredFigureSchema.nullable().default(null),
});
export type LatestBenchmarks = z.infer<typeof LatestBenchmarksSchema>;
