import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetchFunction } from '../../src/adapters/outbound-fetch/fetch-function.js';
import { OutboundFetcher, OutboundRefusedError } from '../../src/adapters/outbound-fetch/index.js';
import { LoopbackPages } from '../helpers/loopback-pages.js';

// guardedFetchFunction: a WHATWG fetch for libraries that take a `fetch` option, answered through
// the guarded fetcher. `site` (127.0.0.2, allowed) stands in for a provider; `inner` (127.0.0.1,
// not allowed) for the service's own network.

let site: LoopbackPages;
let inner: LoopbackPages;
let guardedFetch: typeof fetch;

beforeAll(async () => {
  site = await new LoopbackPages('127.0.0.2', {
    '/echo': (req, res, hit) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-extra': 'one' }).end(JSON.stringify({ method: hit.method, body: hit.body, auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null }));
    },
    '/empty': (_req, res) => res.writeHead(204).end(),
    '/moved': (_req, res) => res.writeHead(302, { location: '/echo' }).end(),
    '/inside': (_req, res) => res.writeHead(302, { location: inner.url('/secret') }).end(),
    '/gone': (_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing'),
  }).start();
  inner = await new LoopbackPages('127.0.0.1', { '/secret': (_req, res) => res.writeHead(200).end('secret') }).start();
  guardedFetch = guardedFetchFunction(new OutboundFetcher({ allowedPrivateAddresses: ['127.0.0.2/32'], timeoutMs: 5000, maxBytes: 1024 * 1024, userAgent: 'test' }));
});
afterAll(async () => {
  await site.stop();
  await inner.stop();
});

describe('guardedFetchFunction', () => {
  it('sends method, headers and body, and answers a Response with status, headers and body', async () => {
    const res = await guardedFetch(site.url('/echo'), { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-extra')).toBe('one');
    expect(res.url).toBe(site.url('/echo'));
    expect(await res.json()).toEqual({ method: 'POST', body: '{"a":1}', auth: 'Bearer t', type: 'application/json' });
  });

  it('takes a Request, URLSearchParams bodies, a 204 and a 404 as fetch does', async () => {
    const res = await guardedFetch(new Request(site.url('/echo'), { method: 'PUT', body: new URLSearchParams({ x: 'y z' }) }));
    expect(await res.json()).toMatchObject({ method: 'PUT', body: 'x=y+z', type: 'application/x-www-form-urlencoded;charset=UTF-8' });
    const empty = await guardedFetch(site.url('/empty'));
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const gone = await guardedFetch(site.url('/gone'));
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('no such thing');
  });

  it('follows redirects through the guard, and refuses one into a private address', async () => {
    const moved = await guardedFetch(site.url('/moved'));
    expect(moved.status).toBe(201);
    expect(moved.url).toBe(site.url('/echo'));
    await expect(guardedFetch(site.url('/inside'))).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(guardedFetch(inner.url('/secret'))).rejects.toMatchObject({ reason: 'address' });
    expect(inner.hits).toEqual([]);
  });

  it('redirect: manual answers the redirect itself', async () => {
    const res = await guardedFetch(site.url('/moved'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/echo');
  });
});
