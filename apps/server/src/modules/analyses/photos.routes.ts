import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { PhotoUploadResponseSchema, VerifyResponseSchema } from '@vt/shared';
import { AppError, notFound } from '../../lib/errors';
import { defineRoutes, idOf, route, type RouteDefinition } from '../openapi/route-definition';
import { ACCEPTED, type PhotosService, type StagedPhoto } from './photos.service';
import type { VerifyService } from './verify.service';

export type PhotosRoutesDeps = { photos: PhotosService; verify?: VerifyService; maxBytes: number; maxFiles: number };

/** The answer of the image routes: WebP bytes. */
const WebpImageSchema = z.instanceof(Uint8Array).describe('The image, WebP');

/**
 * The multipart parser of a scope whose routes take photos (registered per route scope, never app-wide): at most
 * `maxFiles` files of `maxBytes` each. busboy truncates a file at fileSize; the intake turns that into a 413 naming the
 * file.
 */
export async function registerPhotoForms(scope: FastifyInstance, maxBytes: number, maxFiles: number): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: maxFiles,
      fields: 20,
      fieldSize: 4096,
      parts: maxFiles + 20,
      headerPairs: 200,
    },
  });
}

/** Photo intake and the owner-only derivatives. Multipart is registered here only, not app-wide. */
export async function photosRoutes(
  app: FastifyInstance,
  { photos, verify, maxBytes, maxFiles }: PhotosRoutesDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await registerPhotoForms(scope, maxBytes, maxFiles);

    const upload = route({
      method: 'post',
      path: '/api/photos',
      tag: 'analysis',
      summary: `Upload one or more photos (at most ${maxFiles}); each becomes an analysis, queued (202)`,
      access: 'user',
      form: z.object({
        photo: z.array(z.file()).describe(`The photos (${ACCEPTED}), each within the upload limit`),
      }),
      notMultipartMessage: 'Send photos as multipart/form-data: a form with one or more image files.',
      response: PhotoUploadResponseSchema,
      status: 202,
      errors: {
        400: 'No photo, an empty or unreadable one, or an upload cut off',
        413: 'A photo larger than the upload limit or with too many pixels, or too many files',
        415: 'Not multipart/form-data (`not_multipart`), or not a supported photo (`unsupported_type`)',
        429: 'Weekly limit reached (refused before any photo is read)',
      },
      handler: async ({ user, request }) => {
        // Over the weekly limit: refused before any file is read or decoded.
        await photos.ensureRoom(user);
        const staged: StagedPhoto[] = [];
        try {
          for await (const part of request.files()) staged.push(await photos.stage(part.file, part.filename));
          return await photos.submit(user, staged);
        } catch (error) {
          await photos.discard(staged);
          throw multipartError(error, maxFiles);
        }
      },
    });
    const check: RouteDefinition[] = verify
      ? [
          route({
            method: 'post',
            path: '/api/verify',
            tag: 'analysis',
            summary:
              'Whether these exact bytes were analysed under your account, and when (SHA-256 of the file as received)',
            access: 'user',
            form: z.object({ file: z.file().describe('The file to check, as it was uploaded') }),
            notMultipartMessage: 'Send the file as multipart/form-data: a form with one file.',
            response: VerifyResponseSchema,
            errors: {
              400: 'No file, an empty one, or an upload cut off',
              413: 'The file is larger than the upload limit',
            },
            handler: async ({ user, request }) => {
              let file;
              try {
                file = await request.file();
              } catch (error) {
                throw multipartError(error, 1);
              }
              if (!file) throw new AppError(400, 'no_file', 'Choose the file to verify.');
              return verify.verify(user, file.file);
            },
          }),
        ]
      : [];
    const images = (['thumbnail', 'display'] as const).map((kind) =>
      route({
        method: 'get',
        path: `/api/photos/{id}/${kind}`,
        tag: 'analysis',
        summary: `The photo’s stripped ${kind} image (yours, or any for a founder)`,
        access: 'user',
        params: idOf('Photo id'),
        badParams: () => notFound('Photo not found.'),
        response: WebpImageSchema,
        produces: 'image/webp',
        errors: { 404: 'No such photo among yours', 409: 'The photo is still being processed' },
        // Private: the image is personal; browsers may keep it, shared caches must not.
        cacheControl: 'private, max-age=86400',
        handler: async ({ user, params, reply }) =>
          reply.type('image/webp').send(await photos.derivative(user, params.id, kind)),
      }),
    );
    defineRoutes(scope, [upload, ...check, ...images]);
  });
}

/** Parser errors from @fastify/multipart/busboy, as sentences a person understands. */
export function multipartError(error: unknown, maxFiles: number): unknown {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(
      413,
      'too_many_files',
      `Too many files in one upload: send at most ${maxFiles} photos at a time.`,
    );
  }
  if (code === 'FST_FIELDS_LIMIT') return new AppError(413, 'too_many_fields', 'The upload form has too many fields.');
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'photo_too_large', 'A photo is larger than the upload limit.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(415, 'not_multipart', 'Send photos as multipart/form-data.');
  const message = (error as Error)?.message ?? '';
  if (
    !(error instanceof AppError) &&
    /terminated early|Unexpected end of form|Malformed part header|boundary/i.test(message)
  ) {
    return new AppError(400, 'bad_upload', 'The upload was cut off or malformed. Please try again.');
  }
  return error;
}
