import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type {} from '@fastify/multipart';
import { z } from 'zod';
import type { User } from '@vt/shared';
import { requireAdmin, requireFounder, requireUser } from '../../auth/guards';
import { AppError, badRequest, describeZodError, notFound } from '../../lib/errors';

/**
 * Who may call a route: anyone; any signed-in user (their own data); a signed-in user naming one of their own things
 * by the id in the path (anyone else's id answers 404, the founder's included); admin-capable people (R-ADMIN-2: the
 * founder role, founder e-mails, holders of an active founder or admin code); the founder role only.
 */
export type Access = 'public' | 'user' | 'owner' | 'admin' | 'founder';

/** What the OpenAPI document and the access tests know of a route: everything but its handler. */
export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style (`/api/analysis/{id}`); registered as `/api/analysis/:id`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /**
   * The path's parameters (`analysisIdParams` for an analysis of the caller's). Without them the document takes an
   * `{id}` for an analysis id with a 400 and a 404 (openapi.ts idParam); with them, say in `errors` what a wrong one
   * answers.
   */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * A multipart/form-data body instead of JSON (photo uploads): its fields, files as `z.file()`, for the document. The
   * handler reads the parts from `request` as they stream in (a photo is never held whole), so nothing parses them
   * here; a request that is not multipart answers 415 `not_multipart`. Declared in a scope with @fastify/multipart.
   */
  form?: z.ZodObject;
  /** The JSON answer; for a Server-Sent Events stream the JSON of each event's `data`; for an image its bytes. */
  response: z.ZodType;
  /** The media type of the answer, when it is not `application/json`. */
  produces?: 'application/geo+json' | 'text/event-stream' | 'image/webp' | 'application/pdf' | 'text/csv';
  status?: number;
  /** Error answers this operation has beyond the usual ones (400, 401, 403, 404, 415 of a form), by status. */
  errors?: Record<number, string>;
  /** The shape errors answer with, when it is not ApiError (the spec's analysis calls answer in their own). */
  errorSchema?: z.ZodType;
};

type Parsed<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;

/** What a handler is given: the caller, already checked against `access`, and its input, already parsed. */
export type RouteInput<A extends Access, P, Q, B> = {
  user: A extends 'public' ? User | null : User;
  params: Parsed<P, Record<string, string>>;
  query: Parsed<Q, unknown>;
  body: Parsed<B, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** One route, declared once: what the document says of it, how its input is checked, and what it does. */
export type RouteDefinition<
  A extends Access = Access,
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> = Omit<Operation, 'access' | 'params' | 'query' | 'body'> & {
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The `code` of the 400 that bad input answers (default `invalid_request`, what a zod error answers anywhere). */
  invalidCode?: string;
  /** Its message, when the route has one of its own (default: a sentence naming the fields, describeZodError). */
  invalidMessage?: string;
  /** What bad query or body input answers, when one code and message cannot say it (it wins over the two above). */
  badInput?: (error: z.ZodError) => Error;
  /** What a bad path parameter answers instead of that 400 (a name that cannot exist is simply not found). */
  badParams?: (params: Record<string, string>) => Error;
  /** What a `form` route answers a request that is not multipart/form-data, in words for the caller. */
  notMultipartMessage?: string;
  /**
   * Fastify's own options of the route: rate limits, body limit, and `onRequest` for what must be decided before the
   * body is read (the in-flight bounds of the JSON photo calls).
   */
  options?: Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'onRequest'>;
  /**
   * The answer's Cache-Control: `no-store` for what is the caller's own and may change at any moment (limits, admin
   * lists, health), or how long browsers may keep a public answer. Set with `status`, once the input is checked; a
   * handler that throws answers `no-store` instead, so a refusal is never kept as long as the answer would be.
   */
  cacheControl?: string;
  /** Answers the request; `status` and `cacheControl` are set before it runs. Returns the answer or the reply it sent. */
  handler: (input: RouteInput<A, P, Q, B>) => Promise<unknown>;
};

/**
 * `params` of a path whose `{id}` is a UUID naming `what`. Pair it with `badParams`, so that an id that cannot exist
 * answers what an unknown one does.
 */
export const idOf = (what: string) => z.object({ id: z.uuid().describe(what) });

/** The `{id}` of one of the caller's analyses: an id that cannot exist is not found, as another user's is. */
export const analysisIdParams = { params: idOf('Analysis id'), badParams: () => notFound('Analysis not found.') };

/** Declares a route, inferring its handler's input from its schemas. */
export function route<
  A extends Access,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: RouteDefinition<A, P, Q, B>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered through defineRoutes, in order: the OpenAPI document and the access tests read them. */
    routeDefinitions: ReadonlyArray<Operation>;
  }
}

