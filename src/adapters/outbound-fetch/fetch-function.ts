import type { OutboundFetcher } from './index.js';

// Libraries that make their own HTTP calls (@octokit/rest, the AT Protocol clients) take a
// `fetch` option. This one answers through the guarded fetcher, so the SSRF guard, the time budget
// and the body cap hold for them too. The body is read whole before the Response is made (the
// fetcher's way); redirects are followed by the fetcher, each hop checked.

export function guardedFetchFunction(outbound: OutboundFetcher): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
    const answer = await outbound.guardedFetch(request.url, {
      method: request.method,
      headers,
      body,
      signal: init?.signal ?? undefined,
      redirect: request.redirect === 'follow' ? 'follow' : 'manual',
    });
    const responseHeaders = new Headers();
    // The body is already decoded: its encoding and length headers no longer describe it.
    answer.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'content-length') responseHeaders.append(name, value);
    });
    // A null-body status may carry no body in a Response.
    const nullBody = [101, 103, 204, 205, 304].includes(answer.status);
    const response = new Response(nullBody ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
    Object.defineProperty(response, 'url', { value: answer.url });
    return response;
  };
}
