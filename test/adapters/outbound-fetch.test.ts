import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutboundFetcher,
  OutboundRefusedError,
  type OutboundFetcherOptions,
  type OutboundRefusalReason,
  type ResolvedAddress,
} from '../../src/adapters/outbound-fetch/index.js';
import { certificateFor, LoopbackPages, type PageHandler } from '../helpers/loopback-pages.js';

// The guarded fetcher against loopback web servers. `site` on 127.0.0.2 is listed in the allowed
// addresses and stands in for the public internet; `inner` on 127.0.0.1 is not listed and stands in
// for the service's own network: every refusal below also checks that `inner` saw no request.
// Host names resolve through a resolver of the test's own, so no test asks a DNS server anything
// (but the system's hosts file for `localhost`) and no traffic leaves the loopback range.

const MB = 1024 * 1024;

const ARTICLE = `<!doctype html>
<html><head><title>  The Tide Tables  </title>
<style>body { color: red } .secret-style {}</style>
<script>var secretScript = "do not read me";</script></head>
<body>
<nav><a href="/elsewhere">Home</a></nav>
<h1>Tides of the North Sea</h1>
<p>The tide rises twice a day.</p>
<script>document.write("secret inline script")</script>
<noscript>secret noscript text</noscript>
<template><p>secret template text</p></template>
<p>Read <a href="https://example.org/deep/link">the almanac</a> for more.</p>
<img src="/secret-image.png" alt="secret alt">
<svg><text>secret svg text</text></svg>
</body></html>`;