/** Gives the app its registry of route definitions; app.ts calls it before any module registers. */
export function installRouteRegistry(app: FastifyInstance): void {
  app.decorate('routeDefinitions', [] as Operation[]);
}

const guards: Record<Access, (request: FastifyRequest) => User | null | Promise<User>> = {
  public: (request) => request.user,
  user: requireUser,
  owner: requireUser,
  admin: requireAdmin,
  founder: requireFounder,
};

type Invalid = { code: string; message: string | undefined; answer: ((error: z.ZodError) => Error) | undefined };

/** Parses one part of the request; bad input answers 400 with a sentence naming the field. */
function parse(schema: z.ZodType | undefined, value: unknown, invalid: Invalid): unknown {
  if (!schema) return value;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalid.answer?.(parsed.error) ?? badRequest(invalid.message ?? describeZodError(parsed.error), invalid.code);
}

function parseParams(
  schema: z.ZodObject | undefined,
  params: Record<string, string>,
  invalid: Invalid,
  badParams: ((params: Record<string, string>) => Error) | undefined,
): unknown {
  try {
    return parse(schema, params, invalid);
  } catch (error) {
    if (badParams && error instanceof AppError) throw badParams(params);
    throw error;
  }
}

/**
 * Registers each route: checks the caller against its `access` (401 before anything is read, 403 for a user on an
 * admin's or the founder's route), parses params, query and body with their schemas (a `form` route's body must be
 * multipart), then runs the handler; and records the definition in the app's registry.
 */
export function defineRoutes(app: FastifyInstance, definitions: RouteDefinition[]): void {
  for (const definition of definitions) {
    const {
      handler,
      invalidCode = 'invalid_request',
      invalidMessage,
      badInput,
      badParams,
      notMultipartMessage = 'Send the request as multipart/form-data.',
      options,
      cacheControl,
      ...operation
    } = definition;
    const invalid = { code: invalidCode, message: invalidMessage, answer: badInput };
    (app.routeDefinitions as Operation[]).push(operation);
    app.route({
      ...options,
      method: definition.method.toUpperCase() as 'GET',
      url: definition.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (request, reply) => {
        const user = await guards[definition.access](request);
        if (definition.form && !request.isMultipart()) throw new AppError(415, 'not_multipart', notMultipartMessage);
        const input = {
          user,
          params: parseParams(definition.params, request.params as Record<string, string>, invalid, badParams),
          query: parse(definition.query, request.query ?? {}, invalid),
          body: parse(definition.body, request.body ?? {}, invalid),
          request,
          reply,
        } as RouteInput<Access, undefined, undefined, undefined>;
        // R-DATA-6: `scope=all` asks for the whole database, which only the founder may read (the document and the
        // access matrix know it from the query's `scope` too).
        if (definition.query?.shape.scope && (input.query as { scope?: unknown }).scope === 'all')
          requireFounder(request);
        if (definition.status) reply.status(definition.status);
        if (!cacheControl) return handler(input as never);
        reply.header('cache-control', cacheControl);
        try {
          return await handler(input as never);
        } catch (error) {
          reply.header('cache-control', 'no-store');
          throw error;
        }
      },
    });
  }
}
