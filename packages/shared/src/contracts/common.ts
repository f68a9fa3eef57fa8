import { z } from 'zod';

/** The one error shape every API error answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. not_found, unauthorized'),
    message: z.string().describe('A sentence a person understands'),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const LatLngSchema = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type LatLng = z.infer<typeof LatLngSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    reachable: z.boolean(),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nullable(),
  }),
  /** The carrier between server processes (live stages, sign-outs); down means degraded, not unavailable. */
  pubsub: z.object({ kind: z.enum(['memory', 'postgres', 'redis']), connected: z.boolean() }),
  /** The dependencies that are down now, by name ('database', 'pubsub'); empty when all is well. */
  down: z.array(z.string()),
  auth: z.object({ provider: z.enum(['local', 'external']) }),
  time: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;
