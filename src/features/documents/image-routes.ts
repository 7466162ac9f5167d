import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hook, requireVerifiedWriter } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams } from '../../http/schemas.js';
import { acceptMultipart, DocumentImage, filePart, ImageForm, MAX_IMAGE_UPLOAD_BYTES, MULTIPART_NOTE, processImage, readFilePart } from '../media/index.js';
import { mediaUrl, storeUpload } from '../media/service.js';
import { documentFor } from './service.js';

// Images embedded in a document: stored by the media pipeline, owned by the document (deleted
// with it, see module.ts).

export const documentImageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await acceptMultipart(app);
  app.post(
    '/api/documents/:id/images/upload',
    {
      preValidation: [hook(requireVerifiedWriter), filePart(MAX_IMAGE_UPLOAD_BYTES, 'Images may be at most 20 MB before resizing')],
      schema: {
        operationId: 'uploadDocumentImage',
        tags: ['documents'],
        summary: 'Upload an image to embed in one of your documents',
        description: `${MULTIPART_NOTE} The same image pipeline as message images (JPEG, PNG, WebP or GIF; at most 1200 px and 1.4 MB; metadata removed). The image belongs to the document and is deleted with it. The owner or an editor; a viewer: 403 \`forbidden\`; anyone else: 404. Probation accounts: 403 \`account_probation_feature\`.`,
        security: EITHER_AUTH,
        params: IdParams,
        'x-multipart': ImageForm,
        response: { 200: described(DocumentImage, 'The image was stored'), ...errors(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { user } = await requireVerifiedWriter(request);
      // Images are embedded by whoever may change the content: the owner or an editor.
      const { doc } = await documentFor(request.ctx, user.id, request.params.id, 'editor');
      const bytes = await readFilePart(request);
      const image = await processImage(bytes);
      const row = await storeUpload(request.ctx, user.id, 'image', image, `document:${doc.id}`);
      return { url: mediaUrl(request.ctx, row) };
    },
  );

};
