import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { requireUser } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import type { PhotosService, StagedPhoto } from './photos.service';
import type { VerifyService } from './verify.service';

export type PhotosRoutesDeps = { photos: PhotosService; verify?: VerifyService; maxBytes: number; maxFiles: number };

/** Photo intake and the owner-only derivatives. Multipart is registered here only, not app-wide. */
export async function photosRoutes(
  app: FastifyInstance,
  { photos, verify, maxBytes, maxFiles }: PhotosRoutesDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // busboy truncates a file at fileSize; the service turns that into a 413 naming the file.
      limits: {
        fileSize: maxBytes,
        files: maxFiles,
        fields: 20,
        fieldSize: 4096,
        parts: maxFiles + 20,
        headerPairs: 200,
      },
    });

    scope.post('/api/photos', async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          'not_multipart',
          'Send photos as multipart/form-data: a form with one or more image files.',
        );
      }
      // Over the weekly limit: refused before any file is read or decoded.
      await photos.ensureRoom(user);
      const staged: StagedPhoto[] = [];
      try {
        for await (const part of request.files()) staged.push(await photos.stage(part.file, part.filename));
        return reply.status(202).send(await photos.submit(user, staged));
      } catch (error) {
        await photos.discard(staged);
        throw multipartError(error, maxFiles);
      }
    });

    if (verify) {
      scope.post('/api/verify', async (request) => {
        const user = requireUser(request);
        if (!request.isMultipart()) {
          throw new AppError(415, 'not_multipart', 'Send the file as multipart/form-data: a form with one file.');
        }
        let file;
        try {
          file = await request.file();
        } catch (error) {
          throw multipartError(error, 1);
        }
        if (!file) throw new AppError(400, 'no_file', 'Choose the file to verify.');
        return verify.verify(user, file.file);
      });
    }

    for (const kind of ['thumbnail', 'display'] as const) {
      scope.get<{ Params: { id: string } }>(`/api/photos/:id/${kind}`, async (request, reply) => {
        const user = requireUser(request);
        const bytes = await photos.derivative(user, request.params.id, kind);
        // Private: the image is personal; browsers may keep it, shared caches must not.
        return reply.type('image/webp').header('cache-control', 'private, max-age=86400').send(bytes);
      });
    }
  });
}

/** Parser errors from @fastify/multipart/busboy, as sentences a person understands. */
function multipartError(error: unknown, maxFiles: number): unknown {
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
