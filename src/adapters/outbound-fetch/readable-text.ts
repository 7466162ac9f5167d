import { compile } from 'html-to-text';
import { OutboundRefusedError } from './errors.js';
import type { GuardedResponse } from './guarded-fetch.js';

// A fetched page as text a prompt can hold: HTML through html-to-text with everything that is not
// prose dropped (scripts, styles, media, link targets), plain text as it is, any other type refused;
// control characters removed and the text cut to a fixed size.

export const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
export const TEXT_TYPES = ['text/plain'];
export const READABLE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8';

/** The size the text is cut to, in UTF-16 code units. */
export const DEFAULT_MAX_CHARS = 20_000;

export interface ReadableText {
  /** The URL that answered, after redirects: the one to cite. */
  url: string;
  /** The HTML document's title, when it has one. */
  title: string | null;
  text: string;
  /** The media type it came as: text/html, application/xhtml+xml or text/plain. */
  contentType: string;
  /** The text (or the body, at the byte cap) was cut short. */
  truncated: boolean;
}

/** Elements that hold no prose (the title is returned apart): dropped whole, contents included. */
const SKIPPED = ['head', 'title', 'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'img', 'picture', 'video', 'audio'];

const bodyText = compile({
  wordwrap: false,
  selectors: [
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    { selector: 'a', options: { ignoreHref: true } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
});

const titleText = compile({ wordwrap: false, baseElements: { selectors: ['title'], returnDomByDefault: false } });

export function isReadableType(mediaType: string): boolean {
  return HTML_TYPES.includes(mediaType) || TEXT_TYPES.includes(mediaType);
}

/** The readable text of a successful answer whose type isReadableType accepted. */
export function readableText(response: GuardedResponse, maxChars: number): ReadableText {
  if (response.status < 200 || response.status > 299) {
    throw new OutboundRefusedError('status', `The page answered with HTTP status ${response.status}`);
  }
  const contentType = response.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  const html = HTML_TYPES.includes(mediaType);
  const source = decode(response.body, charsetOf(contentType) ?? (html ? metaCharset(response.body) : null));
  const title = html ? tidy(titleText(source)) : '';
  const clipped = clip(tidy(html ? bodyText(source) : source), maxChars);
  return {
    url: response.url,
    title: title === '' ? null : title,
    text: clipped.text,
    contentType: mediaType,
    truncated: clipped.truncated || response.truncated,
  };
}

function charsetOf(contentType: string): string | null {
  return /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? null;
}

/** `<meta charset>` or its http-equiv form, looked for where HTML says it must be: the first 1024 bytes. */
function metaCharset(body: Buffer): string | null {
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1] ?? null;
}

function decode(body: Buffer, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // an unknown label
  }
}

/** Without control characters (PostgreSQL cannot store NUL) and runs of blank lines. */
function tidy(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function clip(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  // Never end on the first half of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[maxChars - 1]) ? maxChars - 1 : maxChars;
  return { text: text.slice(0, end), truncated: true };
}
