import { NetworkError } from './types.js';

// Placeholder with the foundation's documented signature, replaced by netcore's classify.ts at merge.
export function classifyHttpFailure(status: number, headers: Headers): NetworkError {
  if (status === 401) return new NetworkError(`The network refused the access token (HTTP ${status})`, 'unauthorized', status);
  if (status === 429) return new NetworkError(`The network is rate limiting (HTTP ${status})`, 'retryable', status, retryAfterMs(headers));
  if (status >= 500 || status === 408) return new NetworkError(`The network failed (HTTP ${status})`, 'retryable', status);
  return new NetworkError(`The network refused the request (HTTP ${status})`, 'final', status);
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
