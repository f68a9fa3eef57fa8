import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema } from '@vt/shared';
import { describeZodError } from '../lib/errors';
import { documentedOperations } from '../modules/openapi/openapi';
import type { Operation } from '../modules/openapi/route-definition';

/** One answer that is not what the OpenAPI document says of its route. */
export type ResponseMismatch = { route: string; status: number; problem: string };

const JSON_TYPES = ['application/json', 'application/geo+json'];

/**
 * Checks every answer of a documented route against the document (the schemas the web app parses with): a success
 * must have the route's status, media type and `response` schema; a JSON error the route's error shape (ApiError unless
 * it names its own). A mismatch is recorded and answered 500 `response_schema_mismatch` in its place, so the test that
 * caused it fails where it happened; the test server's close fails on any recorded (startTestServer). Streams (Server-
 * Sent Events) take the reply over and pass no answer here; redirects have none.
 */
export function checkResponses(app: FastifyInstance): ResponseMismatch[] {
  const mismatches: ResponseMismatch[] = [];
  let byRoute: Map<string, Operation> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    // Built at the first answer, when every route has registered.
    byRoute ??= new Map(
      documentedOperations(app).map((op) => [`${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`, op]),
    );
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const op = byRoute.get(route);
    const status = reply.statusCode;
    if (!op || (status >= 300 && status < 400)) return payload;
    const problem = mismatchOf(op, status, String(reply.getHeader('content-type') ?? ''), payload);
    if (!problem) return payload;
    mismatches.push({ route, status, problem });
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      error: { code: 'response_schema_mismatch', message: `${route} answered ${status}: ${problem}` },
    });
  });
  return mismatches;
}

/** What is wrong with one answer, or undefined when it is what the document says. */
function mismatchOf(op: Operation, status: number, contentType: string, payload: unknown): string | undefined {
  const success = status < 400;
  const type = success ? (op.produces ?? 'application/json') : 'application/json';
  if (success && status !== (op.status ?? 200)) return `status ${status}, documented ${op.status ?? 200}`;
  if (!contentType.startsWith(type)) return `content-type ${contentType || 'none'}, documented ${type}`;
  let answer: unknown = payload;
  if (JSON_TYPES.includes(type)) {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return 'not a JSON text';
    try {
      answer = JSON.parse(payload.toString());
    } catch {
      return 'not valid JSON';
    }
  } else if (!Buffer.isBuffer(payload)) {
    // A streamed file is not read here; its media type was checked above.
    return undefined;
  }
  const parsed = (success ? op.response : (op.errorSchema ?? ApiErrorSchema)).safeParse(answer);
  return parsed.success ? undefined : describeZodError(parsed.error);
}
