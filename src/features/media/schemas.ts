import { Type, type TSchema } from '@sinclair/typebox';
import { FilePart } from '../../http/schemas.js';

// Wire shapes of the media routes.

export const UploadedImage = Type.Object(
  {
    url: Type.String({ format: 'uri', description: 'Absolute: `<PUBLIC_URL>/api/media/<id>.<ext>`; send it in `imageUrls`' }),
    type: Type.String({ description: 'The stored content type: image/jpeg, image/png, image/webp or image/gif', examples: ['image/jpeg'] }),
    width: Type.Integer({ minimum: 1, maximum: 1200, description: 'Pixels, after resizing (at most 1200 on the longest side)' }),
    height: Type.Integer({ minimum: 1, maximum: 1200 }),
    size: Type.Integer({ minimum: 1, description: 'Bytes stored (at most 1.4 MB)' }),
  },
  { $id: 'UploadedImage', description: 'An uploaded image, resized and stripped of its metadata' },
);

export const UploadedVideo = Type.Object(
  {
    url: Type.String({ format: 'uri', description: 'Absolute: `<PUBLIC_URL>/api/media/<id>.<ext>`; send it in `videoUrls`' }),
    type: Type.String({ description: 'video/mp4, video/webm, video/quicktime or video/x-msvideo', examples: ['video/mp4'] }),
    size: Type.Integer({ minimum: 1, description: 'Bytes stored (at most 3 MB)' }),
  },
  { $id: 'UploadedVideo', description: 'An uploaded video, stored as sent' },
);

export const DocumentImage = Type.Object(
  { url: Type.String({ format: 'uri', description: 'Absolute URL of the image, to embed in the document' }) },
  { description: 'The uploaded image' },
);

// The multipart bodies, for the document (the routes read the one file part themselves).
export const ImageForm = Type.Object({ file: FilePart('The image: JPEG, PNG, WebP or GIF, at most 20 MB') });
export const VideoForm = Type.Object({ file: FilePart('The video: MP4, WebM, QuickTime or AVI, at most 3 MB') });

export const MediaParams = Type.Object({
  file: Type.String({ minLength: 1, maxLength: 64, description: '`<id>.<ext>` as in the upload’s URL' }),
});

/** The component schemas of this module, for app.ts. */
export const MEDIA_COMPONENTS: TSchema[] = [UploadedImage, UploadedVideo];
