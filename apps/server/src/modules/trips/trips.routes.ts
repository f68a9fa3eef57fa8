import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  TripCreateRequestSchema,
  TripDeleteRequestSchema,
  TripDeletedSchema,
  TripEnvelopeSchema,
  TripExportSchema,
  TripListSchema,
  TripOverLimitRequestSchema,
  TripPhotosUploadResponseSchema,
  TripRefusalSchema,
  TripRenameRequestSchema,
  TripStreamMessageSchema,
  type TripPhotosUploadResponse,
  type TripRefusal,
} from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { eventStreams } from '../../lib/sse';
import { multipartError, registerPhotoForms } from '../analyses/photos.routes';
import { cleanName, type PhotosService, type StagedPhoto } from '../analyses/photos.service';
import { defineRoutes, route } from '../openapi/route-definition';
import { streamTrip, type TripStreamDeps } from './trip-stream';
import { exportFileName, type TripsService } from './trips.service';

const TripIdParams = z.object({ id: z.uuid().describe('Trip id') });
const NO_TRIP = { 404: 'No such trip among yours (another user’s id answers 404 too)' };
const noTrip = () => notFound('Trip not found.');

/** The GeoJSON export: a FeatureCollection of the trip's photos (null geometry where not located). */
const TripGeoJsonSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
      properties: z.record(z.string(), z.unknown()),
    }),
  ),
});

