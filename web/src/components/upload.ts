import { errorText } from '../api';

// Media uploads with progress: XMLHttpRequest, because fetch (and so openapi-fetch) reports no
// upload progress. Same origin and the session cookie, as every other call; the answer is the
// API's own (`{ url, … }` or `{ error, code }`).

export type UploadKind = 'images' | 'videos';
export type Uploaded = { url: string; type: string };

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo'];

export function uploadMedia(file: File, kind: UploadKind, onProgress: (fraction: number) => void): Promise<Uploaded | { error: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/messages/${kind}/upload`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status === 201 && body && typeof body === 'object' && 'url' in body) resolve(body as Uploaded);
      else if (xhr.status === 413) resolve({ error: `${file.name} is too large to upload.` });
      else resolve({ error: `${file.name}: ${errorText(body, 'the upload failed.')}` });
    };
    xhr.onerror = () => resolve({ error: `${file.name}: the upload failed (no connection).` });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Where the page loads a media URL from: the API answers absolute URLs on PUBLIC_URL, which is this
 * very origin in a deployment; its path is used, so a page reached by another name of the same
 * server still loads its media.
 */
export function mediaSrc(url: string): string {
  try {
    const parsed = new URL(url, location.href);
    return parsed.pathname.startsWith('/api/media/') ? parsed.pathname : url;
  } catch {
    return url;
  }
}
