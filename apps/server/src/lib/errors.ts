import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An error with an HTTP status and a message meant for people; everything else becomes a 500. */
export class AppError extends Error {
  /** Seconds a client should wait before trying again; sent as `Retry-After` (429, 503). */
  readonly retryAfterSeconds?: number;

  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    opts: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

/** How long a client is told to wait when the database is unreachable: reconnection usually takes a second or two. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's SQLSTATE classes and driver errors that mean "the database cannot be reached now", not "bad query". */
const UNAVAILABLE_SQLSTATE = /^(08|57P0|53300)/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection (?:timeout|error)|timeout exceeded when trying to connect|terminating connection|the database system is (?:starting|shutting) down|is not currently accepting connections|Client has encountered a connection error|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Connection ended|Cannot use a pool after calling end/i;

/**
 * True when `error` (or any error it wraps: drizzle wraps the driver's error as `cause`) says the database is
 * unreachable: the request may succeed unchanged later, so it answers 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof x.code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(x.code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT)$/.test(x.code))
    )
      return true;
    if (typeof x.message === 'string' && UNAVAILABLE_MESSAGE.test(x.message)) return true;
    e = x.cause;
  }
  return false;
}

export const databaseUnavailable = () =>
  new AppError(503, 'database_unavailable', 'The service is briefly unavailable. Please try again in a few seconds.', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);

/** Turns a zod error into one readable sentence naming the fields. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .slice(0, 5)
    .join('; ');
}

/** Installs the one error shape `{ error: { code, message } }` for every failure, including 404s. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (!(err instanceof AppError) && isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      err = databaseUnavailable();
    }
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    }
    if (err instanceof ZodError) {
      return reply.status(400).send({ error: { code: 'invalid_request', message: describeZodError(err) } });
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
    }
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 429
            ? 'rate_limited'
            : (err.code?.toLowerCase() ?? 'bad_request');
    const message =
      status === 413
        ? 'The request body is too large.'
        : status === 429
          ? 'Too many requests. Please wait a moment and try again.'
          : err.message;
    return reply.status(status).send({ error: { code, message } });
  });
}
