import { z } from 'zod';
import {
  AccessCodeLimitsSchema,
  ActivityLogResponseSchema,
  ActivityStatsSchema,
  AdminStatsSchema,
  AdminUsersResponseSchema,
  CountyOutlineSchema,
  ConsoleAccessSchema,
  GallerySettingsSchema,
  GallerySettingsUpdateSchema,
  LatestBenchmarksSchema,
  LocationIndexSchema,
  MyLimitsSchema,
  NotificationCurrentResponseSchema,
  PublicConfigSchema,
  SessionInfoSchema,
  UserNotificationsResponseSchema,
  AnalysisCreateRequestSchema,
  AnalysisDeletedSchema,
  AnalysisListSchema,
  AnalysisNearbyQuerySchema,
  AnalysisPageQuerySchema,
  AnalysisPageSchema,
  AnalysisSearchQuerySchema,
  AnalysisRecordEnvelopeSchema,
  AnalysisStatsSchema,
  ApiErrorSchema,
  ApiUsagePatternsSchema,
  ApiUsageStatsSchema,
  CategoriesEnvelopeSchema,
  CategoriesRequestSchema,
  CategoryStatsSchema,
  DeploymentFactsSchema,
  FeedbackEnvelopeSchema,
  FeedbackRequestSchema,
  FeedbackStatsSchema,
  HealthSchema,
  ImageStatsSchema,
  LocationCreateRequestSchema,
  LocationEnvelopeSchema,
  LocationListSchema,
  LocationNearbyQuerySchema,
  LocationsPageSchema,
  LocationStatsSchema,
  NotificationStatsSchema,
  PageQuerySchema,
  PatternsQuerySchema,
  PopularLocationsSchema,
  PopularQuerySchema,
  ProfileUpdateSchema,
  SearchQuerySchema,
  SessionStatsSchema,
  StatsQuerySchema,
  TimeframeQuerySchema,
  UserEnvelopeSchema,
  UserStatsSchema,
} from '@vt/shared';

type Access = 'public' | 'user' | 'founder';
type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
};

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
  description: 'Analysis id',
};

/**
 * The documented API: every call of the data API (R-DATA-1) and what the UI adds, each with the zod contract the server
 * validates with and the client parses with. The document is generated from these, so it cannot drift from them.
 */
