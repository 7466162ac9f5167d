// What other features use of media besides its service: the upload plumbing and the image
// pipeline, for a feature that stores images of its own (documents' embedded images).

export { MAX_IMAGE_UPLOAD_BYTES, processImage } from './pipeline.js';
export { DocumentImage, ImageForm } from './schemas.js';
export { acceptMultipart, filePart, MULTIPART_NOTE, readFilePart } from './upload-part.js';
