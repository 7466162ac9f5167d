import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, notFound } from '../../http/errors.js';
import { matchesEtag } from '../../http/etag.js';
import { hook, requireSubscriberWriter } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, PUBLIC } from '../../http/schemas.js';
import { checkVideo, MAX_IMAGE_UPLOAD_BYTES, MAX_VIDEO_BYTES, processImage } from './pipeline.js';
import { ImageForm, MediaParams, UploadedImage, UploadedVideo, VideoForm } from './schemas.js';
import { findServedUpload, mediaUrl, parseMediaFile, storeUpload } from './service.js';
import { acceptMultipart, filePart, MULTIPART_NOTE, readFilePart } from './upload-part.js';

// Media: image and video uploads for messages (documents upload their images in documents/image-routes.ts),
// and the public media URLs. Routes: guard, read the one file part, pipeline, service.

const tags = ['media'];

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a blob of `size` bytes. null: ignore the header (malformed or several ranges). */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

const binary = (description: string) => ({
  description,
  content: { '*/*': { schema: { type: 'string' as const, format: 'binary', description: 'The stored bytes, with the stored content type' } } },
});

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app);

  app.post(
    '/api/messages/images/upload',
    {
      preValidation: [hook(requireSubscriberWriter), filePart(MAX_IMAGE_UPLOAD_BYTES, 'Images may be at most 20 MB before resizing')],
      schema: {
        operationId: 'uploadMessageImage',
        tags,
        summary: 'Upload an image for a message (subscribers)',
        description: `${MULTIPART_NOTE} JPEG, PNG, WebP or GIF (415 otherwise); resized to at most 1200 px on the longest side and at most 1.4 MB, EXIF orientation applied and all metadata (GPS included) removed; animated GIFs stay animated. Up to 20 MB may be sent (413 beyond). Free accounts: 403 \`subscription_required\`; probation accounts: 403 \`account_probation_feature\`. An upload not attached to a message within 24 hours is deleted.`,
        security: EITHER_AUTH,
        'x-multipart': ImageForm,
        response: { 201: described(UploadedImage, 'The image was stored'), ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSubscriberWriter(request);
      const bytes = await readFilePart(request);
      const image = await processImage(bytes);
      const row = await storeUpload(request.ctx, user.id, 'image', image);
      return reply.code(201).send({ url: mediaUrl(request.ctx, row), type: row.content_type, width: image.width, height: image.height, size: row.size });
    },
  );

  app.post(
    '/api/messages/videos/upload',
    {
      preValidation: [hook(requireSubscriberWriter), filePart(MAX_VIDEO_BYTES, 'Videos may be at most 3 MB')],
      schema: {
        operationId: 'uploadMessageVideo',
        tags,
        summary: 'Upload a video for a message (subscribers)',
        description: `${MULTIPART_NOTE} MP4, WebM, QuickTime or AVI (415 otherwise), at most 3 MB (413 beyond), stored as sent (no transcoding). Free accounts: 403 \`subscription_required\`; probation accounts: 403 \`account_probation_feature\`. An upload not attached to a message within 24 hours is deleted.`,
        security: EITHER_AUTH,
        'x-multipart': VideoForm,
        response: { 201: described(UploadedVideo, 'The video was stored'), ...errors(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = await requireSubscriberWriter(request);
      const bytes = await readFilePart(request);
      const video = await checkVideo(bytes);
      const row = await storeUpload(request.ctx, user.id, 'video', video);
      return reply.code(201).send({ url: mediaUrl(request.ctx, row), type: row.content_type, size: row.size });
    },
  );

  app.get(
    '/api/media/:file',
    {
      schema: {
        operationId: 'getMedia',
        tags,
        summary: 'An uploaded image or video',
        description:
          'The stored bytes with their content type, `ETag` (304 on a matching `If-None-Match`), `Cache-Control: public, max-age=31536000, immutable` and `X-Content-Type-Options: nosniff`. A single `Range` (`bytes=a-b`, `bytes=a-`, `bytes=-n`) is answered 206 with `Content-Range`, so videos seek; a range past the end is 416.',
        security: PUBLIC,
        params: MediaParams,
        response: {
          200: binary('The whole file'),
          206: binary('The requested range'),
          304: { description: 'Not modified: the ETag matches', type: 'null' },
          ...errors(404, 416),
        },
      },
    },
    async (request, reply) => {
      const parsed = parseMediaFile(request.params.file);
      const row = parsed ? await findServedUpload(request.ctx, parsed.id, parsed.ext) : undefined;
      if (!row) throw notFound('Media not found');
      const etag = `"${row.id}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

      const header = request.headers.range;
      const range = typeof header === 'string' ? parseRange(header, row.size) : null;
      if (range === 'unsatisfiable') {
        throw new AppError(416, 'The requested range is not satisfiable', 'range_not_satisfiable', undefined, { 'content-range': `bytes */${row.size}` });
      }
      const blob = await request.ctx.blobs.get(row.blob_key, range ?? undefined);
      if (!blob) throw notFound('Media not found');
      reply.header('content-type', row.content_type);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`).header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', blob.size);
      }
      return reply.send(blob.stream);
    },
  );
};
