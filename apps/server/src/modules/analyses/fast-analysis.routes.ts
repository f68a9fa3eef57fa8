import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import {
  FastAnalysisRequestSchema,
  FastAnalysisResponseSchema,
  UploadForAnalysisRequestSchema,
  UploadForAnalysisResponseSchema,
} from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { AppError, databaseUnavailable, describeZodError, isDatabaseUnavailable } from '../../lib/errors';
import { ANALYSIS_ERROR_MESSAGES } from '../../lib/analysis-errors';
import { InFlightGate } from '../../lib/in-flight';
import { defineRoutes, route } from '../openapi/route-definition';
import { errorReply, SHUTTING_DOWN, type FastAnalysisService } from './fast-analysis.service';

export type FastAnalysisRoutesDeps = {
  fastAnalysis: FastAnalysisService;
  maxBytes: number;
  /** JSON photo bodies in flight: bytes in this process, requests per user (config.uploads). */
  inFlight: { bytes: number; perUser: number };
};

/** A photo of `maxBytes` as base64 (4 characters per 3 bytes) plus room for the rest of the JSON. */
export const jsonPhotoBodyLimit = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4 + 1_048_576;

/**
 * The spec's JSON analysis calls (R-ANALYSIS-11). Errors answer in the spec's shape (`success: false`, `error` a
 * sentence, `canRetry`), because spec clients read `error` as text.
 */
export async function fastAnalysisRoutes(
  app: FastifyInstance,
  { fastAnalysis, maxBytes, inFlight }: FastAnalysisRoutesDeps,
): Promise<void> {
  const bodyLimit = jsonPhotoBodyLimit(maxBytes);
  const gate = new InFlightGate({ maxBytes: inFlight.bytes, perKey: inFlight.perUser });
  // A wait for a result holds its connection for up to two minutes; a shutdown must not wait for it. The analysis is
  // a persisted job that another process (or this one restarted) finishes, so the waits end and answer 503 with the
  // analysis's id before the server closes.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort(SHUTTING_DOWN));
  /**
   * Runs before the body is read: who is asking (anonymous bodies are never read), and whether this process and
   * this user have room for one more body held whole in memory. Refusals cost the server nothing.
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const length = Number(request.headers['content-length']);
    // Without a length (chunked), count the most the body may be; over the limit, Fastify answers 413 itself.
    const bytes = Number.isFinite(length) && length >= 0 ? Math.min(length, bodyLimit) : bodyLimit;
    const admitted = gate.admit(user.id, bytes);
    if ('refused' in admitted) {
      throw new AppError(
        429,
        'uploads_in_flight',
        admitted.refused === 'key'
          ? `You already have ${inFlight.perUser} photos on their way to the server. Wait for one to finish, then try again.`
          : 'The server is busy receiving other photos. Please try again in a few seconds.',
        { retryAfterSeconds: admitted.refused === 'key' ? 1 : 3 },
      );
    }
    reply.raw.once('close', admitted.release);
  };
  await app.register(async (scope) => {
    scope.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
      if (!(err instanceof AppError) && isDatabaseUnavailable(err)) err = databaseUnavailable();
      if (err instanceof AppError && err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(err.retryAfterSeconds));
      const { status, body } = specError(err, maxBytes);
      if (status >= 500) request.log.error({ err }, 'fast analysis failed');
      return reply.status(status).send(body);
    });

    defineRoutes(scope, [
      route({
        method: 'post',
        path: '/api/fast-analysis',
        tag: 'analysis',
        summary:
          'Analyse one photo sent as a data URL and wait (at most 2 minutes) for the result; errors answer this same shape with `success: false`',
        access: 'user',
        body: FastAnalysisRequestSchema,
        badInput: invalidSpecInput,
        response: FastAnalysisResponseSchema,
        errors: {
          413: 'The photo is larger than the upload limit',
          415: 'Not a supported photo',
          429: 'Weekly limit reached, or too many photos on their way (`Retry-After`)',
          500: 'The analysis failed',
          503: 'The server is closing; the analysis goes on (`analysisId`)',
          504: 'No result in time; the analysis goes on (`analysisId`)',
        },
        errorSchema: FastAnalysisResponseSchema,
        options: { bodyLimit, onRequest: admit },
        handler: async ({ user, body, request, reply }) => {
          // The analysis is a persisted job: if the client goes away the job still finishes; only the wait stops.
          const gone = new AbortController();
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) gone.abort();
          });
          // A client that left while the photo was still being checked and stored closed its socket before the
          // listener above existed: without this the wait would run its full two minutes (and hold a shutdown).
          if (request.raw.socket.destroyed) gone.abort();
          const { status, body: answer } = await fastAnalysis.analyse(
            user,
            body,
            AbortSignal.any([gone.signal, closing.signal]),
          );
          return reply.status(status).send(answer);
        },
      }),
      route({
        method: 'post',
        path: '/api/images/upload-for-analysis',
        tag: 'analysis',
        summary:
          'Store a photo (data URL) with the result a client already has for it; counted against the weekly limit unless it pairs with your analysis of the same bytes',
        access: 'user',
        body: UploadForAnalysisRequestSchema,
        badInput: invalidSpecInput,
        response: UploadForAnalysisResponseSchema,
        status: 201,
        errors: {
          413: 'The photo is larger than the upload limit',
          415: 'Not a supported photo',
          429: 'Weekly limit reached, too many photos on their way, or more than 30 a minute',
        },
        errorSchema: FastAnalysisResponseSchema,
        // Counted against the weekly limit unless it pairs with an analysis of the same bytes (see the service).
        options: { bodyLimit, onRequest: admit, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
        handler: async ({ user, body }) => fastAnalysis.storeClientUpload(user, body),
      }),
    ]);
  });
}

/** Bad input of the spec's calls: a missing or non-text image is the spec's invalid image, whatever else is wrong. */
function invalidSpecInput(error: ZodError): AppError {
  return error.issues.some((i) => i.path[0] === 'imageData')
    ? new AppError(400, 'invalid_image_data', ANALYSIS_ERROR_MESSAGES.invalidImage)
    : new AppError(400, 'invalid_request', describeZodError(error));
}

function specError(err: FastifyError | AppError | ZodError, maxBytes: number) {
  if (err instanceof AppError) {
    const canRetry = err.status === 429 || err.status >= 500;
    return errorReply(err.status, err.message, canRetry, err.code);
  }
  if (err instanceof ZodError) return specError(invalidSpecInput(err), maxBytes);
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
  if (status === 413) {
    return errorReply(
      413,
      `The photo is larger than the ${Math.round((maxBytes / 1_048_576) * 10) / 10} MB limit.`,
      false,
      'photo_too_large',
    );
  }
  if (status === 429) return errorReply(429, ANALYSIS_ERROR_MESSAGES.rateLimited, true, 'rate_limited');
  if (status >= 500) return errorReply(status, ANALYSIS_ERROR_MESSAGES.server, true, 'internal');
  return errorReply(
    status,
    err.message || ANALYSIS_ERROR_MESSAGES.invalidResponse,
    false,
    err.code?.toLowerCase() ?? 'bad_request',
  );
}
