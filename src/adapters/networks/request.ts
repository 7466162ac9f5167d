import { OutboundRefusedError, type GuardedRequest, type GuardedResponse, type OutboundFetcher } from '../outbound-fetch/index.js';
import { classifyHttpFailure } from './classify.js';
import { NetworkError } from './types.js';

// One call to a network's API through the guarded fetcher, its failure turned into a NetworkError.
// Whether a call may be sent again after its answer was lost decides what a lost answer is: a
// repeatable call (a GET, a media upload, a post carrying an idempotency key) is retried; a post
// without one (networkC, networkD) may have been made, so its outcome is unknown and it is never
// sent again.

/** Connection failures that happen before any byte of the request was sent. */
const NEVER_SENT = /^(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT|ERR_TLS.*|CERT_.*|.*SELF_SIGNED.*|UNABLE_TO_.*)$/;

function lostAnswer(err: OutboundRefusedError, repeatable: boolean): NetworkError {
  if (err.reason === 'unreachable') {
    const code = /\(([A-Z0-9_]+)\)$/.exec(err.message)?.[1] ?? '';
    if (NEVER_SENT.test(code) || /could not be resolved|has no address/.test(err.message)) return new NetworkError(err.message, 'retryable');
  } else if (err.reason !== 'timeout') {
    // Refused by the guard before sending (address, scheme, URL) or an answer we cannot take.
    return new NetworkError(err.message, 'final');
  }
  return new NetworkError(err.message, repeatable ? 'retryable' : 'unknown_outcome');
}

export interface NetworkCall extends GuardedRequest {
  /** Whether sending it again can do no harm (see above). */
  repeatable: boolean;
  /** Builds the error of a non-2xx answer (default: classifyHttpFailure). */
  refusal?: (response: GuardedResponse) => NetworkError;
}

/** A 2xx answer, or a NetworkError saying whether to retry. */
export async function networkCall(fetcher: OutboundFetcher, url: string | URL, call: NetworkCall): Promise<GuardedResponse> {
  const { repeatable, refusal, ...init } = call;
  let response: GuardedResponse;
  try {
    response = await fetcher.guardedFetch(url, { maxRedirects: 0, ...init });
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw lostAnswer(err, repeatable);
    throw err;
  }
  if (response.status >= 200 && response.status < 300) return response;
  throw refusal ? refusal(response) : withDetail(classifyHttpFailure(response.status, response.headers), response);
}

/** The provider's own words (a short excerpt of its error body) added to a classified refusal. */
export function withDetail(error: NetworkError, response: GuardedResponse): NetworkError {
  const detail = providerMessage(response.body);
  if (detail === null) return error;
  return new NetworkError(`${error.message}: ${detail}`, error.kind, error.statusCode, error.retryAfterMs, error.code);
}

function providerMessage(body: Buffer): string | null {
  const text = body.toString('utf8').trim();
  if (text === '') return null;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const found = [json.error_description, json.error, json.message, json.detail, json.title].find((v) => typeof v === 'string');
    if (typeof found === 'string') return found.slice(0, 300);
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 300);
}

/** A JSON answer's body, or a final error when it is not JSON. */
export function jsonBody<T>(response: GuardedResponse): T {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new NetworkError('The network answered something that is not JSON', 'final', response.status);
  }
}

/** A multipart/form-data body: text fields and one file. */
export function multipart(fields: Record<string, string>, file: { name: string; filename: string; contentType: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----sls${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `Authorization: Bearer` and whatever else a call carries. */
export const bearer = (accessToken: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${accessToken}`, ...extra });
