import type { OutboundFetcher } from './index.js';

// Placeholder with the foundation's documented signature (netcore's replaces it at merge): a
// WHATWG fetch over the guarded fetcher, for libraries that take a `fetch` option.
export function guardedFetchFunction(outbound: OutboundFetcher): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const answer = await outbound.guardedFetch(request.url, {
      method: request.method,
      headers,
      body,
      maxRedirects: request.redirect === 'follow' ? undefined : 0,
      signal: request.signal,
    });
    const nullBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    return new Response(nullBody ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.headers as unknown as HeadersInit });
  }) as typeof fetch;
}