export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'system',
    summary: 'Health of the server and database',
    access: 'public',
    response: HealthSchema,
  },
  {
    method: 'post',
    path: '/api/users/auth0-sync',
    tag: 'users',
    summary: 'Sync the signed-in user (the body is ignored; the session decides who)',
    access: 'user',
    response: UserEnvelopeSchema,
  },
  {
    method: 'get',
    path: '/api/users/profile',
    tag: 'users',
    summary: 'The signed-in user',
    access: 'user',
    response: UserEnvelopeSchema,
  },
  {
    method: 'put',
    path: '/api/users/profile',
    tag: 'users',
    summary: 'Update name, company, time zone',
    access: 'user',
    body: ProfileUpdateSchema,
    response: UserEnvelopeSchema,
  },
  {
    method: 'get',
    path: '/api/users/stats',
    tag: 'users',
    summary: "The caller's own figures",
    access: 'user',
    response: UserStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    tag: 'admin',
    summary: 'Database-wide totals',
    access: 'founder',
    response: AdminStatsSchema,
  },
  {
    method: 'get',
    path: '/api/admin/deployment',
    tag: 'admin',
    summary: 'Deployment and health facts of this server',
    access: 'founder',
    response: DeploymentFactsSchema,
  },
  {
    method: 'post',
    path: '/api/analysis/create',
    tag: 'analysis',
    summary: 'Record an analysis made elsewhere (the server fills the place)',
    access: 'user',
    body: AnalysisCreateRequestSchema,
    response: AnalysisRecordEnvelopeSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/analysis/my',
    tag: 'analysis',
    summary: 'Your analyses, newest first (limit default 20, at most 100)',
    access: 'user',
    query: AnalysisPageQuerySchema,
    response: AnalysisPageSchema,
  },
  {
    method: 'get',
    path: '/api/analysis/search',
    tag: 'analysis',
    summary: 'Search names, neighbourhoods, municipalities, ZIPs and explanations (word prefixes, full-text index)',
    access: 'user',
    query: AnalysisSearchQuerySchema,
    response: AnalysisListSchema,
  },
  {
    method: 'get',
    path: '/api/analysis/nearby',
    tag: 'analysis',
    summary: 'Your analyses within `radius` kilometres (default 1), nearest first',
    access: 'user',
    query: AnalysisNearbyQuerySchema,
    response: AnalysisListSchema,
  },
  {
    method: 'get',
    path: '/api/analysis/stats',
    tag: 'analysis',
    summary: 'Totals, confidence distribution, analyses per day (scope=all: founder)',
    access: 'user',
    query: StatsQuerySchema,
    response: AnalysisStatsSchema,
  },
  {
    method: 'delete',
    path: '/api/analysis/{id}',
    tag: 'analysis',
    summary: 'Delete one of your analyses with its records and images',
    access: 'user',
    response: AnalysisDeletedSchema,
  },
  {
    method: 'get',
    path: '/api/analysis/{id}/feedback',
    tag: 'feedback',
    summary: 'Your rating of one of your analyses',
    access: 'user',
    response: FeedbackEnvelopeSchema,
  },
  {
    method: 'put',
    path: '/api/analysis/{id}/feedback',
    tag: 'feedback',
    summary: 'Rate one of your analyses 1–5 with an optional comment',
    access: 'user',
    body: FeedbackRequestSchema,
    response: FeedbackEnvelopeSchema,
  },
  {
    method: 'delete',
    path: '/api/analysis/{id}/feedback',
    tag: 'feedback',
    summary: 'Remove your rating',
    access: 'user',
    response: FeedbackEnvelopeSchema,
  },
  {
    method: 'get',
    path: '/api/analysis/{id}/categories',
    tag: 'categories',
    summary: 'Categories of one of your analyses',
    access: 'user',
    response: CategoriesEnvelopeSchema,
  },
  {
    method: 'put',
    path: '/api/analysis/{id}/categories',
    tag: 'categories',
    summary: 'Replace the categories of one of your analyses',
    access: 'user',
    body: CategoriesRequestSchema,
    response: CategoriesEnvelopeSchema,
  },
  {
    method: 'post',
    path: '/api/locations/create',
    tag: 'locations',
    summary: 'Add a place to your location history',
    access: 'user',
    body: LocationCreateRequestSchema,
    response: LocationEnvelopeSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/locations/my',
    tag: 'locations',
    summary: 'Your location history, newest first',
    access: 'user',
    query: PageQuerySchema,
    response: LocationsPageSchema,
  },
  {
    method: 'get',
    path: '/api/locations/search',
    tag: 'locations',
    summary: 'Substring search over name, address, municipality, neighbourhood, ZIP (trigram index)',
    access: 'user',
    query: SearchQuerySchema,
    response: LocationListSchema,
  },
  {
    method: 'get',
    path: '/api/locations/nearby',
    tag: 'locations',
    summary: 'Your places within `radius` kilometres (default 5)',
    access: 'user',
    query: LocationNearbyQuerySchema,
    response: LocationListSchema,
  },
  {
    method: 'get',
    path: '/api/locations/popular',
    tag: 'locations',
    summary: 'Places by number of records (limit default 10; scope=all: founder)',
    access: 'user',
    query: PopularQuerySchema,
    response: PopularLocationsSchema,
  },
  {
    method: 'get',
    path: '/api/locations/stats',
    tag: 'locations',
    summary: 'Totals, unique places, top 3, sources (scope=all: founder)',
    access: 'user',
    query: StatsQuerySchema,
    response: LocationStatsSchema,
  },
  {
    method: 'get',
    path: '/api/api-usage/stats',
    tag: 'usage',
    summary: 'API requests in the timeframe (default 24h): counts, errors, durations, endpoints',
    access: 'user',
    query: TimeframeQuerySchema,
    response: ApiUsageStatsSchema,
  },
  {
    method: 'get',
    path: '/api/api-usage/patterns',
    tag: 'usage',
    summary: 'Requests by hour of day and by day over `days` (default 7)',
    access: 'user',
    query: PatternsQuerySchema,
    response: ApiUsagePatternsSchema,
  },
  {
    method: 'get',
    path: '/api/images/stats',
    tag: 'usage',
    summary: 'Uploaded images and their size',
    access: 'user',
    query: TimeframeQuerySchema,
    response: ImageStatsSchema,
  },
  {
    method: 'get',
    path: '/api/notifications/stats',
    tag: 'usage',
    summary: 'Notifications (announcements) stored on the server',
    access: 'user',
    query: TimeframeQuerySchema,
    response: NotificationStatsSchema,
  },
  {
    method: 'get',
    path: '/api/feedback/stats',
    tag: 'usage',
    summary: 'Ratings: count, average, distribution',
    access: 'user',
    query: TimeframeQuerySchema,
    response: FeedbackStatsSchema,
  },
  {
    method: 'get',
    path: '/api/categories/stats',
    tag: 'usage',
    summary: 'Categories and how many analyses carry them',
    access: 'user',
    query: TimeframeQuerySchema,
    response: CategoryStatsSchema,
  },
  {
    method: 'get',
    path: '/api/sessions/stats',
    tag: 'usage',
    summary: 'Sessions and sign-ins',
    access: 'user',
    query: TimeframeQuerySchema,
    response: SessionStatsSchema,
  },
  {
    method: 'get',
    path: '/api/auth/session',
    tag: 'system',
    summary: 'Who is signed in, if anyone, and the sign-in provider',
    access: 'public',
    response: SessionInfoSchema,
  },
  {
    method: 'get',
    path: '/api/public-config',
    tag: 'system',
    summary: 'What the signed-out pages need: sign-in provider, weekly image limit',
    access: 'public',
    response: PublicConfigSchema,
  },
  {
    method: 'get',
    path: '/api/benchmarks/latest',
    tag: 'system',
    summary: 'The measured figures the public pages show, with the benchmark behind each',
    access: 'public',
    response: LatestBenchmarksSchema,
  },
  {
    method: 'get',
    path: '/api/geo/county-outline',
    tag: 'system',
    summary: 'Miami-Dade County’s outline (GeoJSON)',
    access: 'public',
    response: CountyOutlineSchema,
  },
  {
    method: 'get',
    path: '/api/access-code-limits',
    tag: 'access',
    summary: 'What each access-code level allows per week',
    access: 'public',
    response: AccessCodeLimitsSchema,
  },
  {
    method: 'get',
    path: '/api/limits/me',
    tag: 'access',
    summary: 'Your weekly limit, what is used and when it resets',
    access: 'user',
    response: MyLimitsSchema,
  },
  {
    method: 'get',
    path: '/api/console-access/me',
    tag: 'access',
    summary: 'Your console-access level',
    access: 'user',
    response: ConsoleAccessSchema,
  },
  {
    method: 'get',
    path: '/api/gallery/settings',
    tag: 'gallery',
    summary: 'Whether your located photos are remembered to recognise later ones, and how many are',
    access: 'user',
    response: GallerySettingsSchema,
  },
  {
    method: 'put',
    path: '/api/gallery/settings',
    tag: 'gallery',
    summary: 'Turn remembering your located photos on or off',
    access: 'user',
    body: GallerySettingsUpdateSchema,
    response: GallerySettingsSchema,
  },
  {
    method: 'get',
    path: '/api/location-index',
    tag: 'location-index',
    summary: 'Your location index (the map’s saved places), newest first',
    access: 'user',
    response: LocationIndexSchema,
  },
  {
    method: 'get',
    path: '/api/notifications',
    tag: 'notifications',
    summary: 'The announcement shown to every visitor, if any',
    access: 'public',
    response: NotificationCurrentResponseSchema,
  },
  {
    method: 'get',
    path: '/api/users/me/notifications',
    tag: 'notifications',
    summary: 'Your notifications, newest first',
    access: 'user',
    response: UserNotificationsResponseSchema,
  },
  {
    method: 'get',
    path: '/api/admin/users',
    tag: 'admin',
    summary: 'Every account with its activity',
    access: 'founder',
    response: AdminUsersResponseSchema,
  },
  {
    method: 'get',
    path: '/api/admin/activity',
    tag: 'admin',
    summary: 'The activity log, newest first',
    access: 'founder',
    response: ActivityLogResponseSchema,
  },
  {
    method: 'get',
    path: '/api/admin/activity/stats',
    tag: 'admin',
    summary: 'Users, activity and analyses today and in total',
    access: 'founder',
    response: z.object({ stats: ActivityStatsSchema }),
  },
];

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

/** `{id}` is an analysis id (a UUID); any other `{name}` in a path is a string. */
function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
    name === 'id' ? idParam : { name, in: 'path', required: true, schema: { type: 'string' } },
  );
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** The OpenAPI 3.1 document of the API above. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
      },
    };
    if (op.query || op.body || op.path.includes('{id}'))
      responses['400'] = errorResponse('Bad input: the message names the field');
    if (op.access !== 'public') responses['401'] = errorResponse('Not signed in (or the session expired)');
    if (op.access === 'founder' || op.query?.shape.scope)
      responses['403'] = errorResponse('Founder-only figures asked for by a user');
    if (op.path.includes('{id}'))
      responses['404'] = errorResponse('No such analysis among yours (another user’s id answers 404 too)');
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      tags: [op.tag],
      summary: op.summary,
      operationId: `${op.method}${op.path.replace(/[{}]/g, '').replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      ...(op.access === 'public' ? { security: [] } : {}),
      'x-access': op.access,
      parameters: [...pathParameters(op.path), ...(op.query ? queryParameters(op.query) : [])],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } }
        : {}),
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