// Private data: a download, never kept by a cache on the way.
const asDownload = (reply: FastifyReply, fileName: string) =>
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`);

export type TripsRoutesDeps = {
  trips: TripsService;
  intake: PhotosService;
  maxBytes: number;
  maxFiles: number;
  stream: Omit<TripStreamDeps, 'openEventStream' | 'trips'>;
};

/** Trips (R-TRIP-1…9): every route is the owner's; another user's trip id answers 404, the founder's included. */
export async function tripsRoutes(app: FastifyInstance, deps: TripsRoutesDeps): Promise<void> {
  const { trips, intake, maxBytes, maxFiles } = deps;
  const openEventStream = eventStreams(app, { heartbeatMs: 15_000, retryMs: 2000 });

  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/trips',
      tag: 'trips',
      summary: 'Your trips, newest first, with how many of their photos are queued, read, placed or refused',
      access: 'user',
      response: TripListSchema,
      cacheControl: 'no-store',
      handler: async ({ user }) => ({ trips: await trips.list(user) }),
    }),
    route({
      method: 'post',
      path: '/api/trips',
      tag: 'trips',
      summary: 'Start a trip (named after today unless a name is given); then send its photos to /photos',
      access: 'user',
      body: TripCreateRequestSchema,
      response: TripEnvelopeSchema,
      status: 201,
      handler: async ({ user, body }) => ({ trip: await trips.create(user, body.name) }),
    }),
    route({
      method: 'get',
      path: '/api/trips/{id}',
      tag: 'trips',
      summary: 'One of your trips: every photo with its state and place, and the files that were refused',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      response: TripEnvelopeSchema,
      errors: NO_TRIP,
      cacheControl: 'no-store',
      handler: async ({ user, params }) => ({ trip: await trips.get(user, params.id) }),
    }),
    route({
      method: 'patch',
      path: '/api/trips/{id}',
      tag: 'trips',
      summary: 'Rename one of your trips',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      body: TripRenameRequestSchema,
      response: TripEnvelopeSchema,
      errors: NO_TRIP,
      handler: async ({ user, params, body }) => ({ trip: await trips.rename(user, params.id, body.name) }),
    }),
    route({
      method: 'delete',
      path: '/api/trips/{id}',
      tag: 'trips',
      summary:
        'Delete one of your trips with its photos: each analysis, its location record and index entry, its photo and stored images (send {"confirm": true})',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      body: TripDeleteRequestSchema,
      invalidCode: 'confirmation_required',
      response: TripDeletedSchema,
      errors: {
        ...NO_TRIP,
        409: 'Some photos were still being analysed after a wait; the others are deleted (`trip_running`)',
      },
      handler: async ({ user, params }) => ({
        deleted: true as const,
        id: params.id,
        ...(await trips.delete(user, params.id)),
      }),
    }),
    route({
      method: 'post',
      path: '/api/trips/{id}/over-limit',
      tag: 'trips',
      summary: 'Record files of the trip the browser kept back because the weekly limit was reached (only while it is)',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      body: TripOverLimitRequestSchema,
      response: z.object({ refused: z.array(TripRefusalSchema) }),
      errors: { ...NO_TRIP, 409: 'The week still has room: send the photos instead (`room_left`)' },
      handler: async ({ user, params, body }) => ({
        refused: await trips.recordOverLimit(user, params.id, body.fileNames),
      }),
    }),
    route({
      method: 'get',
      path: '/api/trips/{id}/events',
      tag: 'trips',
      summary:
        'The trip as Server-Sent Events: a `snapshot`, then a `photo` whenever one moves on (queued, reading, placed…), a new `snapshot` when the trip changes, `deleted` at the end',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      response: TripStreamMessageSchema,
      produces: 'text/event-stream',
      errors: NO_TRIP,
      handler: async ({ user, params, request, reply }) => {
        await streamTrip({ ...deps.stream, trips, openEventStream }, { user, tripId: params.id, request, reply });
        return reply;
      },
    }),
    route({
      method: 'get',
      path: '/api/trips/{id}/export.json',
      tag: 'trips',
      summary: 'Download the trip as JSON: every photo with its place, how it was placed, and the refused files',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      response: TripExportSchema,
      errors: NO_TRIP,
      handler: async ({ user, params, reply }) => {
        const data = await trips.exportJson(user, params.id);
        return asDownload(reply, exportFileName(data.trip.name, 'json')).send(data);
      },
    }),
    route({
      method: 'get',
      path: '/api/trips/{id}/export.csv',
      tag: 'trips',
      summary: 'Download the trip as CSV, one row per photo and per refused file (spreadsheet formulas defused)',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      response: z.string().describe('CSV, RFC 4180, CRLF line ends'),
      produces: 'text/csv',
      errors: NO_TRIP,
      handler: async ({ user, params, reply }) => {
        const { name, csv } = await trips.exportCsv(user, params.id);
        return asDownload(reply, exportFileName(name, 'csv')).type('text/csv; charset=utf-8').send(csv);
      },
    }),
    route({
      method: 'get',
      path: '/api/trips/{id}/export.geojson',
      tag: 'trips',
      summary: 'Download the trip as GeoJSON: a point per placed photo, a null geometry where not located',
      access: 'owner',
      params: TripIdParams,
      badParams: noTrip,
      response: TripGeoJsonSchema,
      produces: 'application/geo+json',
      errors: NO_TRIP,
      handler: async ({ user, params, reply }) => {
        const { name, geojson } = await trips.exportGeoJson(user, params.id);
        return asDownload(reply, exportFileName(name, 'geojson'))
          .type('application/geo+json')
          .send(JSON.stringify(geojson));
      },
    }),
  ]);

  // The photos' upload is multipart: its parser is registered for this route only, as /api/photos does.
  await app.register(async (scope) => {
    await registerPhotoForms(scope, maxBytes, maxFiles);
    defineRoutes(scope, [
      route({
        method: 'post',
        path: '/api/trips/{id}/photos',
        tag: 'trips',
        summary:
          'Add photos to one of your trips (multipart/form-data, at most the trip’s maxFilesPerRequest files): each counts against the weekly limit; those the week has no room for, and files that are not photos, come back refused with the reason',
        access: 'owner',
        params: TripIdParams,
        badParams: noTrip,
        form: z.object({
          photo: z
            .array(z.file())
            .describe('The photos, each within the upload limit (files that are not photos come back refused)'),
        }),
        notMultipartMessage: 'Send photos as multipart/form-data: a form with one or more image files.',
        response: TripPhotosUploadResponseSchema,
        status: 202,
        errors: {
          ...NO_TRIP,
          413: 'More files than one upload may carry (`too_many_files`, `too_many_images_per_upload`)',
          415: 'Not a multipart form (`not_multipart`)',
          429: 'Nothing left of the weekly limit (`weekly_limit_reached`): no file was read',
        },
        handler: async ({ user, params, request }): Promise<TripPhotosUploadResponse> => {
          const trip = await trips.require(user, params.id);
          // With nothing left this week, refused before any file is read (R-ACCESS-8); the browser then records the
          // files it kept back (over-limit).
          await intake.ensureRoom(user);
          const staged: StagedPhoto[] = [];
          const refused: TripRefusal[] = [];
          const at = new Date().toISOString();
          try {
            for await (const part of request.files()) {
              try {
                staged.push(await intake.stage(part.file, part.filename));
              } catch (error) {
                // One file that is not a photo (or too large) is refused alone; the others of the batch go on.
                if (!(error instanceof AppError) || ![400, 413, 415].includes(error.status)) throw error;
                part.file.resume();
                refused.push({ fileName: cleanName(part.filename), code: error.code, message: error.message, at });
              }
            }
            if (staged.length === 0 && refused.length === 0)
              throw new AppError(400, 'no_photo', 'No photo was received. Attach at least one image file.');
            const { accepted, overLimit, refusal } = await intake.submitToTrip(user, trip.id, staged);
            for (const s of overLimit)
              refused.push({
                fileName: s.fileName,
                code: refusal instanceof AppError ? refusal.code : 'weekly_limit_reached',
                message: refusal?.message ?? 'Your weekly limit was reached.',
                at,
              });
            await trips.recordUpload(
              trip.id,
              accepted.map((a) => a.fileName),
              refused,
            );
            return {
              accepted: accepted.map((a) => ({ analysisId: a.analysisId, photoId: a.photoId, fileName: a.fileName })),
              refused,
            };
          } catch (error) {
            await intake.discard(staged);
            throw multipartError(error, maxFiles);
          }
        },
      }),
    ]);
  });
}
