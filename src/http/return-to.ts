import type { Config } from '../config.js';
import { badRequest } from './errors.js';

// Where a flow that leaves the service (an OAuth authorization, a billing checkout or portal) may
// send the browser back to: a path on PUBLIC_URL, or an absolute URL on PUBLIC_URL, WEB_URL or one
// of PUBLIC_ORIGIN_REDIRECTS. Anything else is 400 `invalid_return_to`, so the service is never an
// open redirect. One rule for every such flow.

const MAX_LENGTH = 2048;

/** The origins an absolute `returnTo` may point at. */
function allowedOrigins(config: Pick<Config, 'publicUrl' | 'webUrl' | 'publicOriginRedirects'>): Set<string> {
  const origins = new Set<string>([new URL(config.publicUrl).origin, ...config.publicOriginRedirects]);
  if (config.webUrl) origins.add(new URL(config.webUrl).origin);
  return origins;
}

const invalid = () =>
  badRequest('returnTo must be a path on this service or an absolute URL on the web client or an allowed origin', 'invalid_return_to');

/**
 * The absolute URL a `returnTo` names, or `fallback` (a path on PUBLIC_URL) when none is given;
 * 400 `invalid_return_to` when it is not allowed.
 */
export function resolveReturnTo(
  config: Pick<Config, 'publicUrl' | 'webUrl' | 'publicOriginRedirects'>,
  returnTo: string | undefined,
  fallback = '/',
): string {
  const value = returnTo ?? fallback;
  // Backslashes and control characters are read differently by browsers and by URL parsers.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (value === '' || value.length > MAX_LENGTH || /[\\\u0000-\u001f\u007f\s]/.test(value)) throw invalid();
  if (value.startsWith('/')) {
    // `//host` and `/\host` are other hosts to a browser, not paths.
    if (value.startsWith('//')) throw invalid();
    const url = new URL(value, config.publicUrl);
    if (url.origin !== new URL(config.publicUrl).origin) throw invalid();
    return url.href;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') throw invalid();
  if (!allowedOrigins(config).has(url.origin)) throw invalid();
  return url.href;
}
