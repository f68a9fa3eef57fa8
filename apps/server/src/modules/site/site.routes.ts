import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { LatestBenchmarksSchema, PublicConfigSchema, type LatestBenchmarks, type PublicConfig } from '@vt/shared';
import type { Config } from '../../config';
import { defineRoutes, route } from '../openapi/route-definition';

/** Where benchmark runs leave the figures the public pages may quote (written by bench/, committed with the run). */
export const BENCHMARK_SUMMARY_FILE = new URL('../../../../../bench/results/summary.json', import.meta.url).pathname;

/** Public, cookie-free facts for the public pages. */
export function siteRoutes(app: FastifyInstance, deps: { config: Config; benchmarkFile?: string }) {
  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/public-config',
      tag: 'system',
      summary: 'What the signed-out pages need: sign-in provider, weekly image limit',
      access: 'public',
      response: PublicConfigSchema,
      handler: async (): Promise<PublicConfig> => ({
        salesEmail: deps.config.salesEmail,
        mapStyleConfigured: Boolean(deps.config.mapStyleUrl),
        authProvider: deps.config.oidc.kind,
        weeklyImageLimit: deps.config.access.defaultWeeklyImageLimit,
      }),
    }),
    route({
      method: 'get',
      path: '/api/benchmarks/latest',
      tag: 'system',
      summary: 'The measured figures the public pages show, with the benchmark behind each',
      access: 'public',
      response: LatestBenchmarksSchema,
      handler: async (): Promise<LatestBenchmarks> => readBenchmarks(deps.benchmarkFile ?? BENCHMARK_SUMMARY_FILE),
    }),
  ]);
}

/** A missing or malformed summary means "not yet measured", never an invented figure. */
export function readBenchmarks(file: string): LatestBenchmarks {
  if (!existsSync(file)) return { accuracy: null, speed: null, signs: null };
  try {
    return LatestBenchmarksSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { accuracy: null, speed: null, signs: null };
  }
}