const text = (body: string | Buffer, type = 'text/plain; charset=utf-8', status = 200): PageHandler => (_req, res) => {
  res.writeHead(status, { 'content-type': type }).end(body);
};
const redirect = (status: number, location: string): PageHandler => (_req, res) => {
  res.writeHead(status, { location }).end();
};
/** A body of `size` bytes in 64 kB chunks, with or without a Content-Length. */
const sized = (size: number, type: string, declared: boolean): PageHandler => (_req, res) => {
  res.writeHead(200, { 'content-type': type, ...(declared ? { 'content-length': String(size) } : {}) });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let left = size;
  const pump = () => {
    while (left > 0) {
      const piece = chunk.subarray(0, Math.min(chunk.length, left));
      left -= piece.length;
      if (!res.write(piece)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
};

let inner: LoopbackPages;
let site: LoopbackPages;
let secure: LoopbackPages;
let certificate: { key: string; cert: string };
const lookups: string[] = [];

function hopRoutes(): Record<string, PageHandler> {
  const routes: Record<string, PageHandler> = { '/hop/0': text('arrived') };
  for (let n = 1; n <= 6; n += 1) routes[`/hop/${n}`] = redirect(302, `/hop/${n - 1}`);
  return routes;
}

/** The test's DNS: fixed answers, a rebinding name, and nothing else (never the network). */
async function resolver(hostname: string): Promise<ResolvedAddress[]> {
  lookups.push(hostname);
  const v4 = (...addresses: string[]) => addresses.map((address) => ({ address, family: 4 }));
  switch (hostname) {
    case 'public.test':
    case 'secure.test':
      return v4('127.0.0.2');
    case 'rebind.test':
      // Allowed the first time, the service's own network every time after.
      return lookups.filter((h) => h === hostname).length === 1 ? v4('127.0.0.2') : v4('127.0.0.1');
    case 'mixed.test':
      return v4('127.0.0.2', '127.0.0.1');
    case 'six.test':
      return [{ address: '::1', family: 6 }];
    case 'metadata.test':
      return v4('169.254.169.254');
    case 'empty.test':
      return [];
    case 'hang.test':
      return new Promise(() => undefined);
    case 'localhost':
    case 'localhost.':
      return v4('127.0.0.1'); // what a hosts file says (the system resolver is tested in outbound-config.test.ts)
    default:
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
}

function fetcher(options: Partial<OutboundFetcherOptions> = {}): OutboundFetcher {
  return new OutboundFetcher({
    allowedPrivateAddresses: ['127.0.0.2/32'],
    timeoutMs: 5_000,
    maxBytes: 2 * MB,
    userAgent: 'SocialListsService/0.1 (+http://localhost:3000)',
    resolver,
    ca: certificate.cert,
    ...options,
  });
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefusedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundRefusedError);
  return err as OutboundRefusedError;
}

async function expectRefused(promise: Promise<unknown>, reason: OutboundRefusalReason): Promise<OutboundRefusedError> {
  const err = await refusal(promise);
  expect(err.reason).toBe(reason);
  return err;
}

beforeAll(async () => {
  certificate = certificateFor('secure.test');
  inner = await new LoopbackPages('127.0.0.1', { '/secret': text('internal secret') }).start();
  site = await new LoopbackPages('127.0.0.2', {
    '/article': text(ARTICLE, 'text/html; charset=utf-8'),
    '/plain': text('Plain words.\n\nSecond paragraph.'),
    '/image': text(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'),
    '/json': text('{"a":1}', 'application/json'),
    '/untyped': (_req, res) => {
      res.removeHeader('content-type');
      res.writeHead(200).end('what am I');
    },
    '/missing': text('<p>gone</p>', 'text/html', 404),
    '/latin1': text(Buffer.from('café crème', 'latin1'), 'text/plain;charset = "ISO-8859-1"'),
    '/http-equiv': text(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>déjà</p>', 'latin1'), 'text/html'),
    '/spaced-type': text('spaced', ' Text/Plain ; charset=utf-8'),
    '/status-299': text('odd success', 'text/plain', 299),
    '/declared-liar': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(5 * MB) });
      res.write('only this');
      res.on('error', () => undefined);
    },
    '/declared-31': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '31' }).end('Plain words.\n\nSecond paragraph.');
    },
    '/meta-charset': text(Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>café</p></body></html>', 'latin1'), 'text/html'),
    '/odd-charset': text('plain after all', 'text/plain; charset=no-such-charset'),
    '/controls': text('a\u0000b\u0007c  \n\n\n\n\nd'),
    '/emoji': text('ab😀😀'),
    '/big': sized(5 * MB, 'text/html', false),
    '/big-declared': sized(5 * MB, 'text/plain', true),
    '/bomb': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(5 * MB, ' ')));
    },
    '/gzip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync('<p>compressed prose</p>'));
    },
    '/slow': (_req, res) => {
      const t = setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 10_000);
      res.on('close', () => clearTimeout(t));
    },
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a first part');
      res.on('error', () => undefined);
    },
    '/to-internal': (req, res, hit) => redirect(302, inner.url('/secret'))(req, res, hit),
    '/to-localhost': (req, res, hit) => redirect(302, `http://localhost:${inner.port}/secret`)(req, res, hit),
    '/to-ftp': redirect(302, 'ftp://127.0.0.2/file'),
    '/to-garbage': redirect(302, 'http://[not-an-address/'),
    '/relative': redirect(301, '/plain'),
    '/to-other-origin': (req, res, hit) => redirect(307, site.url('/echo', 'public.test'))(req, res, hit),
    '/to-same-origin': redirect(307, '/echo'),
    '/see-other': redirect(303, '/echo'),
    '/found': redirect(302, '/echo'),
    '/temporary': redirect(307, '/echo'),
    '/no-location': text('moved somewhere', 'text/plain', 302),
    '/echo': (req, res, hit) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: hit.method, headers: hit.headers, body: hit.body }));
    },
    ...hopRoutes(),
  }).start();
  secure = await new LoopbackPages('127.0.0.2', { '/plain': text('over tls') }, certificate).start();
});

afterAll(async () => {
  await Promise.all([inner?.stop(), site?.stop(), secure?.stop()]);
});

