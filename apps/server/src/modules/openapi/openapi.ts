import { z } from 'zod';
import {
  AccessCodeLimitsSchema,
  AccountDeleteRequestSchema,
  AccountDeletedSchema,
  AccountExportSchema,
  ActivityEventSchema,
  ActivityRecordedSchema,
  AdminAccessCodeSchema,
  AnalysisCorrectionRequestSchema,
  AnalysisEnvelopeSchema,
  AnalysisEventSchema,
  AnalysisEventsQuerySchema,
  EvidenceReportSchema,
  CreateAccessCodeSchema,
  FastAnalysisRequestSchema,
  FastAnalysisResponseSchema,
  GalleryDeletedSchema,
  GalleryDeleteRequestSchema,
  InactiveCleanupRequestSchema,
  InactiveCleanupResponseSchema,
  IndexCheckResponseSchema,
  LocationIndexCreateRequestSchema,
  LocationIndexCreateResponseSchema,
  LocationIndexRemovedSchema,
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  NotificationCreateRequestSchema,
  NotificationCreateResponseSchema,
  NotificationDeleteQuerySchema,
  NotificationDeleteResponseSchema,
  NotificationStreamMessageSchema,
  RedeemAccessCodeRequestSchema,
  RedeemAccessCodeResponseSchema,
  UpdateAccessCodeSchema,
  UploadForAnalysisRequestSchema,
  UploadForAnalysisResponseSchema,
  UserStatusSchema,
  ActivityLogResponseSchema,
  ActivityStatsSchema,
  AdminStatsSchema,
  AdminUsersResponseSchema,
  CountyOutlineSchema,
  ConsoleAccessSchema,
  GallerySettingsSchema,
  GallerySettingsUpdateSchema,
  ReferenceImportDeleteRequestSchema,
  ReferenceImportDeletedSchema,
  ReferenceImportsResponseSchema,
  LocationIndexSchema,
  MyLimitsSchema,
  NotificationCurrentResponseSchema,
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
  SearchQuerySchema,
  SessionStatsSchema,
  StatsQuerySchema,
  TimeframeQuerySchema,
  UserStatsSchema,
} from '@vt/shared';
import type { Operation } from './route-definition';

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
  description: 'Analysis id',
};

/** `params` of a path whose `{id}` is a UUID naming `what`. */
const idOf = (what: string) => z.object({ id: z.uuid().describe(what) });

/** The answer of the PDF report: its bytes. */
const PdfSchema = z.instanceof(Uint8Array).describe('The report, PDF');

/** The answer of the image routes: WebP bytes. */
const WebpImageSchema = z.instanceof(Uint8Array).describe('The image, WebP');

/** The location index is changed from the map only (access.plugin.ts isMapOnlyCall). */
const mapAccessError = { 403: 'No map access: the location index is changed from the map only' };

/**
 * The operations of the routes not yet declared with defineRoutes (route-definition.ts), by hand; a module that moves
 * to defineRoutes takes its operations out of this list (issue 14: one route definition).
 */
