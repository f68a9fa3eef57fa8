import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ReferenceBatchRequestSchema,
  ReferenceBatchResponseSchema,
  ReferenceImportDeletedSchema,
  ReferenceImportDeleteRequestSchema,
  ReferenceImportFinishResponseSchema,
  ReferenceImportsResponseSchema,
  ReferenceImportStartRequestSchema,
  ReferenceImportStartResponseSchema,
  ReferencePhotosPageSchema,
  ReferencePhotosQuerySchema,
} from '@vt/shared';
import { requireFounder } from '../../auth/guards';
import { AppError, notFound } from '../../lib/errors';
import { InFlightGate } from '../../lib/in-flight';
import { defineRoutes, route } from '../openapi/route-definition';
import type { ReferenceService } from './reference.service';

const importId = z.object({ id: z.uuid().describe('Reference import id') });
const photoId = z.object({ id: z.uuid().describe('Reference photo id') });
const noSuchImport = () => notFound('No such reference import.');
const WebpImageSchema = z.instanceof(Uint8Array).describe('The thumbnail, WebP');

export type ReferenceRoutesDeps = {
  service: ReferenceService;
  /** Batch bodies held in memory at once in this process (config.uploads.jsonInFlightBytes). */
  inFlightBytes: number;
};

/**
 * The founder's reference imagery (R-GALLERY-2 … R-GALLERY-5): list the imports, import from the page in batches,
 * look at an import's thumbnails, remove one. Every route is the founder's (403 for users, 401 signed out).
 */
export async function referenceRoutes(app: FastifyInstance, { service, inFlightBytes }: ReferenceRoutesDeps) {
  const limits = service.limits();
  // A batch is JSON with its photos in base64 (4 characters for 3 bytes), plus room for names.
  const batchBodyLimit = Math.ceil(limits.maxBytes / 3) * 4 + 1_048_576;
  const gate = new InFlightGate({ maxBytes: inFlightBytes, perKey: 2 });

  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/admin/reference-imports',
      tag: 'admin',
      summary:
        'Every import of reference imagery (`npm run gallery:import` or the founder’s page), newest first, with its photo count',
      access: 'founder',
      response: ReferenceImportsResponseSchema,
      cacheControl: 'no-store',
      handler: async () => service.list(),
    }),
    route({
      method: 'post',
      path: '/api/admin/reference-imports',
      tag: 'admin',
      summary:
        'Start importing reference photos from the browser (or resume the interrupted import of the same name); answers the batch limits',
      access: 'founder',
      body: ReferenceImportStartRequestSchema,
      invalidCode: 'invalid_reference_import',
      response: ReferenceImportStartResponseSchema,
      status: 201,
      handler: async ({ body }) => service.start(body.folderName),
    }),
    route({
      method: 'delete',
      path: '/api/admin/reference-imports/{id}',
      tag: 'admin',
      summary: 'Remove an import and its reference photos (send `{"confirm": true}`)',
      access: 'founder',
      params: importId,
      badParams: noSuchImport,
      body: ReferenceImportDeleteRequestSchema,
      invalidCode: 'confirmation_required',
      response: ReferenceImportDeletedSchema,
      errors: { 404: 'No such import' },
      // Every process's gallery sees the smaller count before its next match and rebuilds its reference index.
      handler: async ({ params }) => service.remove(params.id),
    }),
    route({
      method: 'post',
      path: '/api/admin/reference-imports/{id}/finish',
      tag: 'admin',
      summary: 'Close an import after its last batch (one that holds no photo is dropped: `import` is then null)',
      access: 'founder',
      params: importId,
      badParams: noSuchImport,
      response: ReferenceImportFinishResponseSchema,
      errors: { 404: 'No such import', 409: 'The import is already finished' },
      handler: async ({ params }) => service.finish(params.id),
    }),
    route({
      method: 'get',
      path: '/api/admin/reference-imports/{id}/photos',
      tag: 'admin',
      summary: 'A page of an import’s reference photos (file name, place), in the order they were stored',
      access: 'founder',
      params: importId,
      badParams: noSuchImport,
      query: ReferencePhotosQuerySchema,
      response: ReferencePhotosPageSchema,
      errors: { 404: 'No such import' },
      cacheControl: 'no-store',
      handler: async ({ params, query }) => service.photos(params.id, query.offset, query.limit),
    }),
    route({
      method: 'get',
      path: '/api/admin/reference-photos/{id}/thumbnail',
      tag: 'admin',
      summary: 'A reference photo’s stored thumbnail (WebP, at most 160 px a side; the original is never kept)',
      access: 'founder',
      params: photoId,
      badParams: () => notFound('No such reference photo.'),
      response: WebpImageSchema,
      produces: 'image/webp',
      errors: { 404: 'No such reference photo' },
      // A thumbnail never changes under its id; only this browser may keep it.
      cacheControl: 'private, max-age=86400',
      handler: async ({ params, reply }) => reply.type('image/webp').send(await service.thumbnail(params.id)),
    }),
  ]);

  /**
   * Runs before a batch's body is read: only the founder's bodies are read at all, and this process holds at most
   * `inFlightBytes` of them at once (a body is held whole while it is parsed and decoded).
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const founder = requireFounder(request);
    const length = Number(request.headers['content-length']);
    const bytes = Number.isFinite(length) && length >= 0 ? Math.min(length, batchBodyLimit) : batchBodyLimit;
    const admitted = gate.admit(founder.id, bytes);
    if ('refused' in admitted)
      throw new AppError(
        429,
        'uploads_in_flight',
        'The server is still receiving your earlier photos. Please try again in a few seconds.',
        { retryAfterSeconds: 2 },
      );
    reply.raw.once('close', admitted.release);
  };
  await app.register(async (scope) => {
    scope.addHook('onRequest', admit);
    defineRoutes(scope, [
      route({
        method: 'post',
        path: '/api/admin/reference-imports/{id}/photos',
        tag: 'admin',
        summary:
          'Import a batch of photos (base64) into an open import: each JPEG or HEIC with a GPS position inside Miami-Dade keeps its descriptors and a thumbnail, never the original; answers what became of each',
        access: 'founder',
        params: importId,
        badParams: noSuchImport,
        body: ReferenceBatchRequestSchema,
        invalidCode: 'invalid_reference_batch',
        response: ReferenceBatchResponseSchema,
        options: { bodyLimit: batchBodyLimit },
        errors: {
          404: 'No such import (it may have been removed meanwhile)',
          409: 'The import is already finished',
          413: 'The batch is larger than the limits the start answered',
          429: 'Earlier batches are still being received (`Retry-After`)',
        },
        handler: async ({ params, body }) => service.addPhotos(params.id, body),
      }),
    ]);
  });
}