describe('refused addresses, however they are spelt', () => {
  const spellings = [
    'http://localhost:PORT/secret',
    'http://LOCALHOST.:PORT/secret',
    'http://127.0.0.1:PORT/secret',
    'http://2130706433:PORT/secret',
    'http://127.1:PORT/secret',
    'http://0x7f.1:PORT/secret',
    'http://0x7f000001:PORT/secret',
    'http://017700000001:PORT/secret',
    'http://[::1]:PORT/secret',
    'http://[::ffff:127.0.0.1]:PORT/secret',
    'http://[::ffff:7f00:1]:PORT/secret',
    'http://[0:0:0:0:0:ffff:127.0.0.1]:PORT/secret',
    'http://0.0.0.0:PORT/secret',
    'http://0:PORT/secret',
    'http://[::]:PORT/secret',
    'https://127.0.0.1:PORT/secret',
  ];

  it.each(spellings)('%s is refused, and the inner server sees nothing', async (spelling) => {
    const url = spelling.replace('PORT', String(inner.port));
    const err = await expectRefused(fetcher().guardedFetch(url), 'address');
    expect(err.message).toMatch(/ is not a public address$/);
    await expectRefused(fetcher().fetchReadableText(url), 'address');
    expect(inner.hits).toEqual([]);
  });

  it('refuses names that resolve to refused addresses, and names with any refused address', async () => {
    const f = fetcher();
    await expectRefused(f.guardedFetch(`http://six.test:${inner.port}/secret`), 'address');
    await expectRefused(f.guardedFetch(`http://metadata.test/latest/meta-data/`), 'address');
    await expectRefused(f.guardedFetch(`http://mixed.test:${site.port}/plain`), 'address');
    expect(inner.hits).toEqual([]);
  });

  it('reaches an address only while it is listed: 127.0.0.2 refused when the list is empty', async () => {
    await expectRefused(fetcher({ allowedPrivateAddresses: [] }).guardedFetch(site.url('/plain')), 'address');
    const wide = await fetcher({ allowedPrivateAddresses: ['127.0.0.0/8'] }).guardedFetch(inner.url('/secret'));
    expect(wide.body.toString()).toBe('internal secret');
    inner.hits.length = 0;
  });

  it('refuses other schemes, relative URLs and URLs with credentials', async () => {
    const f = fetcher();
    for (const url of ['ftp://127.0.0.2/file', 'file:///etc/passwd', 'gopher://127.0.0.2:70/', 'data:text/plain,hi', 'javascript:alert(1)', 'ws://127.0.0.2/']) {
      const err = await expectRefused(f.guardedFetch(url), 'scheme');
      expect(err.message).toContain('Only http and https');
    }
    expect((await expectRefused(f.guardedFetch('/relative/path'), 'url')).message).toBe('Not an absolute URL');
    await expectRefused(f.guardedFetch('not a url'), 'url');
    const credentials = await expectRefused(f.guardedFetch(`http://user:secret@127.0.0.2:${site.port}/plain`), 'url');
    expect(credentials.message).toBe('URLs with credentials are not fetched');
    await expectRefused(f.guardedFetch(`http://user@127.0.0.2:${site.port}/plain`), 'url');
    await expectRefused(f.guardedFetch(`http://:secret@127.0.0.2:${site.port}/plain`), 'url');
  });

  it('names an unresolvable or unreachable host unreachable', async () => {
    const f = fetcher();
    const err = await expectRefused(f.guardedFetch('http://nowhere.test/'), 'unreachable');
    expect(err.message).toBe('nowhere.test could not be resolved (ENOTFOUND)');
    const empty = await expectRefused(f.guardedFetch('http://empty.test/'), 'unreachable');
    expect(empty.message).toBe('empty.test has no address');
    const closed = new LoopbackPages('127.0.0.2', {});
    await closed.start();
    const port = closed.port;
    await closed.stop();
    const refused = await expectRefused(f.guardedFetch(`http://127.0.0.2:${port}/`), 'unreachable');
    expect(refused.message).toBe('The address could not be reached (ECONNREFUSED)');
    expect(refused.message).not.toContain('127.0.0.2');
  });

  it('a request undici cannot send is refused as unreachable, naming no address', async () => {
    const err = await expectRefused(fetcher().guardedFetch(site.url('/plain'), { headers: { 'x-bad': 'a\nb' } }), 'unreachable');
    expect(err.message).toBe('The address could not be reached (connection failed)');
  });

  it('a resolver that fails without a code is still unreachable', async () => {
    const f = fetcher({ resolver: () => Promise.reject(new Error('boom')) });
    const err = await expectRefused(f.guardedFetch('http://any.test/'), 'unreachable');
    expect(err.message).toBe('any.test could not be resolved (error)');
  });
});