export const OPERATIONS: Operation[] = [
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
  {
    method: 'post',
    path: '/api/users/activity',
    tag: 'users',
    summary: 'Record an activity event of the signed-in user (`userEmail` must be yours; 240 a minute)',
    access: 'user',
    body: ActivityEventSchema,
    response: ActivityRecordedSchema,
    errors: { 403: '`userEmail` is not the signed-in user’s', 429: 'Too many events from this address' },
  },
  {
    method: 'put',
    path: '/api/users/{email}/status',
    tag: 'users',
    summary: 'Set your online status and current page (240 a minute)',
    access: 'user',
    params: z.object({ email: z.string().describe('Your e-mail address') }),
    body: UserStatusSchema,
    response: ActivityRecordedSchema,
    errors: { 404: 'Not your e-mail address', 429: 'Too many updates from this address' },
  },
  {
    method: 'post',
    path: '/api/users/me/notifications/read',
    tag: 'notifications',
    summary: 'Mark some of your notifications (`ids`) or all of them (`all: true`) read',
    access: 'user',
    body: MarkNotificationsReadSchema,
    response: MarkNotificationsReadResponseSchema,
  },
  {
    method: 'get',
    path: '/api/account/export',
    tag: 'account',
    summary: 'Everything stored about you, as a dated JSON attachment',
    access: 'user',
    response: AccountExportSchema,
  },
  {
    method: 'delete',
    path: '/api/account',
    tag: 'account',
    summary:
      'Delete your account and all its data (type your e-mail address to confirm); signs you out and names the provider’s logout',
    access: 'user',
    body: AccountDeleteRequestSchema,
    response: AccountDeletedSchema,
  },
  {
    method: 'delete',
    path: '/api/gallery/entries',
    tag: 'gallery',
    summary: 'Forget every remembered place (send `{"confirm": true}`)',
    access: 'user',
    body: GalleryDeleteRequestSchema,
    response: GalleryDeletedSchema,
  },
  {
    method: 'get',
    path: '/api/admin/reference-imports',
    tag: 'admin',
    summary: 'Every import of reference imagery (`npm run gallery:import`), newest first, with its photo count',
    access: 'founder',
    response: ReferenceImportsResponseSchema,
  },
  {
    method: 'delete',
    path: '/api/admin/reference-imports/{id}',
    tag: 'admin',
    summary: 'Remove an import and its reference photos (send `{"confirm": true}`)',
    access: 'founder',
    params: idOf('Reference import id'),
    body: ReferenceImportDeleteRequestSchema,
    response: ReferenceImportDeletedSchema,
    errors: { 404: 'No such import' },
  },
  {
    method: 'post',
    path: '/api/location-index',
    tag: 'location-index',
    summary: 'Add a place by hand; at 20 items the oldest leave, named in `evicted` (map access only)',
    access: 'user',
    body: LocationIndexCreateRequestSchema,
    response: LocationIndexCreateResponseSchema,
    status: 201,
    errors: mapAccessError,
  },
  {
    method: 'delete',
    path: '/api/location-index',
    tag: 'location-index',
    summary: 'Empty your location index (map access only)',
    access: 'user',
    response: LocationIndexRemovedSchema,
    errors: mapAccessError,
  },
  {
    method: 'delete',
    path: '/api/location-index/{id}',
    tag: 'location-index',
    summary: 'Remove one item of your location index (map access only)',
    access: 'user',
    params: idOf('Location-index item id'),
    response: LocationIndexRemovedSchema,
    errors: { ...mapAccessError, 404: 'No such item in your index' },
  },
  {
    method: 'post',
    path: '/api/location-index/{id}/verify',
    tag: 'location-index',
    summary: 'Check an item against evidence independent of what placed it (map access only; 30 a minute)',
    access: 'user',
    params: idOf('Location-index item id'),
    response: IndexCheckResponseSchema,
    errors: {
      ...mapAccessError,
      404: 'No such item in your index',
      409: 'The item cannot be checked now (the message says why)',
      429: 'Too many checks',
    },
  },
  {
    method: 'post',
    path: '/api/location-index/{id}/reevaluate',
    tag: 'location-index',
    summary: 'Analyse the item’s photo again and keep the new place and confidence (map access only; 30 a minute)',
    access: 'user',
    params: idOf('Location-index item id'),
    response: IndexCheckResponseSchema,
    errors: {
      ...mapAccessError,
      404: 'No such item in your index',
      409: 'The item cannot be reevaluated (the message says why)',
      429: 'Too many checks',
      502: 'The new analysis failed',
    },
  },
  {
    method: 'get',
    path: '/api/analyses/{id}',
    tag: 'analysis',
    summary: 'One of your analyses with its status, result and evidence (a founder may read any)',
    access: 'user',
    params: idOf('Analysis id'),
    response: AnalysisEnvelopeSchema,
    errors: { 404: 'No such analysis among yours (another user’s id answers 404 too)' },
  },
  {
    method: 'get',
    path: '/api/analyses/{id}/events',
    tag: 'analysis',
    summary:
      'The analysis’ stages as Server-Sent Events (`received` … `done` or `failed`, then the stream ends); `Last-Event-ID` resumes',
    access: 'user',
    params: idOf('Analysis id'),
    query: AnalysisEventsQuerySchema,
    response: AnalysisEventSchema,
    produces: 'text/event-stream',
    errors: { 404: 'No such analysis among yours (another user’s id answers 404 too)' },
  },
  ...(['json', 'pdf'] as const).map((format): Operation => ({
    method: 'get',
    path: `/api/analyses/{id}/report.${format}`,
    tag: 'analysis',
    summary:
      format === 'json'
        ? 'The evidence report of one of your finished analyses: the file as received (SHA-256, size, when, by whom), its metadata, every piece of evidence, the candidates, the result, versions and the chained event history with its check (a download)'
        : 'The same evidence report as a PDF with a small map drawn from the project’s own geodata (a download)',
    access: 'user',
    params: idOf('Analysis id'),
    response: format === 'json' ? EvidenceReportSchema : PdfSchema,
    ...(format === 'pdf' ? { produces: 'application/pdf' as const } : {}),
    errors: {
      404: 'No such analysis among yours (another user’s id answers 404 too, the founder’s included)',
      409: 'The analysis has not finished yet (`analysis_not_finished`)',
    },
  })),
  {
    method: 'post',
    path: '/api/analyses/{id}/correction',
    tag: 'analysis',
    summary: 'Move one of your finished analyses to where the photo was really taken (inside Miami-Dade County)',
    access: 'user',
    params: idOf('Analysis id'),
    body: AnalysisCorrectionRequestSchema,
    response: AnalysisEnvelopeSchema,
    errors: {
      404: 'No such analysis among yours (another user’s id answers 404 too)',
      409: 'The analysis has not finished yet',
    },
  },
  ...(['display', 'thumbnail'] as const).map((kind): Operation => ({
    method: 'get',
    path: `/api/photos/{id}/${kind}`,
    tag: 'analysis',
    summary: `The photo’s stripped ${kind} image (yours, or any for a founder)`,
    access: 'user',
    params: idOf('Photo id'),
    response: WebpImageSchema,
    produces: 'image/webp',
    errors: { 404: 'No such photo among yours', 409: 'The photo is still being processed' },
  })),
  {
    method: 'post',
    path: '/api/fast-analysis',
    tag: 'analysis',
    summary:
      'Analyse one photo sent as a data URL and wait (at most 2 minutes) for the result; errors answer this same shape with `success: false`',
    access: 'user',
    body: FastAnalysisRequestSchema,
    response: FastAnalysisResponseSchema,
    errors: {
      413: 'The photo is larger than the upload limit',
      415: 'Not a supported photo',
      429: 'Weekly limit reached, or too many photos on their way (`Retry-After`)',
      500: 'The analysis failed',
      504: 'No result in time; the analysis goes on (`analysisId`)',
    },
    errorSchema: FastAnalysisResponseSchema,
  },
  {
    method: 'post',
    path: '/api/images/upload-for-analysis',
    tag: 'analysis',
    summary:
      'Store a photo (data URL) with the result a client already has for it; counted against the weekly limit unless it pairs with your analysis of the same bytes',
    access: 'user',
    body: UploadForAnalysisRequestSchema,
    response: UploadForAnalysisResponseSchema,
    status: 201,
    errors: {
      413: 'The photo is larger than the upload limit',
      415: 'Not a supported photo',
      429: 'Weekly limit reached, too many photos on their way, or more than 30 a minute',
    },
    errorSchema: FastAnalysisResponseSchema,
  },
  {
    method: 'post',
    path: '/api/access-codes/redeem',
    tag: 'access',
    summary: 'Redeem an access code for higher weekly limits',
    access: 'user',
    body: RedeemAccessCodeRequestSchema,
    response: RedeemAccessCodeResponseSchema,
    errors: { 409: 'You already redeemed this code', 429: 'Too many attempts this minute' },
  },
  {
    method: 'post',
    path: '/api/console-access/redeem',
    tag: 'access',
    summary: 'Redeem a console-access code',
    access: 'user',
    body: RedeemAccessCodeRequestSchema,
    response: ConsoleAccessSchema,
    errors: { 429: 'Too many attempts this minute' },
  },
  {
    method: 'get',
    path: '/api/admin/access-codes',
    tag: 'admin',
    summary: 'Every access code with its redemptions (never the code itself)',
    access: 'founder',
    response: z.object({ codes: z.array(AdminAccessCodeSchema) }),
  },
  {
    method: 'post',
    path: '/api/admin/access-codes',
    tag: 'admin',
    summary: 'Create an access code for a limits tier or a console level',
    access: 'founder',
    body: CreateAccessCodeSchema,
    response: z.object({ code: AdminAccessCodeSchema }),
    status: 201,
    errors: { 409: 'That code already exists' },
  },
  {
    method: 'patch',
    path: '/api/admin/access-codes/{id}',
    tag: 'admin',
    summary: 'Turn an access code on or off',
    access: 'founder',
    params: idOf('Access code id'),
    body: UpdateAccessCodeSchema,
    response: z.object({ code: AdminAccessCodeSchema }),
    errors: { 404: 'No such access code' },
  },
  {
    method: 'post',
    path: '/api/admin/users/cleanup',
    tag: 'admin',
    summary:
      'Count users inactive for `days` (dry run, the default), or delete them with `confirmCount` equal to the dry run’s count',
    access: 'founder',
    body: InactiveCleanupRequestSchema,
    response: InactiveCleanupResponseSchema,
    errors: { 409: 'The count changed since the dry run (or there was none)' },
  },
  {
    method: 'post',
    path: '/api/notifications',
    tag: 'notifications',
    summary: 'Publish an announcement to every visitor',
    access: 'founder',
    body: NotificationCreateRequestSchema,
    response: NotificationCreateResponseSchema,
    status: 201,
  },
  {
    method: 'delete',
    path: '/api/notifications',
    tag: 'notifications',
    summary: 'Remove the current announcement, or every one with `clearAll=true`',
    access: 'founder',
    query: NotificationDeleteQuerySchema,
    response: NotificationDeleteResponseSchema,
  },
  {
    method: 'get',
    path: '/api/notifications/stream',
    tag: 'notifications',
    summary: 'The current announcement as Server-Sent Events (`notification`), on connect and after every change',
    access: 'user',
    response: NotificationStreamMessageSchema,
    produces: 'text/event-stream',
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

/** Every documented operation of the app: its declared routes, then the ones still listed by hand above. */
export function documentedOperations(app: { routeDefinitions: ReadonlyArray<Operation> }): Operation[] {
  return [...app.routeDefinitions, ...OPERATIONS];
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
    if (op.access === 'founder') errors[403] = 'For the founder only';
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
