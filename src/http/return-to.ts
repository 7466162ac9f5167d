import type { Config } from '../config.js';
import { badRequest } from './errors.js';

// Where a flow that leaves the service (OAuth, checkout) sends the browser back: a path on
// PUBLIC_URL, or an absolute URL on PUBLIC_URL, WEB_URL or one of PUBLIC_ORIGIN_REDIRECTS.
// Anything else would make the service an open redirector: 400 invalid_return_to.

const MAX_LENGTH = 2048;

function invalid() {
  return badRequest('returnTo must be a path on this service or a URL of the web client', 'invalid_return_to');
}

/** Whether `url` lies under `base` (same origin, and under its path when it has one). */
function under(url: URL, base: string): boolean {
  const b = new URL(base);
  if (url.origin !== b.origin) return false;
  const prefix = b.pathname.replace(/\/+$/, '');
  return prefix === '' || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
}

/** The absolute URL to return to (`<PUBLIC_URL>/` when none is given); 400 invalid_return_to otherwise. */
export function checkReturnTo(config: Pick<Config, 'publicUrl' | 'webUrl'> & { networks: { publicOriginRedirects: readonly string[] } }, value: string | undefined): string {
  if (value === undefined || value === '') return `${config.publicUrl}/`;
  // Control characters and backslashes are read differently by browsers (`/\evil.example`).
  if (value.length > MAX_LENGTH || value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) throw invalid();
  if (value.startsWith('/')) {
    // `//host` is another origin to a browser.
    if (value.startsWith('//')) throw invalid();
    return `${config.publicUrl}${value}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid();
  if (url.username !== '' || url.password !== '') throw invalid();
  const bases = [config.publicUrl, ...(config.webUrl ? [config.webUrl] : []), ...config.networks.publicOriginRedirects];
  if (!bases.some((base) => under(url, base))) throw invalid();
  return url.href;
}