describe('DNS rebinding', () => {
  it('resolves a name once and connects to the checked address on every hop', async () => {
    lookups.length = 0;
    site.hits.length = 0;
    // /relative on rebind.test redirects to /plain on the same host: a second lookup would say 127.0.0.1.
    const res = await fetcher().guardedFetch(site.url('/relative', 'rebind.test'));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('Plain words.\n\nSecond paragraph.');
    expect(res.url).toBe(site.url('/plain', 'rebind.test'));
    expect(res.redirects).toBe(1);
    expect(lookups).toEqual(['rebind.test']);
    expect(site.hits.map((h) => [h.path, h.headers.host])).toEqual([
      ['/relative', `rebind.test:${site.port}`],
      ['/plain', `rebind.test:${site.port}`],
    ]);
    expect(inner.hits).toEqual([]);
  });

  it('a later fetch resolves again and is refused when the name now points inside', async () => {
    await expectRefused(fetcher().guardedFetch(`http://rebind.test:${inner.port}/secret`), 'address');
    expect(inner.hits).toEqual([]);
  });

  it('over https the certificate is checked against the name, which is also the SNI', async () => {
    secure.hits.length = 0;
    const res = await fetcher().fetchReadableText(secure.url('/plain', 'secure.test'));
    expect(res.text).toBe('over tls');
    expect(secure.hits.map((h) => h.servername)).toEqual(['secure.test']);
    // The same server by its address: the certificate does not name it.
    const err = await expectRefused(fetcher().guardedFetch(secure.url('/plain')), 'unreachable');
    expect(err.message).toBe('The address could not be reached (ERR_TLS_CERT_ALTNAME_INVALID)');
    // Without the test's certificate authority the certificate is not trusted at all.
    await expectRefused(fetcher({ ca: undefined }).guardedFetch(secure.url('/plain', 'secure.test')), 'unreachable');
  });
});

describe('redirects', () => {
  it('a redirect from the allowed site to the inner network is refused before any connection', async () => {
    for (const path of ['/to-internal', '/to-localhost']) {
      await expectRefused(fetcher().guardedFetch(site.url(path)), 'address');
      await expectRefused(fetcher().fetchReadableText(site.url(path)), 'address');
    }
    expect(inner.hits).toEqual([]);
  });

  it('follows five redirects and refuses the sixth; maxRedirects lowers the limit, never raises it', async () => {
    const five = await fetcher().guardedFetch(site.url('/hop/5'));
    expect([five.status, five.body.toString(), five.redirects, five.url]).toEqual([200, 'arrived', 5, site.url('/hop/0')]);
    const err = await expectRefused(fetcher().guardedFetch(site.url('/hop/6')), 'redirects');
    expect(err.message).toBe('The address redirected more than 5 times');
    await expectRefused(fetcher().guardedFetch(site.url('/hop/6'), { maxRedirects: 50 }), 'redirects');
    await expectRefused(fetcher().guardedFetch(site.url('/hop/1'), { maxRedirects: 0 }), 'redirects');
    const one = await fetcher().guardedFetch(site.url('/hop/1'), { maxRedirects: 1 });
    expect(one.redirects).toBe(1);
  });

  it('refuses a redirect to another scheme or to something that is not a URL', async () => {
    await expectRefused(fetcher().guardedFetch(site.url('/to-ftp')), 'scheme');
    const err = await expectRefused(fetcher().guardedFetch(site.url('/to-garbage')), 'redirects');
    expect(err.message).toBe('The address redirected to something that is not a URL');
  });

  it('a redirect without a Location is the answer', async () => {
    const res = await fetcher().guardedFetch(site.url('/no-location'));
    expect([res.status, res.body.toString(), res.redirects]).toEqual([302, 'moved somewhere', 0]);
    const err = await expectRefused(fetcher().fetchReadableText(site.url('/no-location')), 'status');
    expect(err.message).toBe('The page answered with HTTP status 302');
  });

  it('keeps credentials on the same origin and drops them for another', async () => {
    const headers = { Authorization: 'Bearer t0ken', Cookie: 'a=b', 'Proxy-Authorization': 'Basic eDp5', 'X-Other': 'kept' };
    const same = JSON.parse((await fetcher().guardedFetch(site.url('/to-same-origin'), { headers })).body.toString());
    expect(same.headers).toMatchObject({ authorization: 'Bearer t0ken', cookie: 'a=b', 'x-other': 'kept' });
    const other = await fetcher().guardedFetch(site.url('/to-other-origin'), { headers });
    expect(other.url).toBe(site.url('/echo', 'public.test'));
    const seen = JSON.parse(other.body.toString());
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['proxy-authorization']).toBeUndefined();
    expect(seen.headers['x-other']).toBe('kept');
  });

  it('turns a POST into a GET on 303 and on 301/302, and keeps it on 307', async () => {
    const post = { method: 'post', body: '{"x":1}', headers: { 'content-type': 'application/json' } };
    for (const path of ['/see-other', '/found']) {
      const seen = JSON.parse((await fetcher().guardedFetch(site.url(path), post)).body.toString());
      expect([seen.method, seen.body, seen.headers['content-type']]).toEqual(['GET', '', undefined]);
    }
    const kept = JSON.parse((await fetcher().guardedFetch(site.url('/temporary'), post)).body.toString());
    expect([kept.method, kept.body, kept.headers['content-type']]).toEqual(['POST', '{"x":1}', 'application/json']);
    const put = JSON.parse((await fetcher().guardedFetch(site.url('/found'), { ...post, method: 'PUT' })).body.toString());
    expect([put.method, put.body]).toEqual(['PUT', '{"x":1}']);
    const head = await fetcher().guardedFetch(site.url('/see-other'), { method: 'HEAD' });
    expect([head.status, head.body.length]).toEqual([200, 0]);
    expect(site.hits.at(-1)?.method).toBe('HEAD');
  });
});

