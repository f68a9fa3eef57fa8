import { z } from 'zod';
import { ApiErrorSchema } from '@vt/shared';
import type { Operation } from './route-definition';

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
  description: 'Analysis id',
};

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** Query parameters from a zod object (input side: what a caller may send, defaults documented). */
function queryParameters(query: z.ZodObject) {
  const schema = jsonSchema(query, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: s,
  }));
}

/** From `params` when given; else `{id}` is an analysis id (a UUID) and any other `{name}` in a path is a string. */
function pathParameters(op: Operation) {
  if (op.params) {
    const { properties = {} } = jsonSchema(op.params, 'input') as {
      properties?: Record<string, { description?: string }>;
    };
    return Object.entries(properties).map(([name, { description, ...schema }]) => ({
      name,
      in: 'path',
      required: true,
      schema,
      ...(description ? { description } : {}),
    }));
  }
  return [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
    name === 'id' ? idParam : { name, in: 'path', required: true, schema: { type: 'string' } },
  );
}

const errorResponse = (description: string, schema?: z.ZodType) => ({
  description,
  content: {
    'application/json': { schema: schema ? jsonSchema(schema, 'output') : { $ref: '#/components/schemas/ApiError' } },
  },
});

/** The success answer's content: JSON by default; a stream names its events' data, an image is bytes. */
function answerContent(op: Operation) {
  const type = op.produces ?? 'application/json';
  if (type === 'image/webp') return { [type]: {} };
  if (type === 'application/pdf') return { [type]: { schema: { type: 'string', format: 'binary' } } };
  if (type === 'text/csv') return { [type]: { schema: { type: 'string', description: op.response.description } } };
  if (type === 'text/event-stream')
    return {
      [type]: {
        schema: { type: 'string', description: 'Server-Sent Events; each event’s `data` is JSON as `x-event-data`' },
        'x-event-data': jsonSchema(op.response, 'output'),
      },
    };
  return { [type]: { schema: jsonSchema(op.response, 'output') } };
}

/** The body a caller sends: JSON, or a multipart form whose files are `format: binary` strings. */
function requestBody(op: Operation) {
  const [type, schema] = op.form ? ['multipart/form-data', op.form] : ['application/json', op.body];
  return schema
    ? { requestBody: { required: true, content: { [type]: { schema: jsonSchema(schema, 'input') } } } }
    : {};
}

/** Every documented operation of the app: every route is declared once (route-definition.ts), so every route. */
export function documentedOperations(app: { routeDefinitions: ReadonlyArray<Operation> }): Operation[] {
  return [...app.routeDefinitions];
}

/**
 * The OpenAPI 3.1 document of `operations` (documentedOperations): the data API (R-DATA-1) and what the UI adds, each
 * with the zod contract the server validates with and the client parses with, so it cannot drift from them.
 */
export function buildOpenApiDocument(version: string, operations: readonly Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: { description: 'OK', content: answerContent(op) },
    };
    const analysisId = op.path.includes('{id}') && !op.params;
    const errors: Record<number, string> = {};
    if (op.query || op.body || analysisId) errors[400] = 'Bad input: the message names the field';
    if (op.access !== 'public') errors[401] = 'Not signed in (or the session expired)';
    if (op.form) errors[415] = 'Not multipart/form-data (`not_multipart`)';
    if (op.access === 'founder') errors[403] = 'For the founder only';
    else if (op.access === 'admin') errors[403] = 'For admin-capable people only (the founder, and admin-code holders)';
    else if (op.query?.shape.scope) errors[403] = 'Founder-only figures asked for by a user';
    if (analysisId) errors[404] = 'No such analysis among yours (another user’s id answers 404 too)';
    else if (op.access === 'owner') errors[404] = 'Not yours, or no such thing (another user’s id answers 404 too)';
    for (const [status, description] of Object.entries({ ...errors, ...op.errors }))
      responses[status] = errorResponse(description, op.errorSchema);
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      tags: [op.tag],
      summary: op.summary,
      operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[/.-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      ...(op.access === 'public' ? { security: [] } : {}),
      // An owner's route is a signed-in user's route to a reader of the document; the 404 above says the rest.
      'x-access': op.access === 'owner' ? 'user' : op.access,
      parameters: [...pathParameters(op), ...(op.query ? queryParameters(op.query) : [])],
      ...requestBody(op),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vision Terminal API',
      version,
      description:
        'Same-origin JSON API behind the session cookie set by sign-in. Users see only their own data; `scope=all` figures are for the founder. Errors always answer `{ error: { code, message } }`. Distances and radii are in kilometres.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vt_session' } },
      schemas: { ApiError: jsonSchema(ApiErrorSchema, 'output') },
    },
    security: [{ session: [] }],
    paths,
  };
}