describe('size and time', () => {
  it('refuses a 5 MB answer over the 2 MB cap, declared or streamed, and a compressed one by its size unpacked', async () => {
    for (const path of ['/big', '/big-declared', '/bomb']) {
      const err = await expectRefused(fetcher().guardedFetch(site.url(path)), 'too_large');
      expect(err.message).toBe(`The answer is larger than ${2 * MB} bytes`);
    }
    await expectRefused(fetcher().guardedFetch(site.url('/plain'), { maxBytes: 10 }), 'too_large');
    const exact = await fetcher().guardedFetch(site.url('/plain'), { maxBytes: 31 });
    expect([exact.body.length, exact.truncated]).toEqual([31, false]);
    const declaredExact = await fetcher().guardedFetch(site.url('/declared-31'), { maxBytes: 31 });
    expect(declaredExact.body.length).toBe(31);
  });

  it('refuses a declared length over the cap before reading any of the body', async () => {
    // The body never comes: only the declared length can refuse it before the time is up.
    await expectRefused(fetcher({ timeoutMs: 1_000 }).guardedFetch(site.url('/declared-liar')), 'too_large');
    // An answer without a body (HEAD) is refused the same way, and by its type.
    await expectRefused(fetcher().guardedFetch(site.url('/big-declared'), { method: 'HEAD' }), 'too_large');
    await expectRefused(fetcher().guardedFetch(site.url('/image'), { method: 'HEAD', acceptContentType: () => false }), 'content_type');
  });

  it('truncates instead when asked, and readable text reads a 5 MB page up to the cap', async () => {
    const cut = await fetcher().guardedFetch(site.url('/big'), { overflow: 'truncate' });
    expect([cut.body.length, cut.truncated]).toEqual([2 * MB, true]);
    const small = await fetcher().guardedFetch(site.url('/plain'), { overflow: 'truncate', maxBytes: 5 });
    expect([small.body.toString(), small.truncated]).toEqual(['Plain', true]);
    const page = await fetcher().fetchReadableText(site.url('/big'));
    expect(page.truncated).toBe(true);
    expect(page.text).toBe('a'.repeat(20_000));
  });

  it('decompresses what it reads', async () => {
    const page = await fetcher().fetchReadableText(site.url('/gzip'));
    expect(page.text).toBe('compressed prose');
  });

  it('times out a page that does not answer, one that stops mid-body and a name that does not resolve', async () => {
    for (const url of [site.url('/slow'), site.url('/slow-body'), 'http://hang.test/']) {
      const started = Date.now();
      const err = await expectRefused(fetcher({ timeoutMs: 300 }).guardedFetch(url), 'timeout');
      expect(err.message).toBe('The address did not answer within 0.3 s');
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    await expectRefused(fetcher().fetchReadableText(site.url('/slow'), { timeoutMs: 200 }), 'timeout');
  });

  it("a caller's own abort is the caller's", async () => {
    const controller = new AbortController();
    const pending = fetcher().guardedFetch(site.url('/slow'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 100);
    await expect(pending).rejects.toThrow('caller gave up');
    const before = new AbortController();
    before.abort(new Error('never mind'));
    await expect(fetcher().guardedFetch('http://hang.test/', { signal: before.signal })).rejects.toThrow('never mind');
  });
});

describe('readable text', () => {
  it('turns HTML into text without scripts, styles, media or link targets, with its title', async () => {
    const page = await fetcher().fetchReadableText(site.url('/article'));
    expect(page).toEqual({
      url: site.url('/article'),
      title: 'The Tide Tables',
      text: 'Home\n\nTides of the North Sea\n\nThe tide rises twice a day.\n\nRead the almanac for more.',
      contentType: 'text/html',
      truncated: false,
    });
    expect(page.text).not.toMatch(/secret|almanac\//);
  });

  it('passes plain text through and names where it ended up', async () => {
    const page = await fetcher().fetchReadableText(site.url('/relative'));
    expect(page).toEqual({ url: site.url('/plain'), title: null, text: 'Plain words.\n\nSecond paragraph.', contentType: 'text/plain', truncated: false });
  });

  it('refuses other content types before reading them, and pages that are not a success', async () => {
    for (const path of ['/image', '/json', '/untyped']) await expectRefused(fetcher().fetchReadableText(site.url(path)), 'content_type');
    const err = await expectRefused(fetcher().fetchReadableText(site.url('/image')), 'content_type');
    expect(err.message).toBe('Content of type "image/png" is not accepted');
    const untyped = await expectRefused(fetcher().fetchReadableText(site.url('/untyped')), 'content_type');
    expect(untyped.message).toBe('Content of type "unknown" is not accepted');
    const missing = await expectRefused(fetcher().fetchReadableText(site.url('/missing')), 'status');
    expect(missing.message).toBe('The page answered with HTTP status 404');
    // The lower level hands back any type and status.
    const png = await fetcher().guardedFetch(site.url('/image'));
    expect([png.status, png.headers.get('content-type'), png.body.length]).toEqual([200, 'image/png', 8]);
    expect((await fetcher().guardedFetch(site.url('/missing'))).status).toBe(404);
  });

  it('sends its user agent and asks for readable types', async () => {
    await fetcher().fetchReadableText(site.url('/plain'));
    const hit = site.hits.at(-1)!;
    expect(hit.headers['user-agent']).toBe('SocialListsService/0.1 (+http://localhost:3000)');
    expect(hit.headers.accept).toBe('text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8');
  });

  it('decodes the declared charset, from the header or the page, and falls back to UTF-8', async () => {
    expect((await fetcher().fetchReadableText(site.url('/latin1'))).text).toBe('café crème');
    expect((await fetcher().fetchReadableText(site.url('/meta-charset'))).text).toBe('café');
    expect((await fetcher().fetchReadableText(site.url('/http-equiv'))).text).toBe('déjà');
    expect((await fetcher().fetchReadableText(site.url('/odd-charset'))).text).toBe('plain after all');
  });

  it('reads a media type whatever its case and spacing, and takes any 2xx', async () => {
    expect(await fetcher().fetchReadableText(site.url('/spaced-type'))).toMatchObject({ text: 'spaced', contentType: 'text/plain' });
    expect(await fetcher().fetchReadableText(site.url('/status-299'))).toMatchObject({ text: 'odd success' });
  });

  it('drops control characters and runs of blank lines', async () => {
    expect((await fetcher().fetchReadableText(site.url('/controls'))).text).toBe('abc\n\nd');
  });

  it('cuts the text to maxChars, never inside a surrogate pair', async () => {
    const emoji = (maxChars: number) => fetcher().fetchReadableText(site.url('/emoji'), { maxChars });
    expect(await emoji(4)).toMatchObject({ text: 'ab😀', truncated: true });
    expect(await emoji(3)).toMatchObject({ text: 'ab', truncated: true });
    expect(await emoji(1)).toMatchObject({ text: 'a', truncated: true });
    expect(await emoji(6)).toMatchObject({ text: 'ab😀😀', truncated: false });
    expect(await fetcher().fetchReadableText(site.url('/article'), { maxChars: 4 })).toMatchObject({ text: 'Home', truncated: true });
  });
});
